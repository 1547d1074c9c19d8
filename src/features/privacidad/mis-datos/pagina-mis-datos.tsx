import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import {
  DIAS_VIGENCIA_DESCARGA,
  ETIQUETA_ESTADO_DERECHO,
  ETIQUETA_ESTADO_EXPORTACION,
} from '../../../domain/derechos.ts'
import { fechaEnChile, fechaLarga, horaEnChile } from '../../../domain/fechas.ts'
import { useTituloPagina } from '../../../ui/titulo-pagina.ts'
import { MisLecturas } from '../mis-lecturas.tsx'
import { FormularioDerecho } from './formulario-derecho.tsx'
import { misDatosQueries, pedirCopia, urlZip, type MisDatos } from './queries.ts'
import { mensajeDeError } from '../../../lib/mensaje-de-error.ts'
import './mis-datos.css'
import { SinDatos } from '../../../ui/sin-datos.tsx'

function momento(iso: string): string {
  const fecha = new Date(iso)
  return `${fechaLarga(fechaEnChile(fecha))}, ${horaEnChile(fecha)}`
}

/**
 * 'Mis datos': a copy of everything the portal keeps about the student (Ley 19.628, arts. 5 and
 * 9), the forms to exercise each right, and each request with its deadline and the school's
 * messages.
 */
export function PaginaMisDatos() {
  useTituloPagina('Mis datos')
  const consulta = useQuery(misDatosQueries.estado())
  let contenido
  if (consulta.data) contenido = <MisDatosCargados datos={consulta.data} />
  else contenido = <SinDatos consulta={consulta} que="sus datos" />
  return (
    <section className="pagina pagina--estrecha mis-datos" aria-labelledby="mis-datos-titulo">
      <h1 id="mis-datos-titulo">Mis datos</h1>
      <p>
        Aquí puede descargar todo lo que el portal guarda sobre usted y ejercer sus derechos sobre sus datos personales.
        Lea para qué se usa cada dato en la <Link to="/privacidad">Política de privacidad</Link>.
      </p>
      {contenido}
    </section>
  )
}

function MisDatosCargados({ datos }: { datos: MisDatos }) {
  return (
    <>
      <Descargas datos={datos} />
      <section aria-labelledby="derechos-titulo">
        <h2 id="derechos-titulo">Ejercer mis derechos</h2>
        <FormularioDerecho />
      </section>
      <Solicitudes solicitudes={datos.solicitudes} />
      <MisLecturas />
    </>
  )
}

function Descargas({ datos }: { datos: MisDatos }) {
  const queryClient = useQueryClient()
  const [enviando, setEnviando] = useState(false)
  const [mensaje, setMensaje] = useState<{ tipo: 'exito' | 'error'; texto: string } | null>(null)
  const pedir = async () => {
    setEnviando(true)
    setMensaje(null)
    try {
      const hecha = await pedirCopia(queryClient)
      setMensaje({
        tipo: 'exito',
        texto:
          hecha.estado === 'lista'
            ? 'Su copia está lista: descárguela abajo.'
            : 'Estamos preparando su copia. Le avisaremos en el portal y por correo cuando esté lista.',
      })
    } catch (err) {
      setMensaje({ tipo: 'error', texto: mensajeDeError(err) })
    } finally {
      setEnviando(false)
    }
  }
  return (
    <section aria-labelledby="descargar-titulo">
      <h2 id="descargar-titulo">Descargar mis datos</h2>
      <p>
        Un archivo ZIP con sus datos en formato JSON (para llevarlos a otro lugar), una página en español que explica
        para qué se usa cada dato, a quién se comunica, cuánto tiempo se guarda y de dónde viene, y todos los archivos
        que usted subió y los documentos que la escuela le emitió. La primera descarga de cada trimestre es libre; el
        enlace dura {DIAS_VIGENCIA_DESCARGA} días.
      </p>
      {datos.descarga.permitida ? null : <p className="mensaje mensaje--aviso">{datos.descarga.mensaje}</p>}
      <button type="button" className="boton" onClick={() => void pedir()} disabled={enviando}>
        {enviando ? 'Preparando…' : 'Descargar mis datos'}
      </button>
      <div aria-live="polite">
        {mensaje ? <p className={`mensaje mensaje--${mensaje.tipo}`}>{mensaje.texto}</p> : null}
      </div>
      {datos.exportaciones.length ? (
        <ul className="mis-datos__lista">
          {datos.exportaciones.map((e) => (
            <li key={e.id}>
              Pedida el {momento(e.pedidaEn)}: {ETIQUETA_ESTADO_EXPORTACION[e.estado]}.{' '}
              {e.descargable && e.venceEn ? (
                <a href={urlZip(e.id)} download>
                  Descargar el ZIP ({Math.max(1, Math.round((e.bytes ?? 0) / 1024))} KB; disponible hasta el{' '}
                  {fechaLarga(fechaEnChile(new Date(e.venceEn)))})
                </a>
              ) : e.estado === 'lista' ? (
                'El enlace venció.'
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

function Solicitudes({ solicitudes }: { solicitudes: MisDatos['solicitudes'] }) {
  return (
    <section aria-labelledby="solicitudes-titulo">
      <h2 id="solicitudes-titulo">Mis solicitudes</h2>
      {solicitudes.length === 0 ? <p>No ha enviado solicitudes.</p> : null}
      {solicitudes.map((s) => (
        <article key={s.id} className="mis-datos__solicitud" aria-labelledby={`solicitud-${s.id}`}>
          <h3 id={`solicitud-${s.id}`}>
            Solicitud N° {s.numero}: {s.nombreDerecho}
          </h3>
          <dl>
            <dt>Estado</dt>
            <dd>{ETIQUETA_ESTADO_DERECHO[s.estado]}</dd>
            <dt>Lo que pidió</dt>
            <dd>{s.resumen}</dd>
            <dt>Recibida</dt>
            <dd>{momento(s.recibidaEn)}</dd>
            <dt>Plazo para responder</dt>
            <dd>
              {fechaLarga(s.plazo)}
              {s.prorrogadaEn ? ` (prorrogado; el plazo original era el ${fechaLarga(s.plazoOriginal)})` : ''}
            </dd>
          </dl>
          <h4>Mensajes de la escuela</h4>
          <ol className="mis-datos__mensajes">
            {s.mensajes.map((m) => (
              <li key={`${m.tipo}-${m.enviadaEn}`}>
                <p className="mis-datos__cuando">
                  {m.tipo === 'acuse' ? 'Acuse de recibo' : m.tipo === 'prorroga' ? 'Prórroga' : 'Respuesta'},{' '}
                  {momento(m.enviadaEn)}
                </p>
                <p className="mis-datos__texto">{m.texto}</p>
              </li>
            ))}
          </ol>
        </article>
      ))}
    </section>
  )
}

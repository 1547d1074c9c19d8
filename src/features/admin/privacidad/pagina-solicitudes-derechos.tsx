import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import {
  correoRespuestaEnPalabras,
  DECISIONES,
  DERECHO,
  diasRestantes,
  ETIQUETA_DECISION,
  ETIQUETA_ESTADO_DERECHO,
  loQueSeSuprime,
  prorrogaSchema,
  respuestaDerechoSchema,
  textoReclamo,
  type Decision,
} from '../../../domain/derechos.ts'
import { erroresPorCampo } from '../../../domain/errores-por-campo.ts'
import { fechaEnChile, fechaLarga, horaEnChile } from '../../../domain/fechas.ts'
import { CampoArea } from '../../../ui/campo.tsx'
import { Dialogo } from '../../../ui/dialogo.tsx'
import { toast } from '../../../ui/toasts.ts'
import { MensajeError } from '../../../ui/mensaje-error.tsx'
import { mensajeDeError } from '../../../lib/mensaje-de-error.ts'
import { personalQueries, tieneCapacidad } from '../queries.ts'
import { LecturasDatos } from './lecturas.tsx'
import {
  derechosQueries,
  prorrogarSolicitud,
  reintentarCorreoRespuesta,
  responderSolicitud,
  type DetalleSolicitud,
  type SolicitudEnCola,
} from './queries-derechos.ts'
import './privacidad.css'

function momento(iso: string): string {
  const fecha = new Date(iso)
  return `${fechaLarga(fechaEnChile(fecha))}, ${horaEnChile(fecha)}`
}

function plazoEnPalabras(s: SolicitudEnCola, ahora: Date): string {
  if (s.estado !== 'recibida') return `Respondida el ${s.respondidaEn ? momento(s.respondidaEn) : '—'}`
  const dias = diasRestantes(s.plazo, ahora)
  const cuando =
    dias < 0
      ? `vencida hace ${-dias} día${dias === -1 ? '' : 's'}`
      : dias === 0
        ? 'vence hoy'
        : dias === 1
          ? 'vence mañana'
          : `quedan ${dias} días`
  return `${fechaLarga(s.plazo)} (${cuando}${s.prorrogadaEn ? ', prorrogado' : ''})`
}

/**
 * The school's queue of the students' rights requests (Ley 19.628, art. 11): each with its
 * deadline in Chile's calendar, what falls due first on top; a request opens in a dialog to extend
 * it once with a reason, or answer, approve or refuse it with grounds.
 */
export function PaginaSolicitudesDerechos() {
  const { data: sesion } = useQuery(personalQueries.sesion())
  const puede = tieneCapacidad(sesion, 'privacidad.gestionar')
  return (
    <section className="admin-privacidad" aria-labelledby="privacidad-titulo">
      <h1 id="privacidad-titulo">Privacidad</h1>
      {puede ? (
        <>
          <Cola />
          <section aria-labelledby="privacidad-lecturas" className="admin-privacidad__lecturas">
            <h2 id="privacidad-lecturas">Quién leyó datos sensibles</h2>
            <LecturasDatos />
          </section>
        </>
      ) : (
        <p className="mensaje mensaje--aviso" role="alert">
          Su rol no permite atender las solicitudes de privacidad.
        </p>
      )}
    </section>
  )
}

function Cola() {
  const cola = useQuery(derechosQueries.cola())
  const [abierta, setAbierta] = useState<string | null>(null)
  // The moment the days left are counted from: when the screen opened.
  const [ahora] = useState(() => new Date())
  if (cola.isPending) return <p role="status">Cargando las solicitudes…</p>
  if (cola.isError) return <MensajeError error={cola.error} onReintentar={() => void cola.refetch()} />
  const abiertas = cola.data.filter((s) => s.estado === 'recibida').length
  return (
    <>
      <h2>Solicitudes de derechos</h2>
      <p role="status">
        {abiertas === 0
          ? 'No hay solicitudes por responder.'
          : abiertas === 1
            ? '1 solicitud por responder.'
            : `${abiertas} solicitudes por responder.`}{' '}
        Las que vencen primero van arriba.
      </p>
      <div className="admin-tabla">
        <table>
          <caption className="sr-only">Solicitudes de derechos, por plazo</caption>
          <thead>
            <tr>
              <th scope="col">N°</th>
              <th scope="col">Estudiante</th>
              <th scope="col">Derecho</th>
              <th scope="col">Recibida</th>
              <th scope="col">Plazo</th>
              <th scope="col">Estado</th>
              <th scope="col">
                <span className="sr-only">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {cola.data.map((s) => (
              <tr key={s.id}>
                <td>{s.numero}</td>
                <td>{s.alumno.nombre}</td>
                <td>{s.nombreDerecho}</td>
                <td>{momento(s.recibidaEn)}</td>
                <td>{plazoEnPalabras(s, ahora)}</td>
                <td>{ETIQUETA_ESTADO_DERECHO[s.estado]}</td>
                <td>
                  <button type="button" className="boton boton--secundario" onClick={() => setAbierta(s.id)}>
                    {s.estado === 'recibida' ? 'Atender' : 'Ver'}
                    <span className="sr-only"> la solicitud {s.numero}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {abierta ? <DialogoSolicitud id={abierta} onCerrar={() => setAbierta(null)} /> : null}
    </>
  )
}

function DialogoSolicitud({ id, onCerrar }: { id: string; onCerrar: () => void }) {
  const detalle = useQuery(derechosQueries.detalle(id))
  const titulo = detalle.data ? `Solicitud N° ${detalle.data.numero}: ${detalle.data.nombreDerecho}` : 'Solicitud'
  return (
    <Dialogo titulo={titulo} onCerrar={onCerrar} grande>
      {detalle.isPending ? (
        <p role="status">Cargando la solicitud…</p>
      ) : detalle.isError ? (
        <MensajeError error={detalle.error} onReintentar={() => void detalle.refetch()} />
      ) : (
        <Detalle s={detalle.data} onCerrar={onCerrar} />
      )}
    </Dialogo>
  )
}

function Detalle({ s, onCerrar }: { s: DetalleSolicitud; onCerrar: () => void }) {
  const supresion = s.derecho === 'supresion' ? loQueSeSuprime() : null
  return (
    <div className="admin-privacidad__detalle">
      <dl>
        <dt>Estudiante</dt>
        <dd>
          {s.alumno.nombre} ({s.alumno.email})
        </dd>
        <dt>Lo que pide</dt>
        <dd>{s.resumen}</dd>
        <dt>Recibida</dt>
        <dd>{momento(s.recibidaEn)}</dd>
        <dt>Plazo</dt>
        <dd>
          {fechaLarga(s.plazo)}
          {s.prorrogadaEn ? ` (prorrogado el ${momento(s.prorrogadaEn)}: ${s.motivoProrroga ?? ''})` : ''}
        </dd>
        <dt>Estado</dt>
        <dd>{ETIQUETA_ESTADO_DERECHO[s.estado]}</dd>
      </dl>
      {supresion ? (
        <>
          <h3>Qué se conserva aunque se apruebe, y por qué</h3>
          <ul>
            {supresion.seConserva.map((c) => (
              <li key={c.id}>
                <strong>{c.nombre}</strong>: {c.porque}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>Mensajes enviados al estudiante</h3>
      <ol className="admin-privacidad__mensajes">
        {s.mensajes.map((m) => (
          <li key={`${m.tipo}-${m.enviadaEn}`}>
            <p className="admin-privacidad__cuando">
              {m.tipo === 'acuse' ? 'Acuse de recibo' : m.tipo === 'prorroga' ? 'Prórroga' : 'Respuesta'},{' '}
              {momento(m.enviadaEn)}
              {m.por ? `, por ${m.por}` : ', por el portal'}
            </p>
            <p className="admin-privacidad__texto">{m.texto}</p>
          </li>
        ))}
      </ol>
      {s.correoRespuesta ? <CorreoRespuesta id={s.id} correo={s.correoRespuesta} /> : null}
      {s.estado === 'recibida' ? (
        <>
          {s.prorrogadaEn || s.derecho === 'bloqueo' ? null : <FormularioProrroga id={s.id} />}
          <FormularioRespuesta id={s.id} nombreDerecho={DERECHO[s.derecho].nombre} onCerrar={onCerrar} />
        </>
      ) : null}
    </div>
  )
}

/** A suppression's answer goes by e-mail: where it stands, and a given-up one tried again. */
function CorreoRespuesta({ id, correo }: { id: string; correo: NonNullable<DetalleSolicitud['correoRespuesta']> }) {
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | undefined>()
  const [ocupado, setOcupado] = useState(false)
  async function reintentar() {
    setError(undefined)
    setOcupado(true)
    try {
      await reintentarCorreoRespuesta(queryClient, id)
      toast({ tipo: 'success', mensaje: 'El correo de la respuesta se intentará enviar de nuevo ahora.' })
    } catch (err) {
      setError(mensajeDeError(err))
    } finally {
      setOcupado(false)
    }
  }
  return (
    <section aria-labelledby={`correo-${id}`}>
      <h3 id={`correo-${id}`}>Correo de la respuesta</h3>
      {correo.estado === 'fallido' ? (
        <MensajeError rol={null}>{correoRespuestaEnPalabras(correo, momento)}</MensajeError>
      ) : (
        <p>{correoRespuestaEnPalabras(correo, momento)}</p>
      )}
      {error ? <MensajeError>{error}</MensajeError> : null}
      {correo.estado === 'fallido' ? (
        <button type="button" className="boton" disabled={ocupado} onClick={() => void reintentar()}>
          {ocupado ? 'Enviando…' : 'Intentar de nuevo'}
        </button>
      ) : null}
    </section>
  )
}

function FormularioProrroga({ id }: { id: string }) {
  const queryClient = useQueryClient()
  const idMotivo = useId()
  const [motivo, setMotivo] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [ocupado, setOcupado] = useState(false)
  async function enviar(e: FormEvent) {
    e.preventDefault()
    const valido = v.safeParse(prorrogaSchema, { motivo })
    if (!valido.success) return setError(valido.issues[0].message)
    setError(undefined)
    setOcupado(true)
    try {
      const { plazo } = await prorrogarSolicitud(queryClient, id, valido.output.motivo)
      toast({
        tipo: 'success',
        mensaje: `Plazo prorrogado hasta el ${fechaLarga(plazo)}. Se le informó al estudiante.`,
      })
      setMotivo('')
    } catch (err) {
      setError(mensajeDeError(err))
    } finally {
      setOcupado(false)
    }
  }
  return (
    <form onSubmit={(e) => void enviar(e)} noValidate className="admin-privacidad__formulario">
      <h3>Prorrogar el plazo (una sola vez, 30 días)</h3>
      <CampoArea
        id={idMotivo}
        etiqueta="Motivo de la prórroga"
        obligatorio
        rows={2}
        value={motivo}
        error={error}
        onChange={(e) => setMotivo(e.target.value)}
      />
      <button type="submit" className="boton boton--secundario" disabled={ocupado}>
        {ocupado ? 'Prorrogando…' : 'Prorrogar'}
      </button>
    </form>
  )
}

function FormularioRespuesta({
  id,
  nombreDerecho,
  onCerrar,
}: {
  id: string
  nombreDerecho: string
  onCerrar: () => void
}) {
  const queryClient = useQueryClient()
  const idTexto = useId()
  const idDecision = useId()
  const [decision, setDecision] = useState<Decision>('responder')
  const [texto, setTexto] = useState('')
  const [errores, setErrores] = useState<Record<string, string>>({})
  const [ocupado, setOcupado] = useState(false)
  const [hoy] = useState(() => fechaEnChile(new Date()))
  async function enviar(e: FormEvent) {
    e.preventDefault()
    const valido = v.safeParse(respuestaDerechoSchema, { decision, texto })
    if (!valido.success) return setErrores(erroresPorCampo(valido.issues))
    setErrores({})
    setOcupado(true)
    try {
      await responderSolicitud(queryClient, id, valido.output)
      toast({ tipo: 'success', mensaje: 'Respuesta enviada al estudiante y guardada como constancia.' })
      onCerrar()
    } catch (err) {
      setErrores({ texto: mensajeDeError(err) })
    } finally {
      setOcupado(false)
    }
  }
  return (
    <form onSubmit={(e) => void enviar(e)} noValidate className="admin-privacidad__formulario">
      <h3>Responder</h3>
      <fieldset>
        <legend id={idDecision}>Decisión</legend>
        {DECISIONES.map((d) => (
          <label key={d} className="campo__casilla">
            <input type="radio" name="decision" value={d} checked={decision === d} onChange={() => setDecision(d)} />{' '}
            {d === 'aprobar'
              ? `Aprobar y aplicar la ${nombreDerecho.toLowerCase()}`
              : d === 'rechazar'
                ? 'Rechazar con fundamentos'
                : 'Responder (sin aprobar ni rechazar)'}
          </label>
        ))}
      </fieldset>
      <CampoArea
        id={idTexto}
        etiqueta={
          decision === 'rechazar'
            ? 'Fundamentos del rechazo'
            : decision === 'aprobar'
              ? 'Mensaje (opcional)'
              : 'Respuesta'
        }
        obligatorio={decision !== 'aprobar'}
        rows={4}
        value={texto}
        error={errores.texto}
        ayuda={
          decision === 'rechazar'
            ? `Al final se agrega: «${textoReclamo(hoy)}»`
            : 'El estudiante la lee en Mis datos y la recibe por correo; se guarda tal cual como constancia.'
        }
        onChange={(e) => setTexto(e.target.value)}
      />
      <button type="submit" className="boton" disabled={ocupado}>
        {ocupado ? 'Enviando…' : ETIQUETA_DECISION[decision]}
      </button>
    </form>
  )
}

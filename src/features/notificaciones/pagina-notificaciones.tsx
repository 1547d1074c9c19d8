import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import {
  CANALES,
  ETIQUETA_CANAL,
  MENSAJE_PREFERENCIAS_GUARDADAS,
  preferenciasSchema,
  TIPOS,
  TIPOS_NOTIFICACION,
  TIPOS_OBLIGATORIOS,
  type CanalesPorTipo,
  type Silencio,
} from '../../domain/notificaciones.ts'
import { ErrorDeRed } from '../../lib/api-error.ts'
import { toast } from '../../ui/toasts.ts'
import { AvisosEnEsteDispositivo } from './avisos-dispositivo.tsx'
import { guardarPreferencias, notificacionQueries, type PreferenciasAvisos } from './queries.ts'
import { MensajeError } from '../../ui/mensaje-error.tsx'
import { SinDatos } from '../../ui/sin-datos.tsx'

/**
 * 'Avisos y recordatorios': notifications on this device (the opt-in), which notices to receive
 * on each channel, and the quiet hours. Where every e-mail's link to the preferences leads.
 */
export function PaginaNotificaciones() {
  const consulta = useQuery(notificacionQueries.preferencias())

  let contenido
  if (consulta.data) {
    contenido = (
      <>
        <AvisosEnEsteDispositivo clavePublica={consulta.data.clavePublica} />
        <FormularioPreferencias preferencias={consulta.data} />
      </>
    )
  } else {
    contenido = <SinDatos consulta={consulta} que="sus preferencias de avisos" />
  }

  return (
    <section className="pagina pagina--avisos" aria-labelledby="avisos-titulo">
      <h1 id="avisos-titulo">Avisos y recordatorios</h1>
      <p>
        El portal le avisa cuando la escuela revisa sus documentos, cuando una cuota está por vencer o vencida, cuando
        falta la Encuesta General o aceptar un reglamento, cuando se emite su certificado, un comprobante o un documento
        tributario, cuando se aprueba un pago y cuando cierra un concurso al que postuló sin pago o documentos
        completos.
      </p>
      {contenido}
    </section>
  )
}

function FormularioPreferencias({ preferencias }: { preferencias: PreferenciasAvisos }) {
  const queryClient = useQueryClient()
  const [canales, setCanales] = useState<CanalesPorTipo>(preferencias.canales)
  const [silencio, setSilencio] = useState<Silencio>(preferencias.silencio)
  const [guardando, setGuardando] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function guardar(e: FormEvent) {
    e.preventDefault()
    const resultado = v.safeParse(preferenciasSchema, { canales, silencio })
    if (!resultado.success) {
      setError(resultado.issues[0].message)
      return
    }
    setError(null)
    setGuardando(true)
    try {
      await guardarPreferencias(queryClient, resultado.output)
      toast({ tipo: 'success', mensaje: MENSAJE_PREFERENCIAS_GUARDADAS })
    } catch (err) {
      setError(
        err instanceof ErrorDeRed
          ? 'Sin conexión: sus preferencias no se guardaron. Intente nuevamente cuando tenga conexión.'
          : err instanceof Error
            ? err.message
            : 'No fue posible guardar sus preferencias.',
      )
    } finally {
      setGuardando(false)
    }
  }

  return (
    <form onSubmit={(e) => void guardar(e)} noValidate aria-labelledby="preferencias-titulo">
      <h2 id="preferencias-titulo">Qué avisos recibir y por dónde</h2>
      <p className="campo__ayuda">
        Los correos llegan en un resumen diario a las {preferencias.resumenHora} (hora de Chile), como máximo uno al
        día; los documentos rechazados y los pagos aprobados se envían al momento. Las notificaciones llegan solo a los
        dispositivos donde las activó.
      </p>
      <div className="preferencias">
        {TIPOS_NOTIFICACION.map((tipo) => (
          <fieldset key={tipo} className="preferencias__tipo">
            <legend>{TIPOS[tipo].etiqueta}</legend>
            {CANALES.map((canal) => {
              const id = `pref-${tipo}-${canal}`
              return (
                <label key={canal} htmlFor={id} className="preferencias__canal">
                  <input
                    id={id}
                    type="checkbox"
                    checked={canales[tipo][canal]}
                    // The law's notices (a security incident) always reach the app and the e-mail.
                    disabled={TIPOS_OBLIGATORIOS.includes(tipo) && canal !== 'push'}
                    onChange={(e) =>
                      setCanales((previos) => ({ ...previos, [tipo]: { ...previos[tipo], [canal]: e.target.checked } }))
                    }
                  />
                  {ETIQUETA_CANAL[canal]}
                </label>
              )
            })}
            {TIPOS_OBLIGATORIOS.includes(tipo) ? (
              <p className="campo__ayuda">La ley exige avisarle en el portal y por correo.</p>
            ) : null}
          </fieldset>
        ))}
      </div>

      <fieldset className="preferencias__silencio">
        <legend>Horas de silencio</legend>
        <p className="campo__ayuda" id="silencio-ayuda">
          Entre estas horas (de Chile) no le enviaremos notificaciones a sus dispositivos: los avisos quedan en el
          portal y la notificación llega al terminar. Use la misma hora en ambos campos para no tener horas de silencio.
        </p>
        <div className="acciones">
          <label className="campo__etiqueta">
            Desde
            <input
              type="time"
              required
              aria-describedby="silencio-ayuda"
              value={silencio.desde}
              onChange={(e) => setSilencio((s) => ({ ...s, desde: e.target.value }))}
            />
          </label>
          <label className="campo__etiqueta">
            Hasta
            <input
              type="time"
              required
              aria-describedby="silencio-ayuda"
              value={silencio.hasta}
              onChange={(e) => setSilencio((s) => ({ ...s, hasta: e.target.value }))}
            />
          </label>
        </div>
      </fieldset>

      {error ? <MensajeError>{error}</MensajeError> : null}
      <button type="submit" className="boton" disabled={guardando}>
        {guardando ? 'Guardando…' : 'Guardar preferencias'}
      </button>
    </form>
  )
}

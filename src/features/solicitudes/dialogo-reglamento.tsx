import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import {
  bloqueoReglamento,
  mensajeErrorFirma,
  MENSAJE_REGLAMENTO_SIN_ENCUESTA,
  MENSAJE_REGLAMENTO_SIN_RUT,
  reglamentoDe,
} from '../../domain/reglamentos.ts'
import { esRutPlaceholder } from '../../domain/rut.ts'
import { useEnviar } from '../../lib/offline/envios.ts'
import { MENSAJE_SERVIDOR } from '../../lib/offline/outbox.ts'
import { useOutbox } from '../../lib/offline/use-outbox.ts'
import { useSesion } from '../../lib/use-sesion.ts'
import { alerta } from '../../ui/alertas.ts'
import { Dialogo } from '../../ui/dialogo.tsx'
import { toast } from '../../ui/toasts.ts'
import { envioReglamento } from './envios.ts'
import type { Solicitud } from './queries.ts'

export const MENSAJE_REGLAMENTO_ACEPTADO = 'Reglamento aceptado. El documento firmado quedó disponible en su solicitud.'

export const MENSAJE_ENCUESTA_EN_ESPERA =
  'Su encuesta general está guardada en este dispositivo y se enviará cuando vuelva la conexión; después podrá aceptar el reglamento.'
export const ETIQUETA_CONSENTIMIENTO = 'He leído y acepto el reglamento'

/**
 * 'Leer y Aceptar': the program's regulations and the assistant's contact. What blocks the
 * acceptance (no RUT or passport, the survey first) is said at the top, before the text, with the
 * way to solve it. Accepting is a signature: it takes the 'He leído y acepto el reglamento' box
 * and a confirmation that names what is signed; then the server signs the 'Reglamento Firmado'.
 * With no signal the acceptance waits in the outbox and is applied once.
 */
export function DialogoReglamento({
  solicitud,
  tieneDocumentoIdentidad,
  encuestaEnEspera,
  codigoAlumno,
  onCerrar,
  onResponderEncuesta,
}: {
  solicitud: Solicitud
  tieneDocumentoIdentidad: boolean
  /** The survey is sent from this device but still waiting in the outbox. */
  encuestaEnEspera: boolean
  codigoAlumno: string
  onCerrar: () => void
  /** Opens the enrolment's survey (and comes back here when it closes). */
  onResponderEncuesta: () => void
}) {
  const outbox = useOutbox()
  const enviar = useEnviar(envioReglamento)
  const sesion = useSesion()
  const asistente = sesion?.asistente ?? null
  const [enviando, setEnviando] = useState(false)
  const [consiente, setConsiente] = useState(false)
  const idConsentimiento = useId()
  const idBloqueo = useId()
  const reglamento = reglamentoDe(solicitud.tipoCurso)
  const bloqueo = bloqueoReglamento({ ...solicitud, tieneDocumentoIdentidad })

  async function aceptar() {
    if (bloqueo || !consiente) return
    const documento = sesion && !esRutPlaceholder(sesion.rut) ? 'su RUT' : 'su pasaporte'
    const confirmacion = await alerta({
      titulo: 'Firmar el reglamento',
      mensaje: `Va a firmar electrónicamente el ${reglamento.titulo} (versión ${reglamento.version}) del programa ${solicitud.nombreCurso}, solicitud ${solicitud.codigoInscripcion}, con su nombre y ${documento}. La firma queda registrada con la fecha y la hora. ¿Desea firmarlo?`,
      // The safe choice first: it has the focus when the dialog opens.
      acciones: [
        { valor: 'cancelar', etiqueta: 'Cancelar' },
        { valor: 'firmar', etiqueta: 'Firmar reglamento' },
      ],
    })
    if (confirmacion !== 'firmar') return
    setEnviando(true)
    try {
      const item = await enviar(
        codigoAlumno,
        { version: reglamento.version },
        { parametros: { codigo: solicitud.codigoInscripcion } },
      )
      const fin = await outbox.esperar(item.id)
      switch (fin.estado) {
        case 'confirmado':
          toast({ tipo: 'success', mensaje: MENSAJE_REGLAMENTO_ACEPTADO })
          onCerrar()
          break
        case 'rechazado': {
          const mensaje = fin.item.ultimoError
          // The two blocks have alerts of their own; any other refusal is a signature error.
          const propio = mensaje === MENSAJE_REGLAMENTO_SIN_RUT || mensaje === MENSAJE_REGLAMENTO_SIN_ENCUESTA
          await alerta({ titulo: 'Reglamento', mensaje: propio && mensaje ? mensaje : mensajeErrorFirma(mensaje) })
          break
        }
        case 'pendiente':
          if (fin.item.ultimoError === MENSAJE_SERVIDOR) {
            await alerta({
              titulo: 'Reglamento',
              mensaje: `${mensajeErrorFirma()}. Su aceptación quedó guardada y se intentará firmar nuevamente.`,
            })
          } else {
            toast({
              tipo: 'info',
              mensaje: 'Su aceptación quedó guardada en este dispositivo: se firmará cuando vuelva la conexión.',
            })
          }
          onCerrar()
          break
        case 'en-pausa':
        case 'retirado':
          onCerrar()
          break
      }
    } catch {
      await alerta({ titulo: 'Reglamento', mensaje: mensajeErrorFirma() })
    } finally {
      setEnviando(false)
    }
  }

  const sinEncuesta = bloqueo === MENSAJE_REGLAMENTO_SIN_ENCUESTA
  return (
    <Dialogo
      titulo={reglamento.titulo}
      onCerrar={onCerrar}
      grande
      acciones={
        <>
          <div className="consentimiento">
            <input
              id={idConsentimiento}
              type="checkbox"
              checked={consiente}
              disabled={bloqueo !== null || enviando}
              aria-describedby={bloqueo ? idBloqueo : undefined}
              onChange={(e) => setConsiente(e.currentTarget.checked)}
            />
            <label htmlFor={idConsentimiento}>{ETIQUETA_CONSENTIMIENTO}</label>
          </div>
          <button
            type="button"
            className="boton"
            disabled={enviando || bloqueo !== null || !consiente}
            onClick={() => void aceptar()}
          >
            {enviando ? 'Firmando…' : 'Aceptar reglamento'}
          </button>
          <button type="button" className="boton boton--secundario" onClick={onCerrar}>
            Cerrar
          </button>
        </>
      }
    >
      {bloqueo ? (
        <div id={idBloqueo} className="mensaje mensaje--aviso" role="status">
          <p className="mensaje__titulo">Aún no puede aceptar este reglamento</p>
          {bloqueo === MENSAJE_REGLAMENTO_SIN_RUT ? (
            <>
              <p>{MENSAJE_REGLAMENTO_SIN_RUT}</p>
              <p>
                <Link to="/info/personal">Ir a Información Personal</Link>
              </p>
            </>
          ) : sinEncuesta && encuestaEnEspera ? (
            <p>{MENSAJE_ENCUESTA_EN_ESPERA}</p>
          ) : (
            <>
              <p>{bloqueo}</p>
              <button type="button" className="boton boton--secundario" onClick={onResponderEncuesta}>
                Responder encuesta
              </button>
            </>
          )}
        </div>
      ) : null}
      <p className="campo__ayuda">
        {solicitud.nombreCurso} · solicitud {solicitud.codigoInscripcion} · versión {reglamento.version}
      </p>
      {reglamento.articulos.map((a, i) => (
        <section key={a.titulo} aria-labelledby={`articulo-${i}`}>
          <h3 id={`articulo-${i}`} className="articulo__titulo">
            Artículo {i + 1}. {a.titulo}
          </h3>
          <p>{a.texto}</p>
        </section>
      ))}
      <p>
        Al aceptar, el portal genera el documento «Reglamento Firmado» con su nombre, su RUT o pasaporte, la fecha y la
        hora, firmado electrónicamente por la Escuela.
      </p>
      {asistente ? (
        <p>
          ¿Dudas sobre el reglamento? Escriba a su Asistente Comercial, {asistente.Name}:{' '}
          <a href={`mailto:${asistente.Email}`}>{asistente.Email}</a>
          {asistente.Phone ? (
            <>
              {' '}
              o llame al <a href={`tel:${asistente.Phone.replace(/\s+/g, '')}`}>{asistente.Phone}</a>
            </>
          ) : null}
          .
        </p>
      ) : null}
    </Dialogo>
  )
}

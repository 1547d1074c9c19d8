import { useState } from 'react'
import {
  bloqueoReglamento,
  mensajeErrorFirma,
  MENSAJE_REGLAMENTO_SIN_ENCUESTA,
  MENSAJE_REGLAMENTO_SIN_RUT,
  reglamentoDe,
} from '../../domain/reglamentos.ts'
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

/**
 * 'Leer y Aceptar': the program's regulations and the assistant's contact. Accepting asks the
 * server to sign the 'Reglamento Firmado'; with no signal the acceptance waits in the outbox and
 * is applied once. What blocks it (no RUT or passport, the survey first) is said before sending.
 */
export function DialogoReglamento({
  solicitud,
  tieneDocumentoIdentidad,
  codigoAlumno,
  onCerrar,
}: {
  solicitud: Solicitud
  tieneDocumentoIdentidad: boolean
  codigoAlumno: string
  onCerrar: () => void
}) {
  const outbox = useOutbox()
  const enviar = useEnviar(envioReglamento)
  const asistente = useSesion()?.asistente ?? null
  const [enviando, setEnviando] = useState(false)
  const reglamento = reglamentoDe(solicitud.tipoCurso)

  async function aceptar() {
    const bloqueo = bloqueoReglamento({ ...solicitud, tieneDocumentoIdentidad })
    if (bloqueo) {
      await alerta({ titulo: 'Reglamento', mensaje: bloqueo })
      return
    }
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

  return (
    <Dialogo
      titulo={reglamento.titulo}
      onCerrar={onCerrar}
      grande
      acciones={
        <>
          <button type="button" className="boton" disabled={enviando} onClick={() => void aceptar()}>
            {enviando ? 'Firmando…' : 'Aceptar reglamento'}
          </button>
          <button type="button" className="boton boton--secundario" onClick={onCerrar}>
            Cerrar
          </button>
        </>
      }
    >
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

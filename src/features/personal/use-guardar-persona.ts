import { useState } from 'react'
import {
  limpiarOtrasSinUso,
  MENSAJE_ACTUALIZACION_FALLIDA,
  type Persona,
  type PersonaFormulario,
} from '../../domain/persona.ts'
import { camposDeError } from '../../lib/api-error.ts'
import { useEnviar, type ItemDe } from '../../lib/offline/envios.ts'
import { pedirAlmacenamientoPersistente } from '../../lib/offline/idb.ts'
import { MENSAJE_SERVIDOR } from '../../lib/offline/outbox.ts'
import type { UsoBorrador } from '../../lib/offline/use-borrador.ts'
import { useOutbox } from '../../lib/offline/use-outbox.ts'
import { alerta } from '../../ui/alertas.ts'
import { envioPersona } from './envios.ts'

export type EnvioPersona = ItemDe<typeof envioPersona>

/** What a save came to, for the form: the server's per-field messages when it refused. */
export type ResultadoGuardar =
  { rechazado: false; confirmado: boolean } | { rechazado: true; campos: Record<string, string> }

/**
 * Saving the personal form: the valid data goes into the outbox (so it survives a lost
 * connection), the draft is dropped once the outbox holds it, and the student is told how it
 * ended with the spec's messages. `envio` is this student's last submission still in the outbox.
 */
export function useGuardarPersona(
  codigoAlumno: string,
  envio: EnvioPersona | undefined,
  borrador: UsoBorrador<PersonaFormulario>,
) {
  const outbox = useOutbox()
  const enviar = useEnviar(envioPersona)
  const [guardando, setGuardando] = useState(false)

  async function guardar(datos: Persona): Promise<ResultadoGuardar> {
    void pedirAlmacenamientoPersistente()
    setGuardando(true)
    try {
      // A submission refused earlier (or never attempted) is replaced rather than queued twice.
      const reemplazable =
        envio && (envio.estado === 'rechazado' || (envio.estado === 'pendiente' && envio.intentos === 0))
          ? envio
          : undefined
      // 'Otra' texts whose trigger is not chosen are cleared before saving.
      const item = await enviar(codigoAlumno, limpiarOtrasSinUso(datos), { reemplazando: reemplazable })
      // From here the outbox holds the change: the draft is no longer needed.
      await borrador.marcarGuardado()
      const resultado = await outbox.esperar(item.id)
      switch (resultado.estado) {
        case 'confirmado':
          // Said beside the button ('Datos Actualizados'), with no dialog to dismiss.
          return { rechazado: false, confirmado: true }
        case 'rechazado': {
          const respuesta = resultado.item.respuesta
          // The change is not on the server: keep it as a draft again.
          borrador.cambiar((v) => ({ ...v }))
          if (respuesta && respuesta.status >= 500)
            await alerta({ titulo: 'Error', mensaje: MENSAJE_ACTUALIZACION_FALLIDA })
          else
            await alerta({
              titulo: 'No se guardaron sus datos',
              mensaje: resultado.item.ultimoError ?? MENSAJE_ACTUALIZACION_FALLIDA,
            })
          return { rechazado: true, campos: camposDeError(respuesta?.body) }
        }
        case 'pendiente':
          // A 5xx is retried on its own, but the student is told, with the spec's words.
          if (resultado.item.ultimoError === MENSAJE_SERVIDOR)
            await alerta({ titulo: 'Error', mensaje: MENSAJE_ACTUALIZACION_FALLIDA })
          return { rechazado: false, confirmado: false }
        case 'en-pausa':
          // The expired-session alert is already on screen; the item waits for the next sign-in.
          return { rechazado: false, confirmado: false }
        case 'retirado':
          borrador.cambiar((v) => ({ ...v }))
          await alerta({ titulo: 'Error', mensaje: MENSAJE_ACTUALIZACION_FALLIDA })
          return { rechazado: false, confirmado: false }
      }
    } catch {
      await alerta({ titulo: 'Error', mensaje: MENSAJE_ACTUALIZACION_FALLIDA })
      return { rechazado: false, confirmado: false }
    } finally {
      setGuardando(false)
    }
  }

  return { guardando, guardar }
}

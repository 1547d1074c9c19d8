import { useState } from 'react'
import * as v from 'valibot'
import {
  encuestaSchema,
  MENSAJE_ENCUESTA_ENVIADA,
  MENSAJE_ERROR_SERVIDOR_ENCUESTA,
  MENSAJE_FALTAN_CAMPOS,
  MENSAJE_PRIMERA_RAZON_CURSA,
  MENSAJE_PRIMERA_RAZON_UNIVERSIDAD,
  type EncuestaFormulario,
} from '../../domain/encuesta.ts'
import { erroresPorCampo } from '../../domain/errores-por-campo.ts'
import { camposDeError } from '../../lib/api-error.ts'
import { useEnviar, type ItemDe } from '../../lib/offline/envios.ts'
import { pedirAlmacenamientoPersistente } from '../../lib/offline/idb.ts'
import { MENSAJE_SERVIDOR } from '../../lib/offline/outbox.ts'
import type { UsoBorrador } from '../../lib/offline/use-borrador.ts'
import { useOutbox } from '../../lib/offline/use-outbox.ts'
import { alerta } from '../../ui/alertas.ts'
import { toast } from '../../ui/toasts.ts'
import { envioEncuesta } from './envios.ts'

export type EnvioEncuesta = ItemDe<typeof envioEncuesta>

/**
 * 'Finalizar Encuesta': a complete survey goes into the outbox (so an answer given with no signal
 * is never lost, and is applied once), the draft is dropped once the outbox holds it, and the
 * student is told how it ended. An incomplete one shows what is missing and sends nothing.
 */
export function useEnviarEncuesta(
  codigoAlumno: string,
  codigo: string,
  envio: EnvioEncuesta | undefined,
  borrador: UsoBorrador<EncuestaFormulario>,
) {
  const outbox = useOutbox()
  const enviar = useEnviar(envioEncuesta)
  const [enviando, setEnviando] = useState(false)
  const [intentado, setIntentado] = useState(false)
  const [erroresServidor, setErroresServidor] = useState<Record<string, string>>({})

  const resultado = v.safeParse(encuestaSchema, borrador.valor)
  const errores = intentado
    ? { ...(resultado.success ? {} : erroresPorCampo(resultado.issues)), ...erroresServidor }
    : {}

  async function finalizar(): Promise<void> {
    if (enviando) return
    setIntentado(true)
    setErroresServidor({})
    if (!resultado.success) {
      const faltan = erroresPorCampo(resultado.issues)
      const prioridades = [
        faltan.razon_cursa_1 ? MENSAJE_PRIMERA_RAZON_CURSA : null,
        faltan.razon_eligeuni_1 ? MENSAJE_PRIMERA_RAZON_UNIVERSIDAD : null,
      ].filter(Boolean)
      await alerta({ titulo: 'Encuesta incompleta', mensaje: [MENSAJE_FALTAN_CAMPOS, ...prioridades].join(' ') })
      return
    }
    void pedirAlmacenamientoPersistente()
    setEnviando(true)
    try {
      // A send refused earlier (or never attempted) is replaced rather than queued twice.
      const reemplazable =
        envio && (envio.estado === 'rechazado' || (envio.estado === 'pendiente' && envio.intentos === 0))
          ? envio
          : undefined
      const item = await enviar(codigoAlumno, resultado.output, { parametros: { codigo }, reemplazando: reemplazable })
      // From here the outbox holds the answers: the draft is no longer needed.
      await borrador.marcarGuardado()
      const fin = await outbox.esperar(item.id)
      switch (fin.estado) {
        case 'confirmado':
          await alerta({ titulo: 'Encuesta', mensaje: MENSAJE_ENCUESTA_ENVIADA })
          break
        case 'rechazado': {
          const respuesta = fin.item.respuesta
          // Not on the server: the answers go back to being a draft the student can correct.
          borrador.cambiar((e) => ({ ...e }))
          setErroresServidor(camposDeError(respuesta?.body))
          await alerta({
            titulo: 'Encuesta',
            mensaje:
              respuesta && respuesta.status >= 500
                ? MENSAJE_ERROR_SERVIDOR_ENCUESTA
                : (fin.item.ultimoError ?? MENSAJE_ERROR_SERVIDOR_ENCUESTA),
          })
          break
        }
        case 'pendiente':
          if (fin.item.ultimoError === MENSAJE_SERVIDOR)
            await alerta({ titulo: 'Encuesta', mensaje: MENSAJE_ERROR_SERVIDOR_ENCUESTA })
          else
            toast({
              tipo: 'info',
              mensaje: 'Encuesta guardada en este dispositivo: se enviará cuando vuelva la conexión.',
            })
          break
        case 'en-pausa':
          // The expired-session alert is already on screen; the survey goes after the next sign-in.
          break
        case 'retirado':
          borrador.cambiar((e) => ({ ...e }))
          await alerta({ titulo: 'Encuesta', mensaje: MENSAJE_ERROR_SERVIDOR_ENCUESTA })
          break
      }
    } catch {
      await alerta({ titulo: 'Encuesta', mensaje: MENSAJE_ERROR_SERVIDOR_ENCUESTA })
    } finally {
      setEnviando(false)
    }
  }

  return { enviando, errores, finalizar }
}

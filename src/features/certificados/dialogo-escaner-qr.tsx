import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { codigoDesdeTextoEscaneado, MENSAJE_QR_NO_CORRESPONDE } from '../../domain/certificado.ts'
import { Dialogo } from '../../ui/dialogo.tsx'
import {
  detenerCamara,
  MENSAJE_LECTOR_NO_DISPONIBLE,
  mensajeErrorCamara,
  RESTRICCIONES_CAMARA,
  SIN_CAMARA_EN_NAVEGADOR,
} from './camara.ts'
import { crearDecodificadorQr, type DecodificadorQr } from './decodificador-qr.ts'
import { MensajeError } from '../../ui/mensaje-error.tsx'

/** Frames are read a few times a second: enough to feel instant, little work for a phone. */
const PAUSA_ENTRE_LECTURAS_MS = 150

type Estado =
  { tipo: 'iniciando' } | { tipo: 'escaneando' } | { tipo: 'no-corresponde' } | { tipo: 'error'; mensaje: string }

const TEXTOS: Record<Exclude<Estado['tipo'], 'error'>, string> = {
  iniciando: 'Solicitando acceso a la cámara…',
  escaneando: 'Cámara activa. Apunte al código QR impreso en el documento.',
  'no-corresponde': MENSAJE_QR_NO_CORRESPONDE,
}

/**
 * 'Escanear código QR': the camera in a modal dialog (focus kept inside, 'Cancelar', a live region
 * saying what is happening) until a QR with a document's code is read; then `alLeer` gets the code.
 * Unmounting it (cancel, Escape or a code read) stops the camera and the decoder.
 */
export function DialogoEscanerQr({ alLeer, alCancelar }: { alLeer: (codigo: string) => void; alCancelar: () => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const [estado, setEstado] = useState<Estado>({ tipo: 'iniciando' })
  // The latest alLeer, called from the scanning loop without restarting the camera.
  const leido = useEffectEvent((codigo: string) => alLeer(codigo))

  useEffect(() => {
    const elemento = video.current
    if (!elemento) return
    let cancelado = false
    let flujo: MediaStream | null = null
    let decodificador: DecodificadorQr | null = null
    let temporizador: ReturnType<typeof setTimeout> | undefined

    async function leerCuadro(): Promise<void> {
      if (cancelado || !elemento || !decodificador) return
      if (elemento.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const textos = await decodificador.leer(elemento)
        if (cancelado) return
        const codigo = textos.map(codigoDesdeTextoEscaneado).find((c) => c !== undefined)
        if (codigo) {
          leido(codigo)
          return
        }
        // A QR that is not a document's (a menu, a payment link) is said so; scanning goes on.
        if (textos.length > 0) setEstado({ tipo: 'no-corresponde' })
      }
      temporizador = setTimeout(() => void leerCuadro(), PAUSA_ENTRE_LECTURAS_MS)
    }

    async function iniciar(): Promise<void> {
      if (!navigator.mediaDevices?.getUserMedia) {
        setEstado({ tipo: 'error', mensaje: mensajeErrorCamara({ name: SIN_CAMARA_EN_NAVEGADOR }) })
        return
      }
      // The decoder loads while the person answers the camera permission prompt.
      const decodificadorListo = crearDecodificadorQr()
      decodificadorListo.then(
        (d) => {
          if (cancelado) d.cerrar()
          else decodificador = d
        },
        () => {},
      )
      try {
        flujo = await navigator.mediaDevices.getUserMedia(RESTRICCIONES_CAMARA)
      } catch (error) {
        if (!cancelado) setEstado({ tipo: 'error', mensaje: mensajeErrorCamara(error) })
        return
      }
      if (cancelado || !elemento) {
        detenerCamara(flujo)
        return
      }
      elemento.srcObject = flujo
      // Frames are read once the video has one (readyState), whenever playback starts.
      void elemento.play().catch(() => {})
      try {
        await decodificadorListo
      } catch {
        if (!cancelado) setEstado({ tipo: 'error', mensaje: MENSAJE_LECTOR_NO_DISPONIBLE })
        return
      }
      if (cancelado) return
      setEstado({ tipo: 'escaneando' })
      await leerCuadro()
    }

    void iniciar()
    return () => {
      cancelado = true
      clearTimeout(temporizador)
      detenerCamara(flujo)
      elemento.srcObject = null
      decodificador?.cerrar()
    }
  }, [])

  const error = estado.tipo === 'error'
  return (
    <Dialogo
      titulo="Escanear código QR"
      onCerrar={alCancelar}
      acciones={
        <button type="button" className="boton boton--secundario" onClick={alCancelar}>
          Cancelar
        </button>
      }
    >
      <video ref={video} className="escaner__video" hidden={error} muted playsInline aria-label="Imagen de la cámara" />
      {/* Both regions are always there, so a change of their text is announced. */}
      <p className="escaner__estado" role="status">
        {error ? '' : TEXTOS[estado.tipo]}
      </p>
      <div role="alert">{error ? <MensajeError rol={null}>{estado.mensaje}</MensajeError> : null}</div>
    </Dialogo>
  )
}

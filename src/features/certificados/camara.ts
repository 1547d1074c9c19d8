// The camera for the QR scanner: what to ask for, how to let it go, and what to tell a person
// whose camera cannot be used (they can always type the code instead).

/** The back camera where there are two: the one that faces the paper. */
export const RESTRICCIONES_CAMARA: MediaStreamConstraints = {
  video: { facingMode: { ideal: 'environment' } },
  audio: false,
}

/** The browser cannot open a camera at all here (an old browser, or a page not served over https). */
export const SIN_CAMARA_EN_NAVEGADOR = 'SinCamaraEnNavegador'

const RAZONES: Readonly<Record<string, string>> = {
  NotAllowedError: 'no se dio permiso para usarla',
  SecurityError: 'no se dio permiso para usarla',
  NotFoundError: 'no se encontró ninguna cámara en este equipo',
  OverconstrainedError: 'no se encontró ninguna cámara en este equipo',
  NotReadableError: 'la cámara está siendo usada por otra aplicación',
  AbortError: 'la cámara está siendo usada por otra aplicación',
  NotSupportedError: 'este navegador no permite usarla en esta página',
  [SIN_CAMARA_EN_NAVEGADOR]: 'este navegador no permite usarla en esta página',
}

/** Why the camera could not be used, by the error getUserMedia gave, and what to do instead. */
export function mensajeErrorCamara(error: unknown): string {
  const nombre = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : ''
  const razon = Object.hasOwn(RAZONES, nombre) ? RAZONES[nombre] : 'ocurrió un error inesperado'
  return `No se pudo usar la cámara: ${razon}. Puede escribir el código manualmente.`
}

export const MENSAJE_LECTOR_NO_DISPONIBLE =
  'No se pudo cargar el lector de códigos QR. Revise su conexión o escriba el código manualmente.'

/** Stops every track, so the camera's light goes off as soon as the scanner closes. */
export function detenerCamara(flujo: MediaStream | null): void {
  for (const pista of flujo?.getTracks() ?? []) pista.stop()
}

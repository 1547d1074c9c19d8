// Resumable uploads (tus): the rules the client and the server share. A file travels to
// /api/subidas in pieces that survive a dropped connection, and then the document's own endpoint
// (personal, enrolment or contest application documents) makes it the student's document.

/** Where uploads begin (tus creation); each upload then lives at RUTA_SUBIDAS/<id>. */
export const RUTA_SUBIDAS = '/api/subidas'

/** Uploads a student may have begun and not yet finished at once (each document replaces its own). */
export const MAXIMO_SUBIDAS_EN_CURSO = 3

/** An upload not finished and used within this time is deleted with its bytes. */
export const VIGENCIA_SUBIDA_MS = 24 * 3_600_000

/** Bytes per PATCH: a cut costs at most the piece on the way, and no proxy buffers a whole file. */
export const TAMANO_TROZO_BYTES = 256 * 1024

export const MENSAJE_DEMASIADAS_SUBIDAS = `Tiene ${MAXIMO_SUBIDAS_EN_CURSO} archivos subiéndose a la vez. Espere a que terminen para enviar otro.`

export const MENSAJE_SUBIDA_NO_ENCONTRADA =
  'El archivo no terminó de subirse o ya no está disponible. Vuelva a elegirlo y envíelo nuevamente.'

export const MENSAJE_DESTINO_SUBIDA = 'La subida no corresponde a un documento que se pueda recibir.'

/** The endpoints that make an upload a document (the same that took multipart files before). */
export function esDestinoDeSubida(ruta: string): boolean {
  return (
    ruta === '/api/alumno/documentos' ||
    /^\/api\/solicitudes\/[^/]+\/documentos$/.test(ruta) ||
    /^\/api\/concursos\/[^/]+\/postulacion\/documentos$/.test(ruta)
  )
}

// What the server answers when it refuses a request, and the messages both sides show for it.

/**
 * A refusal: the Spanish message to show and, for a bad body, one message per field (the key is
 * the field's name in the request). Some older operations answer
 * `{ status: 'error', message }` or `{ mensajeError }` instead; the client reads all three.
 */
export type RespuestaError = { error: string; campos?: Record<string, string> }

/** A server error or no connection: the alert the student sees. */
export const MENSAJE_ERROR_INTERNO = 'Ocurrió un error interno, verifica tu conexión o comunícalo a su asistente'

/** A signed-in request without a valid session: the 401's message and the alert before login. */
export const MENSAJE_SESION_EXPIRADA = 'Sesión expirada, vuelva a ingresar'

/** What the server answers for anything that does not exist, or that is not the asker's to see. */
export const MENSAJE_NO_ENCONTRADO = 'Recurso no encontrado'

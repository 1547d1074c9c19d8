import { MENSAJE_ERROR_INTERNO } from '../domain/errores-api.ts'
import { ApiError, ErrorDeRed, MENSAJE_SIN_CONEXION_SERVIDOR } from './api-error.ts'

/**
 * What to tell the person when a request failed, the one way every screen says it: no reply (no
 * connection), the server's Spanish message for a refusal (4xx), or the internal-error alert for
 * a server error or anything else.
 */
export function mensajeDeError(error: unknown): string {
  if (error instanceof ErrorDeRed) return MENSAJE_SIN_CONEXION_SERVIDOR
  if (error instanceof ApiError && error.status < 500) return error.message
  return MENSAJE_ERROR_INTERNO
}

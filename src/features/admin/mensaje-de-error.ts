import { MENSAJE_ERROR_INTERNO } from '../../domain/errores-api.ts'
import { ApiError, ErrorDeRed } from '../../lib/api-error.ts'

/** What to tell a staff member when a request failed: the server's Spanish message, or why not. */
export function mensajeDeError(error: unknown): string {
  if (error instanceof ErrorDeRed) return 'No hay conexión con el servidor. Revise su red e intente nuevamente.'
  if (error instanceof ApiError && error.status < 500) return error.message
  return MENSAJE_ERROR_INTERNO
}

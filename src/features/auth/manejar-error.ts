import { MENSAJE_ERROR_INTERNO } from '../../domain/errores-api.ts'
import { ApiError, esErrorInternoORed } from '../../lib/api-error.ts'
import { alerta } from '../../ui/alertas.ts'
import { toast } from '../../ui/toasts.ts'

/**
 * An HTTP 500 or no connection gets the modal alert 'Ocurrió un error interno…'; any other
 * refusal (throttling, a bad request) is the server's own Spanish message in a warning toast.
 */
export function avisarError(error: unknown): void {
  if (esErrorInternoORed(error)) {
    void alerta({ titulo: 'Error', mensaje: MENSAJE_ERROR_INTERNO })
    return
  }
  const mensaje = error instanceof ApiError ? error.message : MENSAJE_ERROR_INTERNO
  toast({ tipo: 'warning', mensaje })
}

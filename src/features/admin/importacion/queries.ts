import {
  CAMPO_CAMBIOS_CORREO,
  type RechazoArchivoImportacion,
  type RespuestaImportacion,
  type RespuestaPreviaImportacion,
} from '../../../domain/importacion.ts'
import { ApiError } from '../../../lib/api-error.ts'
import { peticion } from '../../../lib/api.ts'

// The import's two calls, each with the file as a form (the typed client sends JSON only). The
// confirmation sends the same file again with the hash its preview answered: the server applies
// it only if it is the same file, and with the rows whose change of sign-in e-mail was confirmed
// on their own (any other such row is not imported).

function formulario(archivo: File, huella?: string, cambiosDeCorreo: readonly number[] = []): FormData {
  const datos = new FormData()
  if (huella) datos.append('huella', huella)
  if (cambiosDeCorreo.length) datos.append(CAMPO_CAMBIOS_CORREO, cambiosDeCorreo.join(','))
  datos.append('archivo', archivo, archivo.name)
  return datos
}

export async function previsualizarArchivo(archivo: File): Promise<RespuestaPreviaImportacion> {
  const res = await peticion('/api/admin/importacion/previa', { method: 'POST', body: formulario(archivo) })
  return (await res.json()) as RespuestaPreviaImportacion
}

export async function confirmarArchivo(
  archivo: File,
  huella: string,
  cambiosDeCorreo: readonly number[],
): Promise<RespuestaImportacion> {
  const res = await peticion('/api/admin/importacion/confirmar', {
    method: 'POST',
    body: formulario(archivo, huella, cambiosDeCorreo),
  })
  return (await res.json()) as RespuestaImportacion
}

/** Every reason a file was refused, when the server gave them. */
export function erroresDeArchivo(error: unknown): string[] | null {
  if (!(error instanceof ApiError)) return null
  const cuerpo = error.body as Partial<RechazoArchivoImportacion> | undefined
  return Array.isArray(cuerpo?.errores) && cuerpo.errores.length ? cuerpo.errores : null
}

import { ErrorDeRed } from './api-error.ts'
import { CABECERA_XSRF, esRechazoXsrf, manejarSesionExpirada, tokenXsrf } from './api.ts'

// Uploads, apart from api.ts so the first screen does not download them: only the outbox sends
// files, and it loads with the signed-in screens.

export type Progreso = { cargado: number; total: number }

export type OpcionesSubida = {
  /** Form fields sent before the file. */
  campos: Record<string, string>
  archivo: Blob
  nombre: string
  headers?: Record<string, string>
  /** Called as the bytes leave (XMLHttpRequest upload.onprogress: fetch has no upload progress). */
  alProgreso?: (progreso: Progreso) => void
  timeoutMs?: number
}

function leerCuerpoXhr(xhr: XMLHttpRequest): unknown {
  const texto = xhr.responseText
  if (!texto) return undefined
  try {
    return JSON.parse(texto) as unknown
  } catch {
    return texto
  }
}

/**
 * Uploads one file as multipart/form-data with the XSRF header, reporting progress. Resolves with
 * the status and parsed body of ANY reply (the outbox decides what a status means) and rejects
 * with ErrorDeRed only when no reply came. A 401 starts the expired-session flow, as api() does.
 */
export async function subirArchivo(ruta: string, opciones: OpcionesSubida): Promise<{ status: number; body: unknown }> {
  if (!ruta.startsWith('/api/')) throw new Error(`Ruta de API inválida: ${ruta}`)

  async function intentar(renovarXsrf: boolean): Promise<{ status: number; body: unknown }> {
    const token = await tokenXsrf(renovarXsrf)
    const datos = new FormData()
    for (const [campo, valor] of Object.entries(opciones.campos)) datos.append(campo, valor)
    datos.append('archivo', opciones.archivo, opciones.nombre)
    return new Promise((resolver, rechazar) => {
      const xhr = new XMLHttpRequest()
      xhr.open('POST', ruta)
      xhr.withCredentials = true
      xhr.timeout = opciones.timeoutMs ?? 0
      xhr.setRequestHeader('Accept', 'application/json')
      if (token) xhr.setRequestHeader(CABECERA_XSRF, token)
      for (const [nombre, valor] of Object.entries(opciones.headers ?? {})) xhr.setRequestHeader(nombre, valor)
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) opciones.alProgreso?.({ cargado: e.loaded, total: e.total })
      }
      xhr.onload = () => resolver({ status: xhr.status, body: leerCuerpoXhr(xhr) })
      xhr.onerror = xhr.ontimeout = xhr.onabort = () => rechazar(new ErrorDeRed())
      xhr.send(datos)
    })
  }

  let respuesta = await intentar(false)
  if (esRechazoXsrf(respuesta.status, respuesta.body)) respuesta = await intentar(true)
  if (respuesta.status === 401) manejarSesionExpirada()
  return respuesta
}

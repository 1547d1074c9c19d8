import { api } from './api-json.ts'
import { olvidarSubida, subirArchivo } from './subir-archivo.ts'
import { ApiError } from './api-error.ts'
import { clasificarRespuesta, esCuerpoArchivo, type ItemOutbox, type RespuestaServidor } from './offline/outbox.ts'
import { olvidarProgreso, publicarProgreso } from './progreso-subidas.ts'

// The outbox's `enviar` (src/lib/offline/outbox.ts): one attempt at one stored submission. The
// item's id travels as `Idempotency-Key`, so a replay of a request whose reply was lost gets the
// server's first response instead of being applied twice.

/** A JSON submission that gets no reply in this time counts as "no reply" and is retried later. */
const TIMEOUT_JSON_MS = 30_000

export async function enviarItemOutbox(item: ItemOutbox): Promise<RespuestaServidor> {
  if (!esCuerpoArchivo(item.cuerpo)) return enviarJson(item, item.cuerpo)
  // A file: first its bytes, resumably (subir-archivo.ts), then the document's endpoint is told
  // which finished upload to make the document of, with the item's Idempotency-Key like any
  // submission. Progress and the upload's address outlive the page until the item is answered.
  const { campos, archivo, nombre } = item.cuerpo
  const subida = await subirArchivo(item.url, {
    clave: item.id,
    campos,
    archivo,
    nombre,
    alProgreso: (p) => publicarProgreso(item.id, p),
  })
  const respuesta = 'subida' in subida ? await enviarJson(item, { ...campos, subida: subida.subida }) : subida
  const clase = clasificarRespuesta(respuesta.status)
  if (clase === 'confirmado' || clase === 'rechazado') {
    olvidarProgreso(item.id)
    await olvidarSubida(item.id)
  }
  return respuesta
}

async function enviarJson(item: ItemOutbox, cuerpo: unknown): Promise<RespuestaServidor> {
  try {
    const body = await api<unknown>(item.url, {
      method: item.metodo,
      body: cuerpo,
      headers: { 'Idempotency-Key': item.id },
      signal: AbortSignal.timeout(TIMEOUT_JSON_MS),
    })
    return { status: 200, body }
  } catch (error) {
    // An HTTP reply, whatever its status, is an answer: the outbox decides what it means.
    if (error instanceof ApiError) return { status: error.status, body: error.body }
    // No reply (offline, timeout): the outbox keeps the item and sends it again later.
    throw error
  }
}

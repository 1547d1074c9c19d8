import { api } from './api-json.ts'
import { subirArchivo } from './subir-archivo.ts'
import { ApiError } from './api-error.ts'
import { esCuerpoArchivo, type ItemOutbox, type RespuestaServidor } from './offline/outbox.ts'
import { olvidarProgreso, publicarProgreso } from './progreso-subidas.ts'

// The outbox's `enviar` (src/lib/offline/outbox.ts): one attempt at one stored submission. The
// item's id travels as `Idempotency-Key`, so a replay of a request whose reply was lost gets the
// server's first response instead of being applied twice.

/** A JSON submission that gets no reply in this time counts as "no reply" and is retried later. */
const TIMEOUT_JSON_MS = 30_000
/** Uploads get longer: 5 MB on a weak phone signal takes a while, and progress shows it moving. */
const TIMEOUT_SUBIDA_MS = 5 * 60_000

export async function enviarItemOutbox(item: ItemOutbox): Promise<RespuestaServidor> {
  const headers = { 'Idempotency-Key': item.id }
  if (esCuerpoArchivo(item.cuerpo)) {
    const { campos, archivo, nombre } = item.cuerpo
    try {
      return await subirArchivo(item.url, {
        campos,
        archivo,
        nombre,
        headers,
        timeoutMs: TIMEOUT_SUBIDA_MS,
        alProgreso: (p) => publicarProgreso(item.id, p),
      })
    } finally {
      olvidarProgreso(item.id)
    }
  }
  try {
    const body = await api<unknown>(item.url, {
      method: item.metodo,
      body: item.cuerpo,
      headers,
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

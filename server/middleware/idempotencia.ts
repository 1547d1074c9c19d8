// Exactly-once submissions (see server/README.md, 'Personal data, lookups, documents and
// enrolments'). The client's outbox sends every submission with `Idempotency-Key: <its record id>`
// and re-sends it until it gets a definite answer, also when the first attempt did reach the
// server and only its reply was lost. For every mutating /api request with a session and that
// header, per signed-in actor (student or staff) and key, the first request is run and its
// response stored; afterwards:
// - same key and same request (fingerprint of method, path and body): that stored response
//   again, with `Idempotency-Replayed: true`, and the handler does not run;
// - same key, another request: 422;
// - while the first one is still running: 409 (the outbox retries later).
// A response of 500 or more, a "not now" (408, 409, 425, 429) or a thrown error is not stored: the
// row is deleted and a retry runs the handler again. A successful reply that carries a secret (an
// endpoint that declares `respuestaSecreta`: a new API key) is not stored either: its row keeps the
// refusal a repeat gets (410, the declared message), so the request is still applied once and the
// secret stays in the one reply that carried it. A record left 'en-curso' by a server that
// died mid-request is taken over after EN_CURSO_ABANDONADO_MS. Records are purged after RETENCION_IDEMPOTENCIA_MS (db/purga.ts).
import { createHash } from 'node:crypto'
import { rechazar, respuestaDeRechazo, textoDeRechazo } from '../http/respuesta.ts'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { EntornoApp } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import { declaracionDe } from './declaracion.ts'
import { claveDeActor } from './sesion.ts'

export const CABECERA_CLAVE = 'Idempotency-Key'
export const CABECERA_REPETIDA = 'Idempotency-Replayed'

export const MENSAJE_CLAVE_ENVIO_INVALIDA = 'La clave de envío (Idempotency-Key) no es válida.'
export const MENSAJE_CLAVE_OTROS_DATOS = 'Esta clave de envío ya se usó con otros datos.'
export const MENSAJE_ENVIO_EN_CURSO = 'El envío anterior aún se está procesando. Intente nuevamente en unos segundos.'

/** A UUID fits; so does any client-made token of 8 to 100 URL-safe characters. */
const CLAVE_VALIDA = /^[A-Za-z0-9_-]{8,100}$/

/** No request runs this long (bodies are limited): an older 'en-curso' row was left by a crash. */
export const EN_CURSO_ABANDONADO_MS = 2 * 60_000

export const RETENCION_IDEMPOTENCIA_MS = 30 * 24 * 3_600_000

const SEGUROS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Gone: what a repeat of a request whose reply carried a secret gets; final, never retried. */
export const STATUS_RESPUESTA_SECRETA = 410

const SIN_CUERPO = new Set([101, 204, 205, 304])

/**
 * Replies that mean "not now" (a throttle, a conflict that passes), which the outbox retries later
 * with the same key: storing one would answer every retry with it, so the submission would never
 * be applied. Like a 5xx, they leave no record.
 */
const AUN_NO = new Set([408, 409, 425, 429])

/**
 * SHA-256 over method, path (with its query) and body. A multipart body is fingerprinted by its
 * fields and file contents, not its bytes: each re-send of the same FormData gets a new random
 * boundary. Reading the body here leaves it cached for the handler (Hono keeps it).
 */
async function huellaDe(c: Context<EntornoApp>): Promise<string> {
  const hash = createHash('sha256')
  const url = new URL(c.req.url)
  hash.update(JSON.stringify([c.req.method, url.pathname + url.search]))
  const bytes = new Uint8Array(await c.req.arrayBuffer())
  const tipo = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (tipo === 'multipart/form-data') {
    try {
      const form = await c.req.formData()
      for (const [nombre, valor] of form) {
        if (typeof valor === 'string') {
          hash.update(JSON.stringify(['campo', nombre, valor]))
        } else {
          hash.update(JSON.stringify(['archivo', nombre, valor.name, valor.type, valor.size]))
          hash.update(new Uint8Array(await valor.arrayBuffer()))
        }
      }
      return hash.digest('hex')
    } catch {
      // Not parseable: the handler refuses it; the raw bytes identify it well enough.
    }
  }
  hash.update(bytes)
  return hash.digest('hex')
}

type Reserva = { tipo: 'propia' } | { tipo: 'respuesta'; respuesta: Response }

function repetir(fila: { status: number | null; cuerpo: string | null; content_type: string | null }): Response {
  const status = fila.status ?? 200
  const headers = new Headers({ [CABECERA_REPETIDA]: 'true' })
  if (fila.content_type) headers.set('Content-Type', fila.content_type)
  return new Response(SIN_CUERPO.has(status) ? null : fila.cuerpo, { status, headers })
}

/**
 * Inserts the 'en-curso' row, or says what to answer instead. The insert is the lock: of two
 * requests racing with one key, the unique (actor, clave) lets exactly one in.
 */
async function reservar(db: Db, actor: string, clave: string, huella: string, ahora: Date): Promise<Reserva> {
  const ahoraIso = ahora.toISOString()
  // A row deleted between our insert and our read (its request ended in a 5xx) means: try again.
  for (let intento = 0; intento < 3; intento++) {
    const insercion = await db
      .insertInto('idempotencia')
      .values({
        actor,
        clave,
        huella,
        estado: 'en-curso',
        status: null,
        cuerpo: null,
        content_type: null,
        creado_en: ahoraIso,
      })
      .onConflict((oc) => oc.columns(['actor', 'clave']).doNothing())
      .executeTakeFirst()
    if (Number(insercion.numInsertedOrUpdatedRows ?? 0) > 0) return { tipo: 'propia' }

    const fila = await db
      .selectFrom('idempotencia')
      .selectAll()
      .where('actor', '=', actor)
      .where('clave', '=', clave)
      .executeTakeFirst()
    if (!fila) continue
    if (fila.huella !== huella)
      return { tipo: 'respuesta', respuesta: respuestaDeRechazo(422, MENSAJE_CLAVE_OTROS_DATOS) }
    if (fila.estado === 'completo') return { tipo: 'respuesta', respuesta: repetir(fila) }
    if (Date.parse(fila.creado_en) <= ahora.getTime() - EN_CURSO_ABANDONADO_MS) {
      // Compare-and-set on the old timestamp: of two retries taking over, one wins.
      const toma = await db
        .updateTable('idempotencia')
        .set({ creado_en: ahoraIso })
        .where('actor', '=', actor)
        .where('clave', '=', clave)
        .where('estado', '=', 'en-curso')
        .where('creado_en', '=', fila.creado_en)
        .executeTakeFirst()
      if (Number(toma.numUpdatedRows) === 1) return { tipo: 'propia' }
    }
    return { tipo: 'respuesta', respuesta: respuestaDeRechazo(409, MENSAJE_ENVIO_EN_CURSO) }
  }
  return { tipo: 'respuesta', respuesta: respuestaDeRechazo(409, MENSAJE_ENVIO_EN_CURSO) }
}

export const idempotencia = createMiddleware<EntornoApp>(async (c, next) => {
  if (SEGUROS.has(c.req.method)) return next()
  const clave = c.req.header(CABECERA_CLAVE)
  const sesion = c.get('actor')
  if (clave === undefined || !sesion) return next()
  // Sign-in, sign-out, passwords and registration create or end sessions and credentials: a stored
  // reply would skip that change (a replayed logout would leave the session open) and carries no
  // cookies. They declare `idempotente: false` (middleware/declaracion.ts), are never queued in the
  // outbox, and run every time.
  const declaracion = declaracionDe(c)
  if (!declaracion.idempotente) return next()
  const actor = claveDeActor(sesion)
  if (!CLAVE_VALIDA.test(clave)) return rechazar(c, 400, MENSAJE_CLAVE_ENVIO_INVALIDA)

  const { db, clock } = c.var.deps
  const reserva = await reservar(db, actor, clave, await huellaDe(c), clock())
  if (reserva.tipo === 'respuesta') return reserva.respuesta

  const liberar = () => db.deleteFrom('idempotencia').where('actor', '=', actor).where('clave', '=', clave).execute()
  try {
    await next()
  } catch (err) {
    await liberar()
    throw err
  }
  if (c.res.status >= 500 || AUN_NO.has(c.res.status)) {
    await liberar()
    return
  }
  const secreta = declaracion.respuestaSecreta !== undefined && c.res.status < 300
  await db
    .updateTable('idempotencia')
    .set(
      secreta
        ? {
            estado: 'completo',
            status: STATUS_RESPUESTA_SECRETA,
            cuerpo: textoDeRechazo(declaracion.respuestaSecreta),
            content_type: 'application/json',
          }
        : {
            estado: 'completo',
            status: c.res.status,
            cuerpo: await c.res.clone().text(),
            content_type: c.res.headers.get('content-type'),
          },
    )
    .where('actor', '=', actor)
    .where('clave', '=', clave)
    .execute()
})

// What an endpoint needs of the global middleware, declared beside the endpoint instead of in
// lists of paths kept far from it:
// - `cuerpo`: how big a body it takes (middleware/limite-cuerpo.ts). 'json' (the default) is
//   LIMITE_JSON_BYTES; 'formulario-con-archivo' a multipart upload of one document (the file's
//   UPLOAD_MAX_MB plus the form's framing); 'archivo' the file alone as the body (UPLOAD_MAX_MB);
//   'importacion' the school's import of students (MAX_MB_IMPORTACION plus the framing).
// - `xsrf`: false for a caller that is not our page (middleware/xsrf.ts): its requests are
//   neither checked for the double-submit token nor given its cookie.
// - `idempotente`: false for what creates or ends sessions and credentials
//   (middleware/idempotencia.ts): a stored reply would skip that change, so it runs every time.
// - `respuestaSecreta`: for an endpoint whose successful reply carries a secret shown once (a new
//   API key), the refusal a repeat with the same Idempotency-Key gets instead of that reply: the
//   idempotency store keeps this refusal (410), never the secret, and the request is still
//   applied once.
//
// Usage: one `declarar({ … })` among the endpoint's handlers, naming only what differs from the
// defaults (json, xsrf checked, idempotent):
//   .post('/documentos', declarar({ cuerpo: 'formulario-con-archivo' }), async (c) => …)
// or, for every endpoint of a sub-app, once at its top:
//   export const rutasAuth = new Hono<EntornoApp>().use(declarar({ idempotente: false }))…
// Where it sits among the handlers does not matter: `declarar` returns a middleware that does
// nothing when it runs; the global middleware find it before any handler runs, among the handlers
// the router matched for the request (`matchedRoutes`: the app's, the sub-apps' `.use` and the
// endpoint's own, which `app.route()` copies into the parent's router as they are). When several
// match, the last one found (the endpoint's own, after its sub-app's `.use`) is taken whole:
// declarations are not merged, so an endpoint's declaration repeats what its sub-app declared.
//
// (A sub-app with an onError of its own is the exception: `app.route()` wraps its handlers, and
// its declarations would not be found; server/declaracion.test.ts fails if that happens.)
//
// The middleware look a declaration up only when they have something to decide: the body limit
// and idempotency for requests other than GET and HEAD, the XSRF check for those too and, for a
// read, only when the request lacks its token and would be given the cookie. A page's reads with
// their token, the server's hot path, never look.
import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { EntornoApp } from '../contexto.ts'

export type Declaracion = {
  cuerpo: 'json' | 'archivo' | 'formulario-con-archivo' | 'importacion'
  xsrf: boolean
  idempotente: boolean
  /** Absent: the reply is stored as it is. */
  respuestaSecreta?: string
}

export const DECLARACION_POR_DEFECTO: Readonly<Declaracion> = Object.freeze({
  cuerpo: 'json',
  xsrf: true,
  idempotente: true,
})

const declaraciones = new WeakMap<Function, Declaracion>()

/** A middleware that does nothing, and by being among an endpoint's handlers declares what it needs. */
export function declarar(parcial: Partial<Declaracion>): MiddlewareHandler<EntornoApp> {
  const marca: MiddlewareHandler<EntornoApp> = (_c, next) => next()
  declaraciones.set(marca, Object.freeze({ ...DECLARACION_POR_DEFECTO, ...parcial }))
  return marca
}

/** What the request's endpoint declared: the last declaration among its matched handlers, or the defaults. */
export function declaracionDe(c: Context): Readonly<Declaracion> {
  const rutas = matchedRoutes(c)
  for (let i = rutas.length - 1; i >= 0; i--) {
    const declaracion = declaraciones.get(rutas[i]!.handler)
    if (declaracion) return declaracion
  }
  return DECLARACION_POR_DEFECTO
}

// What an endpoint declares of the global middleware (middleware/declaracion.ts): found by a
// global middleware wherever the declaration sits, the most specific one winning; and, over the
// real API, the table of every endpoint that declares something other than the defaults, so that
// a declaration removed (or added) without its row fails here.
import { Hono, type MiddlewareHandler } from 'hono'
import { expect, test } from 'vitest'
import { MENSAJE_CLAVE_YA_ENTREGADA, RUTA_API_INTEGRACION } from '../src/domain/integracion.ts'
import { rutasApi } from './app.ts'
import type { EntornoApp } from './contexto.ts'
import { DECLARACION_POR_DEFECTO, declaracionDe, declarar, type Declaracion } from './middleware/declaracion.ts'
import { rutasIntegracion } from './routes/integracion.ts'

/** A global middleware that answers with what it finds, as the real ones read it before the handlers run. */
const responderDeclaracion: MiddlewareHandler<EntornoApp> = async (c) => c.json(declaracionDe(c))

async function declaracionEn(app: Hono<EntornoApp>, metodo: string, ruta: string): Promise<Declaracion> {
  const res = await app.request(ruta, { method: metodo })
  expect(res.status, `${metodo} ${ruta}`).toBe(200)
  return (await res.json()) as Declaracion
}

const otroMiddleware: MiddlewareHandler<EntornoApp> = (_c, next) => next()
const respuesta = () => new Response('no se llega aquí')

test('without a declaration an endpoint gets the defaults: a JSON body, the XSRF check, idempotency', async () => {
  const app = new Hono<EntornoApp>().use(responderDeclaracion).post('/nada', otroMiddleware, respuesta)
  expect(await declaracionEn(app, 'POST', '/nada')).toEqual({ cuerpo: 'json', xsrf: true, idempotente: true })
  expect(DECLARACION_POR_DEFECTO).toEqual({ cuerpo: 'json', xsrf: true, idempotente: true })
  // An unknown path (the app's own 404) has nothing declared either.
  const vacia = new Hono<EntornoApp>().use(responderDeclaracion)
  expect(await declaracionEn(vacia, 'POST', '/ninguna')).toEqual(DECLARACION_POR_DEFECTO)
})

test('a declaration beside the endpoint is found wherever it sits among its handlers, and only for it', async () => {
  const app = new Hono<EntornoApp>()
    .use(responderDeclaracion)
    .post('/antes', declarar({ cuerpo: 'archivo' }), otroMiddleware, respuesta)
    .post('/despues', otroMiddleware, declarar({ xsrf: false }), respuesta)
    .post('/otra', respuesta)
  expect(await declaracionEn(app, 'POST', '/antes')).toEqual({ cuerpo: 'archivo', xsrf: true, idempotente: true })
  expect(await declaracionEn(app, 'POST', '/despues')).toEqual({ cuerpo: 'json', xsrf: false, idempotente: true })
  expect(await declaracionEn(app, 'POST', '/otra')).toEqual(DECLARACION_POR_DEFECTO)
  // Declared for its method: the same path with another method is another endpoint.
  const conGet = new Hono<EntornoApp>()
    .use(responderDeclaracion)
    .get('/x', respuesta)
    .post('/x', declarar({ xsrf: false }), respuesta)
  expect(await declaracionEn(conGet, 'GET', '/x')).toEqual(DECLARACION_POR_DEFECTO)
  expect(await declaracionEn(conGet, 'POST', '/x')).toEqual({ cuerpo: 'json', xsrf: false, idempotente: true })
})

test('a sub-app’s .use declares for each of its endpoints once mounted, and for nothing beside it', async () => {
  const sesiones = new Hono<EntornoApp>()
    .use(declarar({ idempotente: false }))
    .post('/ingreso', respuesta)
    .post('/salida', respuesta)
  const vecina = new Hono<EntornoApp>().post('/ingreso', respuesta)
  const api = new Hono<EntornoApp>().route('/auth', sesiones).route('/otra', vecina)
  const app = new Hono<EntornoApp>().use(responderDeclaracion).route('/api', api)
  for (const ruta of ['/api/auth/ingreso', '/api/auth/salida'])
    expect(await declaracionEn(app, 'POST', ruta)).toEqual({ cuerpo: 'json', xsrf: true, idempotente: false })
  expect(await declaracionEn(app, 'POST', '/api/otra/ingreso')).toEqual(DECLARACION_POR_DEFECTO)
})

test('the most specific declaration wins: the endpoint’s own over its sub-app’s, taken whole', async () => {
  const integracion = new Hono<EntornoApp>()
    .use(declarar({ xsrf: false }))
    .post('/lote', declarar({ cuerpo: 'importacion', xsrf: false }), respuesta)
    .post('/archivo', declarar({ cuerpo: 'archivo' }), respuesta)
    .post('/fila', respuesta)
  const app = new Hono<EntornoApp>().use(responderDeclaracion).route('/v1', integracion)
  expect(await declaracionEn(app, 'POST', '/v1/lote')).toEqual({
    cuerpo: 'importacion',
    xsrf: false,
    idempotente: true,
  })
  // Not merged: an endpoint that declares repeats what its sub-app declared, or gets the default.
  expect(await declaracionEn(app, 'POST', '/v1/archivo')).toEqual({ cuerpo: 'archivo', xsrf: true, idempotente: true })
  expect(await declaracionEn(app, 'POST', '/v1/fila')).toEqual({ cuerpo: 'json', xsrf: false, idempotente: true })
})

// The real API. Every endpoint that declares something other than the defaults, with what it
// declares (only the fields that differ). A new endpoint that needs a bigger body, no XSRF check
// or no idempotency gets its declaration beside it and its row here.
const NO_POR_DEFECTO: Record<string, Partial<Declaracion>> = {
  // Uploads of one document as a form: the file plus the form's framing.
  'POST /api/alumno/documentos': { cuerpo: 'formulario-con-archivo' },
  'POST /api/solicitudes/:codigo/documentos': { cuerpo: 'formulario-con-archivo' },
  'POST /api/concursos/:id/postulacion/documentos': { cuerpo: 'formulario-con-archivo' },
  // The file alone as the body: the validator's file check, and each piece of a resumable upload.
  'POST /api/certificados/verificar-archivo': { cuerpo: 'archivo' },
  'ALL /api/subidas/:id': { cuerpo: 'archivo' },
  // The school's import of students and enrolments.
  'POST /api/admin/importacion/previa': { cuerpo: 'importacion' },
  'POST /api/admin/importacion/confirmar': { cuerpo: 'importacion' },
  // The gateway's page posts the browser back here from its own site.
  'POST /api/pagos/retorno': { xsrf: false },
  // Sessions and credentials, created or ended: never replayed.
  'POST /api/auth/login': { idempotente: false },
  'POST /api/auth/logout': { idempotente: false },
  'POST /api/auth/password/request': { idempotente: false },
  'POST /api/auth/password/verify': { idempotente: false },
  'POST /api/auth/password/set': { idempotente: false },
  'POST /api/auth/register': { idempotente: false },
  'POST /api/admin/auth/ingreso': { idempotente: false },
  'POST /api/admin/auth/codigo': { idempotente: false },
  'POST /api/admin/auth/salida': { idempotente: false },
  'POST /api/admin/auth/invitacion/verificar': { idempotente: false },
  'POST /api/admin/auth/invitacion': { idempotente: false },
  // A new API key, in its reply only: a repeat is refused, never answered with the stored key.
  'POST /api/admin/integracion/claves': { respuestaSecreta: MENSAJE_CLAVE_YA_ENTREGADA },
  'POST /api/admin/auth/restablecer/solicitud': { idempotente: false },
  'POST /api/admin/auth/restablecer/verificar': { idempotente: false },
  'POST /api/admin/auth/restablecer': { idempotente: false },
  // The CRM's API: a server with a key, no cookie.
  'GET /api/integracion/v1/openapi.json': { xsrf: false },
  'GET /api/integracion/v1/encuestas': { xsrf: false },
  'GET /api/integracion/v1/reglamentos': { xsrf: false },
  'GET /api/integracion/v1/documentos': { xsrf: false },
  'GET /api/integracion/v1/pagos': { xsrf: false },
  'POST /api/integracion/v1/inscripciones/previsualizar': { xsrf: false },
  'POST /api/integracion/v1/inscripciones': { xsrf: false },
  'GET /api/integracion/v1/documentos-tributarios/pendientes': { xsrf: false },
  'POST /api/integracion/v1/documentos-tributarios': { xsrf: false },
}

/** Only what differs from the defaults. */
function diferencias(d: Declaracion): Partial<Declaracion> {
  return Object.fromEntries(
    Object.entries(d).filter(([campo, valor]) => DECLARACION_POR_DEFECTO[campo as keyof Declaracion] !== valor),
  )
}

test('every endpoint of the API declares what the table says, and no other one declares anything', async () => {
  // Mounted as crearApp mounts them (the integration API first), behind a global middleware: the
  // real router matches each request, the handlers never run.
  const app = new Hono<EntornoApp>()
    .use(responderDeclaracion)
    .route(RUTA_API_INTEGRACION, rutasIntegracion)
    .route('/api', rutasApi)
  const endpoints = new Set(
    [
      ...rutasIntegracion.routes.map((r) => `${r.method} ${RUTA_API_INTEGRACION}${r.path}`),
      ...rutasApi.routes.map((r) => `${r.method} /api${r.path}`),
    ].filter((e) => !e.endsWith('*')),
  )
  // The check must see the API, not an empty list.
  expect(endpoints.size).toBeGreaterThan(100)
  const encontradas: Record<string, Partial<Declaracion>> = {}
  for (const endpoint of endpoints) {
    const [metodo = '', ruta = ''] = endpoint.split(' ')
    // A parameter gets a value; an endpoint for every method is probed with a body's.
    const concreta = ruta.replace(/:[A-Za-z_]+/g, 'x1')
    const declaracion = await declaracionEn(app, metodo === 'ALL' ? 'PATCH' : metodo, concreta)
    const difiere = diferencias(declaracion)
    if (Object.keys(difiere).length > 0) encontradas[endpoint] = difiere
  }
  expect(encontradas).toEqual(NO_POR_DEFECTO)
})

// The integration API for the school's CRM, mounted at /api/integracion/v1 apart from the rest of
// /api: its caller is a server, not a browser, so it has its own credentials (an API key in
// `Authorization: Bearer <clave>`, never a cookie: no session is read here and no XSRF token is
// asked, as declared below; middleware/clave-integracion.ts), a throttle per key, a scope per
// endpoint, and one audit row per accepted call, whose actor is the key (integracion/llamadas.ts).
// Its OpenAPI document is generated from the same valibot schemas that validate its requests and
// describe its replies (integracion/documentacion.ts), and served at /openapi.json.
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import {
  consultaCambiosSchema,
  documentoErpSchema,
  loteImportacionSchema,
  type ConsultaCambios,
} from '../../src/domain/integracion.ts'
import { rechazar } from '../http/respuesta.ts'
import {
  DESCRIPCION_CARGA,
  DESCRIPCION_DOCUMENTO,
  DESCRIPCION_LECTURA,
  DESCRIPCION_TRIBUTARIO,
  documentado,
  documentoOpenApi,
} from '../integracion/documentacion.ts'
import { documentosAprobados, encuestasEnviadas, pagosResueltos, reglamentosFirmados } from '../integracion/lecturas.ts'
import {
  cargarInscripciones,
  paginaAuditada,
  previsualizarCarga,
  recibirDocumentoTributario,
  type Lector,
  type Llamada,
} from '../integracion/llamadas.ts'
import { apiSinCache } from '../middleware/cabeceras.ts'
import { autenticacionClave, requiereAlcance, type EntornoIntegracion } from '../middleware/clave-integracion.ts'
import { compresionJson } from '../middleware/compresion.ts'
import { declarar } from '../middleware/declaracion.ts'
import { MENSAJE_CUERPO_MUY_GRANDE } from '../middleware/limite-cuerpo.ts'
import type { EventoAuditoria } from '../personal/auditoria.ts'
import { pendientesErp } from '../tributario/erp.ts'
import { consultaValida, cuerpoJson } from '../http/validacion.ts'

/** A batch of rows is bigger than a form's body: up to 1 MB of JSON. */
export const LIMITE_LOTE_BYTES = 1024 * 1024

const llamada = (c: Context<EntornoIntegracion>): Llamada => ({ clave: c.var.clave, ip: c.var.ip })

/** A read of what changed since a moment: its OpenAPI description, its query, its scope. */
const lectura = (descripcion: (typeof DESCRIPCION_LECTURA)[keyof typeof DESCRIPCION_LECTURA]) =>
  [
    descripcion,
    documentado(consultaValida(consultaCambiosSchema), 'query', consultaCambiosSchema),
    requiereAlcance('lectura'),
  ] as const

/** A read's reply once its checks passed: the audited page, or the refused cursor. */
async function pagina(
  c: Context<EntornoIntegracion>,
  consulta: ConsultaCambios,
  accion: EventoAuditoria['accion'],
  lector: Lector,
  otrosDatos?: Record<string, unknown>,
) {
  const r = await paginaAuditada(c.var.deps, llamada(c), consulta, accion, lector, otrosDatos)
  if ('rechazo' in r) return rechazar(c, r.rechazo.status, r.rechazo.error, r.rechazo.campos)
  return c.json(r.pagina)
}

/** A load of rows: its OpenAPI description, scope 'alumnos.escribir', the import's rows as JSON. */
const carga = (descripcion: (typeof DESCRIPCION_CARGA)[keyof typeof DESCRIPCION_CARGA]) =>
  [
    descripcion,
    requiereAlcance('alumnos.escribir'),
    documentado(cuerpoJson(loteImportacionSchema), 'json', loteImportacionSchema),
  ] as const

export const rutasIntegracion = new Hono<EntornoIntegracion>()
  // Called by the CRM's server, not a browser: every request is authenticated by the API key in
  // its Authorization header, which another site's page can neither read nor make a browser send,
  // and no cookie is read here. A forged cross-site request carries no credential, so the XSRF
  // double submit protects nothing: these requests are neither checked nor given its cookie.
  .use(declarar({ xsrf: false }))
  .use(compresionJson)
  .use(apiSinCache)
  .use(
    bodyLimit({
      maxSize: LIMITE_LOTE_BYTES,
      onError: (c) => {
        c.header('Connection', 'close')
        return rechazar(c, 413, MENSAJE_CUERPO_MUY_GRANDE)
      },
    }),
  )

// The document describes the API: public, like the README that points to it, so the CRM's
// developers and their tools can read it before they hold a key; it holds no data.
rutasIntegracion.get('/openapi.json', DESCRIPCION_DOCUMENTO, async (c) =>
  c.json(await documentoOpenApi(rutasIntegracion)),
)

// Everything registered from here on needs a key (the document above answers before this runs).
rutasIntegracion.use(autenticacionClave)

rutasIntegracion
  .get('/encuestas', ...lectura(DESCRIPCION_LECTURA.encuestas), async (c) => {
    const conRespuestas = c.var.clave.alcances.includes('encuestas.respuestas')
    const leer: Lector = (db, consulta, desde) => encuestasEnviadas(db, consulta, desde, { conRespuestas })
    return pagina(c, c.req.valid('query'), 'integracion.encuestas', leer, { conRespuestas })
  })
  .get('/reglamentos', ...lectura(DESCRIPCION_LECTURA.reglamentos), async (c) =>
    pagina(c, c.req.valid('query'), 'integracion.reglamentos', reglamentosFirmados),
  )
  .get('/documentos', ...lectura(DESCRIPCION_LECTURA.documentos), async (c) =>
    pagina(c, c.req.valid('query'), 'integracion.documentos', documentosAprobados),
  )
  .get('/pagos', ...lectura(DESCRIPCION_LECTURA.pagos), async (c) =>
    pagina(c, c.req.valid('query'), 'integracion.pagos', pagosResueltos),
  )

rutasIntegracion
  .post('/inscripciones/previsualizar', ...carga(DESCRIPCION_CARGA.previsualizar), async (c) =>
    c.json(await previsualizarCarga(c.var.deps, llamada(c), c.req.valid('json').filas)),
  )
  .post('/inscripciones', ...carga(DESCRIPCION_CARGA.cargar), async (c) =>
    c.json(await cargarInscripciones(c.var.deps, llamada(c), c.req.valid('json').filas)),
  )

// Tax documents issued by the school's ERP (EMISOR_TRIBUTARIO=erp).
rutasIntegracion
  .get(
    '/documentos-tributarios/pendientes',
    DESCRIPCION_TRIBUTARIO.pendientes,
    requiereAlcance('documentos-tributarios.escribir'),
    async (c) => c.json({ datos: await pendientesErp(c.var.deps.db) }),
  )
  .post(
    '/documentos-tributarios',
    DESCRIPCION_TRIBUTARIO.entregar,
    requiereAlcance('documentos-tributarios.escribir'),
    documentado(cuerpoJson(documentoErpSchema), 'json', documentoErpSchema),
    async (c) => {
      const r = await recibirDocumentoTributario(c.var.deps, llamada(c), c.req.valid('json'))
      if ('rechazo' in r) return rechazar(c, r.rechazo.status, r.rechazo.error, r.rechazo.campos)
      return c.json({ documento: r.documento, repetido: r.repetido }, r.status)
    },
  )

// The integration API for the school's CRM, mounted at /api/integracion/v1 apart from the rest of
// /api: its caller is a server, not a browser, so it has its own credentials (an API key in
// `Authorization: Bearer <clave>`, never a cookie: no session is read here and no XSRF token is
// asked, as declared below), a throttle per key, a scope per endpoint, and one audit row per
// accepted call, whose actor is the key. Its OpenAPI document is generated from the same valibot
// schemas that validate its requests and describe its replies, and served at /openapi.json.
import type { Context } from 'hono'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { describeRoute, generateSpecs, resolver, uniqueSymbol } from 'hono-openapi'
import type * as v from 'valibot'
import { ETIQUETAS_ACCION as ETIQUETA_ACCION } from '../../src/domain/palabras-auditoria.ts'
import { contarResultados } from '../../src/domain/importacion.ts'
import {
  consultaCambiosSchema,
  ETIQUETA_ALCANCE,
  loteImportacionSchema,
  MENSAJE_ALCANCE_INSUFICIENTE,
  MENSAJE_CAMBIO_CORREO_SIN_PERMISO,
  MENSAJE_CLAVE_INVALIDA,
  MENSAJE_CURSOR_INVALIDO,
  RUTA_API_INTEGRACION,
  type AlcanceIntegracion,
  type ConsultaCambios,
} from '../../src/domain/integracion.ts'
import type { EntornoApp } from '../contexto.ts'
import { declarar } from '../middleware/declaracion.ts'
import { autenticarClave, type ClaveAutenticada } from '../integracion/claves.ts'
import { aplicar, previsualizar, type PermisoCambioCorreo } from '../importacion/aplicar.ts'
import { avisarCambiosDeCorreo } from '../importacion/cambio-correo.ts'
import { invitarAlumnos } from '../importacion/invitacion.ts'
import {
  cargaSchema,
  errorSchema,
  previsualizacionSchema,
  paginaDocumentosSchema,
  paginaEncuestasSchema,
  paginaPagosSchema,
  paginaReglamentosSchema,
  documentoRecibidoSchema,
  pendientesTributariosSchema,
} from '../integracion/contrato.ts'
import { documentoErpSchema } from '../../src/domain/integracion.ts'
import { pendientesErp, recibirDocumentoErp, vistaParaErp } from '../tributario/erp.ts'
import {
  documentosAprobados,
  encuestasEnviadas,
  leerCursor,
  pagosResueltos,
  reglamentosFirmados,
  type Posicion,
} from '../integracion/lecturas.ts'
import { apiSinCache } from '../middleware/cabeceras.ts'
import { compresionJson } from '../middleware/compresion.ts'
import { MENSAJE_CUERPO_MUY_GRANDE } from '../middleware/limite-cuerpo.ts'
import { contar, respuestaLimite } from '../middleware/limites.ts'
import { auditar, type EventoAuditoria } from '../personal/auditoria.ts'
import { consultaValida, cuerpoJson } from './validacion.ts'

/** A batch of rows is bigger than a form's body: up to 1 MB of JSON. */
export const LIMITE_LOTE_BYTES = 1024 * 1024

export type EntornoIntegracion = EntornoApp & { Variables: { clave: ClaveAutenticada } }

/** The key of `Authorization: Bearer <clave>`, or null. */
function claveDeCabecera(cabecera: string | undefined): string | null {
  const coincidencia = /^Bearer\s+(\S+)\s*$/i.exec(cabecera ?? '')
  return coincidencia?.[1] ?? null
}

/**
 * The caller's key: present, known and not revoked (401 otherwise, with the scheme it asks for),
 * then counted against its throttle (429 with Retry-After). Nothing is read before this passes.
 */
const autenticacion = createMiddleware<EntornoIntegracion>(async (c, next) => {
  const { db, clock, config } = c.var.deps
  const token = claveDeCabecera(c.req.header('authorization'))
  const ahora = clock()
  const clave = token ? await autenticarClave(db, token, ahora) : null
  if (!clave) {
    c.header('WWW-Authenticate', 'Bearer realm="integracion"')
    return c.json({ error: MENSAJE_CLAVE_INVALIDA }, 401)
  }
  const estado = await contar(db, `integracion:${clave.id}`, config.limites.integracionClave, ahora)
  if (estado.excedido) return respuestaLimite(c, estado)
  c.set('clave', clave)
  await next()
})

function requiereAlcance(alcance: AlcanceIntegracion) {
  return createMiddleware<EntornoIntegracion>(async (c, next) => {
    if (!c.var.clave.alcances.includes(alcance)) return c.json({ error: MENSAJE_ALCANCE_INSUFICIENTE }, 403)
    await next()
  })
}

/**
 * One of our validation middlewares (Spanish messages, our 400 shape) marked for the OpenAPI
 * generator with the schema it validates, as hono-openapi's own validator marks itself: the
 * document's parameters and bodies come from the very schema the request is checked with.
 */
function documentado<M extends object>(middleware: M, target: 'query' | 'json', schema: v.GenericSchema): M {
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } })
}

/** The request's author for the audit trail: the key, named as the admin named it. */
function autorClave(c: Context<EntornoIntegracion>) {
  return { clave: { id: c.var.clave.id, nombre: c.var.clave.nombre }, ip: c.var.ip, ahora: c.var.deps.clock() }
}

async function auditarLlamada(c: Context<EntornoIntegracion>, evento: EventoAuditoria) {
  await auditar(c.var.deps.db, autorClave(c), { entidad: 'clave-integracion', entidadId: c.var.clave.id, ...evento })
}

const json = (schema: v.GenericSchema) => ({ 'application/json': { schema: resolver(schema) } })

const RESPUESTAS_COMUNES = {
  401: { description: 'Falta la clave, no es válida o fue revocada.', content: json(errorSchema) },
  403: { description: 'La clave no tiene el permiso que pide esta operación.', content: json(errorSchema) },
  429: {
    description: 'Demasiadas llamadas con esta clave: espere los segundos que indica la cabecera Retry-After.',
    headers: { 'Retry-After': { schema: { type: 'integer' as const }, description: 'Segundos de espera.' } },
    content: json(errorSchema),
  },
}

/** A read of what changed since a moment: its scope, its OpenAPI description, its query. */
function lectura(resumen: string, descripcion: string, pagina: v.GenericSchema) {
  return [
    describeRoute({
      tags: ['Lecturas'],
      summary: resumen,
      description: `${descripcion} Permiso: «lectura» (${ETIQUETA_ALCANCE.lectura.toLowerCase()}). Filas en orden de su momento; cada página trae el cursor de la siguiente.`,
      security: [{ claveApi: [] }],
      responses: {
        200: { description: 'Una página de cambios.', content: json(pagina) },
        ...RESPUESTAS_COMUNES,
      },
    }),
    documentado(consultaValida(consultaCambiosSchema), 'query', consultaCambiosSchema),
    requiereAlcance('lectura'),
  ] as const
}

/** The cursor's position, or a 400 when the CRM sent something that is not one of ours. */
function posicion(c: Context<EntornoIntegracion>, consulta: ConsultaCambios): Posicion | null | Response {
  if (consulta.cursor === undefined) return null
  return (
    leerCursor(consulta.cursor) ??
    c.json({ error: MENSAJE_CURSOR_INVALIDO, campos: { cursor: MENSAJE_CURSOR_INVALIDO } }, 400)
  )
}

/**
 * A read's reply once its checks passed: the page from the cursor's position (or from «desde»),
 * and the call audited with what it asked and how many rows it gave.
 */
async function paginaAuditada(
  c: Context<EntornoIntegracion>,
  consulta: ConsultaCambios,
  accion: EventoAuditoria['accion'],
  leer: (desde: Posicion | null) => Promise<{ datos: unknown[] }>,
  otrosDatos: Record<string, unknown> = {},
): Promise<Response> {
  const desde = posicion(c, consulta)
  if (desde instanceof Response) return desde
  const pagina = await leer(desde)
  const despues = { desde: consulta.desde ?? null, cursor: consulta.cursor !== undefined, filas: pagina.datos.length }
  await auditarLlamada(c, { accion, despues: { ...despues, ...otrosDatos } })
  // Each student the page names sees this read in their list (recorded off the request's path).
  const alumnos = new Set(pagina.datos.map((d) => (d as { alumno: { id: string } }).alumno.id))
  const en = c.var.deps.clock()
  const detalle = `API del CRM: ${ETIQUETA_ACCION[accion].replace(/^CRM: /, '')}${otrosDatos.conRespuestas ? ', con las respuestas sensibles' : ''}`
  c.var.deps.lecturas.registrar(
    ...[...alumnos].map((alumnoId) => ({
      lector: { clave: { id: c.var.clave.id, nombre: c.var.clave.nombre } },
      alumnoId,
      que: 'integracion' as const,
      detalle,
      ip: c.var.ip,
      en,
    })),
  )
  return c.json(pagina)
}

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
        return c.json({ error: MENSAJE_CUERPO_MUY_GRANDE }, 413)
      },
    }),
  )

// The document describes the API: public, like the README that points to it, so the CRM's
// developers and their tools can read it before they hold a key; it holds no data. Built on the
// first request and kept: the routes do not change while the process runs.
let documento: ReturnType<typeof generateSpecs> | null = null
rutasIntegracion.get(
  '/openapi.json',
  describeRoute({
    tags: ['Documentación'],
    summary: 'Este documento OpenAPI',
    description: 'Público: describe la API, no contiene datos.',
    responses: { 200: { description: 'El documento OpenAPI 3.1 de la API de integración.' } },
  }),
  async (c) => {
    documento ??= generateSpecs(rutasIntegracion, {
      // Its own path ends in '.json': not a static file to leave out.
      excludeStaticFile: false,
      documentation: {
        info: {
          title: 'Portal del Estudiante: API de integración',
          version: '1.0.0',
          description:
            'La API con que el CRM de la escuela carga alumnos e inscripciones y lee lo que ocurrió en el portal. Cada llamada lleva una clave creada por un administrador en /admin/integracion: `Authorization: Bearer <clave>`. Los mensajes de error vienen en español en el campo `error`.',
        },
        servers: [{ url: RUTA_API_INTEGRACION }],
        components: {
          securitySchemes: {
            claveApi: {
              type: 'http',
              scheme: 'bearer',
              description: 'La clave de integración, tal como se mostró al crearla (portal_…).',
            },
          },
        },
      },
      defaultValidationErrorResponse: {
        description: 'Datos no válidos: el mensaje en español de cada campo rechazado. No se cambió nada.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    }).catch((err: unknown) => {
      // Built once per process; a failure is not kept, so the next request tries again.
      documento = null
      throw err
    })
    return c.json(await documento)
  },
)

// Everything registered from here on needs a key (the document above answers before this runs).
rutasIntegracion.use(autenticacion)

rutasIntegracion
  .get(
    '/encuestas',
    ...lectura(
      'Encuestas enviadas',
      'Las encuestas generales que los alumnos enviaron desde «desde». Las respuestas vienen solo para una clave con el permiso «encuestas.respuestas»: incluyen datos sensibles (discapacidad, pueblos originarios).',
      paginaEncuestasSchema,
    ),
    async (c) => {
      const consulta = c.req.valid('query')
      const conRespuestas = c.var.clave.alcances.includes('encuestas.respuestas')
      const leer = (desde: Posicion | null) => encuestasEnviadas(c.var.deps.db, consulta, desde, { conRespuestas })
      return paginaAuditada(c, consulta, 'integracion.encuestas', leer, { conRespuestas })
    },
  )
  .get(
    '/reglamentos',
    ...lectura(
      'Reglamentos firmados',
      'Los reglamentos que los alumnos aceptaron y el portal firmó, por el momento de la firma.',
      paginaReglamentosSchema,
    ),
    async (c) => {
      const consulta = c.req.valid('query')
      return paginaAuditada(c, consulta, 'integracion.reglamentos', (desde) =>
        reglamentosFirmados(c.var.deps.db, consulta, desde),
      )
    },
  )
  .get(
    '/documentos',
    ...lectura(
      'Documentos aprobados',
      'Los documentos que la escuela aprobó (de inscripciones, personales y de postulaciones), por el momento de la aprobación.',
      paginaDocumentosSchema,
    ),
    async (c) => {
      const consulta = c.req.valid('query')
      return paginaAuditada(c, consulta, 'integracion.documentos', (desde) =>
        documentosAprobados(c.var.deps.db, consulta, desde),
      )
    },
  )
  .get(
    '/pagos',
    ...lectura(
      'Pagos resueltos',
      'Los pagos cuyo resultado se conoce (aprobado, rechazado, anulado, tiempo agotado…), por el momento en que se resolvieron.',
      paginaPagosSchema,
    ),
    async (c) => {
      const consulta = c.req.valid('query')
      return paginaAuditada(c, consulta, 'integracion.pagos', (desde) => pagosResueltos(c.var.deps.db, consulta, desde))
    },
  )

/**
 * A key changes a student's sign-in e-mail only with its own permission: it is what 'Olvidó su
 * contraseña' writes to, so changing it hands over the account. Without the permission such a row
 * is refused, in the preview too, and its message does not say the address on record.
 */
function permisoCambioCorreo(c: Context<EntornoIntegracion>): PermisoCambioCorreo {
  return c.var.clave.alcances.includes('alumnos.cambiar-correo')
    ? { filas: 'todas' }
    : { filas: new Set(), rechazo: () => MENSAJE_CAMBIO_CORREO_SIN_PERMISO }
}

/** A load of rows: scope 'alumnos.escribir', the import's rows as JSON. */
function carga(resumen: string, descripcion: string, respuesta: v.GenericSchema) {
  return [
    describeRoute({
      tags: ['Alumnos e inscripciones'],
      summary: resumen,
      description: `${descripcion} Permiso: «alumnos.escribir». Una fila por inscripción, con su alumno, en las columnas de la importación de archivos y con sus mismas reglas y mensajes (los nombres y textos no admiten caracteres invisibles ni de control, como en el formulario del alumno): la inscripción se reconoce por su código y el alumno por su RUT o pasaporte y su correo, así que enviar las mismas filas dos veces no cambia nada la segunda. Una fila con errores no escribe nada; las demás sí. Una fila con el RUT o pasaporte de un alumno del portal y otro correo cambia el correo con que ese alumno ingresa: solo una clave con el permiso «alumnos.cambiar-correo» puede hacerlo (sin él, la fila es un error); el resultado de la fila lo indica en «cambioCorreo», se avisa al correo anterior, se cierran las sesiones del alumno y queda en la auditoría.`,
      security: [{ claveApi: [] }],
      responses: {
        200: { description: 'El resultado de cada fila, en el orden enviado.', content: json(respuesta) },
        413: { description: 'El cuerpo supera 1 MB: envíe menos filas por llamada.', content: json(errorSchema) },
        ...RESPUESTAS_COMUNES,
      },
    }),
    requiereAlcance('alumnos.escribir'),
    documentado(cuerpoJson(loteImportacionSchema), 'json', loteImportacionSchema),
  ] as const
}

rutasIntegracion
  .post(
    '/inscripciones/previsualizar',
    ...carga(
      'Revisar una carga sin escribir',
      'Lo que haría cada fila («se creará», «se actualizará», «sin cambios» o sus errores), sin escribir nada.',
      previsualizacionSchema,
    ),
    async (c) => {
      const { filas } = c.req.valid('json')
      const resultados = await previsualizar(c.var.deps.db, filas, { cambiosDeCorreo: permisoCambioCorreo(c) })
      const conteo = contarResultados(resultados)
      await auditarLlamada(c, { accion: 'integracion.previsualizar', despues: { filas: filas.length, ...conteo } })
      return c.json({ resultados, conteo })
    },
  )
  .post(
    '/inscripciones',
    ...carga(
      'Cargar alumnos e inscripciones',
      'Crea o actualiza cada inscripción y su alumno. Un alumno nuevo recibe por correo un enlace para crear su contraseña.',
      cargaSchema,
    ),
    async (c) => {
      const deps = c.var.deps
      const { filas } = c.req.valid('json')
      // The import writes its own audit rows (one per chunk, in the chunk's transaction), with
      // the key as their actor.
      const { clave, ip } = c.var
      const r = await aplicar(
        deps.db,
        filas,
        { tipo: 'integracion', id: clave.id, nombre: clave.nombre, rol: null, ip },
        { ahora: deps.clock(), cambiosDeCorreo: permisoCambioCorreo(c) },
      )
      // The links exist once this returns; the e-mails go in the background.
      await invitarAlumnos(deps, r.invitar)
      await avisarCambiosDeCorreo(deps, r.correosCambiados)
      return c.json({
        importacionId: r.importacionId,
        resultados: r.resultados,
        conteo: contarResultados(r.resultados),
        invitados: r.invitar.length,
        correosCambiados: r.correosCambiados.length,
      })
    },
  )

// Tax documents issued by the school's ERP (EMISOR_TRIBUTARIO=erp).
rutasIntegracion
  .get(
    '/documentos-tributarios/pendientes',
    describeRoute({
      tags: ['Documentos tributarios'],
      summary: 'Documentos tributarios por emitir',
      description:
        'Con EMISOR_TRIBUTARIO=erp: las boletas exentas, facturas exentas y notas de crédito que el ERP debe emitir, las más antiguas primero (hasta 500), con quien paga y, para una nota de crédito, el documento que corrige. Permiso: «documentos-tributarios.escribir».',
      security: [{ claveApi: [] }],
      responses: {
        200: { description: 'Los documentos por emitir.', content: json(pendientesTributariosSchema) },
        ...RESPUESTAS_COMUNES,
      },
    }),
    requiereAlcance('documentos-tributarios.escribir'),
    async (c) => c.json({ datos: await pendientesErp(c.var.deps.db) }),
  )
  .post(
    '/documentos-tributarios',
    describeRoute({
      tags: ['Documentos tributarios'],
      summary: 'Entregar un documento tributario emitido',
      description:
        'Con EMISOR_TRIBUTARIO=erp: el documento que el ERP emitió (tipo, folio, fecha, monto, receptor, PDF y XML en base64), reconocido por la referencia del portal. Enviarlo otra vez igual responde 200 con «repetido: true» y no cambia nada; otro folio para una referencia ya emitida responde 409. El alumno lo ve y descarga desde ese momento, y recibe un aviso. Permiso: «documentos-tributarios.escribir».',
      security: [{ claveApi: [] }],
      responses: {
        201: { description: 'Documento recibido.', content: json(documentoRecibidoSchema) },
        200: { description: 'Este documento ya se había recibido.', content: json(documentoRecibidoSchema) },
        404: { description: 'No hay un documento por emitir con esa referencia.', content: json(errorSchema) },
        409: {
          description: 'La referencia ya tiene otro folio, o el portal no usa el ERP como emisor.',
          content: json(errorSchema),
        },
        422: { description: 'El tipo, el monto, el PDF o el XML no corresponden.', content: json(errorSchema) },
        ...RESPUESTAS_COMUNES,
      },
    }),
    requiereAlcance('documentos-tributarios.escribir'),
    documentado(cuerpoJson(documentoErpSchema), 'json', documentoErpSchema),
    async (c) => {
      const doc = c.req.valid('json')
      const r = await recibirDocumentoErp(c.var.deps, doc)
      await auditarLlamada(c, {
        accion: 'integracion.documento-tributario',
        despues: {
          codigo: doc.referencia,
          folio: doc.folio,
          repetido: r.ok ? r.repetido : false,
          ...(r.ok ? {} : { errorEmisor: r.error }),
        },
      })
      if (!r.ok) return c.json({ error: r.error, ...(r.campos ? { campos: r.campos } : {}) }, r.status)
      return c.json({ documento: await vistaParaErp(c.var.deps, r.fila), repetido: r.repetido }, r.status)
    },
  )

// The integration API's OpenAPI document: each endpoint's description (summary, scope, replies),
// and the document itself, generated from the routes and the same valibot schemas that validate
// the requests (contrato.ts describes the replies). Public, like the README that points to it: it
// holds no data.
import type { Env, Hono, Schema } from 'hono'
import { describeRoute, generateSpecs, resolver, uniqueSymbol } from 'hono-openapi'
import type * as v from 'valibot'
import { ETIQUETA_ALCANCE, RUTA_API_INTEGRACION } from '../../src/domain/integracion.ts'
import {
  cargaSchema,
  documentoRecibidoSchema,
  errorSchema,
  paginaDocumentosSchema,
  paginaEncuestasSchema,
  paginaPagosSchema,
  paginaReglamentosSchema,
  pendientesTributariosSchema,
  previsualizacionSchema,
} from './contrato.ts'

/**
 * One of our validation middlewares (Spanish messages, our 400 shape) marked for the OpenAPI
 * generator with the schema it validates, as hono-openapi's own validator marks itself: the
 * document's parameters and bodies come from the very schema the request is checked with.
 */
export function documentado<M extends object>(middleware: M, target: 'query' | 'json', schema: v.GenericSchema): M {
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } })
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

/** A read of what changed since a moment: its OpenAPI description. */
function lectura(resumen: string, descripcion: string, pagina: v.GenericSchema) {
  return describeRoute({
    tags: ['Lecturas'],
    summary: resumen,
    description: `${descripcion} Permiso: «lectura» (${ETIQUETA_ALCANCE.lectura.toLowerCase()}). Filas en orden de su momento; cada página trae el cursor de la siguiente.`,
    security: [{ claveApi: [] }],
    responses: {
      200: { description: 'Una página de cambios.', content: json(pagina) },
      ...RESPUESTAS_COMUNES,
    },
  })
}

/** The reads' descriptions, by path. */
export const DESCRIPCION_LECTURA = {
  encuestas: lectura(
    'Encuestas enviadas',
    'Las encuestas generales que los alumnos enviaron desde «desde». Las respuestas vienen solo para una clave con el permiso «encuestas.respuestas»: incluyen datos sensibles (discapacidad, pueblos originarios).',
    paginaEncuestasSchema,
  ),
  reglamentos: lectura(
    'Reglamentos firmados',
    'Los reglamentos que los alumnos aceptaron y el portal firmó, por el momento de la firma.',
    paginaReglamentosSchema,
  ),
  documentos: lectura(
    'Documentos aprobados',
    'Los documentos que la escuela aprobó (de inscripciones, personales y de postulaciones), por el momento de la aprobación.',
    paginaDocumentosSchema,
  ),
  pagos: lectura(
    'Pagos resueltos',
    'Los pagos cuyo resultado se conoce (aprobado, rechazado, anulado, tiempo agotado…), por el momento en que se resolvieron.',
    paginaPagosSchema,
  ),
}

/** A load of rows (scope 'alumnos.escribir', the import's rows as JSON): its OpenAPI description. */
function carga(resumen: string, descripcion: string, respuesta: v.GenericSchema) {
  return describeRoute({
    tags: ['Alumnos e inscripciones'],
    summary: resumen,
    description: `${descripcion} Permiso: «alumnos.escribir». Una fila por inscripción, con su alumno, en las columnas de la importación de archivos y con sus mismas reglas y mensajes (los nombres y textos no admiten caracteres invisibles ni de control, como en el formulario del alumno): la inscripción se reconoce por su código y el alumno por su RUT o pasaporte y su correo, así que enviar las mismas filas dos veces no cambia nada la segunda. Una fila con errores no escribe nada; las demás sí. Una fila con el RUT o pasaporte de un alumno del portal y otro correo cambia el correo con que ese alumno ingresa: solo una clave con el permiso «alumnos.cambiar-correo» puede hacerlo (sin él, la fila es un error); el resultado de la fila lo indica en «cambioCorreo», se avisa al correo anterior, se cierran las sesiones del alumno y queda en la auditoría.`,
    security: [{ claveApi: [] }],
    responses: {
      200: { description: 'El resultado de cada fila, en el orden enviado.', content: json(respuesta) },
      413: { description: 'El cuerpo supera 1 MB: envíe menos filas por llamada.', content: json(errorSchema) },
      ...RESPUESTAS_COMUNES,
    },
  })
}

/** The loads' descriptions: the preview and the load itself. */
export const DESCRIPCION_CARGA = {
  previsualizar: carga(
    'Revisar una carga sin escribir',
    'Lo que haría cada fila («se creará», «se actualizará», «sin cambios» o sus errores), sin escribir nada.',
    previsualizacionSchema,
  ),
  cargar: carga(
    'Cargar alumnos e inscripciones',
    'Crea o actualiza cada inscripción y su alumno. Un alumno nuevo recibe por correo un enlace para crear su contraseña.',
    cargaSchema,
  ),
}

/** Tax documents issued by the school's ERP (EMISOR_TRIBUTARIO=erp): the pending list and a delivery. */
export const DESCRIPCION_TRIBUTARIO = {
  pendientes: describeRoute({
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
  entregar: describeRoute({
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
}

/** The document's own description. */
export const DESCRIPCION_DOCUMENTO = describeRoute({
  tags: ['Documentación'],
  summary: 'Este documento OpenAPI',
  description: 'Público: describe la API, no contiene datos.',
  responses: { 200: { description: 'El documento OpenAPI 3.1 de la API de integración.' } },
})

// Built on the first request and kept: the routes do not change while the process runs.
let documento: ReturnType<typeof generateSpecs> | null = null

/** The OpenAPI 3.1 document of these routes, built once per process (a failure is not kept). */
export function documentoOpenApi<E extends Env, S extends Schema, P extends string>(
  rutas: Hono<E, S, P>,
): ReturnType<typeof generateSpecs> {
  documento ??= generateSpecs(rutas, {
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
  return documento
}

import * as v from 'valibot'
import { esFechaValida } from './auditoria.ts'
import {
  COLUMNAS_IMPORTACION,
  COLUMNAS_OBLIGATORIAS,
  DESCRIPCION_COLUMNA,
  type ColumnaImportacion,
} from './importacion.ts'
import { textoRequerido } from './validacion.ts'

// The integration API through which the school's CRM loads students and enrolments and reads back
// what happened in the portal. It has its own credentials: API keys an admin creates, names, scopes
// and revokes. The key management screen and the server read the same scopes, schemas and
// messages from here.

/** Where the API lives: its version is in its path, so a later one can live beside it. */
export const RUTA_API_INTEGRACION = '/api/integracion/v1'
/** Its OpenAPI document, served by the portal. */
export const RUTA_OPENAPI_INTEGRACION = `${RUTA_API_INTEGRACION}/openapi.json`

/**
 * What a key may do: each endpoint of the API asks for one of these, and 'alumnos.cambiar-correo'
 * lets a load change the e-mail a student signs in with (without it, such a row is refused).
 */
export const ALCANCES_INTEGRACION = [
  'alumnos.escribir',
  'alumnos.cambiar-correo',
  'lectura',
  'encuestas.respuestas',
  'documentos-tributarios.escribir',
] as const
export type AlcanceIntegracion = (typeof ALCANCES_INTEGRACION)[number]

export const ETIQUETA_ALCANCE: Record<AlcanceIntegracion, string> = {
  'alumnos.escribir': 'Cargar alumnos e inscripciones',
  'alumnos.cambiar-correo': 'Cambiar el correo de ingreso de un alumno al cargarlo',
  lectura: 'Leer encuestas enviadas, reglamentos firmados, documentos aprobados y pagos',
  'encuestas.respuestas': 'Leer las respuestas de las encuestas (incluye datos sensibles)',
  'documentos-tributarios.escribir': 'Entregar las boletas, facturas y notas de crédito que emite el ERP',
}

/**
 * The survey's answers include disability and indigenous-people answers, sensitive personal data:
 * a key reads them only with a scope of their own, chosen on purpose. Without it, the surveys read
 * says who sent theirs and when.
 */
export const DESCRIPCION_ALCANCE: Record<AlcanceIntegracion, string> = {
  'alumnos.escribir':
    'Crear y actualizar alumnos e inscripciones, con las mismas reglas que la importación de archivos.',
  'alumnos.cambiar-correo':
    'Una fila con el RUT o pasaporte de un alumno del portal y otro correo cambia el correo con que ingresa: se avisa al correo anterior y se cierran sus sesiones. Sin este permiso esas filas se rechazan. Requiere «Cargar alumnos e inscripciones».',
  lectura: 'Lo que el CRM necesita de vuelta, con los cambios desde una fecha y hora.',
  'encuestas.respuestas':
    'Las respuestas de cada encuesta, con las de discapacidad y pueblos originarios. Elíjalo solo si el CRM debe guardarlas.',
  'documentos-tributarios.escribir':
    'Con EMISOR_TRIBUTARIO=erp: leer los documentos tributarios por emitir (con quien paga) y entregar cada uno emitido (tipo, folio, fecha, monto, PDF y XML), reconocido por la referencia del portal.',
}

export function esAlcanceIntegracion(valor: string): valor is AlcanceIntegracion {
  return (ALCANCES_INTEGRACION as readonly string[]).includes(valor)
}

export const MAXIMO_NOMBRE_CLAVE = 80

/** A key is this prefix and 32 random bytes in base64url: recognisable in a leaked file or log. */
export const PREFIJO_CLAVE = 'portal_'

/** How much of a key the list shows, so a key in use can be told apart from the others. */
export const LARGO_PREFIJO_VISIBLE = PREFIJO_CLAVE.length + 6

export const MENSAJE_NOMBRE_CLAVE = `Indique un nombre para la clave (hasta ${MAXIMO_NOMBRE_CLAVE} caracteres), por ejemplo «CRM producción».`
export const MENSAJE_ALCANCES_CLAVE = 'Elija al menos un permiso para la clave.'
export const MENSAJE_CLAVE_NO_ENCONTRADA = 'Clave de integración no encontrada.'
export const MENSAJE_CLAVE_YA_REVOCADA = 'Esta clave ya fue revocada.'
/**
 * A new key's request sent again with the same Idempotency-Key: the key was made by the first one
 * and is shown only in its reply, which the portal does not keep.
 */
export const MENSAJE_CLAVE_YA_ENTREGADA =
  'Esta clave ya se creó con este mismo envío y solo se muestra una vez, en la primera respuesta. Si no la copió, revóquela en la lista de claves y cree otra.'

/** The API's refusals. */
export const MENSAJE_CLAVE_INVALIDA =
  'Falta la clave de la API, no es válida o fue revocada. Envíela en la cabecera Authorization: Bearer <clave>.'
export const MENSAJE_ALCANCE_INSUFICIENTE = 'Esta clave no tiene permiso para esta operación.'

/** A loaded row that would change a sign-in e-mail, from a key without that permission. */
export const MENSAJE_CAMBIO_CORREO_SIN_PERMISO =
  'Esta fila cambiaría el correo con que el alumno ingresa al portal, y esta clave no tiene el permiso «alumnos.cambiar-correo»: no se escribió nada de ella.'

/** Changing a sign-in e-mail happens only in a load: its permission needs the load's. */
export const MENSAJE_CAMBIO_CORREO_SIN_CARGA =
  'El permiso de cambiar el correo de ingreso requiere también «Cargar alumnos e inscripciones».'

/** A new key: a name people recognise and what it may do (at least one scope, each once). */
export const crearClaveSchema = v.object({
  nombre: textoRequerido(MAXIMO_NOMBRE_CLAVE, MENSAJE_NOMBRE_CLAVE),
  alcances: v.pipe(
    v.array(v.picklist(ALCANCES_INTEGRACION, MENSAJE_ALCANCES_CLAVE), MENSAJE_ALCANCES_CLAVE),
    v.minLength(1, MENSAJE_ALCANCES_CLAVE),
    v.check(
      (alcances) => !alcances.includes('alumnos.cambiar-correo') || alcances.includes('alumnos.escribir'),
      MENSAJE_CAMBIO_CORREO_SIN_CARGA,
    ),
    v.transform((alcances) => ALCANCES_INTEGRACION.filter((a) => alcances.includes(a))),
  ),
})
export type CrearClave = v.InferInput<typeof crearClaveSchema>

// ---------------------------------------------------------------------------------------------
// Reads: what changed since a moment, a page at a time, with a cursor to the next page.
// ---------------------------------------------------------------------------------------------

export const LIMITE_PAGINA_POR_OMISION = 100
export const LIMITE_PAGINA_MAXIMO = 500

export const MENSAJE_DESDE_INVALIDO =
  'Indique «desde» como fecha y hora ISO 8601 con zona horaria, por ejemplo 2026-03-01T00:00:00Z o 2026-03-01T00:00:00-03:00.'
export const MENSAJE_LIMITE_INVALIDO = `Indique «limite» como un número entero de 1 a ${LIMITE_PAGINA_MAXIMO}.`
export const MENSAJE_CURSOR_INVALIDO =
  'El cursor no es válido: use el valor «siguiente» de la página anterior tal como llegó.'

/**
 * An ISO 8601 date and time with its zone (Z or ±hh:mm), which names one instant; a day that does
 * not exist (30 February) is refused rather than moved to another.
 */
export function esMomentoIso(texto: string): boolean {
  const partes =
    /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/.exec(texto)
  return partes !== null && esFechaValida(partes[1] ?? '') && !Number.isNaN(Date.parse(texto))
}

/**
 * The query of every read. `desde` (included) is an instant; absent, everything from the start.
 * `cursor` continues a listing from where its previous page ended (the same `desde` is kept in it,
 * so a cursor alone is enough). Both come back normalised: `desde` in UTC.
 */
export const consultaCambiosSchema = v.object({
  desde: v.optional(
    v.pipe(
      v.string(MENSAJE_DESDE_INVALIDO),
      v.trim(),
      v.check(esMomentoIso, MENSAJE_DESDE_INVALIDO),
      v.transform((texto) => new Date(texto).toISOString()),
    ),
  ),
  cursor: v.optional(v.pipe(v.string(MENSAJE_CURSOR_INVALIDO), v.maxLength(400, MENSAJE_CURSOR_INVALIDO))),
  limite: v.optional(
    v.pipe(
      v.string(MENSAJE_LIMITE_INVALIDO),
      v.regex(/^\d{1,3}$/, MENSAJE_LIMITE_INVALIDO),
      v.transform(Number),
      v.number(),
      v.minValue(1, MENSAJE_LIMITE_INVALIDO),
      v.maxValue(LIMITE_PAGINA_MAXIMO, MENSAJE_LIMITE_INVALIDO),
    ),
    String(LIMITE_PAGINA_POR_OMISION),
  ),
})
export type ConsultaCambios = v.InferOutput<typeof consultaCambiosSchema>

// ---------------------------------------------------------------------------------------------
// Loading students and enrolments: the import's rows, sent as JSON.
// ---------------------------------------------------------------------------------------------

/** Rows per call: a CRM with more sends several calls (each is applied on its own). */
export const MAXIMO_FILAS_POR_LLAMADA = 1000

export const MENSAJE_FILAS_LOTE = `Envíe en «filas» una lista de 1 a ${MAXIMO_FILAS_POR_LLAMADA} filas.`
export const MENSAJE_CELDA_LOTE = 'Cada columna de una fila debe ser un texto, un número, Sí/No (true/false) o null.'

const celda = v.nullable(v.union([v.string(), v.number(), v.boolean()], MENSAJE_CELDA_LOTE), null)

/** One column of a row: its JSON type only, described as the import's README describes it. */
function columnaLote(columna: ColumnaImportacion) {
  const descripcion = DESCRIPCION_COLUMNA[columna]
  return v.pipe(
    v.optional(celda),
    v.description(COLUMNAS_OBLIGATORIAS.includes(columna) ? `${descripcion} Obligatoria.` : descripcion),
  )
}

/**
 * A row as the import reads a file's row, with the same column names: each cell is checked by the
 * import's own rules (src/domain/importacion.ts) and a bad one is that row's error, not the
 * call's. So here every column is optional and only its JSON type is checked; the required ones
 * say so in their description.
 */
const filaLoteSchema = v.object(
  Object.fromEntries(COLUMNAS_IMPORTACION.map((columna) => [columna, columnaLote(columna)])) as Record<
    ColumnaImportacion,
    ReturnType<typeof columnaLote>
  >,
  MENSAJE_FILAS_LOTE,
)

/** A call's rows: one per enrolment, carrying its student, in the import's columns. */
export const loteImportacionSchema = v.object({
  filas: v.pipe(
    v.array(filaLoteSchema, MENSAJE_FILAS_LOTE),
    v.minLength(1, MENSAJE_FILAS_LOTE),
    v.maxLength(MAXIMO_FILAS_POR_LLAMADA, MENSAJE_FILAS_LOTE),
  ),
})
export type LoteImportacion = v.InferOutput<typeof loteImportacionSchema>

// ---------------------------------------------------------------------------------------------
// Tax documents issued by the school's ERP (EMISOR_TRIBUTARIO=erp)
// ---------------------------------------------------------------------------------------------

export const MENSAJE_REFERENCIA_DOCUMENTO =
  'Indique en «referencia» la referencia del portal del documento (hasta 80 caracteres).'
export const MENSAJE_TIPO_DOCUMENTO_ERP =
  'Indique en «tipo» 41 (boleta exenta), 34 (factura exenta) o 61 (nota de crédito).'
export const MENSAJE_FOLIO_DOCUMENTO = 'Indique en «folio» el folio del documento, un entero mayor que cero.'
export const MENSAJE_FECHA_DOCUMENTO = 'Indique en «fechaEmision» la fecha de emisión, aaaa-mm-dd.'
export const MENSAJE_MONTO_DOCUMENTO = 'Indique en «monto» el monto total en pesos, un entero mayor que cero.'
export const MENSAJE_RECEPTOR_DOCUMENTO = 'Indique en «receptor» el RUT y la razón social de quien paga.'
export const MENSAJE_PDF_DOCUMENTO = 'Envíe en «pdf» el PDF del documento en base64.'
export const MENSAJE_XML_DOCUMENTO = 'Envíe en «xml» el XML del documento (DTE) en base64.'
export const MENSAJE_DOCUMENTO_ERP_SIN_REFERENCIA = 'No hay un documento tributario por emitir con esa referencia.'
export const MENSAJE_EMISOR_NO_ES_ERP =
  'Este portal no recibe documentos tributarios del ERP: sus documentos los emite otro emisor (EMISOR_TRIBUTARIO no es erp).'

export function mensajeTipoNoCoincide(esperado: number): string {
  return `El tipo no coincide con el documento que espera esa referencia (${esperado}).`
}
export function mensajeMontoNoCoincide(esperado: number): string {
  return `El monto no coincide con el del documento que espera esa referencia (${esperado}).`
}
export function mensajeOtroFolio(folio: number | null): string {
  return `Esa referencia ya tiene su documento emitido, con otro folio (${folio ?? 'sin folio'}): no se cambió nada.`
}

const base64 = (mensaje: string) =>
  v.pipe(v.string(mensaje), v.minLength(8, mensaje), v.regex(/^[A-Za-z0-9+/]+={0,2}$/, mensaje))

/** A document the ERP issued: matched to its payment by the portal's reference. */
export const documentoErpSchema = v.object({
  referencia: textoRequerido(80, MENSAJE_REFERENCIA_DOCUMENTO),
  tipo: v.picklist([41, 34, 61], MENSAJE_TIPO_DOCUMENTO_ERP),
  folio: v.pipe(
    v.number(MENSAJE_FOLIO_DOCUMENTO),
    v.integer(MENSAJE_FOLIO_DOCUMENTO),
    v.minValue(1, MENSAJE_FOLIO_DOCUMENTO),
  ),
  fechaEmision: v.pipe(
    v.string(MENSAJE_FECHA_DOCUMENTO),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, MENSAJE_FECHA_DOCUMENTO),
    v.check(esFechaValida, MENSAJE_FECHA_DOCUMENTO),
  ),
  monto: v.pipe(
    v.number(MENSAJE_MONTO_DOCUMENTO),
    v.integer(MENSAJE_MONTO_DOCUMENTO),
    v.minValue(1, MENSAJE_MONTO_DOCUMENTO),
  ),
  receptor: v.object(
    {
      rut: textoRequerido(12, MENSAJE_RECEPTOR_DOCUMENTO),
      razonSocial: textoRequerido(100, MENSAJE_RECEPTOR_DOCUMENTO),
    },
    MENSAJE_RECEPTOR_DOCUMENTO,
  ),
  pdf: base64(MENSAJE_PDF_DOCUMENTO),
  xml: base64(MENSAJE_XML_DOCUMENTO),
})
export type DocumentoErp = v.InferOutput<typeof documentoErpSchema>

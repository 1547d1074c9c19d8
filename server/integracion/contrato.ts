// The integration API's replies as valibot schemas: what the OpenAPI document describes (the
// requests are described by the shared schemas the endpoints validate with). A test reads every
// reply against these, so the document cannot drift from what the endpoints send.
import * as v from 'valibot'
import { COLUMNAS_IMPORTACION } from '../../src/domain/importacion.ts'

export const errorSchema = v.pipe(
  v.object({
    error: v.pipe(v.string(), v.description('Qué pasó, en español, para mostrarlo o registrarlo tal cual.')),
    campos: v.optional(
      v.pipe(v.record(v.string(), v.string()), v.description('El mensaje de cada campo rechazado, por su nombre.')),
    ),
  }),
  v.metadata({ ref: 'Error' }),
)

const alumnoSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.description('Identificador del alumno en el portal.')),
    codigoAlumno: v.string(),
    rut: v.pipe(
      v.nullable(v.string()),
      v.description('RUT normalizado (12345678-5); null para un extranjero sin RUT.'),
    ),
    documento: v.nullable(v.object({ tipo: v.picklist(['PASAPORTE', 'DNI']), numero: v.string() })),
    email: v.string(),
  }),
  v.metadata({ ref: 'Alumno' }),
)

/** A page: the rows, oldest first, and the cursor of the next page (null on the last). */
function paginaSchema<T extends v.GenericSchema>(fila: T, ref: string) {
  return v.pipe(
    v.object({
      datos: v.array(fila),
      siguiente: v.pipe(
        v.nullable(v.string()),
        v.description('Cursor de la página siguiente (parámetro «cursor»); null cuando no hay más.'),
      ),
    }),
    v.metadata({ ref }),
  )
}

export const paginaEncuestasSchema = paginaSchema(
  v.object({
    codigoInscripcion: v.string(),
    codProspecto: v.string(),
    programa: v.pipe(v.string(), v.description('Código del programa.')),
    alumno: alumnoSchema,
    enviadaEn: v.pipe(v.string(), v.isoTimestamp()),
    respuestas: v.optional(
      v.pipe(
        v.record(v.string(), v.unknown()),
        v.description('Las respuestas, solo para una clave con el permiso «encuestas.respuestas».'),
      ),
    ),
  }),
  'PaginaEncuestas',
)

export const paginaReglamentosSchema = paginaSchema(
  v.object({
    codigo: v.pipe(v.string(), v.description('Código de verificación del reglamento firmado.')),
    codigoInscripcion: v.nullable(v.string()),
    codProspecto: v.string(),
    programa: v.string(),
    alumno: alumnoSchema,
    fechaEmision: v.pipe(v.string(), v.isoDate()),
    firmadoEn: v.pipe(v.string(), v.isoTimestamp()),
    revocadoEn: v.nullable(v.string()),
  }),
  'PaginaReglamentos',
)

export const paginaDocumentosSchema = paginaSchema(
  v.object({
    origen: v.pipe(
      v.picklist(['solicitud', 'personal', 'postulacion']),
      v.description('De una inscripción, personal del alumno, o de una postulación a un concurso.'),
    ),
    id: v.string(),
    codDocumento: v.string(),
    codigoInscripcion: v.nullable(v.string()),
    concursoId: v.nullable(v.string()),
    alumno: alumnoSchema,
    aprobadoEn: v.pipe(v.string(), v.isoTimestamp()),
  }),
  'PaginaDocumentos',
)

export const paginaPagosSchema = paginaSchema(
  v.object({
    id: v.string(),
    concepto: v.pipe(v.string(), v.description('Qué se pagó: «cuota» o «postulacion».')),
    referencia: v.string(),
    descripcion: v.string(),
    monto: v.pipe(v.number(), v.integer(), v.description('En pesos chilenos.')),
    codigoInscripcion: v.nullable(v.string()),
    ordenCompra: v.string(),
    estado: v.picklist(['aprobado', 'rechazado', 'anulado', 'tiempo-agotado', 'duplicado', 'pendiente', 'confirmando']),
    codigoAutorizacion: v.nullable(v.string()),
    ultimosDigitos: v.nullable(v.string()),
    tipoPago: v.nullable(v.string()),
    numeroCuotas: v.nullable(v.number()),
    fechaContable: v.nullable(v.string()),
    alumno: alumnoSchema,
    creadoEn: v.pipe(v.string(), v.isoTimestamp()),
    resueltoEn: v.pipe(v.string(), v.isoTimestamp()),
  }),
  'PaginaPagos',
)

const cambioSchema = v.picklist(['nuevo', 'actualizado', 'sin cambios'])

/** A row's outcome, as the import's preview shows it (src/domain/importacion.ts). */
const resultadoFilaSchema = v.pipe(
  v.union([
    v.object({
      fila: v.pipe(v.number(), v.description('Posición de la fila en «filas», desde 1.')),
      codigoInscripcion: v.string(),
      resultado: v.picklist(['se creará', 'se actualizará', 'sin cambios']),
      alumno: cambioSchema,
      inscripcion: cambioSchema,
      campos: v.pipe(
        v.array(v.picklist(COLUMNAS_IMPORTACION)),
        v.description('Las columnas cuyo valor cambia en un alumno o una inscripción que ya estaban en el portal.'),
      ),
      cambioCorreo: v.optional(
        v.pipe(
          v.object({ antes: v.string(), despues: v.string() }),
          v.description(
            'Presente cuando la fila cambia el correo con que el alumno ingresa al portal (requiere el permiso «alumnos.cambiar-correo»): el anterior y el nuevo.',
          ),
        ),
      ),
    }),
    v.object({
      fila: v.number(),
      codigoInscripcion: v.nullable(v.string()),
      resultado: v.literal('error'),
      errores: v.array(
        v.object({
          columna: v.nullable(v.picklist(COLUMNAS_IMPORTACION)),
          mensaje: v.pipe(v.string(), v.description('Por qué, en español: el mismo mensaje que la importación.')),
        }),
      ),
    }),
  ]),
  v.metadata({ ref: 'ResultadoFila' }),
)

const conteoSchema = v.object({
  'se creará': v.number(),
  'se actualizará': v.number(),
  'sin cambios': v.number(),
  error: v.number(),
})

export const previsualizacionSchema = v.pipe(
  v.object({ resultados: v.array(resultadoFilaSchema), conteo: conteoSchema }),
  v.metadata({ ref: 'Previsualizacion' }),
)

export const cargaSchema = v.pipe(
  v.object({
    importacionId: v.pipe(v.string(), v.description('Identifica esta carga en la auditoría del portal.')),
    resultados: v.array(resultadoFilaSchema),
    conteo: conteoSchema,
    invitados: v.pipe(
      v.number(),
      v.description('Alumnos nuevos: cada uno recibe un correo con un enlace para crear su contraseña.'),
    ),
    correosCambiados: v.pipe(
      v.number(),
      v.description('Alumnos cuyo correo de ingreso cambió: se avisó al correo anterior y se cerraron sus sesiones.'),
    ),
  }),
  v.metadata({ ref: 'Carga' }),
)

// ---------------------------------------------------------------------------------------------
// Tax documents issued by the ERP
// ---------------------------------------------------------------------------------------------

const tipoDte = v.pipe(
  v.picklist([41, 34, 61]),
  v.description('41 boleta exenta, 34 factura exenta, 61 nota de crédito.'),
)

export const documentoRecibidoSchema = v.pipe(
  v.object({
    documento: v.object({
      id: v.string(),
      tipo: tipoDte,
      nombreTipo: v.string(),
      folio: v.nullable(v.number()),
      estado: v.picklist(['pendiente', 'emitido', 'error']),
      fechaEmision: v.nullable(v.string()),
      monto: v.number(),
      pagoId: v.string(),
      reembolsoId: v.nullable(v.string()),
      referencia: v.optional(v.object({ tipo: tipoDte, folio: v.nullable(v.number()) })),
      pdfUrl: v.nullable(v.string()),
      xmlUrl: v.nullable(v.string()),
      error: v.nullable(v.string()),
    }),
    repetido: v.pipe(v.boolean(), v.description('true: este documento ya se había recibido; no se cambió nada.')),
  }),
  v.metadata({ ref: 'DocumentoTributarioRecibido' }),
)

export const pendientesTributariosSchema = v.pipe(
  v.object({
    datos: v.array(
      v.object({
        referencia: v.pipe(v.string(), v.description('La referencia del portal: envíela al entregar el documento.')),
        tipo: tipoDte,
        monto: v.pipe(v.number(), v.description('Pesos, exento de IVA.')),
        descripcion: v.string(),
        creadoEn: v.string(),
        receptor: v.object({
          rut: v.string(),
          razonSocial: v.string(),
          giro: v.nullable(v.string()),
          direccion: v.nullable(v.string()),
          comuna: v.nullable(v.string()),
          ciudad: v.nullable(v.string()),
          email: v.nullable(v.string()),
          documentoExtranjero: v.nullable(v.string()),
        }),
        documentoReferido: v.pipe(
          v.nullable(
            v.object({
              referencia: v.string(),
              tipo: v.number(),
              folio: v.nullable(v.number()),
              fechaEmision: v.nullable(v.string()),
              codigoReferencia: v.nullable(v.number()),
            }),
          ),
          v.description('Para una nota de crédito: el documento que corrige (CodRef 1 anula, 3 corrige el monto).'),
        ),
      }),
    ),
  }),
  v.metadata({ ref: 'DocumentosTributariosPendientes' }),
)

// 'Documentos Personales': which personal documents a student must upload, and what files the portal
// accepts. The screen uses these to refuse a wrong file before uploading it; the server applies
// the same rules again (server/routes/documentos.ts) and has the last word.

/** 'Certificado de Licenciatura o Título'. */
export const DOC_LICENCIATURA = '20'

/** 'Certificado de Trabajo'. */
export const DOC_CERTIFICADO_TRABAJO = '21'

/** The portal section the required-document entries name for these (SeccionPortal__c). */
export const SECCION_DOCUMENTOS_PERSONALES = 'Documentos Personales'

/** Upload fields of a personal document. */
export const ID_INSCRIPCION_PERSONAL = 0
export const ID_GRUPO_PERSONAL = 1

/** Group codes that decide the rule below. */
export const GRUPOS_CON_LICENCIATURA = ['1', '5', '85'] as const
export const GRUPOS_CON_CERTIFICADO_TRABAJO = ['86'] as const

/** Enrolments of these types hide their documents, so they ask for none. */
export const TIPOS_CURSO_SIN_DOCUMENTOS = ['Derivada', 'Primaria'] as const

export type TipoDocumentoPersonal = {
  codDocumento: string
  documento: string
  /** Spanish hint shown under the upload (Info__c). */
  info: string
}

export const TIPOS_DOCUMENTO_PERSONAL: readonly TipoDocumentoPersonal[] = [
  {
    codDocumento: DOC_LICENCIATURA,
    documento: 'Certificado de Licenciatura o Título',
    info: 'Certificado de título profesional o grado de licenciatura. Obligatorio para diplomados, cursos y magíster.',
  },
  {
    codDocumento: DOC_CERTIFICADO_TRABAJO,
    documento: 'Certificado de Trabajo',
    info: 'Certificado laboral vigente emitido por su empleador. Obligatorio para estadías clínicas.',
  },
]

export function esTipoDocumentoPersonal(codigo: string): boolean {
  return TIPOS_DOCUMENTO_PERSONAL.some((t) => t.codDocumento === codigo)
}

export type SolicitudParaDocumentos = { codGrupo: string; tipoCurso: string }

export type DocumentoPersonalRequerido = TipoDocumentoPersonal & { obligatorio: boolean }

/**
 * Both personal documents, each marked required or optional by the student's enrolments (
 * 'optional depending on the program'). The rule:
 * - the licenciatura (or professional title) is required by any enrolment in groups '1' and '5'
 *   (diplomas and courses for professionals) or '85' (magister decree, which needs a degree);
 * - the work certificate is required by any enrolment in group '86' (clinical stays, which are
 *   done at the student's workplace or need proof of practice);
 * - enrolments of type Derivada or Primaria count for nothing: they show no documents at all.
 * A student with no such enrolment may still upload both, as optional.
 */
export function documentosPersonalesRequeridos(
  solicitudes: readonly SolicitudParaDocumentos[],
): DocumentoPersonalRequerido[] {
  const cuentan = solicitudes.filter((s) => !(TIPOS_CURSO_SIN_DOCUMENTOS as readonly string[]).includes(s.tipoCurso))
  const enGrupos = (grupos: readonly string[]) => cuentan.some((s) => grupos.includes(s.codGrupo))
  return TIPOS_DOCUMENTO_PERSONAL.map((tipo) => ({
    ...tipo,
    obligatorio:
      tipo.codDocumento === DOC_LICENCIATURA
        ? enGrupos(GRUPOS_CON_LICENCIATURA)
        : enGrupos(GRUPOS_CON_CERTIFICADO_TRABAJO),
  }))
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

export type TipoArchivo = 'pdf' | 'jpg' | 'png'

/** Accepted files by extension (lower case, no dot) and the content type they are served with. */
export const TIPOS_ARCHIVO_PERMITIDOS: Readonly<Record<string, { tipo: TipoArchivo; contentType: string }>> = {
  pdf: { tipo: 'pdf', contentType: 'application/pdf' },
  jpg: { tipo: 'jpg', contentType: 'image/jpeg' },
  jpeg: { tipo: 'jpg', contentType: 'image/jpeg' },
  png: { tipo: 'png', contentType: 'image/png' },
}

/** The accepted file type of an extension ('jpeg' -> 'jpg'), or null. */
export function tipoPorExtension(extension: string): TipoArchivo | null {
  return Object.hasOwn(TIPOS_ARCHIVO_PERMITIDOS, extension) ? (TIPOS_ARCHIVO_PERMITIDOS[extension]?.tipo ?? null) : null
}

/** For a file input's `accept`. */
export const ACCEPT_ARCHIVOS = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png'

export const CONTENT_TYPE_POR_TIPO: Readonly<Record<TipoArchivo, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
}

/** Default size limit; the server's is UPLOAD_MAX_MB and its document list says which applies. */
export const TAMANO_MAXIMO_MB = 5

export const BYTES_POR_MB = 1024 * 1024

export function mensajeArchivoMuyGrande(maximoMb: number = TAMANO_MAXIMO_MB): string {
  return `El archivo supera el tamaño máximo permitido de ${maximoMb} MB.`
}

export const MENSAJE_ARCHIVO_MUY_GRANDE = mensajeArchivoMuyGrande()

export const MENSAJE_TIPO_ARCHIVO =
  'El archivo debe ser PDF, JPG o PNG, y su contenido debe corresponder a su extensión.'

export const MENSAJE_TIPO_DOCUMENTO = 'El tipo de documento no es válido.'

export const MENSAJE_ARCHIVO_OBLIGATORIO = 'Seleccione el archivo que desea subir.'

/** Each upload carries exactly one document. */
export const MENSAJE_UN_SOLO_ARCHIVO = 'Suba un solo archivo a la vez.'

/** 'Certificado.PDF' -> 'pdf'; '' when the name has no extension. */
export function extensionDe(nombre: string): string {
  const punto = nombre.lastIndexOf('.')
  return punto > 0 && punto < nombre.length - 1 ? nombre.slice(punto + 1).toLowerCase() : ''
}

const FIRMAS: ReadonlyArray<{ tipo: TipoArchivo; bytes: readonly number[] }> = [
  // '%PDF-'
  { tipo: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  // JPEG SOI marker followed by the first segment marker.
  { tipo: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  // PNG signature.
  { tipo: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
]

/** What the file really is, by its first bytes (never by its name or declared type). */
export function detectarTipoArchivo(bytes: Uint8Array): TipoArchivo | null {
  for (const firma of FIRMAS) {
    if (bytes.length >= firma.bytes.length && firma.bytes.every((b, i) => bytes[i] === b)) return firma.tipo
  }
  return null
}

/** The file's type when its content is what its name says (a PDF named .pdf…); null otherwise. */
export function tipoVerificado(bytes: Uint8Array, nombre: string): TipoArchivo | null {
  const tipo = detectarTipoArchivo(bytes)
  return tipo && tipoPorExtension(extensionDe(nombre)) === tipo ? tipo : null
}

/** How many leading bytes `detectarTipoArchivo` needs (a client reads only these of a big file). */
export const BYTES_FIRMA = 8

/**
 * The message refusing a file, or null when it may be uploaded: an allowed extension, content that
 * is what the extension says, and within the size limit. `primerosBytes` needs only BYTES_FIRMA.
 */
export function validarArchivo(
  archivo: { nombre: string; tamanno: number; primerosBytes: Uint8Array },
  maximoMb: number = TAMANO_MAXIMO_MB,
): string | null {
  if (archivo.tamanno > maximoMb * BYTES_POR_MB) return mensajeArchivoMuyGrande(maximoMb)
  const tipo = tipoPorExtension(extensionDe(archivo.nombre))
  if (!tipo || detectarTipoArchivo(archivo.primerosBytes) !== tipo) return MENSAJE_TIPO_ARCHIVO
  return null
}

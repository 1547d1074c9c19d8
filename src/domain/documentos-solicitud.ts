import { muestraDocumentos } from './solicitudes.ts'

// The documents an enrolment asks for ('Documentos de la solicitud'): each program group requires
// its own set; Derivada and Primaria enrolments ask for none. Uploads follow the same file rules
// as personal documents (documentos.ts).

export const SECCION_DOCUMENTOS_SOLICITUD = 'Documentos de la Solicitud'

export type TipoDocumentoSolicitud = { codDocumento: string; documento: string; info: string }

export const TIPOS_DOCUMENTO_SOLICITUD = [
  { codDocumento: '40', documento: 'Certificado de Especialista', info: 'Certificado que acredita su especialidad médica.' },
  { codDocumento: '41', documento: 'Carta de Intención', info: 'Carta en la que explica por qué desea cursar el programa.' },
  {
    codDocumento: '42',
    documento: 'Certificado de Inmunización Hepatitis B',
    info: 'Debe acreditar las tres dosis de la vacuna contra la hepatitis B.',
  },
  { codDocumento: '43', documento: 'Seguro de Salud', info: 'Certificado vigente de su previsión de salud (Fonasa o Isapre).' },
  { codDocumento: '44', documento: 'Certificado RNPI', info: 'Inscripción en el Registro Nacional de Prestadores Individuales de Salud.' },
  { codDocumento: '45', documento: 'Certificado EUNACOM', info: 'Resultado del Examen Único Nacional de Conocimientos de Medicina.' },
  {
    codDocumento: '46',
    documento: 'Seguro de Responsabilidad Civil',
    info: 'Póliza vigente de responsabilidad civil profesional durante el programa.',
  },
  { codDocumento: '47', documento: 'Carta del Postulante', info: 'Carta de presentación dirigida al comité del programa.' },
  { codDocumento: '48', documento: 'Certificado de Notas', info: 'Concentración de notas de sus estudios de pregrado.' },
  { codDocumento: '49', documento: 'Ranking de Egreso', info: 'Certificado de su posición en el ranking de egreso.' },
  { codDocumento: '50', documento: 'Carta de la Fundación', info: 'Carta de la institución o fundación que lo patrocina.' },
  { codDocumento: '51', documento: 'Cartas de Recomendación', info: 'Dos cartas de recomendación en un solo archivo.' },
  {
    codDocumento: '52',
    documento: 'Carta de Seguro de Salud Extranjero',
    info: 'Para estudiantes extranjeros: carta de su seguro de salud con cobertura en Chile.',
  },
] as const satisfies readonly TipoDocumentoSolicitud[]

/** The documents each program group requires. */
const REQUERIDOS_POR_GRUPO: Readonly<Record<string, readonly string[]>> = {
  // Diplomas for professionals.
  '1': ['41', '42', '43', '44'],
  // Courses: the clinical ones need the immunization and the registry.
  '5': ['42', '44'],
  // Magister decree: an academic application.
  '85': ['47', '48', '49', '51'],
  // Clinical stays: specialists working in a hospital.
  '86': ['40', '42', '43', '44', '45', '46'],
}

/** The documents an enrolment requires, in a stable order (none for Derivada and Primaria). */
export function documentosRequeridosDeSolicitud(codGrupo: string, tipoCurso: string): TipoDocumentoSolicitud[] {
  if (!muestraDocumentos(tipoCurso)) return []
  const codigos = REQUERIDOS_POR_GRUPO[codGrupo] ?? []
  return TIPOS_DOCUMENTO_SOLICITUD.filter((t) => codigos.includes(t.codDocumento))
}

export function esDocumentoDeSolicitud(codGrupo: string, tipoCurso: string, codDocumento: string): boolean {
  return documentosRequeridosDeSolicitud(codGrupo, tipoCurso).some((d) => d.codDocumento === codDocumento)
}

/** Enrolment uploads are named 'Pro-' plus the enrolment code, then the student's file name. */
export function nombreArchivoSolicitud(codigoInscripcion: string, nombre: string): string {
  return `Pro-${codigoInscripcion}-${nombre}`
}

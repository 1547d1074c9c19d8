// Demo data: commercial assistants and three students (password `Demo2026`)
// with their enrolments, documents and issued certificates. Each student's person is complete and
// passes the personal form's rules: a Chilean in Santiago, a foreigner with a passport
// living in Santiago, and a Chilean in Concepción. Ids and codes are fixed so the README,
// the tests and later issues can name them.
import type { Insertable } from 'kysely'
import * as v from 'valibot'
import { encuestaSchema, encuestaVacia, type Encuesta } from '../../../src/domain/encuesta.ts'
import { RUT_PLACEHOLDER } from '../../../src/domain/rut.ts'
import type { CondicionesTable, AlumnosTable, AsistentesTable, EmpresasTable, SolicitudesTable } from '../schema.ts'
import { COD_PAIS_CHILE } from '../../../src/domain/persona.ts'
import { TIPOS_DOCUMENTO_SOLICITUD } from '../../../src/domain/documentos-solicitud.ts'
import { ASISTENTE_PORTAL_ID } from './base.ts'

export const DEMO_PASSWORD = 'Demo2026'

export const DEMO_CUENTAS = {
  estudiante: 'estudiante@demo.cl',
  extranjera: 'extranjera@demo.cl',
  sinSolicitudes: 'sinsolicitudes@demo.cl',
} as const

/** A valid certificate code (the README prints it with its validator URL). */
export const DEMO_CERTIFICADO_VALIDO = 'F8R7M74YVSJBP5T4VZSLG3XMPC8V'
export const DEMO_CERTIFICADO_ACLS = 'JVGTYV9DY5ZPQDNZYNA45HPHYP89'

/** The demo's commercial assistants (the portal's own account is seeded on every portal). */
export function asistentesDemo(): Insertable<AsistentesTable>[] {
  return [
    {
      id: 'asistente-herrera',
      nombre: 'Francisca Herrera Méndez',
      telefono: '+56 9 8765 4321',
      email: 'francisca.herrera@postgrado-demo.cl',
    },
    {
      id: 'asistente-munoz',
      nombre: 'Tomás Muñoz Araya',
      telefono: '+56 9 7654 3210',
      email: 'tomas.munoz@postgrado-demo.cl',
    },
  ]
}

const sinDatosPersonales = {
  sexoregistral: null,
  fecha_nac: null,
  telefono_particular: null,
  celular: null,
  nacionalidad: null,
  tipo_residencia: null,
  pais_origen: null,
  direccion: null,
  cod_pais: null,
  cod_region: null,
  cod_comuna: null,
  ciudad: null,
  cod_profesion: null,
  otra_profesion: null,
  universidad: null,
  otrauniversidad: null,
  maxnivelformacion: null,
  otronivelformacion: null,
  tipoinstitucion: null,
  otrotipoinstitucion: null,
  pais_est_secund: null,
}

export function alumnosDemo(passwordHash: string, creado: string): Insertable<AlumnosTable>[] {
  return [
    {
      ...sinDatosPersonales,
      id: 'alumno-estudiante',
      email: DEMO_CUENTAS.estudiante,
      password_hash: passwordHash,
      rut: '16789432-1',
      tipo_documento: null,
      numero_documento: null,
      nombres: 'Camila Andrea',
      apellidos: 'Rojas Soto',
      codigo_alumno: 'AL20180457',
      asistente_id: 'asistente-herrera',
      sexoregistral: 'Femenino',
      fecha_nac: '1989-07-14',
      telefono_particular: '+56 2 2345 6789',
      celular: '+56 9 8123 4567',
      nacionalidad: COD_PAIS_CHILE,
      direccion: 'Av. Providencia 1234, depto. 56',
      cod_pais: COD_PAIS_CHILE,
      cod_region: '13',
      cod_comuna: '13123',
      ciudad: 'Santiago',
      cod_profesion: '1',
      universidad: 'Universidad de Chile',
      maxnivelformacion: 'Universitaria Completa',
      tipoinstitucion: 'Universidad',
      pais_est_secund: COD_PAIS_CHILE,
      creado,
    },
    {
      ...sinDatosPersonales,
      id: 'alumno-extranjera',
      email: DEMO_CUENTAS.extranjera,
      password_hash: passwordHash,
      rut: RUT_PLACEHOLDER,
      tipo_documento: 'PASAPORTE',
      numero_documento: 'AAF482913',
      nombres: 'Valentina',
      apellidos: 'García Pérez',
      codigo_alumno: 'AL20250918',
      asistente_id: 'asistente-herrera',
      sexoregistral: 'Femenino',
      fecha_nac: '1993-02-03',
      telefono_particular: '+56 2 2987 6543',
      celular: '+56 9 6543 2109',
      nacionalidad: '3',
      // 1 = previous residence in the country.
      tipo_residencia: '1',
      pais_origen: '3',
      direccion: 'Av. Apoquindo 4500, depto. 1203',
      cod_pais: COD_PAIS_CHILE,
      cod_region: '13',
      cod_comuna: '13114',
      ciudad: 'Santiago',
      cod_profesion: '1',
      universidad: 'OTRA',
      otrauniversidad: 'Universidad de Buenos Aires',
      maxnivelformacion: 'Universitaria Completa',
      tipoinstitucion: 'Universidad',
      pais_est_secund: '3',
      creado,
    },
    {
      ...sinDatosPersonales,
      id: 'alumno-sinsolicitudes',
      email: DEMO_CUENTAS.sinSolicitudes,
      password_hash: passwordHash,
      rut: '17345218-7',
      tipo_documento: null,
      numero_documento: null,
      nombres: 'Joaquín Ignacio',
      apellidos: 'Fuentes Lagos',
      codigo_alumno: 'AL20260033',
      asistente_id: ASISTENTE_PORTAL_ID,
      sexoregistral: 'Masculino',
      fecha_nac: '1996-11-22',
      telefono_particular: '+56 41 223 4567',
      nacionalidad: COD_PAIS_CHILE,
      direccion: 'Barros Arana 845, depto. 31',
      cod_pais: COD_PAIS_CHILE,
      cod_region: '08',
      cod_comuna: '08101',
      ciudad: 'Concepción',
      cod_profesion: '3',
      universidad: 'Universidad de Concepción',
      maxnivelformacion: 'Universitaria Completa',
      tipoinstitucion: 'Universidad',
      pais_est_secund: COD_PAIS_CHILE,
      creado,
    },
  ]
}

/** What the certificate and the invoice print about each demo program (the fee is the sum of its installments, where it has any). */
export const programasDemo: Record<
  string,
  Pick<SolicitudesTable, 'horas' | 'fecha_termino' | 'arancel' | 'rut_empresa'>
> = {
  'INS-24-20117': { horas: 240, fecha_termino: '2024-12-13', arancel: 1_900_000, rut_empresa: '76543210-3' },
  'INS-24-20388': { horas: 16, fecha_termino: '2024-08-06', arancel: 320_000, rut_empresa: null },
  'INS-25-30021': { horas: 1800, fecha_termino: '2027-01-29', arancel: 6_400_000, rut_empresa: null },
  'INS-25-30145': { horas: 160, fecha_termino: '2025-05-02', arancel: 2_500_000, rut_empresa: null },
  'INS-25-30290': { horas: 200, fecha_termino: '2025-11-28', arancel: 1_140_000, rut_empresa: '96874120-9' },
  'INS-25-30311': { horas: 40, fecha_termino: '2025-06-13', arancel: 450_000, rut_empresa: null },
  'INS-25-30477': { horas: 220, fecha_termino: '2026-01-30', arancel: 1_500_000, rut_empresa: null },
  'INS-25-30502': { horas: 24, fecha_termino: '2025-09-03', arancel: 380_000, rut_empresa: null },
  'INS-26-40033': { horas: 160, fecha_termino: '2026-02-06', arancel: 950_000, rut_empresa: null },
  'INS-26-40018': { horas: 200, fecha_termino: '2026-10-30', arancel: 1_800_000, rut_empresa: null },
  'INS-25-30688': { horas: 220, fecha_termino: '2026-05-29', arancel: 1_260_000, rut_empresa: null },
}

type Solicitud = Insertable<SolicitudesTable>

function solicitud(
  codigo: string,
  fechaInicio: string,
  nombreCurso: string,
  curso: string,
  tipoCurso: string,
  codGrupo: string,
  habilitaTb: boolean,
  codProspecto: string,
  alumnoId = 'alumno-estudiante',
  asistenteId = 'asistente-herrera',
): Solicitud {
  return {
    codigo_inscripcion: codigo,
    alumno_id: alumnoId,
    asistente_id: asistenteId,
    fecha_inicio: fechaInicio,
    anio_curso: Number(fechaInicio.slice(0, 4)),
    nombre_curso: nombreCurso,
    curso,
    tipo_curso: tipoCurso,
    cod_grupo: codGrupo,
    habilita_tb: habilitaTb ? 1 : 0,
    cod_prospecto: codProspecto,
    ...programasDemo[codigo]!,
  }
}

// estudiante@demo.cl: 10 enrolments (two pages of 7), groups 1, 5, 85 and 86, Derivada and Primaria,
// payment enabled and not. The most recent one belongs to another assistant, so the home shows
// inscReciente.Owner (Tomás Muñoz) rather than the student's own (Francisca Herrera).
export const solicitudesDemo: Solicitud[] = [
  solicitud(
    'INS-24-20117',
    '2024-04-08',
    'Diplomado en Medicina Intensiva del Adulto',
    'DMIA',
    'Diplomado',
    '1',
    true,
    'PRO-0081452',
  ),
  solicitud(
    'INS-24-20388',
    '2024-08-05',
    'Curso de Reanimación Cardiopulmonar Avanzada (ACLS)',
    'CRCA',
    'Curso',
    '5',
    true,
    'PRO-0082017',
  ),
  solicitud(
    'INS-25-30021',
    '2025-03-10',
    'Magíster en Salud Pública con mención en Epidemiología Clínica',
    'MSPE',
    'Magíster',
    '85',
    false,
    'PRO-0090233',
  ),
  solicitud(
    'INS-25-30145',
    '2025-04-07',
    'Estadía Clínica en Cardiología Intervencional',
    'ECCI',
    'Estadía Clínica',
    '86',
    true,
    'PRO-0090871',
  ),
  solicitud(
    'INS-25-30290',
    '2025-05-12',
    'Diplomado en Ecografía Clínica en Urgencias',
    'DECU',
    'Diplomado',
    '1',
    true,
    'PRO-0091320',
  ),
  solicitud(
    'INS-25-30311',
    '2025-05-12',
    'Módulo de Ventilación Mecánica Invasiva',
    'MVMI',
    'Derivada',
    '1',
    false,
    'PRO-0091344',
  ),
  solicitud(
    'INS-25-30477',
    '2025-08-04',
    'Diplomado en Geriatría y Gerontología Clínica',
    'DGGC',
    'Primaria',
    '5',
    true,
    'PRO-0092108',
  ),
  solicitud(
    'INS-25-30502',
    '2025-09-01',
    'Curso de Manejo Avanzado de la Vía Aérea',
    'CMVA',
    'Curso',
    '5',
    false,
    'PRO-0092265',
  ),
  solicitud(
    'INS-26-40033',
    '2026-01-12',
    'Estadía Clínica en Medicina Materno Fetal',
    'ECMF',
    'Estadía Clínica',
    '86',
    false,
    'PRO-0100142',
  ),
  solicitud(
    'INS-26-40018',
    '2026-03-09',
    'Diplomado en Cuidados Paliativos y Manejo del Dolor',
    'DCPD',
    'Diplomado',
    '1',
    true,
    'PRO-0100087',
    'alumno-estudiante',
    'asistente-munoz',
  ),
  // extranjera@demo.cl: one group-1 enrolment with no survey yet.
  solicitud(
    'INS-25-30688',
    '2025-10-06',
    'Diplomado en Medicina de Urgencia',
    'DMUR',
    'Diplomado',
    '1',
    true,
    'PRO-0093310',
    'alumno-extranjera',
  ),
]

/** Billing companies: the two that pay for a demo enrolment. */
export const empresasDemo: EmpresasTable[] = [
  {
    rut: '76543210-3',
    id: 'empresa-clinica-andes',
    nombre: 'Clínica Los Andes SpA',
    codigo_empresa: 'EMP-0412',
    giro: 'Prestaciones de salud hospitalarias',
    direccion_facturacion: 'Av. Las Condes 12500',
    comuna: 'Las Condes',
    ciudad: 'Santiago',
    region: 'Región Metropolitana de Santiago',
    pais: 'Chile',
    telefono: '+56 2 2610 8000',
    contacto_nombre: 'Marcela Pizarro Vidal',
    contacto_telefono: '+56 2 2610 8123',
    contacto_email: 'facturacion@clinicalosandes-demo.cl',
  },
  {
    rut: '96874120-9',
    id: 'empresa-red-salud-sur',
    nombre: 'Red de Salud del Sur S.A.',
    codigo_empresa: 'EMP-0977',
    giro: 'Servicios médicos ambulatorios',
    direccion_facturacion: "O'Higgins 940, piso 6",
    comuna: 'Concepción',
    ciudad: 'Concepción',
    region: 'Región del Biobío',
    pais: 'Chile',
    telefono: '+56 41 291 5000',
    contacto_nombre: 'Rodrigo Sáez Muñoz',
    contacto_telefono: '+56 41 291 5044',
    contacto_email: 'pagos@redsaludsur-demo.cl',
  },
]

/**
 * The demo's issued documents, each made and signed by the document service at first start:
 * certificates for the two finished programs (with fixed codes, so the README can print one),
 * the programs' payment receipts, and the regulations signed on the two enrolments whose survey was sent first.
 */
export const documentosEmitidosDemo = {
  certificados: [
    { codigoInscripcion: 'INS-24-20117', fechaEmision: '2025-01-17', codigo: DEMO_CERTIFICADO_VALIDO },
    { codigoInscripcion: 'INS-24-20388', fechaEmision: '2024-10-30', codigo: DEMO_CERTIFICADO_ACLS },
  ],
  comprobantesPrograma: [
    { codigoInscripcion: 'INS-24-20117', fechaEmision: '2024-04-10' },
    { codigoInscripcion: 'INS-24-20388', fechaEmision: '2024-08-01' },
    { codigoInscripcion: 'INS-25-30290', fechaEmision: '2025-05-14' },
  ],
  reglamentos: [
    { codigoInscripcion: 'INS-24-20117', aceptadoEn: '2024-04-02T15:15:00.000Z' },
    { codigoInscripcion: 'INS-25-30290', aceptadoEn: '2025-05-06T12:05:00.000Z' },
  ],
}

/** A complete survey as a demo student answered it (the shared schema's output). */
export function respuestasEncuestaDemo(): Encuesta {
  return v.parse(encuestaSchema, {
    ...encuestaVacia(),
    cursaFuera: 'No',
    identidadGenero: 'Mujer',
    poseeDiscapacidad: 'No',
    pertenecePuebloOrg: 'No',
    haCursadoPrograma: 'Si',
    tipoProgramaCur: 'Curso',
    trabaja_actualmente: 'Si',
    tipo_organizacion: 'Servicio Público',
    trabaja_area: 'Si',
    razon_cursa_1: 'Actualizar conocimientos',
    razon_cursa_2: 'Mejorar mis competencias profesionales',
    razon_eligeuni_1: 'Prestigio de la universidad',
    razon_eligeuni_2: 'Campos clínicos y convenios',
    razon_eligeuni_3: 'Calidad de los docentes',
    como_seentera: 'Recomendación de un cercano',
  })
}

/**
 * Every state of the enrolment list: surveys sent (with the regulations signed on INS-24-20117
 * and INS-25-30290, pending on INS-26-40018), none yet on the other group-1 and group-5 ones
 * (extranjera@demo.cl's included), conditions accepted on one and rejected on another.
 */
export const encuestasEnviadasDemo = [
  { codigo_inscripcion: 'INS-24-20117', alumno_id: 'alumno-estudiante', enviada_en: '2024-04-02T15:10:00.000Z' },
  { codigo_inscripcion: 'INS-24-20388', alumno_id: 'alumno-estudiante', enviada_en: '2024-07-30T21:42:00.000Z' },
  { codigo_inscripcion: 'INS-25-30290', alumno_id: 'alumno-estudiante', enviada_en: '2025-05-06T12:03:00.000Z' },
  { codigo_inscripcion: 'INS-26-40018', alumno_id: 'alumno-estudiante', enviada_en: '2026-03-02T18:25:00.000Z' },
]

export const condicionesDemo: Insertable<CondicionesTable>[] = [
  {
    codigo_inscripcion: 'INS-24-20117',
    alumno_id: 'alumno-estudiante',
    decision: 'aceptadas',
    decidida_en: '2024-04-02T15:12:00.000Z',
  },
  {
    codigo_inscripcion: 'INS-25-30502',
    alumno_id: 'alumno-estudiante',
    decision: 'rechazadas',
    decidida_en: '2025-08-20T13:40:00.000Z',
  },
]

/** A string in a PDF text literal: WinAnsi (Latin-1) bytes as octal escapes, so accents print. */
function literalPdf(texto: string): string {
  return [...texto]
    .map((ch) => {
      const codigo = ch.charCodeAt(0)
      if (ch === '(' || ch === ')' || ch === '\\') return `\\${ch}`
      return codigo < 128 ? ch : `\\${(codigo & 0xff).toString(8).padStart(3, '0')}`
    })
    .join('')
}

/**
 * A real one-page A4 PDF with a few lines of text, so the demo's uploads open in any reader and
 * in the review screen like a student's scan would. Written by hand (a handful of objects and
 * their cross-reference table): every byte is ASCII, so offsets are string lengths.
 */
function pdfDemo(lineas: readonly string[]): Uint8Array {
  const contenido = lineas
    .map((l, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 72 ${770 - i * 28} Td (${literalPdf(l)}) Tj ET`)
    .join('\n')
  const objetos = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${contenido.length} >>\nstream\n${contenido}\nendstream`,
  ]
  let pdf = '%PDF-1.4\n'
  const posiciones: number[] = []
  objetos.forEach((objeto, i) => {
    posiciones.push(pdf.length)
    pdf += `${i + 1} 0 obj\n${objeto}\nendobj\n`
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n`
  pdf += posiciones.map((p) => `${String(p).padStart(10, '0')} 00000 n \n`).join('')
  pdf += `trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(pdf)
}

/** An enrolment document a demo student uploaded, with its PDF. */
function archivoDeSolicitudDemo(d: {
  id: string
  codigo: string
  alumnoId: string
  titular: string
  cod: string
  nombre: string
  clave: string
  subidoEn: string
}) {
  const documento = TIPOS_DOCUMENTO_SOLICITUD.find((t) => t.codDocumento === d.cod)?.documento ?? d.cod
  const bytes = pdfDemo([documento, d.titular, `Solicitud ${d.codigo}`, 'Documento de demostración del portal.'])
  return {
    id: d.id,
    codigo_inscripcion: d.codigo,
    alumno_id: d.alumnoId,
    cod_documento: d.cod,
    nombre_archivo: d.nombre,
    tipo_archivo: 'pdf',
    content_type: 'application/pdf',
    tamanno: bytes.length,
    blob_clave: d.clave,
    subido_en: d.subidoEn,
    bytes,
  }
}

/**
 * INS-26-40018 (group 1) has two of its four required documents uploaded: the intent letter and
 * the hepatitis B immunization.
 */
export function archivosDeSolicitudDemo(subidoEn: string) {
  return [
    { cod: '41', nombre: 'Pro-INS-26-40018-carta-intencion.pdf', clave: '5f1c0e2a9b7d4c3e8a6f1b2c3d4e5f60' },
    { cod: '42', nombre: 'Pro-INS-26-40018-hepatitis-b.pdf', clave: '5f1c0e2a9b7d4c3e8a6f1b2c3d4e5f61' },
  ].map(({ cod, nombre, clave }) =>
    archivoDeSolicitudDemo({
      id: `archivo-40018-${cod}`,
      codigo: 'INS-26-40018',
      alumnoId: 'alumno-estudiante',
      titular: 'Camila Andrea Rojas Soto',
      cod,
      nombre,
      clave,
      subidoEn,
    }),
  )
}

/**
 * extranjera@demo.cl uploaded two of INS-25-30688's documents in the last days, waiting for the
 * school's review: in the queue of admins, coordination and her assistant (Francisca Herrera),
 * not of Tomás Muñoz, who reaches only estudiante@demo.cl.
 */
export function archivosPorRevisarDemo(ahora: Date) {
  const haceDias = (n: number) => new Date(ahora.getTime() - n * 86_400_000).toISOString()
  return [
    { cod: '41', nombre: 'Pro-INS-25-30688-carta-intencion.pdf', clave: '9a3d7c1e5b2f4a6c8e0d1f3b5a7c9e12', dias: 2 },
    { cod: '43', nombre: 'Pro-INS-25-30688-seguro-salud.pdf', clave: '9a3d7c1e5b2f4a6c8e0d1f3b5a7c9e13', dias: 1 },
  ].map(({ cod, nombre, clave, dias }) =>
    archivoDeSolicitudDemo({
      id: `archivo-30688-${cod}`,
      codigo: 'INS-25-30688',
      alumnoId: 'alumno-extranjera',
      titular: 'Valentina García Pérez',
      cod,
      nombre,
      clave,
      subidoEn: haceDias(dias),
    }),
  )
}

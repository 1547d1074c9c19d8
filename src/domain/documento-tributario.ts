import { esRutPlaceholder, formatearRut } from './rut.ts'
import { formatearClp } from './moneda.ts'

// Tax documents (documentos tributarios electrónicos, DTE) of the SII: what the school issues,
// through a certified provider or its ERP, for each approved payment and each refund. The portal
// does not draw its own: it asks for them, keeps them and shows them. Shared by the server (which
// decides the type and builds the request) and the screens (which show type, folio and state).
//
// What applies is the school accountant's call:
// teaching is VAT-exempt (DL 825 art. 13 N°4), so a person who pays gets a boleta exenta (41), a
// company with RUT and giro a factura exenta (34), and a refund a nota de crédito (61) that
// references the original. The table below is that reading, kept as data so it can be changed in
// one place, not spread through the code.

export type TipoDte = 41 | 34 | 61

export type DefinicionTipoDte = {
  codigo: TipoDte
  /** The SII's name of the type, as printed on the document. */
  nombre: string
  /** A short name for lists ('Boleta exenta'). */
  nombreCorto: string
  /** When the portal asks for it. */
  cuando: string
  /** Why this type: the rule it rests on (to be confirmed by the school's accountant). */
  fuente: string
  /** Whether it carries the receiver's giro and address (a factura does; a boleta need not). */
  receptorCompleto: boolean
}

export const TIPOS_DTE: Readonly<Record<TipoDte, DefinicionTipoDte>> = {
  41: {
    codigo: 41,
    nombre: 'Boleta exenta electrónica',
    nombreCorto: 'Boleta exenta',
    cuando: 'Pago de una persona (el alumno paga por sí mismo).',
    fuente:
      'Servicio exento de IVA: DL 825 art. 13 N°4 (enseñanza); boleta electrónica obligatoria, Res. Ex. SII 74/2020.',
    receptorCompleto: false,
  },
  34: {
    codigo: 34,
    nombre: 'Factura no afecta o exenta electrónica',
    nombreCorto: 'Factura exenta',
    cuando: 'Pago de una empresa con RUT y giro (la empresa de la inscripción).',
    fuente: 'Servicio exento de IVA: DL 825 art. 13 N°4 (enseñanza).',
    receptorCompleto: true,
  },
  61: {
    codigo: 61,
    nombre: 'Nota de crédito electrónica',
    nombreCorto: 'Nota de crédito',
    cuando: 'Reembolso de un pago: anula o corrige el documento original.',
    fuente: 'Una boleta o factura solo se anula o corrige con una nota de crédito que la referencia (DL 825 art. 57).',
    receptorCompleto: true,
  },
}

export const TIPOS_DTE_CODIGOS = [41, 34, 61] as const satisfies readonly TipoDte[]

export function esTipoDte(valor: unknown): valor is TipoDte {
  return valor === 41 || valor === 34 || valor === 61
}

export function nombreTipoDte(tipo: TipoDte): string {
  return TIPOS_DTE[tipo].nombre
}

// ---------------------------------------------------------------------------------------------
// Who pays: the type follows the payer
// ---------------------------------------------------------------------------------------------

/** The student paying for themselves: RUT when they have one, else their passport or DNI. */
export type PagadorAlumno = {
  clase: 'alumno'
  nombre: string
  /** Normalised RUT ('12345678-5'); null (or the '0-0' placeholder) for a foreigner without one. */
  rut: string | null
  /** 'PASAPORTE' | 'DNI' and its number when there is no RUT. */
  documento: { tipo: string; numero: string } | null
  direccion: string | null
  comuna: string | null
  email: string | null
}

/** The company the enrolment names (`rut_empresa`), from its record in `empresas`. */
export type PagadorEmpresa = {
  clase: 'empresa'
  rut: string
  razonSocial: string
  giro: string
  direccion: string
  comuna: string
  ciudad: string
  email: string | null
}

export type Pagador = PagadorAlumno | PagadorEmpresa

/**
 * The document a payment gets: a factura exenta (34) when a company with RUT and giro pays, a
 * boleta exenta (41) otherwise (the student, or a company whose record lacks the giro a factura
 * needs: the school should complete the record; the payment is not held back for it).
 */
export function tipoParaPagador(pagador: Pagador): 41 | 34 {
  if (pagador.clase === 'empresa' && pagador.rut.trim() !== '' && pagador.giro.trim() !== '') return 34
  return 41
}

/** Reference codes of a nota de crédito (CodRef): 1 cancels the document, 3 corrects its amount. */
export const CODIGO_REFERENCIA = { anula: 1, corrigeMonto: 3 } as const
export type CodigoReferencia = (typeof CODIGO_REFERENCIA)[keyof typeof CODIGO_REFERENCIA]

export const RAZON_REFERENCIA: Record<CodigoReferencia, string> = {
  1: 'Anula documento de referencia',
  3: 'Corrige monto',
}

/**
 * A refund's nota de crédito: code 1 (cancel) when it gives back the whole amount of the original
 * document, 3 (correct the amount) when it gives back part of it.
 */
export function notaDeCreditoPara(
  original: { tipo: TipoDte; monto: number },
  montoReembolso: number,
): { tipo: 61; codigoReferencia: CodigoReferencia; razon: string } {
  const codigoReferencia = montoReembolso >= original.monto ? CODIGO_REFERENCIA.anula : CODIGO_REFERENCIA.corrigeMonto
  return { tipo: 61, codigoReferencia, razon: RAZON_REFERENCIA[codigoReferencia] }
}

// ---------------------------------------------------------------------------------------------
// 135 UF: above it, a boleta identifies who paid
// ---------------------------------------------------------------------------------------------

/**
 * A boleta over this many UF names the payer (RUT and name) instead of the generic receiver
 * (Res. Ex. SII 44/2025; to be confirmed by the school's accountant).
 */
export const UF_IDENTIFICA_PAGADOR = 135

/** The SII's generic receiver of a boleta to an unidentified person ('consumidor final'). */
export const RUT_RECEPTOR_GENERICO = '66666666-6'

/** Whether a payment of `montoClp` must identify its payer, at `valorUf` pesos per UF. */
export function debeIdentificarPagador(montoClp: number, valorUf: number): boolean {
  if (!Number.isFinite(valorUf) || valorUf <= 0) return true
  return montoClp > UF_IDENTIFICA_PAGADOR * valorUf
}

/** What the document names as its receiver (the DTE's Receptor). */
export type Receptor = {
  rut: string
  razonSocial: string
  giro: string | null
  direccion: string | null
  comuna: string | null
  ciudad: string | null
  email: string | null
  /** A foreigner's passport or DNI, when there is no RUT ('PASAPORTE 12345'). */
  documentoExtranjero: string | null
}

/**
 * The receiver of the document for a payment. A company: always itself, in full. A student: named
 * with their RUT when they have one (they asked for it and it is theirs); without one, the
 * generic receiver with their passport or DNI beside the name. Whether the amount forces the
 * payer's identification is `debeIdentificarPagador`: the student's data is there in both cases.
 */
export function receptorDe(pagador: Pagador): Receptor {
  if (pagador.clase === 'empresa')
    return {
      rut: pagador.rut,
      razonSocial: pagador.razonSocial,
      giro: pagador.giro || null,
      direccion: pagador.direccion || null,
      comuna: pagador.comuna || null,
      ciudad: pagador.ciudad || null,
      email: pagador.email,
      documentoExtranjero: null,
    }
  const tieneRut = pagador.rut !== null && !esRutPlaceholder(pagador.rut)
  return {
    rut: tieneRut ? pagador.rut! : RUT_RECEPTOR_GENERICO,
    razonSocial: pagador.nombre,
    giro: null,
    direccion: pagador.direccion,
    comuna: pagador.comuna,
    ciudad: null,
    email: pagador.email,
    documentoExtranjero:
      !tieneRut && pagador.documento ? `${pagador.documento.tipo} ${pagador.documento.numero}` : null,
  }
}

/** Whether the receiver can be identified at all (a RUT, or a foreign document). */
export function receptorIdentificado(receptor: Receptor): boolean {
  return receptor.rut !== RUT_RECEPTOR_GENERICO || receptor.documentoExtranjero !== null
}

/** How the receiver's id reads on screens: '12.345.678-5' or 'PASAPORTE AB123'. */
export function identificacionReceptor(receptor: Receptor): string {
  if (receptor.rut !== RUT_RECEPTOR_GENERICO) return formatearRut(receptor.rut)
  return receptor.documentoExtranjero ?? 'Sin identificar'
}

// ---------------------------------------------------------------------------------------------
// States and what the API returns
// ---------------------------------------------------------------------------------------------

export const ESTADOS_DOCUMENTO_TRIBUTARIO = ['pendiente', 'emitido', 'error'] as const
export type EstadoDocumentoTributario = (typeof ESTADOS_DOCUMENTO_TRIBUTARIO)[number]

/** How each state reads: 'pendiente' is 'En proceso' for everyone (it is on its way). */
export const ETIQUETA_ESTADO_DOCUMENTO_TRIBUTARIO: Record<EstadoDocumentoTributario, string> = {
  pendiente: 'En proceso',
  emitido: 'Emitido',
  error: 'Error',
}

/**
 * A tax document as the API returns it, to the student (own payments only) and to staff.
 * `pdfUrl`/`xmlUrl` are null until it is issued; `error` is the provider's last message (staff
 * replies only; null for students). `referencia` is the original a nota de crédito references.
 */
export type DocumentoTributarioVista = {
  id: string
  tipo: TipoDte
  nombreTipo: string
  folio: number | null
  estado: EstadoDocumentoTributario
  /** 'yyyy-mm-dd', the document's date as issued. */
  fechaEmision: string | null
  /** CLP. */
  monto: number
  pagoId: string
  reembolsoId: string | null
  referencia?: { tipo: TipoDte; folio: number | null }
  pdfUrl: string | null
  xmlUrl: string | null
  error: string | null
}

/** 'Boleta exenta electrónica N° 123' or '… (en proceso)'. */
export function tituloDocumentoTributario(doc: Pick<DocumentoTributarioVista, 'tipo' | 'folio' | 'estado'>): string {
  const nombre = TIPOS_DTE[doc.tipo].nombre
  if (doc.folio !== null) return `${nombre} N° ${doc.folio}`
  return `${nombre} (${ETIQUETA_ESTADO_DOCUMENTO_TRIBUTARIO[doc.estado].toLowerCase()})`
}

/** Hours a document may stay pending before staff are told (PLAZO_DOCUMENTO_PENDIENTE_HORAS); the SII allows 12. */
export const PLAZO_DOCUMENTO_PENDIENTE_HORAS = 6

export const MENSAJE_DOCUMENTO_TRIBUTARIO_NO_ENCONTRADO = 'Documento tributario no encontrado.'
export const MENSAJE_DOCUMENTO_TRIBUTARIO_NO_EMITIDO =
  'Este documento tributario aún está en proceso: podrá descargarlo cuando se emita.'
export const MENSAJE_DOCUMENTO_TRIBUTARIO_YA_EMITIDO = 'Este documento tributario ya fue emitido.'

// ---------------------------------------------------------------------------------------------
// The school as issuer (the printed form's data is src/domain/impreso-tributario.ts's)
// ---------------------------------------------------------------------------------------------

/** The school as issuer (EMISOR_* configuration): what every printed document heads with. */
export type Emisor = {
  rut: string
  razonSocial: string
  giro: string
  /** The economic activity code (Acteco) the SII lists for the school. */
  acteco: number
  direccion: string
  comuna: string
  ciudad: string
  /** The SII resolution that authorises the school to issue: 'Res. N° 80 de 2014'. */
  resolucion: { numero: number; fecha: string }
}

/** A document in the enrolment list's reply (`GET /api/solicitudes`): the view and its enrolment. */
export type DocumentoTributarioDeSolicitud = DocumentoTributarioVista & { codigoInscripcion: string }

/** Where the student downloads a document's PDF and XML (own documents only). */
export function enlacesDocumentoTributario(id: string): { pdfUrl: string; xmlUrl: string } {
  const base = `/api/documentos-tributarios/${encodeURIComponent(id)}`
  return { pdfUrl: `${base}/pdf`, xmlUrl: `${base}/xml` }
}

/** Where staff download them (`pagos.ver`, audited). */
export function enlacesDocumentoTributarioAdmin(id: string): { pdfUrl: string; xmlUrl: string } {
  const base = `/api/admin/documentos-tributarios/${encodeURIComponent(id)}`
  return { pdfUrl: `${base}/pdf`, xmlUrl: `${base}/xml` }
}

/** The notice of an issued document (kind 'documento-emitido'): it opens the payment's page. */
export function avisoDocumentoTributario(d: {
  tipo: TipoDte
  folio: number
  descripcion: string
  monto: number
  ruta: string
}): { titulo: string; cuerpo: string; ruta: string } {
  const def = TIPOS_DTE[d.tipo]
  return {
    titulo: `${def.nombreCorto} N° ${d.folio} disponible`,
    cuerpo: `Su ${def.nombre.toLowerCase()} N° ${d.folio} (${formatearClp(d.monto)}, ${d.descripcion}) ya está disponible. Descárguela en el detalle del pago.`,
    ruta: d.ruta,
  }
}

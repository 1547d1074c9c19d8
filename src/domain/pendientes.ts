import { fechaCorta } from './solicitudes.ts'
import { formatearClp } from './moneda.ts'
import { sumarDias } from './fechas.ts'
import type { EstadoConcurso } from './concursos.ts'
import type { EstadoCuota } from './pagos.ts'

// 'Pendientes': what a student has to do next, most urgent first, each with its one action. The
// server gathers the student's data and applies these rules (GET /api/alumno/pendientes, and the
// count on each enrolment of the list); the screens only show what comes out, so the home page,
// the tiles and the enrolment cards always agree.

/**
 * A document's review by the school, once the school reviews them. Until then a file carries no
 * review state and counts as delivered; a rejected one counts as still to deliver.
 */
export type RevisionDocumento = 'en-revision' | 'aprobado' | 'rechazado'

/** A document the student must deliver, and the file delivered for it, if any, with its review. */
export type DocumentoExigido = {
  codDocumento: string
  documento: string
  archivo: {
    revision?: RevisionDocumento | null | undefined
    /** Why the school rejected it, as the reviewer wrote it for the student. */
    motivo?: string | null | undefined
  } | null
}

/** Missing, or rejected by the school: either way the student has to upload it (again). */
export function documentoPorEntregar(d: DocumentoExigido): boolean {
  return d.archivo === null || d.archivo.revision === 'rechazado'
}

export type CuotaParaPendientes = { numero: number; monto: number; vencimiento: string; estado: EstadoCuota }

export type SolicitudParaPendientes = {
  codigoInscripcion: string
  nombreCurso: string
  encuesta: 'enviada' | 'pendiente' | 'no-aplica'
  reglamento: 'firmado' | 'pendiente' | 'no-aplica'
  /** The program's certificate was issued: the program is over, nothing of taking it is asked any more. */
  certificadoEmitido: boolean
  /** The documents the enrolment requires (none for Derivada and Primaria). */
  documentos: readonly DocumentoExigido[]
  /** Its installments paid online (none where online payment is not enabled). */
  cuotas: readonly CuotaParaPendientes[]
}

export type PostulacionParaPendientes = {
  concursoId: string
  especialidad: string
  estadoConcurso: EstadoConcurso
  postulacionHasta: string
  pagada: boolean
  documentos: readonly DocumentoExigido[]
}

export type DatosPendientes = {
  /** Chile's date, 'yyyy-mm-dd'. */
  hoy: string
  solicitudes: readonly SolicitudParaPendientes[]
  /** The personal documents the student's programs make required. */
  documentosPersonales: readonly DocumentoExigido[]
  postulaciones: readonly PostulacionParaPendientes[]
}

/** An installment this many days or fewer from its due date is announced before it is overdue. */
export const DIAS_AVISO_CUOTA = 7

/** Where the action of a pending item is done: the home page counts them on its tiles. */
export type SeccionPendiente = 'solicitudes' | 'personal' | 'concursos'

type EnSolicitud = { seccion: 'solicitudes'; codigoInscripcion: string; programa: string }
type EnConcurso = { seccion: 'concursos'; concursoId: string; especialidad: string; hasta: string }
type EnPersonal = { seccion: 'personal' }
/** The documents still missing (never uploaded), by name. */
type PorEntregar = { faltantes: readonly string[] }
/** A document the school rejected: the student replaces it, and reads why. */
type Rechazo = { tipo: 'documento-rechazado'; codDocumento: string; documento: string; motivo: string | null }

export type Pendiente = { clave: string } & (
  | (EnSolicitud & { tipo: 'cuota'; numero: number; monto: number; vencimiento: string; vencida: boolean })
  | (EnSolicitud & { tipo: 'encuesta' })
  | (EnSolicitud & { tipo: 'reglamento'; despuesDeEncuesta: boolean })
  | (Rechazo & (EnSolicitud | EnPersonal | EnConcurso))
  | (EnSolicitud & PorEntregar & { tipo: 'documentos-solicitud' })
  | (EnPersonal & PorEntregar & { tipo: 'documentos-personales' })
  | (EnConcurso & { tipo: 'postulacion-pago' })
  | (EnConcurso & PorEntregar & { tipo: 'postulacion-documentos' })
)
export type TipoPendiente = Pendiente['tipo']

/**
 * The order of urgency, first to last: money already late, money about to be due, a contest's
 * fee (it closes on a fixed day), then a document the school rejected (each its own item, with
 * the reason: the school is waiting for it, so it leads every other document), a contest's
 * documents, what a program asks (the survey, which the regulations wait for, the regulations,
 * the documents) and the personal documents.
 */
const RANGO: Readonly<Record<TipoPendiente | 'cuota-vencida', number>> = {
  'cuota-vencida': 0,
  cuota: 1,
  'postulacion-pago': 2,
  'documento-rechazado': 3,
  'postulacion-documentos': 4,
  encuesta: 5,
  reglamento: 6,
  'documentos-solicitud': 7,
  'documentos-personales': 8,
}

function rango(p: Pendiente): number {
  return p.tipo === 'cuota' && p.vencida ? RANGO['cuota-vencida'] : RANGO[p.tipo]
}

/** Within a kind, the earliest date first (a due date, a contest's last day). */
function fechaDe(p: Pendiente): string {
  if (p.tipo === 'cuota') return p.vencimiento
  if (p.seccion === 'concursos') return p.hasta
  return ''
}

/** The documents never uploaded, as one item's worth; null when none is missing. */
function porEntregar(documentos: readonly DocumentoExigido[]): PorEntregar | null {
  const faltantes = documentos.filter((d) => d.archivo === null).map((d) => d.documento)
  return faltantes.length > 0 ? { faltantes } : null
}

/** Each rejected document as an item of its own, where it is replaced. */
function rechazados(
  documentos: readonly DocumentoExigido[],
  donde: EnSolicitud | EnPersonal | EnConcurso,
  prefijo: string,
): Pendiente[] {
  return documentos
    .filter((d) => d.archivo?.revision === 'rechazado')
    .map((d) => ({
      ...donde,
      clave: `rechazado:${prefijo}/${d.codDocumento}`,
      tipo: 'documento-rechazado' as const,
      codDocumento: d.codDocumento,
      documento: d.documento,
      motivo: d.archivo?.motivo?.trim() || null,
    }))
}

/**
 * What one enrolment asks of the student now. Once its certificate is issued the program is over:
 * only money still owed is asked. An installment counts when overdue or due within
 * `DIAS_AVISO_CUOTA` days; the regulations of groups that need the survey first say so.
 */
export function pendientesDeSolicitud(s: SolicitudParaPendientes, hoy: string): Pendiente[] {
  const base = { seccion: 'solicitudes' as const, codigoInscripcion: s.codigoInscripcion, programa: s.nombreCurso }
  const clave = (tipo: string) => `${tipo}:${s.codigoInscripcion}`
  const items: Pendiente[] = []
  const limiteAviso = sumarDias(hoy, DIAS_AVISO_CUOTA)
  for (const c of s.cuotas) {
    const vencida = c.estado === 'vencida'
    if (!vencida && !(c.estado === 'pendiente' && c.vencimiento <= limiteAviso)) continue
    items.push({
      ...base,
      clave: `${clave('cuota')}/${c.numero}`,
      tipo: 'cuota',
      numero: c.numero,
      monto: c.monto,
      vencimiento: c.vencimiento,
      vencida,
    })
  }
  if (s.certificadoEmitido) return items
  if (s.encuesta === 'pendiente') items.push({ ...base, clave: clave('encuesta'), tipo: 'encuesta' })
  if (s.reglamento === 'pendiente')
    items.push({
      ...base,
      clave: clave('reglamento'),
      tipo: 'reglamento',
      despuesDeEncuesta: s.encuesta === 'pendiente',
    })
  items.push(...rechazados(s.documentos, base, s.codigoInscripcion))
  const documentos = porEntregar(s.documentos)
  if (documentos) items.push({ ...base, ...documentos, clave: clave('documentos'), tipo: 'documentos-solicitud' })
  return items
}

/** An application is worked on only while its contest is open: first its fee, then its documents. */
function pendientesDePostulacion(p: PostulacionParaPendientes): Pendiente[] {
  if (p.estadoConcurso !== 'abierto') return []
  const base = {
    seccion: 'concursos' as const,
    concursoId: p.concursoId,
    especialidad: p.especialidad,
    hasta: p.postulacionHasta,
  }
  if (!p.pagada) return [{ ...base, clave: `postulacion-pago:${p.concursoId}`, tipo: 'postulacion-pago' }]
  const documentos = porEntregar(p.documentos)
  return [
    ...rechazados(p.documentos, base, `concurso-${p.concursoId}`),
    ...(documentos
      ? [
          {
            ...base,
            ...documentos,
            clave: `postulacion-documentos:${p.concursoId}`,
            tipo: 'postulacion-documentos' as const,
          },
        ]
      : []),
  ]
}

/** Everything the student has to do, most urgent first. */
export function calcularPendientes(datos: DatosPendientes): Pendiente[] {
  const items = [
    ...datos.solicitudes.flatMap((s) => pendientesDeSolicitud(s, datos.hoy)),
    ...datos.postulaciones.flatMap(pendientesDePostulacion),
  ]
  const personal = { seccion: 'personal' as const }
  items.push(...rechazados(datos.documentosPersonales, personal, 'personal'))
  const personales = porEntregar(datos.documentosPersonales)
  if (personales)
    items.push({ ...personal, ...personales, clave: 'documentos-personales', tipo: 'documentos-personales' })
  // A stable sort: enrolments keep the list's order (newest first) within a kind and date.
  return items
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rango(a.p) - rango(b.p) || fechaDe(a.p).localeCompare(fechaDe(b.p)) || a.i - b.i)
    .map(({ p }) => p)
}

/** How many pending items each tile of the home page leads to. */
export function conteoPorSeccion(pendientes: readonly Pendiente[]): Record<SeccionPendiente, number> {
  const conteo: Record<SeccionPendiente, number> = { solicitudes: 0, personal: 0, concursos: 0 }
  for (const p of pendientes) conteo[p.seccion] += 1
  return conteo
}

// ---------------------------------------------------------------------------------------------
// In words
// ---------------------------------------------------------------------------------------------

function documentosEnPalabras({ faltantes }: PorEntregar): string {
  return `${faltantes.length === 1 ? 'Falta' : 'Faltan'} ${faltantes.join(', ')}`
}

function cuantosDocumentos({ faltantes }: PorEntregar): string {
  return faltantes.length === 1 ? '1 documento' : `${faltantes.length} documentos`
}

/** The reason of a rejection as a sentence of its own. */
function motivoEnPalabras(motivo: string | null): string {
  if (!motivo) return 'La escuela no indicó el motivo.'
  return `Motivo: ${motivo}${/[.!?…]$/.test(motivo) ? '' : '.'}`
}

/** Where a rejected document belongs, in words. */
function dondeEnPalabras(p: Extract<Pendiente, { tipo: 'documento-rechazado' }>): string {
  switch (p.seccion) {
    case 'solicitudes':
      return `${p.programa} (solicitud ${p.codigoInscripcion}).`
    case 'personal':
      return 'Documento personal, en Información Personal.'
    case 'concursos':
      return `Postulación a ${p.especialidad}. La postulación cierra el ${fechaCorta(p.hasta)}.`
  }
}

/**
 * A pending item as the student reads it: what, the detail, and the name of its one action; a
 * rejected document also says why (`motivo`), on a line of its own.
 */
export type PendienteEnPalabras = { titulo: string; detalle: string; accion: string; motivo?: string }

export function pendienteEnPalabras(p: Pendiente): PendienteEnPalabras {
  switch (p.tipo) {
    case 'cuota':
      return {
        titulo: p.vencida
          ? `Cuota ${p.numero} vencida, ${formatearClp(p.monto)}`
          : `Cuota ${p.numero} vence el ${fechaCorta(p.vencimiento)}, ${formatearClp(p.monto)}`,
        detalle: p.vencida
          ? `${p.programa} (solicitud ${p.codigoInscripcion}). Venció el ${fechaCorta(p.vencimiento)}.`
          : `${p.programa} (solicitud ${p.codigoInscripcion}).`,
        accion: 'Pagar',
      }
    case 'encuesta':
      return {
        titulo: 'Responder la encuesta general',
        detalle: `${p.programa} (solicitud ${p.codigoInscripcion}). El reglamento se acepta después de enviarla.`,
        accion: 'Responder encuesta',
      }
    case 'reglamento':
      return {
        titulo: 'Aceptar el reglamento del programa',
        detalle: p.despuesDeEncuesta
          ? `${p.programa} (solicitud ${p.codigoInscripcion}). Primero debe enviar la encuesta general.`
          : `${p.programa} (solicitud ${p.codigoInscripcion}).`,
        accion: 'Leer y aceptar',
      }
    case 'documento-rechazado':
      return {
        titulo: `Documento rechazado: ${p.documento}`,
        motivo: motivoEnPalabras(p.motivo),
        detalle: dondeEnPalabras(p),
        accion: 'Reemplazar',
      }
    case 'documentos-solicitud':
      return {
        titulo: `Subir ${cuantosDocumentos(p)} de la solicitud`,
        detalle: `${p.programa} (solicitud ${p.codigoInscripcion}). ${documentosEnPalabras(p)}.`,
        accion: 'Subir documentos',
      }
    case 'documentos-personales':
      return {
        titulo: `Subir ${cuantosDocumentos(p)} personales`,
        detalle: `${documentosEnPalabras(p)}.`,
        accion: 'Subir documentos',
      }
    case 'postulacion-pago':
      return {
        titulo: `Pagar el derecho de postulación a ${p.especialidad}`,
        detalle: `La postulación cierra el ${fechaCorta(p.hasta)}.`,
        accion: 'Pagar',
      }
    case 'postulacion-documentos':
      return {
        titulo: `Subir ${cuantosDocumentos(p)} de su postulación a ${p.especialidad}`,
        detalle: `${documentosEnPalabras(p)}. La postulación cierra el ${fechaCorta(p.hasta)}.`,
        accion: 'Subir documentos',
      }
  }
}

/** 'Al día', '1 pendiente', '3 pendientes'. */
export function resumenPendientes(n: number): string {
  if (n === 0) return 'Al día'
  return n === 1 ? '1 pendiente' : `${n} pendientes`
}

// Payments from the school's side: every payment of the students within the staff member's reach,
// filtered and paged; one payment with what the gateway answered, its physical payment record
// and its student; and the reconciliation of a range of days (approved payments and their totals
// per day), on screen and as a spreadsheet. The day of a payment is the day in Chile the gateway
// says it was made (its transaction date), or the day staff recorded it for one made in person.
import { fechaEnChile, inicioDelDiaEnChile, sumarDias } from '../../src/domain/fechas.ts'
import {
  ETIQUETA_CONCEPTO_PAGO,
  ETIQUETA_ESTADO_PAGO,
  ETIQUETA_MEDIO_PAGO,
  TAMANO_PAGINA_PAGOS,
  type ConsultaConciliacion,
  type ConsultaPagos,
  type MedioPago,
} from '../../src/domain/busqueda-pagos.ts'
import { CONCEPTOS_PAGO, TIPO_PAGO, type ConceptoPago, type EstadoPago } from '../../src/domain/pagos.ts'
import { DOC_COMPROBANTE_PAGO } from '../../src/domain/documentos-emitidos.ts'
import { textoParaPlanilla } from '../../src/domain/planilla.ts'
import { documentoDeIdentidad } from '../../src/domain/documento-identidad.ts'
import type { Db } from '../db/connection.ts'
import { celdaFecha, celdaFechaHora, hojaConEncabezado, nuevoLibro } from '../planilla.ts'
import type { Personal } from '../db/schema.ts'
import { alumnosAlAlcance } from '../personal/alcance.ts'

type Alcance = Pick<Personal, 'rol' | 'asistente_id'>

/** The payments of the students this staff member reaches, with their student and enrolment. */
function pagosAlAlcance(db: Db, personal: Alcance) {
  return db
    .selectFrom('pagos')
    .innerJoin('alumnos', 'alumnos.id', 'pagos.alumno_id')
    .leftJoin('solicitudes', 'solicitudes.codigo_inscripcion', 'pagos.codigo_inscripcion')
    .where(alumnosAlAlcance(personal))
}

const medio = (m: string): MedioPago => (m === 'presencial' ? 'presencial' : 'webpay')

/** The list: newest first, TAMANO_PAGINA_PAGOS a page, with the filters' options. */
export async function listarPagos(db: Db, personal: Alcance, consulta: ConsultaPagos) {
  let filtrados = pagosAlAlcance(db, personal)
  if (consulta.estado !== '') filtrados = filtrados.where('pagos.estado', '=', consulta.estado)
  if (consulta.concepto !== '') filtrados = filtrados.where('pagos.concepto', '=', consulta.concepto)
  if (consulta.programa !== '') filtrados = filtrados.where('solicitudes.curso', '=', consulta.programa)
  if (consulta.desde !== '')
    filtrados = filtrados.where('pagos.creado_en', '>=', inicioDelDiaEnChile(consulta.desde).toISOString())
  if (consulta.hasta !== '')
    filtrados = filtrados.where('pagos.creado_en', '<', inicioDelDiaEnChile(sumarDias(consulta.hasta, 1)).toISOString())

  const [total, filas, programas] = await Promise.all([
    filtrados.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    filtrados
      .select([
        'pagos.id',
        'pagos.creado_en',
        'pagos.resuelto_en',
        'pagos.estado',
        'pagos.concepto',
        'pagos.medio',
        'pagos.descripcion',
        'pagos.monto',
        'pagos.orden_compra',
        'pagos.codigo_inscripcion',
        'solicitudes.nombre_curso',
        'alumnos.id as alumno_id',
        'alumnos.nombres',
        'alumnos.apellidos',
      ])
      .orderBy('pagos.creado_en', 'desc')
      .orderBy('pagos.id')
      .limit(TAMANO_PAGINA_PAGOS)
      .offset((consulta.pagina - 1) * TAMANO_PAGINA_PAGOS)
      .execute(),
    db
      .selectFrom('solicitudes')
      .innerJoin('alumnos', 'alumnos.id', 'solicitudes.alumno_id')
      .where(alumnosAlAlcance(personal))
      .select(['solicitudes.curso', 'solicitudes.nombre_curso'])
      .distinct()
      .orderBy('solicitudes.nombre_curso')
      .orderBy('solicitudes.curso')
      .execute(),
  ])
  const n = Number(total.n)
  // A program renamed between enrolments is offered once.
  const porCodigo = new Map(programas.map((p) => [p.curso, p.nombre_curso]))
  return {
    filtros: consulta,
    programas: [...porCodigo].map(([curso, nombre]) => ({ curso, nombre })),
    conceptos: CONCEPTOS_PAGO.map((c) => ({ concepto: c, etiqueta: ETIQUETA_CONCEPTO_PAGO[c] })),
    total: n,
    pagina: consulta.pagina,
    paginas: Math.max(1, Math.ceil(n / TAMANO_PAGINA_PAGOS)),
    pagos: filas.map((f) => ({
      id: f.id,
      creadoEn: f.creado_en,
      resueltoEn: f.resuelto_en,
      estado: f.estado as EstadoPago,
      estadoEnPalabras: ETIQUETA_ESTADO_PAGO[f.estado as EstadoPago] ?? f.estado,
      concepto: f.concepto as ConceptoPago,
      medio: medio(f.medio),
      descripcion: f.descripcion,
      monto: Number(f.monto),
      ordenCompra: f.orden_compra,
      codigoInscripcion: f.codigo_inscripcion,
      programa: f.nombre_curso,
      alumno: { id: f.alumno_id, nombre: `${f.apellidos}, ${f.nombres}` },
    })),
  }
}

/** One payment within reach, with everything the school may need to answer about it. */
export async function detallePago(db: Db, personal: Alcance, id: string) {
  const p = await pagosAlAlcance(db, personal)
    .selectAll('pagos')
    .select([
      'alumnos.nombres',
      'alumnos.apellidos',
      'alumnos.email',
      'alumnos.rut',
      'alumnos.tipo_documento',
      'alumnos.numero_documento',
      'alumnos.codigo_alumno',
      'solicitudes.nombre_curso',
    ])
    .where('pagos.id', '=', id)
    .executeTakeFirst()
  if (!p) return undefined
  const [fisico, registradoPor, comprobante] = await Promise.all([
    db.selectFrom('pagos_fisicos').selectAll().where('pago_id', '=', p.id).executeTakeFirst(),
    p.registrado_por
      ? db.selectFrom('personal').select('nombre').where('id', '=', p.registrado_por).executeTakeFirst()
      : undefined,
    db
      .selectFrom('documentos_emitidos')
      .select(['codigo', 'emitido_en'])
      .where('cod_tipo_documento', '=', DOC_COMPROBANTE_PAGO)
      .where('referencia', '=', p.id)
      .where('revocado_en', 'is', null)
      .executeTakeFirst(),
  ])
  const estado = p.estado as EstadoPago
  return {
    id: p.id,
    estado,
    estadoEnPalabras: ETIQUETA_ESTADO_PAGO[estado] ?? p.estado,
    detalle: p.detalle,
    concepto: p.concepto as ConceptoPago,
    conceptoEnPalabras: ETIQUETA_CONCEPTO_PAGO[p.concepto as ConceptoPago] ?? p.concepto,
    medio: medio(p.medio),
    referencia: p.referencia,
    descripcion: p.descripcion,
    monto: Number(p.monto),
    codigoInscripcion: p.codigo_inscripcion,
    programa: p.nombre_curso,
    creadoEn: p.creado_en,
    retornadoEn: p.retornado_en,
    resueltoEn: p.resuelto_en,
    pasarela: {
      ordenCompra: p.orden_compra,
      token: p.token,
      idSesion: p.id_sesion,
      estado: p.estado_pasarela,
      codigoRespuesta: p.codigo_respuesta === null ? null : Number(p.codigo_respuesta),
      codigoAutorizacion: p.codigo_autorizacion,
      ultimosDigitos: p.ultimos_digitos,
      tipoPago: p.tipo_pago,
      tipoPagoEnPalabras: (p.tipo_pago && TIPO_PAGO[p.tipo_pago]) ?? p.tipo_pago,
      numeroCuotas: p.numero_cuotas === null ? null : Number(p.numero_cuotas),
      fechaContable: p.fecha_contable,
      fechaTransaccion: p.fecha_transaccion,
      vci: p.vci,
    },
    registroFisico: fisico
      ? {
          idPagoFlujo: fisico.id_pago_flujo,
          codPagoFlujo: fisico.cod_pago_flujo,
          codFilaWpay: fisico.cod_fila_wpay,
          appName: fisico.app_name,
          nombreVendedor: fisico.nombre_vendedor,
          mailVendedor: fisico.mail_vendedor,
          registradoEn: fisico.registrado_en,
        }
      : null,
    registradoPor: registradoPor?.nombre ?? null,
    alumno: {
      id: p.alumno_id,
      nombre: `${p.nombres} ${p.apellidos}`,
      email: p.email,
      documento: documentoDeIdentidad(p),
      codigoAlumno: p.codigo_alumno,
    },
    /** Whether a receipt can be downloaded (approved; issued now if it was not yet). */
    comprobante: estado === 'aprobado' ? { emitidoEn: comprobante?.emitido_en ?? null } : null,
  }
}

/** The payment within reach (all its columns), for the receipt. */
export function pagoAlAlcance(db: Db, personal: Alcance, id: string) {
  return pagosAlAlcance(db, personal).selectAll('pagos').where('pagos.id', '=', id).executeTakeFirst()
}

// ---------------------------------------------------------------------------------------------
// Reconciliation
// ---------------------------------------------------------------------------------------------

/** The moment a payment counts for: the gateway's transaction date, or when staff recorded it. */
function momentoDePago(p: { fecha_transaccion: string | null; resuelto_en: string | null; creado_en: string }) {
  const iso = p.fecha_transaccion ?? p.resuelto_en ?? p.creado_en
  const momento = new Date(iso)
  return Number.isNaN(momento.getTime()) ? new Date(p.resuelto_en ?? p.creado_en) : momento
}

/** The approved payments within reach whose day in Chile falls in the range, oldest first. */
async function aprobadosEnRango(db: Db, personal: Alcance, { desde, hasta }: ConsultaConciliacion) {
  // Read by the time they were settled, a day wider on each side: the gateway's transaction time
  // precedes the settlement by minutes, which may cross midnight.
  const filas = await pagosAlAlcance(db, personal)
    .where('pagos.estado', '=', 'aprobado' satisfies EstadoPago)
    .where('pagos.resuelto_en', '>=', inicioDelDiaEnChile(sumarDias(desde, -1)).toISOString())
    .where('pagos.resuelto_en', '<', inicioDelDiaEnChile(sumarDias(hasta, 2)).toISOString())
    .select([
      'pagos.id',
      'pagos.monto',
      'pagos.medio',
      'pagos.concepto',
      'pagos.descripcion',
      'pagos.orden_compra',
      'pagos.codigo_autorizacion',
      'pagos.codigo_inscripcion',
      'pagos.fecha_transaccion',
      'pagos.resuelto_en',
      'pagos.creado_en',
      'alumnos.codigo_alumno',
      'alumnos.nombres',
      'alumnos.apellidos',
      'alumnos.rut',
      'alumnos.tipo_documento',
      'alumnos.numero_documento',
    ])
    .execute()
  return filas
    .map((f) => {
      const momento = momentoDePago(f)
      return { ...f, monto: Number(f.monto), medio: medio(f.medio), momento, dia: fechaEnChile(momento) }
    })
    .filter((f) => f.dia >= desde && f.dia <= hasta)
    .sort((a, b) => a.momento.getTime() - b.momento.getTime() || a.id.localeCompare(b.id))
}

type Suma = { cantidad: number; monto: number }
const vacia = (): Suma => ({ cantidad: 0, monto: 0 })

/** Every day of the range (those without payments too) with its approved payments counted and summed. */
export async function conciliacion(db: Db, personal: Alcance, consulta: ConsultaConciliacion) {
  const pagos = await aprobadosEnRango(db, personal, consulta)
  const dias = new Map<string, { fecha: string; webpay: Suma; presencial: Suma; total: Suma }>()
  for (let d = consulta.desde; d <= consulta.hasta; d = sumarDias(d, 1))
    dias.set(d, { fecha: d, webpay: vacia(), presencial: vacia(), total: vacia() })
  const total = { webpay: vacia(), presencial: vacia(), total: vacia() }
  for (const p of pagos) {
    const dia = dias.get(p.dia)
    if (!dia) continue
    for (const suma of [dia[p.medio], dia.total, total[p.medio], total.total]) {
      suma.cantidad += 1
      suma.monto += p.monto
    }
  }
  return { desde: consulta.desde, hasta: consulta.hasta, dias: [...dias.values()], total, pagos }
}

export function nombrePlanillaConciliacion({ desde, hasta }: ConsultaConciliacion): string {
  return `conciliacion-pagos-${desde}-a-${hasta}.xlsx`
}

/**
 * The reconciliation as a spreadsheet: a sheet of totals per day (dates as dates, counts and
 * amounts as numbers, a last row of totals) and a sheet of every approved payment. Texts go
 * through `textoParaPlanilla`, never a formula.
 */
export async function planillaConciliacion(db: Db, personal: Alcance, consulta: ConsultaConciliacion) {
  const { dias, total, pagos } = await conciliacion(db, personal, consulta)
  const libro = nuevoLibro()
  const CLP = '"$"#,##0'

  const resumen = hojaConEncabezado(libro, 'Totales por día', [
    { header: 'Fecha', width: 12, style: { numFmt: 'dd-mm-yyyy' } },
    { header: 'Pagos en línea', width: 14, style: { numFmt: '0' } },
    { header: 'Monto en línea', width: 16, style: { numFmt: CLP } },
    { header: 'Pagos presenciales', width: 18, style: { numFmt: '0' } },
    { header: 'Monto presencial', width: 16, style: { numFmt: CLP } },
    { header: 'Pagos aprobados', width: 16, style: { numFmt: '0' } },
    { header: 'Monto total', width: 16, style: { numFmt: CLP } },
  ])
  for (const d of dias)
    resumen.addRow([
      celdaFecha(d.fecha),
      d.webpay.cantidad,
      d.webpay.monto,
      d.presencial.cantidad,
      d.presencial.monto,
      d.total.cantidad,
      d.total.monto,
    ])
  const fila = resumen.addRow([
    'Total',
    total.webpay.cantidad,
    total.webpay.monto,
    total.presencial.cantidad,
    total.presencial.monto,
    total.total.cantidad,
    total.total.monto,
  ])
  fila.font = { bold: true }

  const detalle = hojaConEncabezado(libro, 'Pagos aprobados', [
    { header: 'Fecha', width: 12, style: { numFmt: 'dd-mm-yyyy' } },
    { header: 'Fecha y hora', width: 17, style: { numFmt: 'dd-mm-yyyy hh:mm' } },
    { header: 'Medio', width: 18 },
    { header: 'Orden de compra', width: 28 },
    { header: 'Código de autorización', width: 14 },
    { header: 'Concepto', width: 24 },
    { header: 'Descripción', width: 48 },
    { header: 'Solicitud', width: 16 },
    { header: 'Código del alumno', width: 14 },
    { header: 'Alumno', width: 32 },
    { header: 'RUT o documento', width: 18 },
    { header: 'Monto', width: 14, style: { numFmt: CLP } },
  ])
  const texto = (t: string | null) => textoParaPlanilla(t ?? '')
  for (const p of pagos)
    detalle.addRow([
      celdaFecha(p.dia),
      celdaFechaHora(p.momento),
      ETIQUETA_MEDIO_PAGO[p.medio],
      texto(p.orden_compra),
      texto(p.codigo_autorizacion),
      ETIQUETA_CONCEPTO_PAGO[p.concepto as ConceptoPago] ?? texto(p.concepto),
      texto(p.descripcion),
      texto(p.codigo_inscripcion),
      texto(p.codigo_alumno),
      texto(`${p.apellidos}, ${p.nombres}`),
      texto(documentoDeIdentidad(p)),
      p.monto,
    ])
  detalle.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 12 } }

  return { contenido: Buffer.from(await libro.xlsx.writeBuffer()), pagos: pagos.length, total: total.total }
}

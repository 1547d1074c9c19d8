// Payments from the school's side: every payment of the students within the staff member's reach,
// found by student, buy order or authorization code and filtered, paged, each with what it paid,
// what refunds gave back of it and what remains; one payment with what the gateway answered, its
// physical payment record and its student; and the reconciliation of a range of days (the sales
// and refunds of each day, netted per method), on screen and as a spreadsheet. A payment counts on
// the day in Chile the gateway says it was made (its transaction date), or the day staff recorded
// it for one made in person; a refund on the day it was applied (src/domain/conciliacion.ts).
import { esTipoDte, nombreTipoDte, type EstadoDocumentoTributario } from '../../src/domain/documento-tributario.ts'
import type { ExpressionBuilder } from 'kysely'
import { fechaEnChile, inicioDelDiaEnChile, sumarDias } from '../../src/domain/fechas.ts'
import { clavesDeBusqueda, siguientePrefijo } from '../../src/domain/busqueda-alumnos.ts'
import {
  ETIQUETA_CONCEPTO_PAGO,
  ETIQUETA_ESTADO_PAGO,
  ETIQUETA_MEDIO_PAGO,
  TAMANO_PAGINA_PAGOS,
  type ConsultaConciliacion,
  type ConsultaPagos,
  type MedioPago,
} from '../../src/domain/busqueda-pagos.ts'
import {
  conciliar,
  momentoDeMovimiento,
  movimientoEnPalabras,
  montoConSigno,
  documentoDeMovimientoEnPalabras,
  type DocumentoDeMovimiento,
  type TipoMovimiento,
} from '../../src/domain/conciliacion.ts'
import {
  CONCEPTOS_PAGO,
  estadoConReembolsos,
  saldoDePago,
  TIPO_PAGO,
  type ConceptoPago,
  type EstadoPago,
} from '../../src/domain/pagos.ts'
import type { EstadoReembolso } from '../../src/domain/reembolsos.ts'
import { DOC_COMPROBANTE_PAGO } from '../../src/domain/documentos-emitidos.ts'
import { textoParaPlanilla } from '../../src/domain/planilla.ts'
import { documentoDeIdentidad } from '../../src/domain/documento-identidad.ts'
import type { Db } from '../db/connection.ts'
import { celdaFecha, celdaFechaHora, hojaConEncabezado, nuevoLibro } from '../planilla.ts'
import type { Database, Personal } from '../db/schema.ts'
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

type ConPagos = ExpressionBuilder<Database, 'pagos'>

const APLICADO: EstadoReembolso = 'aplicado'

/** What the applied refunds of the row's payment add up to (0 without any), for a select. */
export function reembolsadoDelPago(eb: ConPagos) {
  return eb
    .selectFrom('reembolsos')
    .select((r) => r.fn.coalesce(r.fn.sum<number | string>('reembolsos.monto'), r.lit(0)).as('total'))
    .whereRef('reembolsos.pago_id', '=', 'pagos.id')
    .where('reembolsos.estado', '=', APLICADO)
    .as('reembolsado')
}

/** Whether the row's payment has a refund applied. */
function conReembolso(eb: ConPagos) {
  return eb.exists(
    eb
      .selectFrom('reembolsos')
      .select('reembolsos.id')
      .whereRef('reembolsos.pago_id', '=', 'pagos.id')
      .where('reembolsos.estado', '=', APLICADO),
  )
}

/**
 * The payments a search finds: those of the students it finds (each key beginning one of the
 * student's terms: RUT, words of the name, e-mail, code, passport; src/domain/busqueda-alumnos.ts),
 * and the one whose buy order or authorization code it is, typed whole (each read on an index).
 */
function coincideConBusqueda(q: string) {
  return (eb: ConPagos) => {
    const exacto = q.replace(/\s/g, '')
    const opciones = [
      // The portal's buy orders are upper-case letters and digits.
      eb('pagos.orden_compra', '=', exacto.toUpperCase()),
      eb('pagos.codigo_autorizacion', '=', exacto),
    ]
    const [primera, ...otras] = clavesDeBusqueda(q)
    if (primera) {
      const porClave = (clave: string) =>
        eb
          .selectFrom('alumnos_busqueda')
          .select('alumnos_busqueda.alumno_id as id')
          .where('alumnos_busqueda.termino', '>=', clave)
          .where('alumnos_busqueda.termino', '<', siguientePrefijo(clave))
      const alumnos = otras.reduce((ids, clave) => ids.intersect(porClave(clave)), porClave(primera))
      opciones.push(eb('pagos.alumno_id', 'in', alumnos))
    }
    return eb.or(opciones)
  }
}

/** The condition of a state as the list reads it: an approved payment partly refunded is apart. */
function conEstado(estado: ConsultaPagos['estado']) {
  return (eb: ConPagos) => {
    if (estado === 'reembolsado-en-parte') return eb.and([eb('pagos.estado', '=', 'aprobado'), conReembolso(eb)])
    if (estado === 'aprobado') return eb.and([eb('pagos.estado', '=', 'aprobado'), eb.not(conReembolso(eb))])
    return eb('pagos.estado', '=', estado)
  }
}

const medio = (m: string): MedioPago => (m === 'presencial' ? 'presencial' : 'webpay')

/** A payment's state and money as the school reads them, from its row and its applied refunds. */
function cuentas(p: { estado: string; monto: number | string; reembolsado: number | string | null }) {
  const estadoGuardado = p.estado as EstadoPago
  const monto = Number(p.monto)
  const reembolsado = Number(p.reembolsado ?? 0)
  const estado = estadoConReembolsos(estadoGuardado, monto, reembolsado)
  return {
    estado,
    estadoEnPalabras: ETIQUETA_ESTADO_PAGO[estado] ?? p.estado,
    monto,
    saldo: saldoDePago(estadoGuardado, monto, reembolsado),
  }
}

/** The list: newest first, TAMANO_PAGINA_PAGOS a page, with the filters' options. */
export async function listarPagos(db: Db, personal: Alcance, consulta: ConsultaPagos) {
  let filtrados = pagosAlAlcance(db, personal)
  if (consulta.q !== '') filtrados = filtrados.where(coincideConBusqueda(consulta.q))
  if (consulta.estado !== '') filtrados = filtrados.where(conEstado(consulta.estado))
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
        'pagos.codigo_autorizacion',
        'pagos.codigo_inscripcion',
        'solicitudes.nombre_curso',
        'alumnos.id as alumno_id',
        'alumnos.nombres',
        'alumnos.apellidos',
        'alumnos.rut',
        'alumnos.tipo_documento',
        'alumnos.numero_documento',
        reembolsadoDelPago,
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
      ...cuentas(f),
      concepto: f.concepto as ConceptoPago,
      medio: medio(f.medio),
      descripcion: f.descripcion,
      ordenCompra: f.orden_compra,
      codigoAutorizacion: f.codigo_autorizacion,
      codigoInscripcion: f.codigo_inscripcion,
      programa: f.nombre_curso,
      alumno: { id: f.alumno_id, nombre: `${f.apellidos}, ${f.nombres}`, documento: documentoDeIdentidad(f) },
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
      reembolsadoDelPago,
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
  return {
    id: p.id,
    ...cuentas(p),
    detalle: p.detalle,
    concepto: p.concepto as ConceptoPago,
    conceptoEnPalabras: ETIQUETA_CONCEPTO_PAGO[p.concepto as ConceptoPago] ?? p.concepto,
    medio: medio(p.medio),
    referencia: p.referencia,
    descripcion: p.descripcion,
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
    comprobante: p.estado === 'aprobado' ? { emitidoEn: comprobante?.emitido_en ?? null } : null,
  }
}

/** The payment within reach (all its columns), for the receipt. */
export function pagoAlAlcance(db: Db, personal: Alcance, id: string) {
  return pagosAlAlcance(db, personal).selectAll('pagos').where('pagos.id', '=', id).executeTakeFirst()
}

// ---------------------------------------------------------------------------------------------
// Reconciliation
// ---------------------------------------------------------------------------------------------

/** The states of a payment whose money was taken: its sale is in the gateway's settlement. */
const COBRADOS: EstadoPago[] = ['aprobado', 'reembolsado', 'duplicado']

/** A sale or a refund, with what the screens and the spreadsheet show of it. */
export type Movimiento = {
  tipo: TipoMovimiento
  /** The payment's id for a sale, the refund's for a refund. */
  id: string
  pagoId: string
  medio: MedioPago
  momento: string
  dia: string
  /** Positive; a refund takes it away. */
  monto: number
  ordenCompra: string
  /** The payment's authorization code at the gateway (a refund's too: it names the sale it undoes). */
  codigoAutorizacion: string | null
  /** A nullification's own authorization code. */
  autorizacionReembolso: string | null
  /** How the gateway gave a refund back: 'REVERSED' or 'NULLIFIED'. */
  tipoReembolso: string | null
  concepto: ConceptoPago
  descripcion: string
  codigoInscripcion: string | null
  alumno: { id: string; nombre: string; codigo: string; documento: string }
  /** Its tax document (a sale's boleta or factura, a refund's nota de crédito), or null. */
  documentoTributario: DocumentoDeMovimiento | null
}

const COLUMNAS_ALUMNO = [
  'alumnos.id as alumno_id',
  'alumnos.codigo_alumno',
  'alumnos.nombres',
  'alumnos.apellidos',
  'alumnos.rut',
  'alumnos.tipo_documento',
  'alumnos.numero_documento',
] as const

/** The tax document of each origin ('pago:<id>', 'reembolso:<id>'), read in chunks. */
async function documentosDeOrigenes(db: Db, origenes: string[]): Promise<Map<string, DocumentoDeMovimiento>> {
  const mapa = new Map<string, DocumentoDeMovimiento>()
  for (let i = 0; i < origenes.length; i += 500) {
    const filas = await db
      .selectFrom('documentos_tributarios')
      .select(['origen', 'tipo', 'folio', 'estado'])
      .where('origen', 'in', origenes.slice(i, i + 500))
      .execute()
    for (const f of filas)
      if (esTipoDte(f.tipo))
        mapa.set(f.origen, {
          tipo: f.tipo,
          nombreTipo: nombreTipoDte(f.tipo),
          folio: f.folio,
          estado: f.estado as EstadoDocumentoTributario,
        })
  }
  return mapa
}

/**
 * The sales and refunds within reach whose day in Chile falls in the range, oldest first. Both are
 * read by when the portal settled them, a day wider on each side: the gateway's own time precedes
 * the settlement by minutes, which may cross midnight.
 */
async function movimientosEnRango(db: Db, personal: Alcance, { desde, hasta }: ConsultaConciliacion) {
  const inicio = inicioDelDiaEnChile(sumarDias(desde, -1)).toISOString()
  const fin = inicioDelDiaEnChile(sumarDias(hasta, 2)).toISOString()
  const [pagos, reembolsos] = await Promise.all([
    pagosAlAlcance(db, personal)
      .where('pagos.estado', 'in', COBRADOS)
      .where('pagos.resuelto_en', '>=', inicio)
      .where('pagos.resuelto_en', '<', fin)
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
        ...COLUMNAS_ALUMNO,
      ])
      .execute(),
    db
      .selectFrom('reembolsos')
      .innerJoin('pagos', 'pagos.id', 'reembolsos.pago_id')
      .innerJoin('alumnos', 'alumnos.id', 'pagos.alumno_id')
      .where(alumnosAlAlcance(personal))
      .where('reembolsos.estado', '=', APLICADO)
      .where('reembolsos.resuelto_en', '>=', inicio)
      .where('reembolsos.resuelto_en', '<', fin)
      .select([
        'reembolsos.id',
        'reembolsos.pago_id',
        'reembolsos.monto',
        'reembolsos.tipo',
        'reembolsos.codigo_autorizacion as autorizacion_reembolso',
        'reembolsos.fecha_autorizacion',
        'reembolsos.resuelto_en',
        'pagos.medio',
        'pagos.concepto',
        'pagos.descripcion',
        'pagos.orden_compra',
        'pagos.codigo_autorizacion',
        'pagos.codigo_inscripcion',
        ...COLUMNAS_ALUMNO,
      ])
      .execute(),
  ])
  const alumno = (f: (typeof pagos)[number] | (typeof reembolsos)[number]) => ({
    id: f.alumno_id,
    nombre: `${f.apellidos}, ${f.nombres}`,
    codigo: f.codigo_alumno,
    documento: documentoDeIdentidad(f),
  })
  const documentos = await documentosDeOrigenes(db, [
    ...pagos.map((p) => `pago:${p.id}`),
    ...reembolsos.map((r) => `reembolso:${r.id}`),
  ])
  const movimientos: (Movimiento & { instante: number })[] = []
  const agregar = (m: Omit<Movimiento, 'momento' | 'dia' | 'documentoTributario'>, momento: Date) =>
    movimientos.push({
      ...m,
      documentoTributario: documentos.get(`${m.tipo === 'pago' ? 'pago' : 'reembolso'}:${m.id}`) ?? null,
      momento: momento.toISOString(),
      dia: fechaEnChile(momento),
      instante: momento.getTime(),
    })
  for (const p of pagos)
    agregar(
      {
        tipo: 'pago',
        id: p.id,
        pagoId: p.id,
        medio: medio(p.medio),
        monto: Number(p.monto),
        ordenCompra: p.orden_compra,
        codigoAutorizacion: p.codigo_autorizacion,
        autorizacionReembolso: null,
        tipoReembolso: null,
        concepto: p.concepto as ConceptoPago,
        descripcion: p.descripcion,
        codigoInscripcion: p.codigo_inscripcion,
        alumno: alumno(p),
      },
      momentoDeMovimiento(p.fecha_transaccion, p.resuelto_en ?? p.creado_en),
    )
  for (const r of reembolsos)
    agregar(
      {
        tipo: 'reembolso',
        id: r.id,
        pagoId: r.pago_id,
        medio: medio(r.medio),
        monto: Number(r.monto),
        ordenCompra: r.orden_compra,
        codigoAutorizacion: r.codigo_autorizacion,
        autorizacionReembolso: r.autorizacion_reembolso,
        tipoReembolso: r.tipo,
        concepto: r.concepto as ConceptoPago,
        descripcion: r.descripcion,
        codigoInscripcion: r.codigo_inscripcion,
        alumno: alumno(r),
      },
      // Applied refunds always have resuelto_en.
      momentoDeMovimiento(r.fecha_autorizacion, r.resuelto_en ?? ''),
    )
  return movimientos
    .filter((m) => m.dia >= desde && m.dia <= hasta)
    .sort((a, b) => a.instante - b.instante || a.id.localeCompare(b.id))
    .map(({ instante: _instante, ...m }) => m)
}

/**
 * Every day of the range (those without movements too) with its sales and refunds counted and
 * summed and the net, per method and in all; the range's totals; and the movements themselves.
 */
export async function conciliacion(db: Db, personal: Alcance, consulta: ConsultaConciliacion) {
  const movimientos = await movimientosEnRango(db, personal, consulta)
  const { dias, total } = conciliar(movimientos, consulta.desde, consulta.hasta)
  return { desde: consulta.desde, hasta: consulta.hasta, dias, total, movimientos }
}

export function nombrePlanillaConciliacion({ desde, hasta }: ConsultaConciliacion): string {
  return `conciliacion-pagos-${desde}-a-${hasta}.xlsx`
}

/**
 * The reconciliation as a spreadsheet: a sheet of totals per day (dates as dates, counts and
 * amounts as numbers, refunds negative, the net per method, a last row of totals) and a sheet of
 * every movement, a refund's amount negative so the column adds up to the net. Texts go through
 * `textoParaPlanilla`, never a formula.
 */
export async function planillaConciliacion(db: Db, personal: Alcance, consulta: ConsultaConciliacion) {
  const { dias, total, movimientos } = await conciliacion(db, personal, consulta)
  const libro = nuevoLibro()
  const CLP = '"$"#,##0;-"$"#,##0'
  const cantidad = { numFmt: '0' }
  const pesos = { numFmt: CLP }

  const resumen = hojaConEncabezado(libro, 'Totales por día', [
    { header: 'Fecha', width: 12, style: { numFmt: 'dd-mm-yyyy' } },
    { header: 'Pagos en línea', width: 14, style: cantidad },
    { header: 'Monto en línea', width: 16, style: pesos },
    { header: 'Reembolsos en línea', width: 19, style: cantidad },
    { header: 'Monto reembolsado en línea', width: 25, style: pesos },
    { header: 'Neto en línea', width: 16, style: pesos },
    { header: 'Pagos presenciales', width: 18, style: cantidad },
    { header: 'Monto presencial', width: 16, style: pesos },
    { header: 'Neto presencial', width: 16, style: pesos },
    { header: 'Neto total', width: 16, style: pesos },
  ])
  const fila = (primera: Date | string, d: (typeof dias)[number] | typeof total) => [
    primera,
    d.webpay.pagos.cantidad,
    d.webpay.pagos.monto,
    d.webpay.reembolsos.cantidad,
    -d.webpay.reembolsos.monto,
    d.webpay.neto,
    d.presencial.pagos.cantidad,
    d.presencial.pagos.monto,
    d.presencial.neto,
    d.total.neto,
  ]
  for (const d of dias) resumen.addRow(fila(celdaFecha(d.fecha), d))
  resumen.addRow(fila('Total', total)).font = { bold: true }

  const detalle = hojaConEncabezado(libro, 'Movimientos', [
    { header: 'Fecha', width: 12, style: { numFmt: 'dd-mm-yyyy' } },
    { header: 'Fecha y hora', width: 17, style: { numFmt: 'dd-mm-yyyy hh:mm' } },
    { header: 'Movimiento', width: 34 },
    { header: 'Medio', width: 18 },
    { header: 'Orden de compra', width: 28 },
    { header: 'Código de autorización', width: 14 },
    { header: 'Autorización del reembolso', width: 14 },
    { header: 'Concepto', width: 24 },
    { header: 'Descripción', width: 48 },
    { header: 'Solicitud', width: 16 },
    { header: 'Código del alumno', width: 14 },
    { header: 'Alumno', width: 32 },
    { header: 'RUT o documento', width: 18 },
    { header: 'Monto', width: 14, style: pesos },
    { header: 'Documento tributario', width: 36 },
    { header: 'Folio', width: 10, style: cantidad },
  ])
  const texto = (t: string | null) => textoParaPlanilla(t ?? '')
  for (const m of movimientos)
    detalle.addRow([
      celdaFecha(m.dia),
      celdaFechaHora(m.momento),
      movimientoEnPalabras(m),
      ETIQUETA_MEDIO_PAGO[m.medio],
      texto(m.ordenCompra),
      texto(m.codigoAutorizacion),
      texto(m.autorizacionReembolso),
      ETIQUETA_CONCEPTO_PAGO[m.concepto] ?? texto(m.concepto),
      texto(m.descripcion),
      texto(m.codigoInscripcion),
      texto(m.alumno.codigo),
      texto(m.alumno.nombre),
      texto(m.alumno.documento),
      montoConSigno(m),
      documentoDeMovimientoEnPalabras(m.documentoTributario),
      m.documentoTributario?.folio ?? null,
    ])
  detalle.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 16 } }

  return { contenido: Buffer.from(await libro.xlsx.writeBuffer()), total: total.total }
}

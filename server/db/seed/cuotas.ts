// Demo installments in every state, on enrolments with online payment enabled. Due dates are
// counted from the seed's `ahora` (in Chile's calendar), so an installment seeded as overdue
// is overdue on the day the demo starts and a pending one is still pending. Each paid one has
// its approved payment and physical payment record, as a payment through the gateway leaves them.
import { createHash } from 'node:crypto'
import type { Insertable } from 'kysely'
import { fechaEnChile } from '../../../src/domain/fechas.ts'
import { referenciaCuota } from '../../../src/domain/pagos.ts'
import { urlListaPagos } from '../../../src/domain/urls.ts'
import type { CuotasTable, PagosFisicosTable, PagosTable, PasarelaSandboxTable } from '../schema.ts'
import { asistentesDemo, solicitudesDemo } from './demo.ts'

const DIA_MS = 86_400_000

type CuotaDemo = { numero: number; monto: number; diasHastaVencimiento: number; pagada: boolean }

/** By enrolment: the installments, due `diasHastaVencimiento` days from the seed's day. */
export const PLAN_CUOTAS_DEMO: Record<string, CuotaDemo[]> = {
  // estudiante@demo.cl, the current diploma: one paid, one overdue, two pending.
  'INS-26-40018': [
    { numero: 1, monto: 450_000, diasHastaVencimiento: -60, pagada: true },
    { numero: 2, monto: 450_000, diasHastaVencimiento: -10, pagada: false },
    { numero: 3, monto: 450_000, diasHastaVencimiento: 20, pagada: false },
    { numero: 4, monto: 450_000, diasHastaVencimiento: 50, pagada: false },
  ],
  // Two paid, the last one overdue.
  'INS-25-30290': [
    { numero: 1, monto: 380_000, diasHastaVencimiento: -120, pagada: true },
    { numero: 2, monto: 380_000, diasHastaVencimiento: -90, pagada: true },
    { numero: 3, monto: 380_000, diasHastaVencimiento: -5, pagada: false },
  ],
  // A clinical stay in two large installments: one paid, one pending.
  'INS-25-30145': [
    { numero: 1, monto: 1_250_000, diasHastaVencimiento: -45, pagada: true },
    { numero: 2, monto: 1_250_000, diasHastaVencimiento: 30, pagada: false },
  ],
  // A finished program, fully paid.
  'INS-24-20117': [
    { numero: 1, monto: 950_000, diasHastaVencimiento: -400, pagada: true },
    { numero: 2, monto: 950_000, diasHastaVencimiento: -370, pagada: true },
  ],
  // extranjera@demo.cl: the first overdue, the others pending.
  'INS-25-30688': [
    { numero: 1, monto: 420_000, diasHastaVencimiento: -15, pagada: false },
    { numero: 2, monto: 420_000, diasHastaVencimiento: 15, pagada: false },
    { numero: 3, monto: 420_000, diasHastaVencimiento: 45, pagada: false },
  ],
}

/** A stable 64-character stand-in for the gateway's token of a seeded payment. */
function tokenDemo(referencia: string): string {
  return createHash('sha256').update(`token-demo:${referencia}`).digest('hex')
}

export function cuotasDemo(ahora: Date): {
  cuotas: Insertable<CuotasTable>[]
  pagos: Insertable<PagosTable>[]
  pagosFisicos: Insertable<PagosFisicosTable>[]
  /** The same payments as the sandbox gateway keeps them, so the demo can refund them. */
  transaccionesSandbox: Insertable<PasarelaSandboxTable>[]
} {
  const cuotas: Insertable<CuotasTable>[] = []
  const pagos: Insertable<PagosTable>[] = []
  const pagosFisicos: Insertable<PagosFisicosTable>[] = []
  const transaccionesSandbox: Insertable<PasarelaSandboxTable>[] = []
  const asistentes = asistentesDemo()
  let serie = 0
  for (const [codigo, plan] of Object.entries(PLAN_CUOTAS_DEMO)) {
    const solicitud = solicitudesDemo.find((s) => s.codigo_inscripcion === codigo)
    if (!solicitud || solicitud.habilita_tb !== 1)
      throw new Error(`cuotas de demostración sin pago habilitado: ${codigo}`)
    const vendedor = asistentes.find((a) => a.id === solicitud.asistente_id)
    for (const c of plan) {
      const vence = new Date(ahora.getTime() + c.diasHastaVencimiento * DIA_MS)
      const referencia = referenciaCuota(codigo, c.numero)
      const pagoId = c.pagada ? `pago-demo-${codigo}-${c.numero}` : null
      cuotas.push({
        codigo_inscripcion: codigo,
        numero: c.numero,
        monto: c.monto,
        vencimiento: fechaEnChile(vence),
        pago_id: pagoId,
      })
      if (!pagoId) continue
      // Paid three days before it fell due.
      const pagado = new Date(vence.getTime() - 3 * DIA_MS)
      const ordenCompra = `C${String(++serie).padStart(25, '0')}`
      const token = tokenDemo(referencia)
      pagos.push({
        id: pagoId,
        alumno_id: solicitud.alumno_id,
        concepto: 'cuota',
        referencia,
        monto: c.monto,
        descripcion: `Cuota ${c.numero} de ${plan.length} — ${solicitud.nombre_curso}`,
        codigo_inscripcion: codigo,
        ruta_volver: urlListaPagos(codigo),
        orden_compra: ordenCompra,
        id_sesion: createHash('sha256').update(`sesion-demo:${referencia}`).digest('hex').slice(0, 32),
        token,
        estado: 'aprobado',
        detalle: null,
        codigo_respuesta: 0,
        estado_pasarela: 'AUTHORIZED',
        codigo_autorizacion: String(130_000 + serie * 7_919).slice(0, 6),
        ultimos_digitos: '6623',
        tipo_pago: 'VN',
        numero_cuotas: 0,
        fecha_contable: fechaEnChile(pagado).slice(5).replace('-', ''),
        fecha_transaccion: pagado.toISOString(),
        vci: 'TSY',
        creado_en: new Date(pagado.getTime() - 60_000).toISOString(),
        retornado_en: pagado.toISOString(),
        resuelto_en: pagado.toISOString(),
      })
      transaccionesSandbox.push({
        token,
        orden_compra: ordenCompra,
        id_sesion: createHash('sha256').update(`sesion-demo:${referencia}`).digest('hex').slice(0, 32),
        monto: c.monto,
        url_retorno: '/api/pagos/retorno',
        creada_en: new Date(pagado.getTime() - 60_000).toISOString(),
        resultado_pagador: 'aprobada',
        pagada_en: pagado.toISOString(),
        ultimos_digitos: '6623',
        numero_cuotas: 0,
        codigo_autorizacion: String(130_000 + serie * 7_919).slice(0, 6),
        confirmada_en: pagado.toISOString(),
      })
      pagosFisicos.push({
        pago_id: pagoId,
        id_pago_flujo: pagoId,
        cod_pago_flujo: ordenCompra,
        cod_fila_wpay: token,
        app_name: 'Portal del Estudiante',
        mail_vendedor: vendedor?.email ?? '',
        nombre_vendedor: vendedor?.nombre ?? '',
        registrado_en: pagado.toISOString(),
      })
    }
  }
  return { cuotas, pagos, pagosFisicos, transaccionesSandbox }
}

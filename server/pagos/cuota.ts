// A program installment as a thing to pay: its amount and description come from the database,
// only the student's own enrolments with online payment enabled (habilita_tb) can be paid, and an
// approved payment marks the installment paid, once.
import {
  leerReferenciaCuota,
  MENSAJE_CUOTA_NO_ENCONTRADA,
  MENSAJE_CUOTA_PAGADA,
  MENSAJE_INSCRIPCION_SIN_PAGOS,
} from '../../src/domain/pagos.ts'
import type { Db } from '../db/connection.ts'
import type { Cobro, ConceptoDePago } from './concepto.ts'
import { urlListaPagos } from '../../src/domain/urls.ts'

/**
 * An installment as a charge: its amount, how the payment and the receipt describe it, and
 * whether it is paid already. Undefined when the enrolment has no such installment. The online
 * payment (below) and the one recorded in person (presencial.ts) describe it alike.
 */
export async function cuotaPorPagar(db: Db, codigoInscripcion: string, numero: number, nombreCurso: string) {
  const cuotas = await db
    .selectFrom('cuotas')
    .select(['numero', 'monto', 'pago_id'])
    .where('codigo_inscripcion', '=', codigoInscripcion)
    .execute()
  const cuota = cuotas.find((c) => c.numero === numero)
  if (!cuota) return undefined
  return {
    pagada: cuota.pago_id !== null,
    cobro: {
      monto: cuota.monto,
      descripcion: `Cuota ${cuota.numero} de ${cuotas.length} — ${nombreCurso}`,
      codigoInscripcion,
      rutaVolver: urlListaPagos(codigoInscripcion),
    } satisfies Cobro,
  }
}

export const conceptoCuota: ConceptoDePago = {
  async cobro(db, alumnoId, referencia) {
    const ref = leerReferenciaCuota(referencia)
    if (!ref) return { error: MENSAJE_CUOTA_NO_ENCONTRADA, status: 404 }
    const solicitud = await db
      .selectFrom('solicitudes')
      .select(['nombre_curso', 'habilita_tb'])
      .where('codigo_inscripcion', '=', ref.codigoInscripcion)
      .where('alumno_id', '=', alumnoId)
      .executeTakeFirst()
    if (!solicitud || solicitud.habilita_tb !== 1) return { error: MENSAJE_INSCRIPCION_SIN_PAGOS, status: 404 }
    const cuota = await cuotaPorPagar(db, ref.codigoInscripcion, ref.numero, solicitud.nombre_curso)
    if (!cuota) return { error: MENSAJE_CUOTA_NO_ENCONTRADA, status: 404 }
    if (cuota.pagada) return { error: MENSAJE_CUOTA_PAGADA, status: 409 }
    return cuota.cobro
  },

  async pagadoPorOtro(db, referencia, pagoId) {
    const ref = leerReferenciaCuota(referencia)
    if (!ref) return false
    const cuota = await db
      .selectFrom('cuotas')
      .select('pago_id')
      .where('codigo_inscripcion', '=', ref.codigoInscripcion)
      .where('numero', '=', ref.numero)
      .executeTakeFirst()
    return !!cuota?.pago_id && cuota.pago_id !== pagoId
  },

  async alAprobar(trx, alumnoId, referencia, pagoId) {
    const ref = leerReferenciaCuota(referencia)
    if (!ref) throw new Error(`referencia de cuota inválida: ${referencia}`)
    // Only an unpaid installment of the student's own enrolment. No second payment of it is ever
    // committed (the flow's claim), so the condition on pago_id only guards the record.
    await trx
      .updateTable('cuotas')
      .set({ pago_id: pagoId })
      .where('codigo_inscripcion', '=', ref.codigoInscripcion)
      .where('numero', '=', ref.numero)
      .where('pago_id', 'is', null)
      .where('codigo_inscripcion', 'in', (qb) =>
        qb.selectFrom('solicitudes').select('codigo_inscripcion').where('alumno_id', '=', alumnoId),
      )
      .execute()
  },

  async alReembolsar(trx, referencia, pagoId) {
    const ref = leerReferenciaCuota(referencia)
    if (!ref) return
    await trx
      .updateTable('cuotas')
      .set({ pago_id: null })
      .where('codigo_inscripcion', '=', ref.codigoInscripcion)
      .where('numero', '=', ref.numero)
      .where('pago_id', '=', pagoId)
      .execute()
  },
}

// An enrolment's installments and the state of each on a given day in Chile: what the student's
// payment list shows (/api/pagos/cuotas/:codigo) and the school's page of a student.
import type { Kysely } from 'kysely'
import { estadoCuota } from '../../src/domain/pagos.ts'
import type { Database } from '../db/schema.ts'

/** The installments of each of these enrolments, by number, keyed by enrolment code. */
export async function cuotasDeSolicitudes(db: Kysely<Database>, codigos: readonly string[], hoy: string) {
  const filas =
    codigos.length > 0
      ? await db
          .selectFrom('cuotas')
          .select(['codigo_inscripcion', 'numero', 'monto', 'vencimiento', 'pago_id'])
          .where('codigo_inscripcion', 'in', codigos)
          .orderBy('codigo_inscripcion')
          .orderBy('numero')
          .execute()
      : []
  const porSolicitud = new Map(codigos.map((codigo) => [codigo, [] as ReturnType<typeof cuotaJson>[]]))
  for (const fila of filas) porSolicitud.get(fila.codigo_inscripcion)?.push(cuotaJson(fila, hoy))
  return porSolicitud
}

function cuotaJson(q: { numero: number; monto: number; vencimiento: string; pago_id: string | null }, hoy: string) {
  return {
    numero: q.numero,
    monto: q.monto,
    vencimiento: q.vencimiento,
    estado: estadoCuota({ pagada: q.pago_id !== null, vencimiento: q.vencimiento }, hoy),
    /** The approved payment that paid it: its outcome page and receipt. */
    pagoId: q.pago_id,
  }
}

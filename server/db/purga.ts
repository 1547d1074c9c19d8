// Expired sessions, reset tokens and throttle windows are dead weight: they are refused by their
// expiry anyway, so deleting them only keeps the tables small. Idempotency records are kept 30
// days: far longer than any outbox waits to replay a submission.
import { RETENCION_IDEMPOTENCIA_MS } from '../middleware/idempotencia.ts'
import type { Db } from './connection.ts'

export async function purgarCaducados(db: Db, ahora: Date): Promise<void> {
  const iso = ahora.toISOString()
  await db.deleteFrom('sesiones').where('expira', '<=', iso).execute()
  await db.deleteFrom('tokens_recuperacion').where('expira', '<=', iso).execute()
  await db.deleteFrom('limites').where('expira', '<=', iso).execute()
  await db
    .deleteFrom('idempotencia')
    .where('creado_en', '<=', new Date(ahora.getTime() - RETENCION_IDEMPOTENCIA_MS).toISOString())
    .execute()
}

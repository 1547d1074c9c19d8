// Expired sessions, the students' reset tokens and the staff's invitation and reset links,
// throttle windows and sign-in counts (a count's window runs at least as long as its lock) are
// dead weight: they are refused by their expiry anyway, so
// deleting them only keeps the tables small. Idempotency records are kept 30 days: far longer
// than any outbox waits to replay a submission. Resumable uploads not finished and used within
// 24 hours are deleted with their bytes (given the store they wait in).
import { RETENCION_IDEMPOTENCIA_MS } from '../middleware/idempotencia.ts'
import { purgarSubidas, type AlmacenSubidas } from '../subidas/tus.ts'
import type { Db } from './connection.ts'

export async function purgarCaducados(
  db: Db,
  ahora: Date,
  { subidas }: { subidas?: AlmacenSubidas } = {},
): Promise<void> {
  const iso = ahora.toISOString()
  if (subidas) await purgarSubidas(db, subidas, ahora)
  await db.deleteFrom('sesiones').where('expira', '<=', iso).execute()
  await db.deleteFrom('tokens_recuperacion').where('expira', '<=', iso).execute()
  await db.deleteFrom('tokens_personal').where('expira', '<=', iso).execute()
  await db.deleteFrom('limites').where('expira', '<=', iso).execute()
  await db.deleteFrom('bloqueos_ingreso').where('ventana_hasta', '<=', iso).execute()
  await db
    .deleteFrom('idempotencia')
    .where('creado_en', '<=', new Date(ahora.getTime() - RETENCION_IDEMPOTENCIA_MS).toISOString())
    .execute()
}

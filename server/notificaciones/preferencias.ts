// A student's notice preferences: the channels of each kind and the quiet hours of push. A student
// who never changed them has no row and gets the defaults (every channel on; the configured quiet
// hours, 22:00 to 08:00 in Chile unless the school set others).
import type { Kysely, Transaction } from 'kysely'
import {
  completarCanales,
  type CanalesPorTipo,
  type Preferencias,
  type Silencio,
} from '../../src/domain/notificaciones.ts'
import type { Database } from '../db/schema.ts'

type Bd = Kysely<Database> | Transaction<Database>

export async function preferenciasDe(
  db: Bd,
  alumnoId: string,
  silencioPorDefecto?: Silencio,
): Promise<{ canales: CanalesPorTipo; silencio: Silencio | null }> {
  const fila = await db
    .selectFrom('preferencias_notificacion')
    .select(['canales', 'silencio_desde', 'silencio_hasta'])
    .where('alumno_id', '=', alumnoId)
    .executeTakeFirst()
  if (!fila) return { canales: completarCanales({}), silencio: silencioPorDefecto ?? null }
  return {
    canales: completarCanales(JSON.parse(fila.canales) as Partial<CanalesPorTipo>),
    silencio: { desde: fila.silencio_desde, hasta: fila.silencio_hasta },
  }
}

/** Saves them whole (one upsert: two tabs saving at once leave the last one's). */
export async function guardarPreferencias(db: Bd, alumnoId: string, p: Preferencias, ahora: Date): Promise<void> {
  const valores = {
    canales: JSON.stringify(p.canales),
    silencio_desde: p.silencio.desde,
    silencio_hasta: p.silencio.hasta,
    actualizado_en: ahora.toISOString(),
  }
  await db
    .insertInto('preferencias_notificacion')
    .values({ alumno_id: alumnoId, ...valores })
    .onConflict((oc) => oc.column('alumno_id').doUpdateSet(valores))
    .execute()
}

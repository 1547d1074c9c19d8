// The audit trail: one append-only row per staff action, written in the same transaction as the
// change it records (so there is never a change without its row, nor a row for a change rolled
// back). Who acted is copied as they were (name, role), so renaming an account later does not
// rewrite history; `antes` and `despues` hold only the values that changed. The database refuses
// to update or delete a row (triggers in the migration), and no endpoint tries.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database, Personal } from '../db/schema.ts'

export type EventoAuditoria = {
  /** What was done: 'documento.rechazar', 'sesion.ingreso'… */
  accion: string
  /** The kind of record and its id, when it acted on one. */
  entidad?: string
  entidadId?: string
  /** The student concerned, for their history. */
  alumnoId?: string | null
  antes?: Record<string, unknown> | null
  despues?: Record<string, unknown> | null
}

export type Autor = { personal: Pick<Personal, 'id' | 'nombre' | 'rol'>; ip: string; ahora: Date }

export async function auditar(db: Kysely<Database>, { personal, ip, ahora }: Autor, evento: EventoAuditoria) {
  await db
    .insertInto('auditoria')
    .values({
      id: randomUUID(),
      en: ahora.toISOString(),
      actor_tipo: 'personal',
      actor_id: personal.id,
      actor_nombre: personal.nombre,
      actor_rol: personal.rol,
      accion: evento.accion,
      entidad: evento.entidad ?? null,
      entidad_id: evento.entidadId ?? null,
      alumno_id: evento.alumnoId ?? null,
      antes: evento.antes ? JSON.stringify(evento.antes) : null,
      despues: evento.despues ? JSON.stringify(evento.despues) : null,
      ip,
    })
    .execute()
}

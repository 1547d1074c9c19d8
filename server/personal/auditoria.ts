// The audit trail: one append-only row per staff action (and per call of the integration API,
// whose actor is the API key that made it), written in the same transaction as the
// change it records (so there is never a change without its row, nor a row for a change rolled
// back). Who acted is copied as they were (name, role), so renaming an account later does not
// rewrite history; `antes` and `despues` hold only the values that changed. The database refuses
// to update or delete a row (triggers in the migration), and no endpoint tries.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { AccionAuditada } from '../../src/domain/palabras-auditoria.ts'
import type { Database, Personal } from '../db/schema.ts'

export type EventoAuditoria = {
  /**
   * What was done: 'documento.rechazar', 'sesion.ingreso'… Only the codes the audit dictionary
   * words (src/domain/palabras-auditoria.ts), so the log never shows a code it cannot read.
   */
  accion: AccionAuditada
  /** The kind of record and its id, when it acted on one. */
  entidad?: string
  entidadId?: string
  /** The student concerned, for their history. */
  alumnoId?: string | null
  antes?: Record<string, unknown> | null
  despues?: Record<string, unknown> | null
}

/** Who acts: a staff member, or an integration API key (named as the admin named it). */
export type TipoActorAuditoria = 'personal' | 'integracion'

/** A staff member acting (every staff endpoint's author). */
export type Autor = { personal: Pick<Personal, 'id' | 'nombre' | 'rol'>; ip: string; ahora: Date }
/** An integration API key calling. */
export type AutorClave = { clave: { id: string; nombre: string }; ip: string; ahora: Date }
export type AutorAuditoria = Autor | AutorClave

/** The actor's columns: a key has no role, its kind says what it is. */
function actor(autor: AutorAuditoria) {
  return 'personal' in autor
    ? {
        actor_tipo: 'personal' satisfies TipoActorAuditoria,
        actor_id: autor.personal.id,
        actor_nombre: autor.personal.nombre,
        actor_rol: autor.personal.rol,
      }
    : {
        actor_tipo: 'integracion' satisfies TipoActorAuditoria,
        actor_id: autor.clave.id,
        actor_nombre: autor.clave.nombre,
        actor_rol: null,
      }
}

export async function auditar(db: Kysely<Database>, autor: AutorAuditoria, evento: EventoAuditoria) {
  const { ip, ahora } = autor
  await db
    .insertInto('auditoria')
    .values({
      id: randomUUID(),
      en: ahora.toISOString(),
      ...actor(autor),
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

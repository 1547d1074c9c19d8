// Sign-in locks in the database (the rule: src/domain/bloqueo-ingreso.ts; the table: migration
// 0024). Several servers share one database, so each failure is counted by one upsert that also
// decides the lock: two failures at once are both counted, and only one of them sets the lock.
import type { Kysely } from 'kysely'
import type { ReglaBloqueo } from '../../src/domain/bloqueo-ingreso.ts'
import type { Database } from '../db/schema.ts'

/** What is counted: a staff e-mail, an address trying staff accounts, a student e-mail. */
export type AmbitoBloqueo = 'personal' | 'personal-ip' | 'alumno'

type Db = Kysely<Database>

/** When the lock on `sujeto` ends, or null when none holds now. */
export async function bloqueoVigente(db: Db, ambito: AmbitoBloqueo, sujeto: string, ahora: Date) {
  const fila = await db
    .selectFrom('bloqueos_ingreso')
    .select('bloqueada_hasta')
    .where('ambito', '=', ambito)
    .where('sujeto', '=', sujeto)
    .where('bloqueada_hasta', '>', ahora.toISOString())
    .executeTakeFirst()
  return fila?.bloqueada_hasta ?? null
}

export type Fallo = {
  /** When the lock ends, if one holds after this failure. */
  bloqueadaHasta: string | null
  /** This very failure reached the limit and set the lock (exactly one failure does). */
  bloqueoNuevo: boolean
}

/**
 * Counts one failure of `sujeto`. A window that ended starts again at 1. The failure that reaches
 * the limit while no lock holds sets the lock, stretches the window to the lock's end (so the
 * count starts again once it is over) and leaves the count at exactly the limit: the one reply
 * that reads that count with a lock is the failure that set it, so it alone audits and e-mails.
 */
export async function contarFallo(
  db: Db,
  ambito: AmbitoBloqueo,
  sujeto: string,
  regla: ReglaBloqueo,
  ahora: Date,
): Promise<Fallo> {
  const ahoraIso = ahora.toISOString()
  const finVentana = new Date(ahora.getTime() + regla.ventanaMs).toISOString()
  const finBloqueo = new Date(ahora.getTime() + regla.bloqueoMs).toISOString()
  const primeroBloquea = regla.fallos <= 1
  const fila = await db
    .insertInto('bloqueos_ingreso')
    .values({
      ambito,
      sujeto,
      fallos: 1,
      ventana_hasta: primeroBloquea ? finBloqueo : finVentana,
      bloqueada_hasta: primeroBloquea ? finBloqueo : null,
    })
    .onConflict((oc) =>
      oc.columns(['ambito', 'sujeto']).doUpdateSet((eb) => {
        const vencida = eb('bloqueos_ingreso.ventana_hasta', '<=', ahoraIso)
        const nuevos = () =>
          eb
            .case()
            .when(vencida)
            .then(1)
            .else(eb('bloqueos_ingreso.fallos', '+', 1))
            .end()
        const libre = eb.or([
          eb('bloqueos_ingreso.bloqueada_hasta', 'is', null),
          eb('bloqueos_ingreso.bloqueada_hasta', '<=', ahoraIso),
        ])
        const bloquea = () => eb.and([libre, eb(nuevos(), '>=', regla.fallos)])
        return {
          fallos: eb.case().when(bloquea()).then(regla.fallos).else(nuevos()).end(),
          ventana_hasta: eb
            .case()
            .when(bloquea())
            .then(finBloqueo)
            .when(vencida)
            .then(finVentana)
            .else(eb.ref('bloqueos_ingreso.ventana_hasta'))
            .end(),
          bloqueada_hasta: eb
            .case()
            .when(bloquea())
            .then(finBloqueo)
            .else(eb.ref('bloqueos_ingreso.bloqueada_hasta'))
            .end(),
        }
      }),
    )
    .returning(['fallos', 'bloqueada_hasta'])
    .executeTakeFirstOrThrow()
  const bloqueadaHasta = fila.bloqueada_hasta !== null && fila.bloqueada_hasta > ahoraIso ? fila.bloqueada_hasta : null
  return { bloqueadaHasta, bloqueoNuevo: bloqueadaHasta !== null && Number(fila.fallos) === regla.fallos }
}

/** A sign-in that succeeded whole: its failures are forgotten (a lock in force is not lifted). */
export async function olvidarFallos(db: Db, ambito: AmbitoBloqueo, sujeto: string, ahora: Date): Promise<void> {
  await db
    .deleteFrom('bloqueos_ingreso')
    .where('ambito', '=', ambito)
    .where('sujeto', '=', sujeto)
    .where((eb) => eb.or([eb('bloqueada_hasta', 'is', null), eb('bloqueada_hasta', '<=', ahora.toISOString())]))
    .execute()
}

/** Lifts the lock and forgets the failures (an admin's unlock, a new password from a mailed link). */
export async function levantarBloqueo(db: Db, ambito: AmbitoBloqueo, sujeto: string): Promise<void> {
  await db.deleteFrom('bloqueos_ingreso').where('ambito', '=', ambito).where('sujeto', '=', sujeto).execute()
}

// A student reaches only its own uploads: another student's, or one that expired, is as one that
// does not exist.
import type { Dependencias } from '../contexto.ts'

/** Whether the upload `id` is the student's and still alive. */
export async function esSubidaPropia({ db, clock }: Dependencias, id: string, alumnoId: string): Promise<boolean> {
  const propia = await db
    .selectFrom('subidas')
    .select('id')
    .where('id', '=', id)
    .where('alumno_id', '=', alumnoId)
    .where('expira', '>', clock().toISOString())
    .executeTakeFirst()
  return propia !== undefined
}

/**
 * Cancelled by the student (or its bytes already gone): its row goes with it, so it no longer
 * counts among the uploads under way. A finished upload is refused by tus and stays.
 */
export async function olvidarSubidaCancelada({ db }: Dependencias, id: string): Promise<void> {
  await db.deleteFrom('subidas').where('id', '=', id).where('estado', '=', 'en-curso').execute()
}

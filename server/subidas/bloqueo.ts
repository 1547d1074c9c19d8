// The lock tus takes on an upload while a request writes (PATCH) or reads (HEAD) it, shared by
// every server through the database: @tus/server ships only an in-memory locker, and with several
// servers a client whose connection dropped may resume on another server while the first still
// holds the upload.
//
// One row of `bloqueos_subida` per locked upload, made by an INSERT that the primary key lets only
// one server win (on SQLite shared by several processes and on PostgreSQL alike). It is a lease:
// the holder renews it every RENOVAR_MS, so the lock of a server that died lapses after LEASE_MS
// instead of blocking the upload for ever. A request that finds the lock taken sets `liberar`; the
// holder sees it at its next renewal and calls tus's requestRelease, which ends its (probably
// half-open) PATCH, saves what arrived and unlocks: tus's own protocol for a client that
// reconnects, across servers. (A PostgreSQL advisory lock would hold a pooled connection for the
// whole of a slow upload and says nothing to SQLite: one table serves both engines.)
import { randomBytes } from 'node:crypto'
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils'
import type { Db } from '../db/connection.ts'

export const LEASE_MS = 15_000
const RENOVAR_MS = 1_000
const ESPERA_MS = 50
/** Longest wait for a lock (tus aborts earlier through its signal once the holder drains). */
const ESPERA_MAXIMA_MS = 30_000

const iso = (ms: number) => new Date(ms).toISOString()

export function bloqueoEnBaseDeDatos(db: Db): Locker {
  // Locks held by this process, so a waiter here can ask its holder directly (no renewal wait).
  const locales = new Map<string, RequestRelease>()
  return {
    newLock(id: string): Lock {
      const dueno = randomBytes(12).toString('hex')
      let renovacion: ReturnType<typeof setInterval> | undefined
      let pedido = false

      async function tomar(): Promise<boolean> {
        const ahora = Date.now()
        // A lapsed lease is anyone's: its holder is gone.
        await db.deleteFrom('bloqueos_subida').where('id', '=', id).where('expira', '<=', iso(ahora)).execute()
        const hecho = await db
          .insertInto('bloqueos_subida')
          .values({ id, dueno, expira: iso(ahora + LEASE_MS), liberar: 0 })
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst()
        return Number(hecho.numInsertedOrUpdatedRows ?? 0) === 1
      }

      return {
        async lock(signal, requestRelease) {
          const limite = Date.now() + ESPERA_MAXIMA_MS
          let avisado = false
          while (!(await tomar())) {
            if (signal.aborted || Date.now() > limite) throw ERRORS.ERR_LOCK_TIMEOUT
            if (!avisado) {
              avisado = true
              const local = locales.get(id)
              if (local) await local()
              else await db.updateTable('bloqueos_subida').set({ liberar: 1 }).where('id', '=', id).execute()
            }
            await new Promise((r) => setTimeout(r, ESPERA_MS))
          }
          locales.set(id, requestRelease)
          renovacion = setInterval(() => {
            void (async () => {
              const fila = await db
                .updateTable('bloqueos_subida')
                .set({ expira: iso(Date.now() + LEASE_MS) })
                .where('id', '=', id)
                .where('dueno', '=', dueno)
                .returning('liberar')
                .executeTakeFirst()
              if (fila && Number(fila.liberar) === 1 && !pedido) {
                pedido = true
                await requestRelease()
              }
            })().catch(() => {
              // A failed renewal is retried at the next tick; the lease covers several.
            })
          }, RENOVAR_MS)
          renovacion.unref()
        },
        async unlock() {
          clearInterval(renovacion)
          locales.delete(id)
          await db.deleteFrom('bloqueos_subida').where('id', '=', id).where('dueno', '=', dueno).execute()
        },
      }
    },
  }
}

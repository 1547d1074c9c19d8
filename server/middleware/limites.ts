// Throttling with counters in the database (design: API servers keep no state of their own, so
// every server behind a balancer sees the same counts). Fixed windows: a key counts events until
// its window ends, then starts again.
import type { Context } from 'hono'
import type { Limite } from '../config.ts'
import type { EntornoApp } from '../contexto.ts'
import { rechazar } from '../http/respuesta.ts'
import type { Db } from '../db/connection.ts'

export const MENSAJE_LIMITE = 'Demasiados intentos. Espere unos minutos e intente nuevamente.'

export type Estado = { excedido: boolean; reintentarEnSeg: number }

function estado(conteo: number, expira: string, limite: Limite, ahora: Date): Estado {
  const restanteMs = Date.parse(expira) - ahora.getTime()
  return { excedido: conteo > limite.max, reintentarEnSeg: Math.max(1, Math.ceil(restanteMs / 1000)) }
}

/**
 * Counts one event for `clave` and says whether it went over the limit. One statement: several
 * servers counting the same key at once each add their event (a read followed by a write would
 * let two of them read the same count and lose one).
 */
export async function contar(db: Db, clave: string, limite: Limite, ahora: Date): Promise<Estado> {
  const ahoraIso = ahora.toISOString()
  const expira = new Date(ahora.getTime() + limite.ventanaMs).toISOString()
  const fila = await db
    .insertInto('limites')
    .values({ clave, conteo: 1, expira })
    .onConflict((oc) =>
      oc.column('clave').doUpdateSet((eb) => {
        // A window that has ended starts again with this event.
        const vencida = eb('limites.expira', '<=', ahoraIso)
        return {
          conteo: eb
            .case()
            .when(vencida)
            .then(1)
            .else(eb('limites.conteo', '+', 1))
            .end(),
          expira: eb.case().when(vencida).then(eb.ref('excluded.expira')).else(eb.ref('limites.expira')).end(),
        }
      }),
    )
    .returning(['conteo', 'expira'])
    .executeTakeFirstOrThrow()
  return estado(fila.conteo, fila.expira, limite, ahora)
}

/** Whether `clave` has already used up its limit, without counting an event. */
export async function agotado(db: Db, clave: string, limite: Limite, ahora: Date): Promise<Estado> {
  const fila = await db.selectFrom('limites').select(['conteo', 'expira']).where('clave', '=', clave).executeTakeFirst()
  if (!fila || fila.expira <= ahora.toISOString()) return { excedido: false, reintentarEnSeg: 0 }
  return { ...estado(fila.conteo, fila.expira, limite, ahora), excedido: fila.conteo >= limite.max }
}

export async function reiniciar(db: Db, clave: string): Promise<void> {
  await db.deleteFrom('limites').where('clave', '=', clave).execute()
}

/** 429 with Retry-After; `extra` adds the fields of endpoints that reply { status, message }. */
export function respuestaLimite<E extends EntornoApp>(
  c: Context<E>,
  e: Estado,
  extra: Record<string, string | number> = {},
) {
  c.header('Retry-After', String(e.reintentarEnSeg))
  if (Object.keys(extra).length === 0) return rechazar(c, 429, MENSAJE_LIMITE)
  // The older shapes ({ status, message }, { status, msg }) carry their own fields in their 429 too.
  return c.json({ error: MENSAJE_LIMITE, ...extra }, 429)
}

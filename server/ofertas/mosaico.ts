// The students' home tile 'Ofertas Laborales': the school turns it on or off on /admin/ofertas,
// which stores it in `ajustes`; until it does, OFERTAS_LABORALES_VISIBLES (the server's config)
// is the default. Read from the database on every request, never kept in a server's memory, so
// every server answers the new value as soon as it is saved.
import type { Kysely } from 'kysely'
import type { Config } from '../config.ts'
import type { Database } from '../db/schema.ts'

export const CLAVE_MOSAICO_OFERTAS = 'ofertas.mosaico-visible'

export type MosaicoOfertas = {
  visible: boolean
  /** 'escuela': set on the school's screen; 'entorno': the environment's default. */
  origen: 'escuela' | 'entorno'
  cambiadoEn: string | null
}

export async function mosaicoOfertas(db: Kysely<Database>, config: Pick<Config, 'ofertasLaboralesVisibles'>) {
  const fila = await db
    .selectFrom('ajustes')
    .select(['valor', 'cambiado_en'])
    .where('clave', '=', CLAVE_MOSAICO_OFERTAS)
    .executeTakeFirst()
  const mosaico: MosaicoOfertas = fila
    ? { visible: fila.valor === '1', origen: 'escuela', cambiadoEn: fila.cambiado_en }
    : { visible: config.ofertasLaboralesVisibles, origen: 'entorno', cambiadoEn: null }
  return mosaico
}

/** Stores the school's choice (the first time, or over the previous one). */
export async function guardarMosaicoOfertas(db: Kysely<Database>, visible: boolean, ahora: Date) {
  const valor = visible ? '1' : '0'
  const cambiado_en = ahora.toISOString()
  await db
    .insertInto('ajustes')
    .values({ clave: CLAVE_MOSAICO_OFERTAS, valor, cambiado_en })
    .onConflict((oc) => oc.column('clave').doUpdateSet({ valor, cambiado_en }))
    .execute()
}

// The personal form's reference data (getPaises, getProfesiones, getUniversidades, getRegiones,
// getComunas, getCiudades), each in the school's order. Read by routes/lookups.ts.
import type { Db } from '../db/connection.ts'

export function paises(db: Db) {
  return db.selectFrom('paises').select(['cod_pais as codPais', 'pais', 'nacionalidad']).orderBy('orden').execute()
}

export function profesiones(db: Db) {
  return db.selectFrom('profesiones').select(['cod_profesion as codProfesion', 'profesion']).orderBy('orden').execute()
}

export function universidades(db: Db) {
  return db.selectFrom('universidades').select(['universidad']).orderBy('orden').execute()
}

export function regiones(db: Db) {
  return db.selectFrom('regiones').select(['cod_region as codRegion', 'region']).orderBy('orden').execute()
}

/** The region's communes; undefined when no region has that code. */
export async function comunasDeRegion(db: Db, region: string) {
  const existe = await db
    .selectFrom('regiones')
    .select('cod_region')
    .where('cod_region', '=', region)
    .executeTakeFirst()
  if (!existe) return undefined
  return db
    .selectFrom('comunas')
    .select(['cod_comuna as codComuna', 'comuna'])
    .where('cod_region', '=', region)
    .orderBy('orden')
    .execute()
}

/** Each commune's city, by commune code. */
export async function ciudadPorComuna(db: Db): Promise<Record<string, string>> {
  const filas = await db.selectFrom('comunas').select(['cod_comuna', 'ciudad']).orderBy('orden').execute()
  return Object.fromEntries(filas.map((f) => [f.cod_comuna, f.ciudad]))
}

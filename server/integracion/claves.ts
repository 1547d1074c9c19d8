// The integration API's keys: created by an admin with a name and scopes, shown once, kept only
// as their SHA-256 (as session tokens are), revoked for good. Each change is one transaction with
// its audit row. A request's key is found by its hash among the keys not revoked; its last use is
// written at most once a minute, so a busy CRM does not write on every call.
import { randomUUID } from 'node:crypto'
import {
  esAlcanceIntegracion,
  LARGO_PREFIJO_VISIBLE,
  MENSAJE_CLAVE_NO_ENCONTRADA,
  MENSAJE_CLAVE_YA_REVOCADA,
  PREFIJO_CLAVE,
  type AlcanceIntegracion,
} from '../../src/domain/integracion.ts'
import type { Db } from '../db/connection.ts'
import type { ClaveIntegracion } from '../db/schema.ts'
import { auditar, type Autor } from '../personal/auditoria.ts'
import { hashearToken, nuevoToken } from '../seguridad/tokens.ts'

/** A key as the API's handlers know it once its request is authenticated. */
export type ClaveAutenticada = { id: string; nombre: string; alcances: AlcanceIntegracion[] }

const ULTIMO_USO_CADA_MS = 60_000

function alcancesDe(fila: Pick<ClaveIntegracion, 'alcances'>): AlcanceIntegracion[] {
  const valor: unknown = JSON.parse(fila.alcances)
  return Array.isArray(valor)
    ? valor.filter((a): a is AlcanceIntegracion => typeof a === 'string' && esAlcanceIntegracion(a))
    : []
}

/** A key as the list shows it: never its hash. */
function vista(fila: ClaveIntegracion, nombres: Map<string, string>) {
  return {
    id: fila.id,
    nombre: fila.nombre,
    prefijo: fila.prefijo,
    alcances: alcancesDe(fila),
    creadaEn: fila.creada_en,
    creadaPor: nombres.get(fila.creada_por) ?? null,
    revocadaEn: fila.revocada_en,
    revocadaPor: fila.revocada_por ? (nombres.get(fila.revocada_por) ?? null) : null,
    ultimoUsoEn: fila.ultimo_uso_en,
  }
}
export type VistaClave = ReturnType<typeof vista>

async function nombresDelPersonal(db: Db): Promise<Map<string, string>> {
  const filas = await db.selectFrom('personal').select(['id', 'nombre']).execute()
  return new Map(filas.map((f) => [f.id, f.nombre]))
}

/** Every key, those in use first, newest first. */
export async function listarClaves(db: Db) {
  const [filas, nombres] = await Promise.all([
    db.selectFrom('claves_integracion').selectAll().orderBy('creada_en', 'desc').orderBy('id', 'desc').execute(),
    nombresDelPersonal(db),
  ])
  const claves = filas.map((f) => vista(f, nombres))
  return { claves: [...claves.filter((c) => !c.revocadaEn), ...claves.filter((c) => c.revocadaEn)] }
}

/** A new key: the reply carries the key itself, the only time it is ever seen. */
export async function crearClave(
  db: Db,
  autor: Autor,
  { nombre, alcances }: { nombre: string; alcances: AlcanceIntegracion[] },
) {
  const token = `${PREFIJO_CLAVE}${nuevoToken()}`
  const fila: ClaveIntegracion = {
    id: randomUUID(),
    nombre,
    token_hash: hashearToken(token),
    prefijo: token.slice(0, LARGO_PREFIJO_VISIBLE),
    alcances: JSON.stringify(alcances),
    creada_en: autor.ahora.toISOString(),
    creada_por: autor.personal.id,
    revocada_en: null,
    revocada_por: null,
    ultimo_uso_en: null,
  }
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('claves_integracion').values(fila).execute()
    await auditar(trx, autor, {
      accion: 'integracion.crear-clave',
      entidad: 'clave-integracion',
      entidadId: fila.id,
      despues: { nombre, alcances, prefijo: fila.prefijo },
    })
  })
  return { clave: vista(fila, await nombresDelPersonal(db)), token }
}

export type ResultadoRevocar = { clave: VistaClave } | { rechazo: { status: 404 | 409; error: string } }

/**
 * Revoked at once and for good: one conditional update, so of two admins revoking together one
 * does it (and writes the audit row) and the other is told it already was.
 */
export async function revocarClave(db: Db, autor: Autor, id: string): Promise<ResultadoRevocar> {
  const ahora = autor.ahora.toISOString()
  const revocada = await db.transaction().execute(async (trx) => {
    const fila = await trx
      .updateTable('claves_integracion')
      .set({ revocada_en: ahora, revocada_por: autor.personal.id })
      .where('id', '=', id)
      .where('revocada_en', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (!fila) return null
    await auditar(trx, autor, {
      accion: 'integracion.revocar-clave',
      entidad: 'clave-integracion',
      entidadId: id,
      antes: { revocadaEn: null },
      despues: { revocadaEn: ahora },
    })
    return fila
  })
  if (revocada) return { clave: vista(revocada, await nombresDelPersonal(db)) }
  const existe = await db.selectFrom('claves_integracion').select('id').where('id', '=', id).executeTakeFirst()
  return existe
    ? { rechazo: { status: 409, error: MENSAJE_CLAVE_YA_REVOCADA } }
    : { rechazo: { status: 404, error: MENSAJE_CLAVE_NO_ENCONTRADA } }
}

/** The key a request presents, if it exists and is not revoked; its last use noted. */
export async function autenticarClave(db: Db, token: string, ahora: Date): Promise<ClaveAutenticada | null> {
  if (!token.startsWith(PREFIJO_CLAVE)) return null
  const fila = await db
    .selectFrom('claves_integracion')
    .selectAll()
    .where('token_hash', '=', hashearToken(token))
    .where('revocada_en', 'is', null)
    .executeTakeFirst()
  if (!fila) return null
  const umbral = new Date(ahora.getTime() - ULTIMO_USO_CADA_MS).toISOString()
  if (!fila.ultimo_uso_en || fila.ultimo_uso_en < umbral)
    await db
      .updateTable('claves_integracion')
      .set({ ultimo_uso_en: ahora.toISOString() })
      .where('id', '=', fila.id)
      .execute()
  return { id: fila.id, nombre: fila.nombre, alcances: alcancesDe(fila) }
}

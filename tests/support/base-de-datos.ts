// The database under test. The 'server' project runs on SQLite (the file under each server's
// DATA_DIR); the 'server-pg' project runs the same tests on PostgreSQL, where every DATA_DIR gets
// a fresh database of its own on the server that postgres-global.ts started, so test files stay
// isolated and can run in parallel. A DATA_DIR reused by a restarted server keeps its database.
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import type { OpcionesBaseDeDatos } from '../../server/db/connection.ts'

/** Set by the global setups: the template's DATA_DIR on each engine (its database too on PostgreSQL). */
export const VARIABLE_PLANTILLA = { sqlite: 'PORTAL_TEST_PLANTILLA', postgres: 'PORTAL_TEST_PG_PLANTILLA' } as const

export type Motor = 'sqlite' | 'postgres'

/** Set by the 'server-pg' project's configuration. */
export function motorDePrueba(): Motor {
  return process.env.PORTAL_TEST_MOTOR === 'postgres' ? 'postgres' : 'sqlite'
}

const basesPorDataDir = new Map<string, string>()

function conBase(url: string, base: string): string {
  const u = new URL(url)
  u.pathname = `/${base}`
  return u.toString()
}

function urlAdministracion(): string {
  const url = process.env.PORTAL_TEST_PG_URL
  if (!url)
    throw new Error('Falta PORTAL_TEST_PG_URL: las pruebas en PostgreSQL se corren con vitest --project server-pg')
  return url
}

async function conCliente<T>(url: string, usar: (cliente: pg.Client) => Promise<T>): Promise<T> {
  const cliente = new pg.Client({
    connectionString: url,
    types: {
      getTypeParser: (oid: number, f?: 'text' | 'binary') => (oid === 20 ? Number : pg.types.getTypeParser(oid, f)),
    },
  })
  await cliente.connect()
  try {
    return await usar(cliente)
  } finally {
    await cliente.end()
  }
}

function prefijoDeLaCorrida(): string {
  return process.env.PORTAL_TEST_PG_PREFIJO ?? 'portal_prueba'
}

/** The name of the run's seeded template database (postgres-global.ts creates it). */
export function basePlantillaPg(): string {
  return `${prefijoDeLaCorrida()}_plantilla`
}

/** Creates a database of this run for `dataDir` (a copy of `plantilla`, or empty) and returns its URL. */
async function crearBase(dataDir: string, plantilla?: string): Promise<string> {
  const base = `${prefijoDeLaCorrida()}_${randomBytes(6).toString('hex')}`
  const desde = plantilla ? ` template "${plantilla}"` : ''
  await conCliente(urlAdministracion(), (admin) => admin.query(`create database "${base}"${desde}`))
  const url = conBase(urlAdministracion(), base)
  basesPorDataDir.set(dataDir, url)
  return url
}

/** The DATABASE_URL for the server on `dataDir`: null on SQLite; on PostgreSQL its own database, created on first use. */
export async function urlDeBaseDePrueba(dataDir: string): Promise<string | null> {
  if (motorDePrueba() === 'sqlite') return null
  return basesPorDataDir.get(dataDir) ?? crearBase(dataDir)
}

/**
 * Fills the new `dataDir` with a copy of this run's seeded template (plantilla.ts): its files and,
 * on PostgreSQL, a database made from the template's. Returns the DATABASE_URL as
 * urlDeBaseDePrueba does, or undefined when the run has no template (a script, a single file run
 * outside the projects' global setups): the server then seeds its own.
 */
export async function copiarPlantilla(dataDir: string): Promise<{ databaseUrl: string | null } | undefined> {
  const motor = motorDePrueba()
  const carpeta = process.env[VARIABLE_PLANTILLA[motor]]
  if (!carpeta) return undefined
  cpSync(carpeta, dataDir, { recursive: true })
  return { databaseUrl: motor === 'sqlite' ? null : await crearBase(dataDir, basePlantillaPg()) }
}

/** How to open the database of `dataDir` in-process (for tests that drive code without a server). */
export async function opcionesDeBaseDePrueba(dataDir: string): Promise<OpcionesBaseDeDatos> {
  return { dataDir, databaseUrl: await urlDeBaseDePrueba(dataDir), databasePoolMax: 4 }
}

/** Drops the PostgreSQL database of `dataDir`, if it has one. */
export async function borrarBaseDePrueba(dataDir: string): Promise<void> {
  const url = basesPorDataDir.get(dataDir)
  if (!url) return
  basesPorDataDir.delete(dataDir)
  const base = new URL(url).pathname.slice(1)
  await conCliente(urlAdministracion(), (admin) => admin.query(`drop database if exists "${base}" with (force)`))
}

/**
 * Runs SQL on the database of the server on `dataDir` (it may be running), with `?` placeholders
 * on either engine. Counts come back as numbers on both.
 */
export async function consultarDb<T = Record<string, unknown>>(
  dataDir: string,
  sql: string,
  ...parametros: unknown[]
): Promise<T[]> {
  const url = basesPorDataDir.get(dataDir)
  if (url) {
    let n = 0
    const texto = sql.replace(/\?/g, () => `$${++n}`)
    return conCliente(url, async (cliente) => (await cliente.query(texto, parametros)).rows as T[])
  }
  const db = new Database(join(dataDir, 'portal.sqlite'))
  try {
    const sentencia = db.prepare(sql)
    if (!sentencia.reader) {
      sentencia.run(...parametros)
      return []
    }
    return sentencia.all(...parametros) as T[]
  } finally {
    db.close()
  }
}

/**
 * A new DATA_DIR for portal processes a test starts itself (proceso.ts), with a copy of the run's
 * seeded template when there is one, and the DATABASE_URL they share (null on SQLite). Processes
 * must then be started with the template's seed settings: the test signing certificate
 * (SIGNING_P12), DATOS_DEMO and the default service account.
 */
export async function carpetaConPlantilla(prefijo: string): Promise<{ carpeta: string; databaseUrl: string | null }> {
  const carpeta = mkdtempSync(join(tmpdir(), prefijo))
  const copia = await copiarPlantilla(carpeta)
  return { carpeta, databaseUrl: copia ? copia.databaseUrl : await urlDeBaseDePrueba(carpeta) }
}

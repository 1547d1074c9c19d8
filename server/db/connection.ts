// The database, reached through Kysely: the SQLite file under DATA_DIR by
// default, PostgreSQL when DATABASE_URL is set. The same queries and migrations run on both.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import {
  DEFAULT_MIGRATION_TABLE as NOMBRE_TABLA_MIGRACIONES,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  sql,
  SqliteDialect,
  type SqliteDatabase,
} from 'kysely'
import pg from 'pg'
import { proveedorMigraciones } from './migrations/index.ts'
import type { Database } from './schema.ts'

export type Db = Kysely<Database>

/** Each PostgreSQL database's pool, for the metrics' gauges of its connections (server/metricas/). */
const pools = new WeakMap<Db, pg.Pool>()

/** The pg pool behind `db`; undefined on SQLite. */
export function poolPgDe(db: Db): pg.Pool | undefined {
  return pools.get(db)
}

export type OpcionesBaseDeDatos = {
  dataDir: string
  /** `postgres://…`; null: SQLite under dataDir. */
  databaseUrl: string | null
  /** Most connections open at once to PostgreSQL. */
  databasePoolMax: number
  /** Where a PostgreSQL connection that fails while idle is reported. */
  log?: (linea: string) => void
}

const INT8 = 20

export function abrirBaseDeDatos({
  dataDir,
  databaseUrl,
  databasePoolMax,
  log = console.error,
}: OpcionesBaseDeDatos): Db {
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: databasePoolMax,
      // A database that does not answer fails the request (and the health check) instead of
      // leaving it waiting for ever.
      connectionTimeoutMillis: 10_000,
      // count(*) is a bigint, which pg hands over as a string; our counts are far below 2^53 and
      // SQLite gives numbers, so both engines answer with the same type.
      types: {
        getTypeParser: (oid: number, formato?: 'text' | 'binary') =>
          oid === INT8 ? Number : pg.types.getTypeParser(oid, formato),
      },
    })
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool opens a new one for the next query.
    pool.on('error', (err) => log(`conexión a PostgreSQL perdida: ${err.message}`))
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    pools.set(db, pool)
    return db
  }
  mkdirSync(dataDir, { recursive: true })
  const sqlite = new SQLite(join(dataDir, 'portal.sqlite'))
  // WAL lets readers run while a write is in progress; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: conSentenciasEnCache(sqlite) }) })
}

/** Enough for every query the portal's code writes; a query built with a varying shape takes turns. */
export const MAXIMO_SENTENCIAS_EN_CACHE = 500

/**
 * The SQLite file as Kysely's driver sees it, with its prepared statements kept. The driver asks
 * for `prepare(sql)` on every query it runs, and better-sqlite3 compiles the SQL again each time:
 * on the hot path that compiling cost about as much as running the queries. Statements are kept
 * by their SQL text (values are bound separately, so one statement serves every student), the
 * least recently used dropped past `maximo`. SQLite recompiles a kept statement by itself when the
 * schema changes under it. A statement still being iterated (a streamed query) is busy and cannot
 * run a second time meanwhile: that query gets a statement of its own.
 */
export function conSentenciasEnCache(
  sqlite: SQLite.Database,
  maximo = MAXIMO_SENTENCIAS_EN_CACHE,
): SqliteDatabase & { readonly enCache: number } {
  const sentencias = new Map<string, SQLite.Statement>()
  return {
    get enCache() {
      return sentencias.size
    },
    close: () => sqlite.close(),
    prepare(texto) {
      const guardada = sentencias.get(texto)
      if (guardada) {
        // Map keeps insertion order: moved to the end, it is the most recently used.
        sentencias.delete(texto)
        sentencias.set(texto, guardada)
        return guardada.busy ? sqlite.prepare(texto) : guardada
      }
      const nueva = sqlite.prepare(texto)
      sentencias.set(texto, nueva)
      if (sentencias.size > maximo) sentencias.delete(sentencias.keys().next().value as string)
      return nueva
    },
  }
}

/**
 * The error a write gets when it would break a unique index or key: what a conditional claim that
 * lost to another one looks like on either engine.
 */
export function esViolacionDeUnicidad(err: unknown): boolean {
  const codigo = (err as { code?: unknown } | null)?.code
  return codigo === '23505' || codigo === 'SQLITE_CONSTRAINT_UNIQUE'
}

export function esPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** Any number, the same for every portal server: it names the start-up lock on PostgreSQL. */
const BLOQUEO_ARRANQUE = 7_265_001

/**
 * Runs `preparar` (migrations, seeds) while holding a lock shared by every portal server on the
 * same PostgreSQL, so servers started together migrate and seed once: the next one waits, then
 * finds the work done. On SQLite one process owns the file and nothing needs locking.
 */
export async function conBloqueoDeArranque<T>(db: Db, preparar: (db: Db) => Promise<T>): Promise<T> {
  if (!esPostgres(db)) return preparar(db)
  return db.connection().execute(async (conexion) => {
    await sql`select pg_advisory_lock(${BLOQUEO_ARRANQUE})`.execute(conexion)
    try {
      return await preparar(conexion)
    } finally {
      await sql`select pg_advisory_unlock(${BLOQUEO_ARRANQUE})`.execute(conexion)
    }
  })
}

export async function migrar(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: proveedorMigraciones })
  const { error, results } = await migrator.migrateToLatest()
  const fallida = results?.find((r) => r.status === 'Error')
  if (error || fallida) {
    throw new Error(`No se pudo migrar la base de datos${fallida ? ` (${fallida.migrationName})` : ''}`, {
      cause: error,
    })
  }
}

/**
 * How many of this code's migrations the database has not applied: the health check's answer to
 * "is this database ready for this server". A plain read, cheap enough for every probe.
 */
export async function migracionesPendientes(db: Db): Promise<number> {
  const conocidas = Object.keys(await proveedorMigraciones.getMigrations())
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(NOMBRE_TABLA_MIGRACIONES)}`.execute(db)
  const aplicadas = new Set(rows.map((r) => r.name))
  return conocidas.filter((nombre) => !aplicadas.has(nombre)).length
}

// The SQLite database under DATA_DIR, reached through Kysely (design: 'Database').
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect } from 'kysely'
import { proveedorMigraciones } from './migrations/index.ts'
import type { Database } from './schema.ts'

export type Db = Kysely<Database>

export function abrirBaseDeDatos(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true })
  const sqlite = new SQLite(join(dataDir, 'portal.sqlite'))
  // WAL lets readers run while a write is in progress; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
}

export async function migrar(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: proveedorMigraciones })
  const { error, results } = await migrator.migrateToLatest()
  const fallida = results?.find((r) => r.status === 'Error')
  if (error || fallida) {
    throw new Error(`No se pudo migrar la base de datos${fallida ? ` (${fallida.migrationName})` : ''}`, { cause: error })
  }
}

// schema.ts (the types every query is checked against) is written by hand beside the migrations:
// this test reads its tables and columns and compares them with the database the migrations
// build, on SQLite and on PostgreSQL, so a migration without its types (or types without their
// migration) fails here instead of in production. schema.ts keeps a plain shape for it: each
// table an object type (`{ columna: tipo }`, or `Comun & { … }` for columns several tables
// share), listed by name in `Database`. (TypeScript 7 has no stable API to ask the compiler.)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { borrarBaseDePrueba, opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import { abrirBaseDeDatos, esPostgres, migrar, type Db } from './db/connection.ts'
import { tablasDelEsquema, type Columnas } from '../tests/support/esquema.ts'

let dataDir: string
let db: Db

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-esquema-'))
  db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(dataDir))
  await migrar(db)
})

afterAll(async () => {
  await db?.destroy()
  await borrarBaseDePrueba(dataDir)
  rmSync(dataDir, { recursive: true, force: true })
})

test('schema.ts lists exactly the tables and columns the migrations build, nullable where they are', async () => {
  const esquema = tablasDelEsquema()
  const migradas: Record<string, Columnas> = {}
  for (const tabla of await db.introspection.getTables()) {
    // SQLite lets a primary key other than an INTEGER one hold null unless it says NOT NULL; no
    // row of ours ever has one, and PostgreSQL refuses it: such a key counts as not null.
    const claves = esPostgres(db)
      ? []
      : (
          await sql<{ name: string }>`select name from pragma_table_info(${tabla.name}) where pk > 0`.execute(db)
        ).rows.map((r) => r.name)
    migradas[tabla.name] = Object.fromEntries(
      tabla.columns.map((c) => [c.name, { nula: c.isNullable && !claves.includes(c.name) }]),
    )
  }
  expect(Object.keys(esquema).length).toBeGreaterThan(30)
  expect(migradas).toEqual(esquema)
})

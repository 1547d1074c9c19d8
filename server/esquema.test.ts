// schema.ts (the types every query is checked against) is written by hand beside the migrations:
// this test reads its tables and columns and compares them with the database the migrations
// build, on SQLite and on PostgreSQL, so a migration without its types (or types without their
// migration) fails here instead of in production. schema.ts keeps a plain shape for it: each
// table an object type (`{ columna: tipo }`, or `Comun & { … }` for columns several tables
// share), listed by name in `Database`. (TypeScript 7 has no stable API to ask the compiler.)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { borrarBaseDePrueba, opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import { abrirBaseDeDatos, esPostgres, migrar, type Db } from './db/connection.ts'

type Columnas = Record<string, { nula: boolean }>

/** The `key: type` entries at the first level of an object type's body (between its braces). */
function entradas(cuerpo: string): [string, string][] {
  const partes: string[] = []
  let profundidad = 0
  let actual = ''
  for (const ch of cuerpo) {
    if ('{<(['.includes(ch)) profundidad++
    if ('}>)]'.includes(ch)) profundidad--
    if (profundidad === 0 && (ch === ';' || ch === '\n')) {
      partes.push(actual)
      actual = ''
    } else actual += ch
  }
  partes.push(actual)
  return partes
    .map((p) => /^\s*(\w+)\??\s*:\s*([\s\S]+?)\s*$/.exec(p))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1] as string, m[2] as string])
}

/** Each table of `Database` in schema.ts with its columns, and whether each may hold null. */
function tablasDelEsquema(): Record<string, Columnas> {
  const fuente = readFileSync(join(import.meta.dirname, 'db', 'schema.ts'), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
  const tipos = new Map<string, string>()
  for (const bloque of fuente.split(/^export type /m).slice(1)) {
    const m = /^(\w+)\s*=\s*([\s\S]*)$/.exec(bloque.trim())
    if (m) tipos.set(m[1] as string, m[2] as string)
  }
  const columnasDe = (nombre: string): Columnas => {
    const definicion = tipos.get(nombre)
    if (definicion === undefined) throw new Error(`schema.ts no define ${nombre}`)
    const columnas: Columnas = {}
    for (const parte of definicion.split(/&(?![^{]*})/)) {
      const texto = parte.trim()
      if (texto.startsWith('{')) {
        for (const [columna, tipo] of entradas(texto.slice(1, texto.lastIndexOf('}'))))
          columnas[columna] = { nula: /\bnull\b/.test(tipo) }
      } else Object.assign(columnas, columnasDe(texto))
    }
    return columnas
  }
  const database = tipos.get('Database')
  if (!database) throw new Error('schema.ts no declara Database')
  return Object.fromEntries(
    entradas(database.slice(database.indexOf('{') + 1, database.lastIndexOf('}'))).map(([tabla, tipo]) => [
      tabla,
      columnasDe(tipo),
    ]),
  )
}

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

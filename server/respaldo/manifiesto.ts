// The manifest of a backup (`manifiesto.json` in its folder): what was copied, from what, when, and
// how to check it before restoring. Row counts are taken inside the same snapshot as the copy, so
// a restored database must hold exactly them; every file of the backup (the database copy too) is
// listed with its size and SHA-256.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

export const NOMBRE_MANIFIESTO = 'manifiesto.json'

/** How the database was copied. */
export type MetodoBase =
  /** SQLite's online backup API: the copy is `base/portal.sqlite`. */
  | 'sqlite-backup'
  /** pg_dump --format=custom inside an exported snapshot: `base/portal.dump`. */
  | 'pg_dump'
  /**
   * No pg_dump of the server's major version here: every table read in one REPEATABLE READ
   * snapshot, a JSON line a row (`base/tablas/<tabla>.jsonl`); restored over the schema the
   * portal's own migrations build.
   */
  | 'copia-logica'

export type ArchivoRespaldado = {
  /** Relative to the backup's folder, with '/'. */
  ruta: string
  bytes: number
  sha256: string
}

export type Manifiesto = {
  formato: 1
  /** When the database snapshot was taken (ISO 8601, UTC). */
  creado: string
  motor: 'sqlite' | 'postgres'
  metodo: MetodoBase
  /** The server's version, for PostgreSQL (e.g. '18.4'). */
  versionServidor: string | null
  /** The last migration the database had applied: the schema version. */
  versionEsquema: string
  /** Rows per table, counted in the copied snapshot. */
  filas: Record<string, number>
  /** Where the uploaded files came from. */
  almacen: 'disco' | 's3'
  /** Where the Web Push (VAPID) keys live: in the database (`claves_servidor`) or the environment. */
  clavesVapid: 'base' | 'entorno'
  /** The signing certificate configured outside DATA_DIR (SIGNING_P12), copied as `firma-configurada/…`. */
  firmaConfigurada: { rutaOriginal: string; copia: string } | null
  archivos: ArchivoRespaldado[]
}

export async function sha256DeArchivo(ruta: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const trozo of createReadStream(ruta)) hash.update(trozo as Buffer)
  return hash.digest('hex')
}

export async function leerManifiesto(carpeta: string): Promise<Manifiesto> {
  let texto: string
  try {
    texto = await readFile(join(carpeta, NOMBRE_MANIFIESTO), 'utf8')
  } catch {
    throw new Error(`No hay ${NOMBRE_MANIFIESTO} en ${carpeta}: no es una carpeta de respaldo.`)
  }
  const manifiesto = JSON.parse(texto) as Manifiesto
  if (manifiesto.formato !== 1) throw new Error(`Formato de respaldo desconocido: ${String(manifiesto.formato)}.`)
  return manifiesto
}

/** The differences between the rows a manifest expects and those counted, in Spanish; empty when equal. */
export function diferenciasDeFilas(esperadas: Record<string, number>, contadas: Record<string, number>): string[] {
  const diferencias: string[] = []
  for (const [tabla, n] of Object.entries(esperadas)) {
    const hay = contadas[tabla]
    if (hay === undefined) diferencias.push(`falta la tabla ${tabla} (el respaldo tiene ${n} filas)`)
    else if (hay !== n) diferencias.push(`la tabla ${tabla} tiene ${hay} filas y el respaldo dice ${n}`)
  }
  return diferencias
}

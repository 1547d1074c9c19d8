// `npm run respaldo -- <carpeta>` and `npm run restaurar -- <carpeta>`: everything the portal needs
// to come back after a lost disk, copied while it runs, and put back into an empty DATA_DIR or
// database, checked against the manifest before the portal starts on it.
//
// What a backup holds: the database (SQLite through its online backup API; PostgreSQL through
// pg_dump --format=custom, or a logical copy where no pg_dump of the server's version is
// installed), then the uploaded files (DATA_DIR/archivos or the bucket's objects; taken after the
// database, see deploy/README.md), the signing certificate (DATA_DIR/firma, and SIGNING_P12 when
// it lives elsewhere) and the manifest. The Web Push keys are in the database (`claves_servidor`)
// unless VAPID_* are set, in which case they are in the operator's environment file, which this
// does not copy (nor any other secret of the environment).
import { copyFile, mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises'
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import SQLite from 'better-sqlite3'
import type { Config } from '../config.ts'

/** The S3 client, loaded only when the portal keeps its files in a bucket (a heavy import). */
async function s3De(config: NonNullable<Config['s3']>) {
  const sdk = await import('@aws-sdk/client-s3')
  const { clienteS3 } = await import('../blobs-s3.ts')
  return { sdk, cliente: new sdk.S3Client(clienteS3(config)) }
}
import {
  diferenciasDeFilas,
  leerManifiesto,
  NOMBRE_MANIFIESTO,
  sha256DeArchivo,
  type ArchivoRespaldado,
  type Manifiesto,
  type MetodoBase,
} from './manifiesto.ts'
import {
  buscarClientePg,
  cargarLogico,
  clientePg,
  contarFilasPg,
  restaurarConPgRestore,
  tablasPg,
  versionServidorPg,
  volcarConPgDump,
  volcarLogico,
} from './postgres.ts'

/** A stored file's name: the server's own 32 hex characters (blobs.ts). Anything else is not a file of the portal. */
const CLAVE = /^[0-9a-f]{32}$/

export type Aviso = (linea: string) => void

/** Every table of a SQLite file with its rows, and the last migration applied. */
function leerSqlite(ruta: string): { filas: Record<string, number>; versionEsquema: string } {
  const db = new SQLite(ruta, { readonly: true, fileMustExist: true })
  try {
    const tablas = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all() as string[]
    const filas: Record<string, number> = {}
    for (const tabla of tablas) filas[tabla] = db.prepare(`select count(*) from "${tabla}"`).pluck().get() as number
    const versionEsquema = tablas.includes('kysely_migration')
      ? ((db.prepare('select max(name) from kysely_migration').pluck().get() as string | null) ?? '')
      : ''
    return { filas, versionEsquema }
  } finally {
    db.close()
  }
}

async function carpetaVacia(carpeta: string): Promise<boolean> {
  if (!existsSync(carpeta)) return true
  return (await readdir(carpeta)).length === 0
}

async function archivoRespaldado(carpeta: string, ruta: string): Promise<ArchivoRespaldado> {
  const completa = join(carpeta, ruta)
  return { ruta, bytes: (await stat(completa)).size, sha256: await sha256DeArchivo(completa) }
}

/** Every file under `carpeta`, relative to it with '/'. */
async function listarArchivos(carpeta: string): Promise<string[]> {
  const entradas = await readdir(carpeta, { recursive: true, withFileTypes: true })
  return entradas
    .filter((e) => e.isFile())
    .map((e) => relative(carpeta, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort()
}

function esNoExiste(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'ENOENT'
}

export type ResultadoRespaldo = { carpeta: string; manifiesto: Manifiesto }

/** Backs the portal configured by `config` up into `destino`, which must be missing or empty. */
export async function respaldar(config: Config, destino: string, aviso: Aviso = () => {}): Promise<ResultadoRespaldo> {
  const carpeta = resolve(destino)
  if (!(await carpetaVacia(carpeta)))
    throw new Error(`La carpeta ${carpeta} no está vacía: un respaldo se escribe en una carpeta nueva o vacía.`)
  await mkdir(join(carpeta, 'base'), { recursive: true })

  // 1. The database, first: the files are taken after it (a file is stored before its row).
  let metodo: MetodoBase
  let filas: Record<string, number>
  let versionEsquema: string
  let versionServidor: string | null = null
  const creado = new Date().toISOString()
  if (!config.databaseUrl) {
    const origen = join(config.dataDir, 'portal.sqlite')
    if (!existsSync(origen)) throw new Error(`No hay base de datos en ${origen}: ¿es DATA_DIR el del portal?`)
    const copia = join(carpeta, 'base', 'portal.sqlite')
    const db = new SQLite(origen, { fileMustExist: true })
    try {
      db.pragma('busy_timeout = 5000')
      // The online backup API: copies pages a few at a time while the server keeps writing, and
      // starts again from the changed pages until the copy is one consistent moment.
      await db.backup(copia)
    } finally {
      db.close()
    }
    // One self-contained file (no -wal beside it).
    const escritura = new SQLite(copia)
    escritura.pragma('journal_mode = DELETE')
    escritura.close()
    ;({ filas, versionEsquema } = leerSqlite(copia))
    metodo = 'sqlite-backup'
  } else {
    const cliente = clientePg(config.databaseUrl)
    await cliente.connect()
    try {
      const version = await versionServidorPg(cliente)
      versionServidor = version.texto
      // One snapshot for the counts and the copy: what is counted is what is copied.
      await cliente.query('begin isolation level repeatable read read only')
      const { rows } = await cliente.query<{ id: string }>('select pg_export_snapshot() as id')
      filas = await contarFilasPg(cliente)
      const { rows: ultima } = await cliente.query<{ name: string | null }>(
        'select max(name) as name from kysely_migration',
      )
      versionEsquema = ultima[0]?.name ?? ''
      const forzado = process.env.RESPALDO_PG
      const herramienta = forzado === 'logico' ? null : await buscarClientePg(version.mayor)
      if (herramienta) {
        aviso(`pg_dump ${herramienta.version} (${herramienta.pgDump}) para PostgreSQL ${version.texto}`)
        await volcarConPgDump(herramienta, config.databaseUrl, rows[0]?.id ?? '', join(carpeta, 'base', 'portal.dump'))
        metodo = 'pg_dump'
      } else {
        if (forzado === 'pg_dump')
          throw new Error(
            `No hay un pg_dump de versión ${version.mayor} o mayor (PG_BIN, /usr/lib/postgresql/*/bin, PATH) para PostgreSQL ${version.texto}.`,
          )
        aviso(
          `No hay pg_dump ${version.mayor} o mayor aquí: copia lógica de cada tabla en la misma instantánea (base/tablas/).`,
        )
        await volcarLogico(cliente, join(carpeta, 'base', 'tablas'))
        metodo = 'copia-logica'
      }
      await cliente.query('commit')
    } finally {
      await cliente.end()
    }
  }

  // 2. The uploaded files.
  await mkdir(join(carpeta, 'archivos'), { recursive: true })
  if (config.s3) {
    const { sdk, cliente: s3 } = await s3De(config.s3)
    const { GetObjectCommand, ListObjectsV2Command } = sdk
    let continuacion: string | undefined
    do {
      const pagina = await s3.send(
        new ListObjectsV2Command({ Bucket: config.s3.bucket, ContinuationToken: continuacion }),
      )
      for (const objeto of pagina.Contents ?? []) {
        // Uploads still in progress (subidas/…) are not kept: the student resumes from the start.
        if (!objeto.Key || !CLAVE.test(objeto.Key)) continue
        const leido = await s3.send(new GetObjectCommand({ Bucket: config.s3.bucket, Key: objeto.Key }))
        if (!leido.Body) continue
        await pipeline(leido.Body as Readable, createWriteStream(join(carpeta, 'archivos', objeto.Key)))
      }
      continuacion = pagina.IsTruncated ? pagina.NextContinuationToken : undefined
    } while (continuacion)
  } else {
    const origen = join(config.dataDir, 'archivos')
    const nombres = existsSync(origen) ? (await readdir(origen)).filter((n) => CLAVE.test(n)) : []
    for (const nombre of nombres) {
      try {
        await copyFile(join(origen, nombre), join(carpeta, 'archivos', nombre))
      } catch (err) {
        // Deleted since it was listed: a replaced document, whose row the copy no longer has.
        if (!esNoExiste(err)) throw err
      }
    }
  }

  // 3. The signing certificate.
  const firmaDatos = join(config.dataDir, 'firma')
  if (existsSync(firmaDatos)) {
    await mkdir(join(carpeta, 'firma'), { recursive: true })
    for (const nombre of await readdir(firmaDatos))
      await copyFile(join(firmaDatos, nombre), join(carpeta, 'firma', nombre))
  }
  let firmaConfigurada: Manifiesto['firmaConfigurada'] = null
  if (config.firma.p12 && !resolve(config.firma.p12).startsWith(resolve(firmaDatos) + sep)) {
    const copia = `firma-configurada/${basename(config.firma.p12)}`
    await mkdir(join(carpeta, 'firma-configurada'), { recursive: true })
    await copyFile(config.firma.p12, join(carpeta, copia))
    firmaConfigurada = { rutaOriginal: resolve(config.firma.p12), copia }
  }

  // 4. The manifest: every file with its hash.
  const archivos: ArchivoRespaldado[] = []
  for (const ruta of await listarArchivos(carpeta)) archivos.push(await archivoRespaldado(carpeta, ruta))
  const manifiesto: Manifiesto = {
    formato: 1,
    creado,
    motor: config.databaseUrl ? 'postgres' : 'sqlite',
    metodo,
    versionServidor,
    versionEsquema,
    filas,
    almacen: config.s3 ? 's3' : 'disco',
    clavesVapid: config.notificaciones.vapid ? 'entorno' : 'base',
    firmaConfigurada,
    archivos,
  }
  // Written aside and renamed: a folder with a manifest is a finished backup.
  await writeFile(join(carpeta, `${NOMBRE_MANIFIESTO}.tmp`), `${JSON.stringify(manifiesto, null, 2)}\n`)
  await rename(join(carpeta, `${NOMBRE_MANIFIESTO}.tmp`), join(carpeta, NOMBRE_MANIFIESTO))
  return { carpeta, manifiesto }
}

/** What differs between a backup's folder and its manifest, in Spanish; empty when it is intact. */
export async function comprobarRespaldo(carpeta: string, manifiesto: Manifiesto): Promise<string[]> {
  const diferencias: string[] = []
  const presentes = new Set((await listarArchivos(carpeta)).filter((r) => r !== NOMBRE_MANIFIESTO))
  for (const archivo of manifiesto.archivos) {
    if (!presentes.delete(archivo.ruta)) {
      diferencias.push(`falta ${archivo.ruta}`)
      continue
    }
    const hay = await archivoRespaldado(carpeta, archivo.ruta)
    if (hay.bytes !== archivo.bytes)
      diferencias.push(`${archivo.ruta} tiene ${hay.bytes} bytes y el manifiesto dice ${archivo.bytes}`)
    else if (hay.sha256 !== archivo.sha256)
      diferencias.push(`el SHA-256 de ${archivo.ruta} no coincide con el manifiesto`)
  }
  for (const sobra of presentes) diferencias.push(`${sobra} no está en el manifiesto`)
  return diferencias
}

export type ResultadoRestauracion = { manifiesto: Manifiesto; avisos: string[] }

/**
 * Restores the backup in `origen` into the empty DATA_DIR (and empty database and bucket, when
 * configured) that `config` names. Nothing is written until the backup matches its manifest and
 * the destination is found empty; the row counts are checked again once the database is loaded.
 * The portal then starts on it as usual and migrates it forward if the backup is older.
 */
export async function restaurar(
  config: Config,
  origen: string,
  aviso: Aviso = () => {},
): Promise<ResultadoRestauracion> {
  const carpeta = resolve(origen)
  const manifiesto = await leerManifiesto(carpeta)
  const diferencias = await comprobarRespaldo(carpeta, manifiesto)
  if (diferencias.length > 0)
    throw new Error(`El respaldo de ${carpeta} no coincide con su manifiesto: ${diferencias.join('; ')}.`)
  const motor = config.databaseUrl ? 'postgres' : 'sqlite'
  if (manifiesto.motor !== motor)
    throw new Error(
      `El respaldo es de ${manifiesto.motor === 'sqlite' ? 'SQLite' : 'PostgreSQL'} y el portal está configurado con ${motor === 'sqlite' ? 'SQLite (sin DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}.`,
    )

  // The destination must be empty: a restore never mixes with, or overwrites, a portal's data.
  const dataDir = resolve(config.dataDir)
  if (!(await carpetaVacia(dataDir)))
    throw new Error(
      `DATA_DIR (${dataDir}) no está vacío: se restaura solo en una carpeta vacía, para no mezclar ni sobrescribir datos.`,
    )
  if (config.databaseUrl) {
    const cliente = clientePg(config.databaseUrl)
    await cliente.connect()
    try {
      const tablas = await tablasPg(cliente)
      if (tablas.length > 0)
        throw new Error(
          `La base de datos de DATABASE_URL no está vacía (tiene ${tablas.length} tablas): se restaura solo en una base vacía.`,
        )
    } finally {
      await cliente.end()
    }
  }
  const s3 = config.s3 ? await s3De(config.s3) : null
  if (s3 && config.s3) {
    const lista = await s3.cliente.send(new s3.sdk.ListObjectsV2Command({ Bucket: config.s3.bucket }))
    if ((lista.Contents ?? []).length > 0)
      throw new Error(`El bucket ${config.s3.bucket} no está vacío: se restaura solo en un bucket vacío.`)
  }

  // The database.
  await mkdir(dataDir, { recursive: true })
  const avisos: string[] = []
  let contadas: Record<string, number>
  if (!config.databaseUrl) {
    const destino = join(dataDir, 'portal.sqlite')
    await copyFile(join(carpeta, 'base', 'portal.sqlite'), destino)
    contadas = leerSqlite(destino).filas
  } else {
    const url = config.databaseUrl
    if (manifiesto.metodo === 'pg_dump') {
      const cliente = clientePg(url)
      await cliente.connect()
      const version = await versionServidorPg(cliente).finally(() => cliente.end())
      const herramienta = await buscarClientePg(version.mayor)
      if (!herramienta)
        throw new Error(
          `El respaldo es un pg_dump y aquí no hay pg_restore de versión ${version.mayor} o mayor (PG_BIN, /usr/lib/postgresql/*/bin, PATH).`,
        )
      await restaurarConPgRestore(herramienta, url, join(carpeta, 'base', 'portal.dump'))
    } else {
      await cargarLogico(url, join(carpeta, 'base', 'tablas'), manifiesto.versionEsquema)
    }
    const cliente = clientePg(url)
    await cliente.connect()
    contadas = await contarFilasPg(cliente).finally(() => cliente.end())
  }
  const otrasFilas = diferenciasDeFilas(manifiesto.filas, contadas)
  if (otrasFilas.length > 0)
    throw new Error(
      `La base restaurada no tiene las filas del manifiesto: ${otrasFilas.join('; ')}. No inicie el portal sobre ella.`,
    )

  // The files, into the store the portal is configured with (disk or bucket, whichever it had).
  const archivos = manifiesto.archivos.filter((a) => a.ruta.startsWith('archivos/'))
  if (s3 && config.s3) {
    for (const archivo of archivos)
      await s3.cliente.send(
        new s3.sdk.PutObjectCommand({
          Bucket: config.s3.bucket,
          Key: archivo.ruta.slice('archivos/'.length),
          Body: createReadStream(join(carpeta, archivo.ruta)),
          ContentLength: archivo.bytes,
        }),
      )
  } else {
    await mkdir(join(dataDir, 'archivos'), { recursive: true })
    for (const archivo of archivos) await copyFile(join(carpeta, archivo.ruta), join(dataDir, archivo.ruta))
  }

  // The signing certificate.
  for (const archivo of manifiesto.archivos.filter((a) => a.ruta.startsWith('firma/'))) {
    await mkdir(join(dataDir, 'firma'), { recursive: true, mode: 0o700 })
    await copyFile(join(carpeta, archivo.ruta), join(dataDir, archivo.ruta))
  }
  const configurada = manifiesto.firmaConfigurada
  if (configurada) {
    const destino = config.firma.p12 ? resolve(config.firma.p12) : configurada.rutaOriginal
    if (!existsSync(destino)) {
      await mkdir(dirname(destino), { recursive: true })
      await copyFile(join(carpeta, configurada.copia), destino)
      avisos.push(`certificado de firma restaurado en ${destino} (SIGNING_P12)`)
    } else if (
      (await sha256DeArchivo(destino)) !== manifiesto.archivos.find((a) => a.ruta === configurada.copia)?.sha256
    ) {
      avisos.push(
        `AVISO: ${destino} (SIGNING_P12) no es el certificado del respaldo; se dejó como estaba. La copia está en ${join(carpeta, configurada.copia)}.`,
      )
    }
  }
  if (manifiesto.clavesVapid === 'entorno')
    avisos.push('Las claves VAPID del respaldo estaban en el entorno (VAPID_*): configure las mismas en el portal.')
  for (const a of avisos) aviso(a)
  return { manifiesto, avisos }
}

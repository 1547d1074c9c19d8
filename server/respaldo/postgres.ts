// PostgreSQL's side of a backup: finding a pg_dump/pg_restore that can talk to the server,
// taking counts and the dump in one exported snapshot, and the logical copy used where no such
// client is installed (the tests' PostgreSQL 18 on a Debian 12 machine, whose client is 15).
import { execFile, spawn } from 'node:child_process'
import { createWriteStream, existsSync, readdirSync } from 'node:fs'
import { mkdir, readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { once } from 'node:events'
import { promisify } from 'node:util'
import { Kysely, Migrator, PostgresDialect } from 'kysely'
import pg from 'pg'
import { proveedorMigraciones } from '../db/migrations/index.ts'

const ejecutar = promisify(execFile)

export type HerramientaPg = { pgDump: string; pgRestore: string; version: number }

/** The client's major version (`pg_dump (PostgreSQL) 15.18 (Debian …)` → 15), or null if it does not run. */
async function versionDe(programa: string): Promise<number | null> {
  try {
    const { stdout } = await ejecutar(programa, ['--version'])
    const m = /\(PostgreSQL\)\s+(\d+)/.exec(stdout)
    return m ? Number(m[1]) : null
  } catch {
    return null
  }
}

/**
 * A pg_dump and pg_restore whose major version is at least the server's (pg_dump refuses a newer
 * server; a newer pg_dump reads older servers). Looked for in PG_BIN, then Debian's
 * /usr/lib/postgresql/<versión>/bin (lowest suitable first), then the PATH. Null when none fits.
 */
export async function buscarClientePg(versionServidor: number, env = process.env): Promise<HerramientaPg | null> {
  const carpetas: string[] = []
  if (env.PG_BIN) carpetas.push(env.PG_BIN)
  const debian = '/usr/lib/postgresql'
  if (existsSync(debian))
    for (const v of readdirSync(debian)
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b))
      carpetas.push(join(debian, String(v), 'bin'))
  const candidatos = [
    ...carpetas.map((c) => ({ pgDump: join(c, 'pg_dump'), pgRestore: join(c, 'pg_restore') })),
    { pgDump: 'pg_dump', pgRestore: 'pg_restore' },
  ]
  for (const c of candidatos) {
    const version = await versionDe(c.pgDump)
    if (version !== null && version >= versionServidor && (await versionDe(c.pgRestore)) === version)
      return { ...c, version }
  }
  return null
}

export function clientePg(url: string): pg.Client {
  // Counts as numbers, as the portal reads them (count(*) is a bigint).
  return new pg.Client({
    connectionString: url,
    types: {
      getTypeParser: (oid: number, f?: 'text' | 'binary') => (oid === 20 ? Number : pg.types.getTypeParser(oid, f)),
    },
  })
}

export async function versionServidorPg(cliente: pg.Client): Promise<{ texto: string; mayor: number }> {
  const { rows } = await cliente.query<{ server_version: string }>('show server_version')
  const texto = (rows[0]?.server_version ?? '').split(' ')[0] ?? ''
  return { texto, mayor: Number(texto.split('.')[0]) }
}

export async function tablasPg(cliente: pg.Client): Promise<string[]> {
  const { rows } = await cliente.query<{ tablename: string }>(
    'select tablename from pg_tables where schemaname = current_schema() order by tablename',
  )
  return rows.map((r) => r.tablename)
}

export async function contarFilasPg(cliente: pg.Client): Promise<Record<string, number>> {
  const filas: Record<string, number> = {}
  for (const tabla of await tablasPg(cliente)) {
    const { rows } = await cliente.query<{ n: number }>(`select count(*) as n from "${tabla}"`)
    filas[tabla] = rows[0]?.n ?? 0
  }
  return filas
}

/** Runs a program, its standard error kept for the error message. */
async function correr(programa: string, argumentos: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const hijo = spawn(programa, argumentos, { env, stdio: ['ignore', 'ignore', 'pipe'] })
  let error = ''
  hijo.stderr.on('data', (t: Buffer) => (error += t.toString()))
  const [codigo] = (await once(hijo, 'exit')) as [number | null]
  if (codigo !== 0) throw new Error(`${programa} terminó con código ${codigo}: ${error.trim()}`)
}

/** pg_dump's connection as libpq variables: the password never shows in a process list. */
function entornoLibpq(url: string): NodeJS.ProcessEnv {
  const u = new URL(url)
  return {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
    ...(u.searchParams.get('sslmode') ? { PGSSLMODE: u.searchParams.get('sslmode') ?? '' } : {}),
  }
}

/** `pg_dump --format=custom` of the snapshot `instantanea` (exported by the transaction that counted the rows). */
export async function volcarConPgDump(
  herramienta: HerramientaPg,
  url: string,
  instantanea: string,
  destino: string,
): Promise<void> {
  await correr(
    herramienta.pgDump,
    ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${instantanea}`, `--file=${destino}`],
    entornoLibpq(url),
  )
}

export async function restaurarConPgRestore(herramienta: HerramientaPg, url: string, archivo: string): Promise<void> {
  const base = decodeURIComponent(new URL(url).pathname.slice(1))
  await correr(
    herramienta.pgRestore,
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${base}`, archivo],
    entornoLibpq(url),
  )
}

// ---------------------------------------------------------------------------------------------
// The logical copy: one JSON line a row, values in the order of the first line's columns. Bytes
// (bytea) are written as { "$base64": "…" }; everything else the portal stores is text or numbers.

type Valor = string | number | boolean | null | { $base64: string } | unknown

function aJson(valor: unknown): Valor {
  if (Buffer.isBuffer(valor)) return { $base64: valor.toString('base64') }
  if (valor instanceof Date) return valor.toISOString()
  return valor
}

function deJson(valor: Valor): unknown {
  if (valor && typeof valor === 'object' && '$base64' in valor) return Buffer.from(String(valor.$base64), 'base64')
  if (valor && typeof valor === 'object') return JSON.stringify(valor)
  return valor
}

/** Writes every table of the snapshot the client's transaction sees into `carpeta/<tabla>.jsonl`. */
export async function volcarLogico(cliente: pg.Client, carpeta: string): Promise<void> {
  await mkdir(carpeta, { recursive: true })
  for (const tabla of await tablasPg(cliente)) {
    const salida = createWriteStream(join(carpeta, `${tabla}.jsonl`))
    const { rows, fields } = await cliente.query({ text: `select * from "${tabla}"`, rowMode: 'array' })
    const escribir = (linea: string) =>
      salida.write(`${linea}\n`) ? Promise.resolve() : once(salida, 'drain').then(() => undefined)
    await escribir(JSON.stringify(fields.map((f) => f.name)))
    for (const fila of rows as unknown[][]) await escribir(JSON.stringify(fila.map(aJson)))
    salida.end()
    await once(salida, 'finish')
  }
}

/** Tables ordered so that every table comes after those its foreign keys point at. */
async function ordenPorClaves(cliente: pg.Client, tablas: string[]): Promise<string[]> {
  const { rows } = await cliente.query<{ hija: string; madre: string }>(
    `select c.conrelid::regclass::text as hija, c.confrelid::regclass::text as madre
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = current_schema()`,
  )
  const limpia = (n: string) => n.replace(/^"|"$/g, '')
  const madres = new Map<string, Set<string>>(tablas.map((t) => [t, new Set()]))
  for (const { hija, madre } of rows) if (limpia(hija) !== limpia(madre)) madres.get(limpia(hija))?.add(limpia(madre))
  const orden: string[] = []
  const hechas = new Set<string>()
  while (orden.length < tablas.length) {
    const lista = tablas.filter(
      (t) => !hechas.has(t) && [...(madres.get(t) ?? [])].every((m) => hechas.has(m) || !madres.has(m)),
    )
    if (lista.length === 0) throw new Error('Las claves foráneas forman un ciclo: no se puede ordenar la carga.')
    for (const t of lista) {
      hechas.add(t)
      orden.push(t)
    }
  }
  return orden
}

/**
 * Loads a logical copy into an empty database: the portal's migrations up to the backup's schema
 * version build the tables (the portal migrates the rest forward when it starts), whatever rows
 * the migrations put in are replaced by the copied ones, all in one transaction.
 */
export async function cargarLogico(url: string, carpeta: string, versionEsquema: string): Promise<void> {
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  })
  try {
    const { error, results } = await new Migrator({ db, provider: proveedorMigraciones }).migrateTo(versionEsquema)
    const fallida = results?.find((r) => r.status === 'Error')
    if (error || fallida)
      throw new Error(`No se pudo crear el esquema ${versionEsquema}${fallida ? ` (${fallida.migrationName})` : ''}`, {
        cause: error,
      })
  } finally {
    await db.destroy()
  }
  const cliente = clientePg(url)
  await cliente.connect()
  try {
    const archivos = (await readdir(carpeta)).filter((n) => n.endsWith('.jsonl'))
    const tablas = archivos.map((n) => n.slice(0, -'.jsonl'.length)).filter((t) => !t.startsWith('kysely_migration'))
    const orden = await ordenPorClaves(cliente, tablas)
    await cliente.query('begin')
    for (const tabla of [...orden].reverse()) await cliente.query(`delete from "${tabla}"`)
    for (const tabla of orden) {
      const lineas = (await readFile(join(carpeta, `${tabla}.jsonl`), 'utf8')).split('\n').filter(Boolean)
      const columnas = JSON.parse(lineas[0] ?? '[]') as string[]
      const filas = lineas.slice(1).map((l) => (JSON.parse(l) as Valor[]).map(deJson))
      // Batches under PostgreSQL's 65,535 parameters a statement.
      const porLote = Math.max(1, Math.floor(30_000 / Math.max(1, columnas.length)))
      for (let i = 0; i < filas.length; i += porLote) {
        const lote = filas.slice(i, i + porLote)
        let n = 0
        const valores = lote.map((f) => `(${f.map(() => `$${++n}`).join(', ')})`).join(', ')
        await cliente.query(
          `insert into "${tabla}" (${columnas.map((c) => `"${c}"`).join(', ')}) values ${valores}`,
          lote.flat(),
        )
      }
    }
    // Sequences behind serial or identity columns continue after the copied rows.
    const { rows: secuencias } = await cliente.query<{ tabla: string; columna: string; secuencia: string }>(
      `select table_name as tabla, column_name as columna, pg_get_serial_sequence(quote_ident(table_name), column_name) as secuencia
         from information_schema.columns
        where table_schema = current_schema() and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
    )
    for (const { tabla, columna, secuencia } of secuencias)
      await cliente.query(`select setval($1, coalesce((select max("${columna}") from "${tabla}"), 0) + 1, false)`, [
        secuencia,
      ])
    await cliente.query('commit')
  } catch (err) {
    await cliente.query('rollback').catch(() => {})
    throw err
  } finally {
    await cliente.end()
  }
}

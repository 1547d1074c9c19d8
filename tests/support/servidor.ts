// The REAL portal server for tests (server integration, browser tests, bench): iniciarServidor
// in-process on port 0 with a fresh temporary DATA_DIR, serving dist/ when it has been built, on
// SQLite or, in the 'server-pg' project, on a fresh PostgreSQL database (base-de-datos.ts). Its
// data starts as a copy of the run's seeded template (plantilla.ts) unless the test needs a seed
// of its own.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { construirConfig, type Config } from '../../server/config.ts'
import type { Reloj } from '../../server/contexto.ts'
import type { PersonaInput } from '../../src/domain/persona.ts'
import { DEMO_PASSWORD } from '../../server/db/seed/demo.ts'
import { iniciarServidor, type OpcionesInicio } from '../../server/main.ts'
import { borrarBaseDePrueba, copiarPlantilla, urlDeBaseDePrueba } from './base-de-datos.ts'
import { CLAVE_FIRMA_DE_PRUEBA, rutaFirmaDePrueba } from './firma.ts'

export { consultarDb } from './base-de-datos.ts'

export type OpcionesServidorDePrueba = {
  /** Overrides of the configuration built from an empty environment (e.g. `limites`, `sessionTtlHours`). */
  config?: Partial<Config>
  /** 'off' raises every throttle limit and sign-in lock out of reach (benchmarks, browser journeys). */
  throttle?: 'off'
  clock?: Reloj
  /** Wraps the configured payment gateway (to lose a reply, count calls…). */
  pasarela?: OpcionesInicio['pasarela']
  /** Resolves push services' names (this machine has no DNS for the Internet's). */
  resolverDns?: OpcionesInicio['resolverDns']
  /** Wraps the configured tax-document client (to fail on demand, count calls…). */
  tributario?: OpcionesInicio['tributario']
  /** Reuse a DATA_DIR (e.g. to restart on the same database); it is then left in place on close. */
  dataDir?: string
  /** Defaults to the repository's dist/. */
  distDir?: string
  /**
   * 'propia': this server migrates and seeds its own database, as a first start does (a test of
   * the start or the seed itself). Also implied by a `clock`, a reused `dataDir` or a setting the
   * seed reads; otherwise the server starts from a copy of the run's seeded template.
   */
  semilla?: 'propia'
}

export type ServidorDePrueba = {
  url: string
  /** The metrics' own listener (METRICAS_PUERTO), or null. */
  urlMetricas: string | null
  dataDir: string
  /** Every line the server logged, in order (JSON, one event each). */
  logs: string[]
  /** The same lines parsed: `mensaje`, `tiempo` and each event's own fields. */
  eventos(): Record<string, unknown>[]
  close(): Promise<void>
}

const SIN_LIMITE = { max: 1_000_000_000, ventanaMs: 60_000 }
const SIN_BLOQUEO = { fallos: 1_000_000_000, ventanaMs: 60_000, bloqueoMs: 60_000 }

/** Settings the seed reads: a server that changes one cannot start from the run's template. */
const LEIDOS_POR_LA_SEMILLA = ['datosDemo', 'serviceAccountEmail', 'firma', 's3', 'publicUrl', 'databaseUrl'] as const

function siembraLaSuya(options: OpcionesServidorDePrueba): boolean {
  return (
    options.semilla === 'propia' ||
    options.clock !== undefined ||
    options.dataDir !== undefined ||
    LEIDOS_POR_LA_SEMILLA.some((clave) => options.config?.[clave] !== undefined)
  )
}

/** The configuration of a test server on `dataDir` (also the template's, plantilla.ts). */
export function configDePrueba(
  dataDir: string,
  databaseUrl: string | null,
  options: Pick<OpcionesServidorDePrueba, 'config' | 'throttle' | 'distDir'> = {},
): Config {
  const base = construirConfig({})
  const config: Config = {
    ...base,
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    distDir: options.distDir ?? resolve(import.meta.dirname, '../../dist'),
    // Derived from the bound address, so e-mailed links point at this server.
    publicUrl: null,
    firma: { p12: rutaFirmaDePrueba(), passphrase: CLAVE_FIRMA_DE_PRUEBA },
    datosDemo: true,
    // The notice scheduler runs once at start and then not again within a test (a day): a test's
    // clock moved past 09:00 in Chile must not drop a digest into the mail other tests read.
    // Tests of notices set their own pace.
    notificaciones: { ...base.notificaciones, cadaMs: 24 * 3_600_000 },
    ...options.config,
  }
  if (options.throttle === 'off') {
    config.limites = Object.fromEntries(Object.keys(config.limites).map((k) => [k, SIN_LIMITE])) as Config['limites']
    config.bloqueos = Object.fromEntries(
      Object.keys(config.bloqueos).map((k) => [k, SIN_BLOQUEO]),
    ) as Config['bloqueos']
  }
  return config
}

export async function iniciarServidorDePrueba(options: OpcionesServidorDePrueba = {}): Promise<ServidorDePrueba> {
  const propia = !options.dataDir
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-test-'))
  const copia = siembraLaSuya(options) ? undefined : await copiarPlantilla(dataDir)
  const config = configDePrueba(dataDir, copia ? copia.databaseUrl : await urlDeBaseDePrueba(dataDir), options)
  const logs: string[] = []
  const salida = (linea: string) => {
    logs.push(linea)
    if (process.env.TEST_SERVER_LOG === '1') console.log(linea)
  }
  let servidor
  try {
    servidor = await iniciarServidor({
      config,
      clock: options.clock,
      salida,
      pasarela: options.pasarela,
      resolverDns: options.resolverDns,
      tributario: options.tributario,
    })
  } catch (err) {
    if (propia) {
      rmSync(dataDir, { recursive: true, force: true })
      await borrarBaseDePrueba(dataDir)
    }
    throw err
  }
  const { url, close, urlMetricas } = servidor
  return {
    url,
    urlMetricas,
    dataDir,
    logs,
    eventos: () => logs.map((linea) => JSON.parse(linea) as Record<string, unknown>),
    async close() {
      await close()
      if (propia) {
        rmSync(dataDir, { recursive: true, force: true })
        await borrarBaseDePrueba(dataDir)
      }
    },
  }
}

/** Extra request headers, e.g. `{ 'Idempotency-Key': id }`. */
export type Cabeceras = Record<string, string>

export type ClienteDePrueba = {
  get(path: string, headers?: Cabeceras): Promise<Response>
  post(path: string, body?: unknown, headers?: Cabeceras): Promise<Response>
  put(path: string, body?: unknown, headers?: Cabeceras): Promise<Response>
  /** A FormData body is sent as multipart, a Uint8Array or Blob as it is; anything else as JSON. */
  request(method: string, path: string, body?: unknown, headers?: Cabeceras): Promise<Response>
  /** Current cookies by name (the session cookie is HttpOnly, but a test client sees it). */
  cookies: Map<string, string>
}

/**
 * A tiny browser stand-in: keeps cookies between requests and, like the real client, copies the
 * XSRF-TOKEN cookie into X-XSRF-TOKEN on every non-GET (fetching /api/sesion first if needed);
 * under /api/admin, the staff's XSRF-TOKEN-ADMIN (fetched from /api/admin/sesion).
 */
export function clienteDePrueba(url: string): ClienteDePrueba {
  const cookies = new Map<string, string>()

  function guardarCookies(res: Response): void {
    for (const linea of res.headers.getSetCookie()) {
      const [par = '', ...atributos] = linea.split(';')
      const i = par.indexOf('=')
      const nombre = par.slice(0, i).trim()
      const valor = par.slice(i + 1).trim()
      const borrada = atributos.some((a) => /^\s*max-age=0\s*$/i.test(a)) || valor === ''
      if (borrada) cookies.delete(nombre)
      else cookies.set(nombre, valor)
    }
  }

  async function request(method: string, path: string, body?: unknown, extra: Cabeceras = {}): Promise<Response> {
    const admin = path.startsWith('/api/admin')
    const cookieXsrf = admin ? 'XSRF-TOKEN-ADMIN' : 'XSRF-TOKEN'
    if (method !== 'GET' && !cookies.has(cookieXsrf))
      guardarCookies(await fetch(`${url}${admin ? '/api/admin/sesion' : '/api/sesion'}`))
    const headers: Record<string, string> = {}
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    if (method !== 'GET') headers['x-xsrf-token'] = cookies.get(cookieXsrf) ?? ''
    // A form goes as multipart (fetch sets the boundary), bytes as they are (the caller names
    // their type in `extra`), anything else as JSON.
    const tal = body instanceof FormData || body instanceof Uint8Array || body instanceof Blob
    if (body !== undefined && !tal) headers['content-type'] = 'application/json'
    const cuerpo = body === undefined ? undefined : tal ? (body as BodyInit) : JSON.stringify(body)
    const res = await fetch(`${url}${path}`, { method, headers: { ...headers, ...extra }, body: cuerpo })
    guardarCookies(res)
    return res
  }

  return {
    get: (path, headers) => request('GET', path, undefined, headers),
    post: (path, body, headers) => request('POST', path, body, headers),
    put: (path, body, headers) => request('PUT', path, body, headers),
    request,
    cookies,
  }
}

/** Signs in with the demo password (or `password`) and returns the client; throws if refused. */
export async function iniciarSesion(url: string, email: string, password = DEMO_PASSWORD): Promise<ClienteDePrueba> {
  const cliente = clienteDePrueba(url)
  const res = await cliente.post('/api/auth/login', { email, password })
  const cuerpo = (await res.json()) as { codRetorno?: number }
  if (res.status !== 200 || cuerpo.codRetorno !== 0) throw new Error(`no se pudo ingresar como ${email}: ${res.status}`)
  return cliente
}

export type CorreoEnviado = { archivo: string; to: string[]; subject: string; text: string; html: string }

/** The messages the server wrote to DATA_DIR/mail (no SMTP_URL), oldest first. */
export function leerCorreos(dataDir: string): CorreoEnviado[] {
  const carpeta = join(dataDir, 'mail')
  if (!existsSync(carpeta)) return []
  return readdirSync(carpeta)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((archivo) => {
      const m = JSON.parse(readFileSync(join(carpeta, archivo), 'utf8')) as Omit<CorreoEnviado, 'archivo' | 'to'> & {
        to: { address: string }[]
      }
      return { archivo, to: m.to.map((t) => t.address), subject: m.subject, text: m.text, html: m.html }
    })
}

/** Waits for the n-th message to `email` (the server sends without making the reply wait). */
export async function esperarCorreo(dataDir: string, email: string, n = 1, timeoutMs = 5000): Promise<CorreoEnviado> {
  const limite = Date.now() + timeoutMs
  for (;;) {
    const correo = leerCorreos(dataDir).filter((m) => m.to.includes(email))[n - 1]
    if (correo) return correo
    if (Date.now() > limite) throw new Error(`no llegó el correo ${n} para ${email}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** The token of a reset link in a message. */
export function tokenDeRecuperacion(correo: CorreoEnviado): string {
  const token = /recoverpass=([A-Za-z0-9_-]+)/.exec(correo.text)?.[1]
  if (!token) throw new Error(`el correo ${correo.archivo} no trae enlace de recuperación`)
  return token
}

/** The signed-in student's own data as a `PUT /api/alumno/persona` body (without its read-only fields). */
export async function personaEditable(cliente: ClienteDePrueba): Promise<PersonaInput> {
  const {
    codPersona: _c,
    email: _e,
    rut: _r,
    ...persona
  } = (
    (await (await cliente.get('/api/alumno/persona')).json()) as {
      data: PersonaInput & { codPersona: string; email: string; rut: string }
    }
  ).data
  return persona
}

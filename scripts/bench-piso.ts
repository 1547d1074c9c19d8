// `npm run bench`, floor part: the portal's reads beside what its own stack can do. The portal
// server (its own process, SQLite under a temporary DATA_DIR, throttles off) and the floor
// (scripts/servidor-piso.ts: bare Hono + @hono/node-server + better-sqlite3 prepared statements,
// its own process, on the same database file) answer the same requests from the same load
// generator (autocannon, a third process), in alternating rounds so a burst of other work on the
// machine falls on both. Before loading, both replies are checked to be the same JSON.
// Measured: the home data (`GET /api/alumno`) and the enrolment list (`GET /api/solicitudes`) of
// the demo student (10 enrolments) and of a student with 200, in a database holding a crowd of
// other students (scripts/datos-bench.ts). Prints each one's throughput and p99, and the
// portal's as a ratio of the floor's: the goal is 0.5 or more of its throughput and at most twice
// its p99. The portal runs with its Prometheus metrics on (BENCH_METRICAS=0: off).
import { isDeepStrictEqual } from 'node:util'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { iniciarProcesoPortal } from '../tests/support/proceso.ts'
import { iniciarSesion } from '../tests/support/servidor.ts'
import { cargar, cpuDe, describir, mediana, SIN_LIMITES, type Medida } from './carga.ts'
import { ALUMNO_200, sembrarVolumen } from './datos-bench.ts'

const RONDAS = 3
const SEGUNDOS = 3
const OTROS_ALUMNOS = 2000

type Servidor = { url: string; pid: number; detener(): Promise<void> }

async function iniciarPiso(archivo: string, urlPublica: string): Promise<Servidor> {
  const proceso = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, 'servidor-piso.ts'), archivo, urlPublica],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_NO_WARNINGS: '1' } },
  )
  const url = await new Promise<string>((resolver, rechazar) => {
    let salida = ''
    proceso.stdout.on('data', (trozo: Buffer) => {
      salida += trozo.toString()
      const url = /Piso en (http:\/\/\S+)/.exec(salida)?.[1]
      if (url) resolver(url)
    })
    proceso.once('exit', (codigo) => rechazar(new Error(`el piso terminó (código ${codigo}) antes de arrancar`)))
  })
  return {
    url,
    pid: proceso.pid ?? 0,
    detener: () =>
      new Promise<void>((listo) => {
        proceso.once('exit', () => listo())
        proceso.kill('SIGTERM')
      }),
  }
}

/** The cookies a signed-in browser sends: the session's and the XSRF token bound to it. */
async function cookieDe(url: string, email: string): Promise<string> {
  const cliente = await iniciarSesion(url, email)
  return [...cliente.cookies].map(([nombre, valor]) => `${nombre}=${valor}`).join('; ')
}

async function cuerpo(url: string, cookie: string): Promise<unknown> {
  const res = await fetch(url, { headers: { cookie } })
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`)
  return res.json()
}

/** Where two JSON values first differ, as a path with both values: what to fix in the floor. */
function primeraDiferencia(portal: unknown, piso: unknown, ruta = '$'): string {
  if (isDeepStrictEqual(portal, piso)) return ''
  if (typeof portal === 'object' && portal && typeof piso === 'object' && piso) {
    const claves = new Set([...Object.keys(portal), ...Object.keys(piso)])
    for (const clave of claves) {
      const a = (portal as Record<string, unknown>)[clave]
      const b = (piso as Record<string, unknown>)[clave]
      if (!isDeepStrictEqual(a, b)) return primeraDiferencia(a, b, `${ruta}.${clave}`)
    }
  }
  return `${ruta}: portal ${JSON.stringify(portal)}, piso ${JSON.stringify(piso)}`.slice(0, 400)
}

type Caso = { nombre: string; ruta: string; cookie: string }

/** A load's figures and the server's CPU time per request, in microseconds. */
type Medicion = Medida & { cpuUs: number }

type Resultado = { portal: Medicion; piso: Medicion }

async function cargarMidiendoCpu(s: Servidor, ruta: string, cabeceras: Record<string, string>): Promise<Medicion> {
  const antes = cpuDe(s.pid)
  const medida = await cargar({ urls: [s.url + ruta], cabeceras, segundos: SEGUNDOS })
  return { ...medida, cpuUs: ((cpuDe(s.pid) - antes) * 1e6) / medida.peticiones }
}

async function medir(caso: Caso, portal: Servidor, piso: Servidor): Promise<Resultado> {
  const cabeceras = { cookie: caso.cookie }
  const delPortal = await cuerpo(portal.url + caso.ruta, caso.cookie)
  const delPiso = await cuerpo(piso.url + caso.ruta, caso.cookie)
  if (!isDeepStrictEqual(delPortal, delPiso)) {
    throw new Error(
      `${caso.ruta}: el piso no responde lo mismo que el portal (${primeraDiferencia(delPortal, delPiso)}); no mediría lo mismo`,
    )
  }
  // Unmeasured: JIT, SQLite's page cache, connections.
  for (const s of [piso, portal]) await cargar({ urls: [s.url + caso.ruta], cabeceras, segundos: 1 })
  const rondas: Resultado[] = []
  for (let i = 0; i < RONDAS; i++) {
    const pisoRonda = await cargarMidiendoCpu(piso, caso.ruta, cabeceras)
    rondas.push({ piso: pisoRonda, portal: await cargarMidiendoCpu(portal, caso.ruta, cabeceras) })
  }
  const medianaDe = (de: keyof Resultado): Medicion => {
    const medidas = rondas.map((r) => r[de])
    return {
      porSegundo: mediana(medidas.map((m) => m.porSegundo)),
      p50: mediana(medidas.map((m) => m.p50)),
      p99: mediana(medidas.map((m) => m.p99)),
      peticiones: medidas.reduce((s, m) => s + m.peticiones, 0),
      cpuUs: mediana(medidas.map((m) => m.cpuUs)),
    }
  }
  return { portal: medianaDe('portal'), piso: medianaDe('piso') }
}

const carpeta = mkdtempSync(join(tmpdir(), 'portal-bench-piso-'))
const servidores: Servidor[] = []
let bien = true
try {
  // With the Prometheus metrics on (METRICAS_TOKEN), as a watched school runs it: their cost per
  // request is in what is measured. BENCH_METRICAS=0 measures without them, for the difference.
  const metricas = process.env.BENCH_METRICAS !== '0'
  const proceso = await iniciarProcesoPortal({
    ...SIN_LIMITES,
    DATA_DIR: carpeta,
    ...(metricas ? { METRICAS_TOKEN: 'token-del-bench-0123456789abcdef' } : {}),
  })
  const portal: Servidor = { url: proceso.url, pid: proceso.proceso.pid ?? 0, detener: proceso.detener }
  servidores.push(portal)
  const archivo = join(carpeta, 'portal.sqlite')
  const total = sembrarVolumen(archivo, OTROS_ALUMNOS)
  const piso = await iniciarPiso(archivo, portal.url)
  servidores.push(piso)
  const demo = await cookieDe(portal.url, 'estudiante@demo.cl')
  const con200 = await cookieDe(portal.url, ALUMNO_200.email)
  const casos: Caso[] = [
    { nombre: 'GET /api/alumno (inicio)', ruta: '/api/alumno', cookie: demo },
    { nombre: 'GET /api/solicitudes (10)', ruta: '/api/solicitudes', cookie: demo },
    { nombre: 'GET /api/solicitudes (200)', ruta: '/api/solicitudes', cookie: con200 },
  ]
  console.log(
    `Portal frente al piso (Hono + node-server + better-sqlite3 con sentencias preparadas), SQLite con ${total.toLocaleString('en-US')} solicitudes; ` +
      `16 en vuelo, mediana de ${RONDAS} rondas de ${SEGUNDOS} s alternadas; métricas de Prometheus ${metricas ? 'activas' : 'apagadas (BENCH_METRICAS=0)'}`,
  )
  for (const caso of casos) {
    const { portal: p, piso: f } = await medir(caso, portal, piso)
    const razon = p.porSegundo / f.porSegundo
    const veces = p.p99 / f.p99
    const cumple = razon >= 0.5 && veces <= 2
    bien &&= cumple
    const cpu = (m: Medicion) => `, CPU ${Math.round(m.cpuUs)} µs por petición`
    console.log(`${caso.nombre.padEnd(28)} piso   ${describir(f)}${cpu(f)}`)
    console.log(`${''.padEnd(28)} portal ${describir(p)}${cpu(p)}`)
    console.log(
      `${''.padEnd(28)} portal/piso: ${razon.toFixed(2)} del caudal (mínimo 0.5), p99 ${veces.toFixed(2)} veces (máximo 2)${cumple ? '' : '  NO CUMPLE'}`,
    )
  }
  // What a browser gets: it accepts Brotli, and the list (over 1 KB) is compressed. The floor does
  // not compress, so this is the portal alone, for what compressing costs it.
  const comprimida = { cookie: demo, 'accept-encoding': 'br, gzip' }
  await cargar({ urls: [`${portal.url}/api/solicitudes`], cabeceras: comprimida, segundos: 1 })
  const antes = cpuDe(portal.pid)
  const conBrotli = await cargar({ urls: [`${portal.url}/api/solicitudes`], cabeceras: comprimida, segundos: SEGUNDOS })
  console.log(
    `${'GET /api/solicitudes (10), br'.padEnd(28)} portal ${describir(conBrotli)}, CPU ${Math.round(((cpuDe(portal.pid) - antes) * 1e6) / conBrotli.peticiones)} µs por petición (comprimida con Brotli, sin piso)`,
  )
} finally {
  await Promise.all(servidores.map((s) => s.detener()))
  rmSync(carpeta, { recursive: true, force: true })
}
if (!bien) console.log('El portal no alcanza la mitad del piso en algún caso.')

// Where the portal's time goes under read load: `npx tsx scripts/perfil.ts [ruta] [segundos]`
// starts the portal as its own process under `node --cpu-prof` (SQLite, temporary DATA_DIR),
// loads `ruta` (default /api/alumno) as the demo student from autocannon for `segundos` (default
// 10), stops it, and prints the functions with the most samples of their own and the share of
// each package (or of the portal's own code, or Node's internals). The .cpuprofile is left in
// the folder printed, for Chrome's DevTools.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { iniciarProcesoPortal } from '../tests/support/proceso.ts'
import { iniciarSesion } from '../tests/support/servidor.ts'
import { cargar, describir, SIN_LIMITES } from './carga.ts'

type Nodo = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}

const ruta = process.argv[2] ?? '/api/alumno'
const segundos = Number(process.argv[3] ?? 10)
const carpeta = mkdtempSync(join(tmpdir(), 'portal-perfil-'))
const perfiles = join(carpeta, 'perfiles')

const portal = await iniciarProcesoPortal({ ...SIN_LIMITES, DATA_DIR: join(carpeta, 'datos') }, 60_000, [
  '--cpu-prof',
  `--cpu-prof-dir=${perfiles}`,
])
try {
  const cliente = await iniciarSesion(portal.url, 'estudiante@demo.cl')
  // What a signed-in browser sends: the session's cookie and the XSRF token bound to it.
  const cabeceras = { cookie: [...cliente.cookies].map(([nombre, valor]) => `${nombre}=${valor}`).join('; ') }
  await cargar({ urls: [portal.url + ruta], cabeceras, segundos: 2 })
  console.log(`${ruta}: ${describir(await cargar({ urls: [portal.url + ruta], cabeceras, segundos }))}`)
} finally {
  await portal.detener()
}

// The main thread's (tsx's loader runs in a worker that writes its own).
const archivo = readdirSync(perfiles).find((f) => /\.0\.\d+\.cpuprofile$/.test(f))
if (!archivo) throw new Error(`sin perfil en ${perfiles}`)
const perfil = JSON.parse(readFileSync(join(perfiles, archivo), 'utf8')) as {
  nodes: Nodo[]
  samples: number[]
  timeDeltas: number[]
  endTime: number
}
// Only the samples of the measured load: its last `segundos` seconds, ending just before the
// shutdown (start-up, sign-in and warm-up come before it).
const desde = perfil.endTime - (segundos + 0.2) * 1e6
const hasta = perfil.endTime - 0.2e6
const muestras = new Map<number, number>()
let instante = perfil.endTime - perfil.timeDeltas.reduce((s, d) => s + d, 0)
perfil.samples.forEach((id, i) => {
  instante += perfil.timeDeltas[i] ?? 0
  if (instante >= desde && instante <= hasta) muestras.set(id, (muestras.get(id) ?? 0) + 1)
})
const nodes = perfil.nodes.map((n) => ({ ...n, hitCount: muestras.get(n.id) ?? 0 }))
const total = nodes.reduce((s, n) => s + n.hitCount, 0)

/** `better-sqlite3`, `portal` (our own code), `node` (its internals), `(garbage collector)`… */
function paquete({ url, functionName }: Nodo['callFrame']): string {
  const modulo = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1]
  if (modulo) return modulo
  if (url.startsWith('node:')) return 'node'
  if (url.includes('/server/') || url.includes('/src/')) return 'portal'
  return url ? url : functionName
}

function sumar(clave: (n: Nodo) => string): [string, number][] {
  const suma = new Map<string, number>()
  for (const n of nodes) suma.set(clave(n), (suma.get(clave(n)) ?? 0) + (n.hitCount ?? 0))
  return [...suma].sort((a, b) => b[1] - a[1])
}

const porciento = (n: number) => `${((100 * n) / total).toFixed(1).padStart(5)} %`
console.log(`\nFunciones con más muestras propias (de ${total}):`)
for (const [nombre, n] of sumar(({ callFrame: f }) => {
  const donde = f.url
    ? `${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|src)\//, '$1/')}:${f.lineNumber + 1}`
    : ''
  return `${f.functionName || '(anónima)'} ${donde}`.trim()
}).slice(0, 15))
  console.log(`${porciento(n)}  ${nombre}`)
console.log('\nPor paquete:')
for (const [nombre, n] of sumar((n) => paquete(n.callFrame)).slice(0, 12)) console.log(`${porciento(n)}  ${nombre}`)
console.log(`\nPerfil: ${join(perfiles, archivo)}`)

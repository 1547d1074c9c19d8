// Read load for the benches: autocannon run as its own process, so the requests are sent and timed
// by an event loop that is neither the server's nor the bench's own (which also starts servers and
// PostgreSQL). Several URLs share the connections round-robin, as a balancer would.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { promisify } from 'node:util'

const ejecutar = promisify(execFile)

const AUTOCANNON = resolve(import.meta.dirname, '../node_modules/autocannon/autocannon.js')

/** Every throttle and sign-in lock out of reach: a bench measures the reads, not the limits. */
export const SIN_LIMITES: Record<string, string> = Object.fromEntries([
  ...[
    'THROTTLE_LOGIN_CUENTA_IP',
    'THROTTLE_LOGIN_IP',
    'THROTTLE_RECUPERACION_EMAIL',
    'THROTTLE_RECUPERACION_IP',
    'THROTTLE_RECUPERACION_TOKEN_IP',
    'THROTTLE_REGISTRO_IP',
    'THROTTLE_VALIDACION_IP',
    'THROTTLE_DOCUMENTO_ALUMNO',
  ].map((nombre) => [nombre, '1000000000/1']),
  ...['BLOQUEO_PERSONAL_CUENTA', 'BLOQUEO_PERSONAL_IP', 'BLOQUEO_ALUMNO_CUENTA'].map((nombre) => [
    nombre,
    '1000000000/1/1',
  ]),
])

export type Medida = { porSegundo: number; p50: number; p99: number; peticiones: number }

/** Linux's clock ticks a second, the unit of /proc's CPU times (`getconf CLK_TCK`). */
const TICKS_POR_SEGUNDO = 100

/**
 * CPU seconds a process has used so far, all its threads, user and system (Linux's /proc). Read
 * before and after a load it tells what each request cost the server, which depends far less on
 * what else the machine is doing than throughput does.
 */
export function cpuDe(pid: number): number {
  // The name in parentheses may hold spaces: fields are counted after it.
  const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(campos[11]) + Number(campos[12])) / TICKS_POR_SEGUNDO
}

export type OpcionesCarga = {
  urls: string[]
  cabeceras?: Record<string, string>
  conexiones?: number
  segundos?: number
}

/** `conexiones` requests in flight for `segundos`; throws unless every reply was a 2xx. */
export async function cargar({ urls, cabeceras = {}, conexiones = 16, segundos = 3 }: OpcionesCarga): Promise<Medida> {
  const argumentos = [AUTOCANNON, '--json', '-c', String(conexiones), '-d', String(segundos)]
  for (const [nombre, valor] of Object.entries(cabeceras)) argumentos.push('-H', `${nombre}: ${valor}`)
  const { stdout } = await ejecutar(process.execPath, [...argumentos, ...urls], { maxBuffer: 1 << 20 })
  const r = JSON.parse(stdout) as {
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    requests: { total: number }
    latency: { p50: number; p99: number }
  }
  if (r.errors + r.timeouts + r.non2xx > 0 || r.requests.total === 0) {
    throw new Error(`${urls.join(' ')}: ${r.errors} errores, ${r.timeouts} sin respuesta, ${r.non2xx} no 2xx`)
  }
  return {
    porSegundo: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    peticiones: r.requests.total,
  }
}

export function mediana(valores: number[]): number {
  const ordenados = [...valores].sort((a, b) => a - b)
  const medio = Math.floor(ordenados.length / 2)
  return ordenados.length % 2 ? ordenados[medio]! : (ordenados[medio - 1]! + ordenados[medio]!) / 2
}

/** `1,234 req/s, p50 3.0 ms, p99 9.0 ms` */
export function describir(m: Medida): string {
  return `${Math.round(m.porSegundo).toLocaleString('en-US')} req/s, p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms`
}

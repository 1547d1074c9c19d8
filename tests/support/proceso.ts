// A portal server as its own process (`node --import tsx server/main.ts`), exactly as an operator
// runs each of several servers behind a load balancer: for the several-servers tests and the
// benchmarks, which also kill one with SIGKILL. Configured only by the environment given here.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'

export type ProcesoPortal = {
  url: string
  proceso: ChildProcess
  /** Everything the process printed so far (stdout and stderr). */
  salida: string[]
  /** SIGTERM, and waits for it to exit. */
  detener(): Promise<void>
  /** SIGKILL: no shutdown at all, as when a machine dies. */
  matar(): Promise<void>
}

const RAIZ = resolve(import.meta.dirname, '../..')

function esperarSalida(proceso: ChildProcess): Promise<void> {
  if (proceso.exitCode !== null || proceso.signalCode !== null) return Promise.resolve()
  return new Promise((resolver) => proceso.once('exit', () => resolver()))
}

/** A TCP port nothing listens on now (for a server that must come back on the same port). */
export async function puertoLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const servidor = createServer()
    servidor.once('error', reject)
    servidor.listen(0, '127.0.0.1', () => {
      const { port } = servidor.address() as { port: number }
      servidor.close(() => resolve(port))
    })
  })
}

/** `opcionesNode` go before the script (e.g. `--cpu-prof` for a profile written when it stops). */
export async function iniciarProcesoPortal(
  env: Record<string, string>,
  timeoutMs = 60_000,
  opcionesNode: string[] = [],
): Promise<ProcesoPortal> {
  const proceso = spawn(process.execPath, [...opcionesNode, '--import', 'tsx', 'server/main.ts'], {
    cwd: RAIZ,
    // Only what a server needs from this process: the test's own DATABASE_URL or S3_* must not leak in.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_NO_WARNINGS: '1',
      HOST: '127.0.0.1',
      PORT: '0',
      // The demo's students, staff and contests, as `npm start` seeds them.
      DATOS_DEMO: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const salida: string[] = []
  const url = await new Promise<string>((resolver, rechazar) => {
    const plazo = setTimeout(() => {
      // Not left running behind a failed start.
      proceso.kill('SIGKILL')
      rechazar(new Error(`el servidor no arrancó en ${timeoutMs} ms:\n${salida.join('')}`))
    }, timeoutMs)
    let arrancado = false
    const leer = (trozo: Buffer) => {
      salida.push(trozo.toString())
      // Searched only until found: a server under load logs a line a request, and reading all its
      // output again for every chunk would make this process compete with it for the CPU.
      if (arrancado) return
      const encontrada = /Portal del Estudiante en (http:\/\/\S+)/.exec(salida.join(''))
      if (encontrada?.[1]) {
        arrancado = true
        clearTimeout(plazo)
        resolver(encontrada[1])
      }
    }
    proceso.stdout?.on('data', leer)
    proceso.stderr?.on('data', leer)
    proceso.once('exit', (codigo) => {
      clearTimeout(plazo)
      rechazar(new Error(`el servidor terminó (código ${codigo}) antes de arrancar:\n${salida.join('')}`))
    })
  })
  return {
    url,
    proceso,
    salida,
    async detener() {
      proceso.kill('SIGTERM')
      await esperarSalida(proceso)
    },
    async matar() {
      proceso.kill('SIGKILL')
      await esperarSalida(proceso)
    },
  }
}

/** The variables that put a server's files in the given bucket. */
export function entornoS3(config: {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}): Record<string, string> {
  return {
    S3_ENDPOINT: config.endpoint,
    S3_BUCKET: config.bucket,
    S3_REGION: config.region,
    S3_ACCESS_KEY_ID: config.accessKeyId,
    S3_SECRET_ACCESS_KEY: config.secretAccessKey,
  }
}

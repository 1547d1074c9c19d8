// Prometheus metrics (prom-client), off unless METRICAS_PUERTO or METRICAS_TOKEN is set, and never
// public: on a listener of their own (127.0.0.1 unless METRICAS_HOST says otherwise) or on the
// public port behind a bearer token. Each app has its own registry (tests run several in one
// process).
//
// On a request: one histogram observation, by method, route pattern (Hono's matched route, e.g.
// /api/alumno/documentos/:id, never the raw URL) and status. Everything else is computed when
// Prometheus scrapes: Node's own metrics (event-loop delay, memory, GC…), the PostgreSQL pool's
// connections, and the database gauges (tablas.ts), which share one reading per scrape.
import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Context, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { routePath } from 'hono/route'
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { ConfigMetricas } from '../config.ts'
import type { EntornoApp, Reloj } from '../contexto.ts'
import { poolPgDe, type Db } from '../db/connection.ts'
import { MEDIDAS_DE_TABLAS } from './tablas.ts'

/** Seconds: from a cached read (1 ms) to a slow signed-PDF issue or upload (10 s). */
const CUBETAS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export type Metricas = {
  registro: Registry
  /** Times every request; first in the app's chain. */
  middleware: MiddlewareHandler<EntornoApp>
  /** GET /metrics on the public port: 404 unless METRICAS_TOKEN is set and sent as a bearer token. */
  respuestaPublica(c: Context<EntornoApp>): Promise<Response>
  /** The separate listener (METRICAS_PUERTO), when set; its URL. */
  escuchar(): Promise<string | null>
  cerrar(): Promise<void>
}

function mismoToken(enviado: string, esperado: string): boolean {
  const a = createHash('sha256').update(enviado).digest()
  const b = createHash('sha256').update(esperado).digest()
  return timingSafeEqual(a, b)
}

export function crearMetricas(config: ConfigMetricas, db: Db, clock: Reloj): Metricas {
  const registro = new Registry()
  collectDefaultMetrics({ register: registro, eventLoopMonitoringPrecision: 20 })

  const duracion = new Histogram({
    name: 'portal_http_peticiones_duracion_segundos',
    help: 'Duración de las peticiones HTTP por método, ruta (patrón) y estado; _count es el número de peticiones.',
    labelNames: ['metodo', 'ruta', 'status'],
    buckets: CUBETAS,
    registers: [registro],
  })
  // One child per label set, found by a plain string key: prom-client would otherwise hash the
  // label object on every observation.
  const hijos = new Map<string, Histogram.Internal<'metodo' | 'ruta' | 'status'>>()

  const pool = poolPgDe(db)
  if (pool) {
    new Gauge({
      name: 'portal_pg_pool_conexiones',
      help: 'Conexiones del pool a PostgreSQL de este servidor: abiertas, libres y peticiones esperando una.',
      labelNames: ['estado'],
      registers: [registro],
      collect() {
        this.set({ estado: 'abiertas' }, pool.totalCount)
        this.set({ estado: 'libres' }, pool.idleCount)
        this.set({ estado: 'esperando' }, pool.waitingCount)
      },
    })
  }

  // The database gauges of one scrape share one reading, taken by the first gauge collected.
  type Lectura = Map<string, { valor: number; etiquetas?: Record<string, string> }[]>
  let lectura: { cuando: number; valores: Promise<Lectura> } | undefined
  const leer = (): Promise<Lectura> => {
    const ahora = Date.now()
    if (lectura && ahora - lectura.cuando < 1000) return lectura.valores
    const momento = clock()
    const valores = (async () => {
      const mapa: Lectura = new Map()
      for (const medida of MEDIDAS_DE_TABLAS) mapa.set(medida.nombre, await medida.leer(db, momento))
      return mapa
    })()
    lectura = { cuando: ahora, valores }
    return valores
  }
  const errores = new Gauge({
    name: 'portal_metricas_errores_lectura',
    help: 'Lecturas de la base para estas métricas que fallaron en este raspado (1) o no (0).',
    registers: [registro],
  })
  for (const medida of MEDIDAS_DE_TABLAS) {
    new Gauge({
      name: medida.nombre,
      help: medida.ayuda,
      labelNames: medida.etiquetas ?? [],
      registers: [registro],
      async collect() {
        try {
          const valores = (await leer()).get(medida.nombre) ?? []
          this.reset()
          for (const { valor, etiquetas } of valores) {
            if (etiquetas) this.set(etiquetas, valor)
            else this.set(valor)
          }
          errores.set(0)
        } catch {
          errores.set(1)
        }
      },
    })
  }

  const middleware = createMiddleware<EntornoApp>(async (c, next) => {
    const inicio = performance.now()
    try {
      await next()
    } finally {
      // The handler that answered: its index is where the chain stopped.
      const ruta = routePath(c) || 'desconocida'
      const status = c.res.status
      const clave = `${c.req.method} ${status} ${ruta}`
      let hijo = hijos.get(clave)
      if (!hijo) {
        hijo = duracion.labels(c.req.method, ruta, String(status))
        hijos.set(clave, hijo)
      }
      hijo.observe((performance.now() - inicio) / 1000)
    }
  })

  async function texto(): Promise<Response> {
    return new Response(await registro.metrics(), {
      headers: { 'content-type': registro.contentType, 'cache-control': 'no-store' },
    })
  }

  let servidor: Server | undefined
  return {
    registro,
    middleware,
    async respuestaPublica(c) {
      const cabecera = c.req.header('authorization') ?? ''
      const enviado = /^Bearer\s+(.+)$/i.exec(cabecera)?.[1]?.trim()
      if (!config.token || !enviado || !mismoToken(enviado, config.token)) return c.text('No encontrado', 404)
      return texto()
    },
    async escuchar() {
      if (config.puerto === null) return null
      const s = createServer((req, res) => {
        if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('No encontrado')
          return
        }
        registro.metrics().then(
          (cuerpo) => res.writeHead(200, { 'content-type': registro.contentType }).end(cuerpo),
          () => res.writeHead(500).end(),
        )
      })
      servidor = s
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject)
        s.listen(config.puerto ?? 0, config.host, () => resolve())
      })
      const { port } = s.address() as AddressInfo
      return `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`
    },
    async cerrar() {
      if (servidor) await new Promise((resolve) => servidor?.close(resolve))
      registro.clear()
    },
  }
}

/** Whether the configuration asks for metrics at all. */
export function metricasActivas(config: ConfigMetricas): boolean {
  return config.puerto !== null || config.token !== null
}

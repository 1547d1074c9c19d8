// `npm run bench`: what a mid-range phone and a busy enrolment week care about.
// 1. The gzip size of the JavaScript the login screen loads (what the first screen must fetch).
// 2. p50/p99 latency and throughput of login and of the home data under a short local load.
// It starts the real server on a temporary DATA_DIR (loopback only) and stops by itself.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchBrowser } from '../tests/support/browser.ts'
import { apiClient, startTestServer } from '../tests/support/server.ts'

const DIST = 'dist'

async function jsDelLogin(url: string) {
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext()
    const page = await context.newPage()
    const scripts = new Set<string>()
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname
      if (path.endsWith('.js') && r.request().resourceType() === 'script') scripts.add(path)
    })
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: 'Ingresar' }).waitFor()
    let raw = 0
    let gzip = 0
    for (const path of scripts) {
      const bytes = readFileSync(join(DIST, path))
      raw += bytes.length
      gzip += gzipSync(bytes, { level: 9 }).length
    }
    return { archivos: scripts.size, raw, gzip }
  } finally {
    await browser.close()
  }
}

function percentil(ordenados: number[], p: number): number {
  return ordenados[Math.min(ordenados.length - 1, Math.floor((p / 100) * ordenados.length))] ?? Number.NaN
}

/** Runs `total` calls of `llamada` with `concurrencia` in flight; every call must succeed. */
async function carga(nombre: string, total: number, concurrencia: number, llamada: (i: number) => Promise<void>) {
  const tiempos: number[] = []
  let siguiente = 0
  const inicio = performance.now()
  await Promise.all(
    Array.from({ length: concurrencia }, async () => {
      while (siguiente < total) {
        const i = siguiente++
        const t0 = performance.now()
        await llamada(i)
        tiempos.push(performance.now() - t0)
      }
    }),
  )
  const segundos = (performance.now() - inicio) / 1000
  tiempos.sort((a, b) => a - b)
  console.log(
    `${nombre.padEnd(28)} n=${total} c=${concurrencia}  p50 ${percentil(tiempos, 50).toFixed(1)} ms  p99 ${percentil(tiempos, 99).toFixed(1)} ms  ${(total / segundos).toFixed(0)} req/s`,
  )
}

const server = await startTestServer({ throttle: 'off' })
try {
  const js = await jsDelLogin(server.url)
  console.log(`JS del login: ${js.archivos} archivos, ${(js.raw / 1024).toFixed(1)} KB sin comprimir, ${(js.gzip / 1024).toFixed(1)} KB gzip`)

  await carga('POST /api/auth/login', 200, 8, async () => {
    const cliente = apiClient(server.url)
    const r = await cliente.post('/api/auth/login', { email: 'estudiante@demo.cl', password: 'Demo2026' })
    if (r.status !== 200) throw new Error(`login ${r.status}`)
  })

  const alumno = apiClient(server.url)
  await alumno.post('/api/auth/login', { email: 'estudiante@demo.cl', password: 'Demo2026' })
  await carga('GET /api/alumno (home)', 2000, 16, async () => {
    const r = await alumno.get('/api/alumno')
    if (r.status !== 200) throw new Error(`alumno ${r.status}`)
  })
} finally {
  await server.close()
}

// `npm run bench`: what a mid-range phone and a busy enrolment week care about.
// 1. The gzip size of the JavaScript the login screen loads (what the first screen must fetch),
//    beside a bare React + TanStack Router + Query + PWA page built with the same versions, and
//    what restoring the persisted cache costs a signed-in start. (Lighthouse and offline
//    readiness beside the same bare page: bench-arranque.ts.)
// 2. p50/p99 latency and throughput of login (scrypt-bound) under a short local load. The reads
//    of every page (home data, enrolment list) are measured by bench-piso.ts, from a load
//    generator of their own, beside the bare stack.
// It starts the real server on a temporary DATA_DIR (loopback only) and stops by itself.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { lanzarNavegador } from '../tests/support/navegador.ts'
import { clienteDePrueba, iniciarServidorDePrueba } from '../tests/support/servidor.ts'
import { firmaDePrueba } from '../tests/support/firma.ts'
import { emitirPdfFirmado } from '../server/papel/documento-pdf.ts'
import { servirPaginaMinima } from './pagina-minima/servir.ts'

const DIST = 'dist'

type PesoJs = { archivos: number; raw: number; gzip: number }

/** Every script a page loads until the network is idle, read from `dir` and gzipped as served. */
async function jsQueCarga(url: string, dir: string, listo: (page: Page) => Promise<void>): Promise<PesoJs> {
  const browser = await lanzarNavegador()
  try {
    const page = await (await browser.newContext()).newPage()
    const scripts = new Set<string>()
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname
      if (path.endsWith('.js') && r.request().resourceType() === 'script') scripts.add(path)
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    await listo(page)
    let raw = 0
    let gzip = 0
    for (const path of scripts) {
      const bytes = readFileSync(join(dir, path))
      raw += bytes.length
      gzip += gzipSync(bytes, { level: 9 }).length
    }
    return { archivos: scripts.size, raw, gzip }
  } finally {
    await browser.close()
  }
}

/** A signed-in reload of /home: how long restoring the persisted cache took, and the first paint. */
async function arranqueConSesion(url: string) {
  const browser = await lanzarNavegador()
  try {
    const page = await (await browser.newContext()).newPage()
    await page.goto(`${url}/login`)
    await page.getByLabel('Correo electrónico').fill('estudiante@demo.cl')
    await page.getByLabel('Contraseña').fill('Demo2026')
    await page.getByRole('button', { name: 'Ingresar' }).click()
    await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
    await page.waitForTimeout(1500)
    await page.reload()
    await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
    return await page.evaluate(() => ({
      restaurar: performance.getEntriesByName('restaurar-cache')[0]?.duration ?? Number.NaN,
      primerPintado: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    }))
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

const server = await iniciarServidorDePrueba({ throttle: 'off' })
try {
  const arranque = await arranqueConSesion(server.url)
  const login = await jsQueCarga(`${server.url}/login`, DIST, (page) =>
    page.getByRole('button', { name: 'Ingresar' }).waitFor(),
  )
  const minima = await servirPaginaMinima()
  const bare = await jsQueCarga(minima.url, minima.dir, (page) => page.getByRole('heading', { name: 'Hola' }).waitFor())
  await minima.cerrar()
  const kb = (bytes: number) => (bytes / 1024).toFixed(1)
  console.log(
    `JS del login:          ${login.archivos} archivos, ${kb(login.raw)} KB sin comprimir, ${kb(login.gzip)} KB gzip`,
  )
  console.log(
    `JS de la página mínima: ${bare.archivos} archivos, ${kb(bare.raw)} KB sin comprimir, ${kb(bare.gzip)} KB gzip`,
  )
  console.log(`Login / página mínima: ${(login.gzip / bare.gzip).toFixed(3)} (máximo 1.15)`)
  console.log(
    `Recarga con sesión: caché restaurada en ${arranque.restaurar.toFixed(1)} ms, primer pintado a los ${arranque.primerPintado.toFixed(0)} ms`,
  )

  await carga('POST /api/auth/login', 200, 8, async () => {
    const cliente = clienteDePrueba(server.url)
    const r = await cliente.post('/api/auth/login', { email: 'estudiante@demo.cl', password: 'Demo2026' })
    if (r.status !== 200) throw new Error(`login ${r.status}`)
  })

  // One document laid out, given its QR, signed and hashed (what accepting the regulations waits on).
  const firma = firmaDePrueba()
  const contenido = {
    titulo: 'Certificado de Aprobación',
    bloques: Array.from({ length: 30 }, (_, i) => `Párrafo ${i}.`),
  }
  await emitirPdfFirmado(contenido, { certificado: firma, urlValidador: (c) => `${server.url}/v?c=${c}` })
  const tiemposPdf: number[] = []
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now()
    await emitirPdfFirmado(contenido, { certificado: firma, urlValidador: (c) => `${server.url}/v?c=${c}` })
    tiemposPdf.push(performance.now() - t0)
  }
  tiemposPdf.sort((a, b) => a - b)
  console.log(
    `Generar y firmar un PDF      n=20  p50 ${percentil(tiemposPdf, 50).toFixed(1)} ms  p99 ${percentil(tiemposPdf, 99).toFixed(1)} ms`,
  )
} finally {
  await server.close()
}

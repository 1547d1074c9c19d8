// `npm run bench` (after `vite build`): the first screen and offline readiness, beside the bare
// React + TanStack + PWA page (scripts/pagina-minima) measured in the same run.
// 1. Lighthouse (mobile: simulated slow 4G, 4x CPU throttling) on /login, the certificate
//    validator and the bare page, taking turns, three runs each: the median score, LCP, total
//    blocking time and main-thread work, each as a ratio to the bare page's, and the longest
//    entries of the median run (scripts by evaluation time, long tasks).
// 2. The service worker's precache (what a first visit stores before it works offline): files and
//    bytes, as built and as sent (Brotli); and what it stores afterwards in the background.
// 3. The time from a first visit's navigation until a service worker controls the page, and until
//    the background step has stored the optional chunks: on the local link, and on a slow one
//    with the figures of Chromium's 'Fast 3G' preset (562.5 ms round trip, 1.44 Mbit/s down),
//    applied by a proxy in front of the server (scripts/red-lenta.ts) because Chromium's per-page
//    emulation leaves the service worker's own fetches at full speed.
//    `--sin-lighthouse` skips part 1.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { lanzarNavegador, type NavegadorDePrueba } from '../tests/support/navegador.ts'
import { iniciarServidorDePrueba } from '../tests/support/servidor.ts'
import { medirLighthouse, type Medicion } from './lighthouse.ts'
import { servirPaginaMinima } from './pagina-minima/servir.ts'
import { FAST_3G, redLenta, type Red } from './red-lenta.ts'

const DIST = 'dist'
const VECES = Number(process.env.BENCH_VECES ?? 3)

type Tamano = { archivos: number; bytes: number; br: number }

function tamanoDe(urls: string[]): Tamano {
  let bytes = 0
  let br = 0
  for (const url of urls) {
    const archivo = join(DIST, url.replace(/^\//, ''))
    const propio = statSync(archivo).size
    bytes += propio
    br += existsSync(`${archivo}.br`) ? statSync(`${archivo}.br`).size : propio
  }
  return { archivos: urls.length, bytes, br }
}

/** The precache manifest written into the generated service worker. */
function precache(): string[] {
  const sw = readFileSync(join(DIST, 'sw.js'), 'utf8')
  return [...sw.matchAll(/\burl:"([^"]+)"/g)].map((m) => `/${(m[1] ?? '').replace(/^\//, '')}`)
}

/** What the service worker stores once it is active (public/diferidos-sw.js), when there is a list. */
function enSegundoPlano(): string[] {
  const archivo = join(DIST, 'diferidos.json')
  if (!existsSync(archivo)) return []
  const lista = JSON.parse(readFileSync(archivo, 'utf8')) as { alumno?: string[] }
  return lista.alumno ?? []
}

type Disponibilidad = { activoMs: number; controlaMs: number; segundoPlanoMs: number }

/**
 * A first visit in a fresh context: when its service worker is active (its precache stored), when
 * one controls the page (the portal claims its first visit at once; the bare page's worker does
 * not, so it has no figure) and when the background step has stored the optional chunks.
 */
async function primeraVisita(navegador: NavegadorDePrueba, url: string, diferidos: number): Promise<Disponibilidad> {
  const context: BrowserContext = await navegador.newContext()
  try {
    const page: Page = await context.newPage()
    // tsx keeps function names with a helper the page does not have.
    await page.addInitScript('window.__name = (f) => f')
    await page.goto(url)
    return await page.evaluate(
      async ({ n, limite }) => {
        const hasta = (promesa: Promise<unknown>, ms = limite) =>
          Promise.race([promesa.then(() => performance.now()), new Promise<number>((r) => setTimeout(r, ms, NaN))])
        const activoMs = await hasta(navigator.serviceWorker.ready)
        // A worker that claims its first visit does so as it activates: a few seconds are plenty.
        const controlaMs = navigator.serviceWorker.controller
          ? performance.now()
          : await hasta(
              new Promise((listo) =>
                navigator.serviceWorker.addEventListener('controllerchange', listo, { once: true }),
              ),
              5000,
            )
        const segundoPlanoMs =
          n === 0
            ? NaN
            : await hasta(
                (async () => {
                  for (;;) {
                    const cache = (await caches.has('diferidos')) ? await caches.open('diferidos') : undefined
                    if (cache && (await cache.keys()).length >= n) return
                    await new Promise((r) => setTimeout(r, 50))
                  }
                })(),
              )
        return { activoMs, controlaMs, segundoPlanoMs }
      },
      { n: diferidos, limite: 240_000 },
    )
  } finally {
    await context.close()
  }
}

function medianaDe(valores: number[]): number {
  const ordenados = [...valores].sort((a, b) => a - b)
  return ordenados[Math.floor(ordenados.length / 2)] ?? Number.NaN
}

async function disponibilidad(origen: string, ruta: string, red: Red | undefined, diferidos: number, veces: number) {
  const enlace = red ? await redLenta(origen, red) : undefined
  const navegador = await lanzarNavegador()
  try {
    const corridas: Disponibilidad[] = []
    for (let i = 0; i < veces; i++)
      corridas.push(await primeraVisita(navegador, `${enlace?.url ?? origen}${ruta}`, diferidos))
    return {
      activoMs: medianaDe(corridas.map((c) => c.activoMs)),
      controlaMs: medianaDe(corridas.map((c) => c.controlaMs)),
      segundoPlanoMs: medianaDe(corridas.map((c) => c.segundoPlanoMs)),
    }
  } finally {
    await navegador.close()
    await enlace?.cerrar()
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`
const s = (ms: number) => (Number.isNaN(ms) ? '–' : `${(ms / 1000).toFixed(2)} s`)
const razon = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '–')

const minima = await servirPaginaMinima()
const server = await iniciarServidorDePrueba({ throttle: 'off' })
try {
  if (!process.argv.includes('--sin-lighthouse')) {
    const lh = await medirLighthouse(
      {
        minima: minima.url,
        login: `${server.url}/login`,
        validador: `${server.url}/certificado/validador`,
      },
      VECES,
    )
    const base: Medicion = lh.minima
    console.log(`Lighthouse móvil, mediana de ${VECES} corridas alternadas (razón respecto de la página mínima):`)
    for (const [pagina, m] of Object.entries(lh)) {
      console.log(
        `  ${pagina.padEnd(10)} puntaje ${m.puntaje.toFixed(2)} (${razon(m.puntaje, base.puntaje)})` +
          `  LCP ${s(m.lcpMs)} (${razon(m.lcpMs, base.lcpMs)})` +
          `  TBT ${m.tbtMs.toFixed(0)} ms (${razon(m.tbtMs, base.tbtMs)})` +
          `  hilo principal ${s(m.hiloPrincipalMs)} (${razon(m.hiloPrincipalMs, base.hiloPrincipalMs)})` +
          `  ${m.solicitudes} solicitudes`,
      )
    }
    // The first screen's goal: a score of 0.97 or more and blocking time at most 1.5 times the
    // bare page's (when the bare page blocks nothing, none either).
    const cumple = (m: Medicion) => m.puntaje >= 0.97 && m.tbtMs <= 1.5 * base.tbtMs
    console.log(
      `  objetivo (puntaje ≥ 0.97, TBT ≤ 1.5 × el de la página mínima): ` +
        `login ${cumple(lh.login) ? 'cumple' : 'NO cumple'}, validador ${cumple(lh.validador) ? 'cumple' : 'NO cumple'}`,
    )
    for (const pagina of ['login', 'validador'] as const) {
      const { detalle } = lh[pagina]
      console.log(`  ${pagina}: guiones con más trabajo (total / evaluación):`)
      for (const g of detalle.porGuion.slice(0, 5))
        console.log(`    ${g.totalMs.toFixed(0).padStart(5)} / ${g.evaluacionMs.toFixed(0).padStart(5)} ms  ${g.url}`)
      console.log(`  ${pagina}: tareas largas: ${detalle.tareasLargas.length}`)
      for (const t of detalle.tareasLargas.slice(0, 5))
        console.log(`    ${t.duracionMs.toFixed(0).padStart(5)} ms a los ${t.inicioMs.toFixed(0)} ms  ${t.url}`)
    }
  }

  const nucleo = tamanoDe(precache())
  const fondo = tamanoDe(enSegundoPlano())
  console.log(
    `Precaché (primer paso): ${nucleo.archivos} archivos, ${kb(nucleo.bytes)} (${kb(nucleo.br)} enviados con Brotli)`,
  )
  console.log(
    `En segundo plano, ya activo el service worker: ${fondo.archivos} archivos, ${kb(fondo.bytes)} (${kb(fondo.br)} con Brotli)`,
  )
  for (const red of [undefined, FAST_3G]) {
    const nombre = red ? `red lenta ${red.nombre}` : 'enlace local'
    // On the slow link a first visit takes a minute or more: one run.
    const veces = red ? 1 : VECES
    const portal = await disponibilidad(server.url, '/login', red, fondo.archivos, veces)
    const base = await disponibilidad(new URL(minima.url).origin, '/', red, 0, veces)
    console.log(
      `Primera visita, ${nombre}: service worker activo a los ${s(portal.activoMs)} (página mínima ${s(base.activoMs)}),` +
        ` controla /login a los ${s(portal.controlaMs)}; fragmentos opcionales guardados a los ${s(portal.segundoPlanoMs)}`,
    )
  }
} finally {
  await server.close()
  await minima.cerrar()
}

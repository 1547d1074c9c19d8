// Lighthouse's mobile performance audit (simulated slow 4G, mid-range phone with 4x CPU
// throttling) of a few pages, with the same Chromium the browser tests use. Runs offline: nothing
// is fetched but the pages.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { rutaChromium } from '../tests/support/navegador.ts'

export type Medicion = {
  puntaje: number
  fcpMs: number
  lcpMs: number
  /** Total blocking time: the part of each long task beyond 50 ms, between FCP and interactive. */
  tbtMs: number
  /** Main-thread work until the page settles (parsing, script evaluation, style, layout…). */
  hiloPrincipalMs: number
  solicitudes: number
}

/** The longest entries of a run's main-thread work and scripts: where to look first. */
export type Detalle = {
  porCategoria: { categoria: string; ms: number }[]
  porGuion: { url: string; totalMs: number; evaluacionMs: number }[]
  tareasLargas: { url: string; inicioMs: number; duracionMs: number }[]
}

type Auditoria = { numericValue?: number; details?: { items?: Record<string, unknown>[] } }

function elementos(auditoria: Auditoria | undefined): Record<string, unknown>[] {
  return auditoria?.details?.items ?? []
}

const numero = (v: unknown) => (typeof v === 'number' ? v : Number.NaN)
const texto = (v: unknown) => (typeof v === 'string' ? v : '')

function mediana(valores: number[]): number {
  const ordenados = [...valores].sort((a, b) => a - b)
  return ordenados[Math.floor(ordenados.length / 2)] ?? Number.NaN
}

/**
 * Each page of `paginas` `veces` times, taking turns (page A, B, C, then A, B, C again…) so a
 * moment of load on a shared machine falls on every page alike; each figure is the median of its
 * runs. The breakdown of each page is the one of its median-scoring run.
 */
export async function medirLighthouse<K extends string>(
  paginas: Record<K, string>,
  veces = 3,
): Promise<Record<K, Medicion & { detalle: Detalle }>> {
  const { executablePath, args } = await rutaChromium()
  const chrome = await chromeLauncher.launch({
    chromePath: executablePath,
    chromeFlags: args.filter((a) => a !== '--headless').concat('--headless=new'),
  })
  const corridas = new Map<K, (Medicion & { detalle: Detalle })[]>()
  try {
    for (let i = 0; i < veces; i++) {
      for (const [nombre, url] of Object.entries(paginas) as [K, string][]) {
        const resultado = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        })
        const lhr = resultado?.lhr
        if (!lhr) throw new Error(`Lighthouse no midió ${url}`)
        const a = lhr.audits as Record<string, Auditoria | undefined>
        const origen = new URL(url).origin
        const corto = (u: unknown) => texto(u).replace(origen, '') || texto(u)
        const lista = corridas.get(nombre) ?? []
        lista.push({
          puntaje: lhr.categories.performance?.score ?? Number.NaN,
          fcpMs: numero(a['first-contentful-paint']?.numericValue),
          lcpMs: numero(a['largest-contentful-paint']?.numericValue),
          tbtMs: numero(a['total-blocking-time']?.numericValue),
          hiloPrincipalMs: numero(a['mainthread-work-breakdown']?.numericValue),
          solicitudes: elementos(a['network-requests']).length,
          detalle: {
            porCategoria: elementos(a['mainthread-work-breakdown']).map((e) => ({
              categoria: texto(e.groupLabel) || texto(e.group),
              ms: numero(e.duration),
            })),
            porGuion: elementos(a['bootup-time']).map((e) => ({
              url: corto(e.url),
              totalMs: numero(e.total),
              evaluacionMs: numero(e.scripting),
            })),
            tareasLargas: elementos(a['long-tasks']).map((e) => ({
              url: corto(e.url),
              inicioMs: numero(e.startTime),
              duracionMs: numero(e.duration),
            })),
          },
        })
        corridas.set(nombre, lista)
      }
    }
  } finally {
    chrome.kill()
  }
  const salida = {} as Record<K, Medicion & { detalle: Detalle }>
  for (const [nombre, lista] of corridas) {
    const porPuntaje = [...lista].sort((x, y) => x.puntaje - y.puntaje)
    const central = porPuntaje[Math.floor(porPuntaje.length / 2)]
    if (!central) continue
    salida[nombre] = {
      puntaje: mediana(lista.map((m) => m.puntaje)),
      fcpMs: mediana(lista.map((m) => m.fcpMs)),
      lcpMs: mediana(lista.map((m) => m.lcpMs)),
      tbtMs: mediana(lista.map((m) => m.tbtMs)),
      hiloPrincipalMs: mediana(lista.map((m) => m.hiloPrincipalMs)),
      solicitudes: mediana(lista.map((m) => m.solicitudes)),
      detalle: central.detalle,
    }
  }
  return salida
}

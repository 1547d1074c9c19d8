// Lighthouse's mobile performance score (simulated slow 4G, mid-range phone) of a page, with
// the same Chromium the browser tests use. Runs offline: nothing is fetched but the page.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { rutaChromium } from '../tests/support/navegador.ts'

export type Medicion = { puntaje: number; lcpMs: number; fcpMs: number }

/** The median of `veces` runs (a run's score moves by a point or two). */
export async function medirLighthouse(url: string, veces = 3): Promise<Medicion> {
  const { executablePath, args } = await rutaChromium()
  const chrome = await chromeLauncher.launch({
    chromePath: executablePath,
    chromeFlags: args.filter((a) => a !== '--headless').concat('--headless=new'),
  })
  try {
    const mediciones: Medicion[] = []
    for (let i = 0; i < veces; i++) {
      const resultado = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      })
      const lhr = resultado?.lhr
      if (!lhr) throw new Error(`Lighthouse no midió ${url}`)
      mediciones.push({
        puntaje: lhr.categories.performance?.score ?? Number.NaN,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      })
    }
    mediciones.sort((a, b) => a.puntaje - b.puntaje)
    return mediciones[Math.floor(mediciones.length / 2)] as Medicion
  } finally {
    chrome.kill()
  }
}

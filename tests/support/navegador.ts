import { existsSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'

// Flags that keep Chromium quiet on a machine with no network but the package registries
//: without the background-networking ones it keeps dialling Google's hosts.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

/**
 * Finds a Chromium without downloading one: CHROME_PATH when set, else Debian's
 * /usr/bin/chromium, else the headless build that ships inside the @sparticuz/chromium package
 * (a devDependency, so `npm ci` alone is enough on a fresh machine).
 */
export async function rutaChromium(): Promise<{ executablePath: string; args: string[] }> {
  if (process.env.CHROME_PATH) return { executablePath: process.env.CHROME_PATH, args: FLAGS }
  if (existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium', args: FLAGS }
  const { default: sparticuz } = await import('@sparticuz/chromium')
  // Its own argument list is tuned for one-shot serverless use (--single-process ends the whole
  // browser when a test closes its context), so only our flags go with it.
  return { executablePath: await sparticuz.executablePath(), args: FLAGS }
}

export type NavegadorDePrueba = {
  browser: Browser
  /** A phone-sized context (360 × 740) unless another width is asked for (a desktop at 1280). */
  newContext(ancho?: number): Promise<BrowserContext>
  close(): Promise<void>
}

/**
 * A headless Chromium; contexts are phone-sized (360 px wide), in Spanish. `argsExtra` adds
 * Chromium flags (a fake camera).
 */
export async function lanzarNavegador(argsExtra: readonly string[] = []): Promise<NavegadorDePrueba> {
  const { executablePath, args } = await rutaChromium()
  // Playwright gives every launch a fresh temporary profile of its own.
  const browser = await chromium.launch({ executablePath, args: [...args, ...argsExtra] })
  return {
    browser,
    newContext: (ancho = 360) =>
      browser.newContext({
        viewport: ancho === 360 ? { width: 360, height: 740 } : { width: ancho, height: 800 },
        locale: 'es-CL',
        serviceWorkers: 'allow',
      }),
    close: () => browser.close(),
  }
}

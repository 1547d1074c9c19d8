import { existsSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core'

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

/** What a context starts with besides its size: e.g. a session's cookies and local marker. */
export type OpcionesContexto = Pick<BrowserContextOptions, 'storageState'>

/** Phone-sized contexts by default (360 px); the staff's screens are tried at a desk's 1280. */
export type NavegadorDePrueba = {
  browser: Browser
  newContext(ancho?: number, opciones?: OpcionesContexto): Promise<BrowserContext>
  close(): Promise<void>
}

function navegadorDePrueba(browser: Browser): NavegadorDePrueba {
  return {
    browser,
    newContext: (ancho = 360, opciones = {}) =>
      browser.newContext({
        viewport: { width: ancho, height: ancho > 360 ? 900 : 740 },
        locale: 'es-CL',
        serviceWorkers: 'allow',
        ...opciones,
      }),
    // For a browser reached with `conectarNavegador` this only lets go of it (and closes the
    // contexts this file opened): the run's browser stays up for the other files.
    close: () => browser.close(),
  }
}

/**
 * A headless Chromium of its own; contexts are phone-sized (360 px wide), in Spanish. `argsExtra`
 * adds Chromium flags (a fake camera).
 */
export async function lanzarNavegador(argsExtra: readonly string[] = []): Promise<NavegadorDePrueba> {
  const { executablePath, args } = await rutaChromium()
  // Playwright gives every launch a fresh temporary profile of its own.
  return navegadorDePrueba(await chromium.launch({ executablePath, args: [...args, ...argsExtra] }))
}

/**
 * The run's shared Chromium (started by navegador-global.ts), reached through its endpoint. Each
 * file holds a connection of its own, and each test a context of its own: contexts share no
 * storage, cookies nor service workers, so nothing leaks between tests or files.
 */
export async function conectarNavegador(wsEndpoint: string): Promise<NavegadorDePrueba> {
  return navegadorDePrueba(await chromium.connect(wsEndpoint))
}

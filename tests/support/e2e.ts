import { afterAll, beforeAll, inject, onTestFailed } from 'vitest'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { conectarNavegador, lanzarNavegador, type NavegadorDePrueba } from './navegador.ts'
import { DEMO_SECRETO_TOTP } from '../../server/db/seed/personal-demo.ts'
import { codigoSiguiente } from './personal.ts'
import { estadoConSesionDeAlumno, estadoConSesionDePersonal } from './sesion-navegador.ts'
import { iniciarServidorDePrueba, type ServidorDePrueba } from './servidor.ts'

export const DEMO_PASSWORD = 'Demo2026'

export type OpcionesPagina = {
  /** The window's width: 360 px (a phone) unless said. */
  ancho?: number
  /** A student already signed in (through the API, not the login screen): their e-mail. */
  sesion?: string
  /** A staff member already signed in (password and code through the API): their e-mail. */
  personal?: string
  /** Where the browser reaches the server when not at its own address (a proxy in between). */
  direccion?: string
}

/**
 * One real portal server (fresh DATA_DIR, built app from dist/) per test file, and the run's
 * Chromium (navegador-global.ts; a browser of the file's own when run without it). Each test opens
 * its own context, so storage and cookies never leak between tests. Nothing here is shared between
 * files: two files may run at once in one process.
 */
export function prepararPortal(options: Parameters<typeof iniciarServidorDePrueba>[0] = {}) {
  const state = {} as { server: ServidorDePrueba; browser: NavegadorDePrueba }
  beforeAll(async () => {
    const ws = inject('navegadorWs')
    ;[state.server, state.browser] = await Promise.all([
      iniciarServidorDePrueba(options),
      ws ? conectarNavegador(ws) : lanzarNavegador(),
    ])
  })
  afterAll(async () => {
    await state.browser?.close()
    await state.server?.close()
  })
  return {
    get url() {
      return state.server.url
    },
    get server() {
      return state.server
    },
    /**
     * A page in a context of its own, 360 px wide unless `ancho` says otherwise; signed in as the
     * student `sesion` or the staff member `personal` when one is named. It opens blank: the test
     * goes where its journey starts.
     */
    async newPage(opciones: number | OpcionesPagina = {}): Promise<{ context: BrowserContext; page: Page }> {
      const { ancho, sesion, personal, direccion } = typeof opciones === 'number' ? { ancho: opciones } : opciones
      const storageState = sesion
        ? await estadoConSesionDeAlumno(direccion ?? state.server.url, sesion)
        : personal
          ? await estadoConSesionDePersonal({ ...state.server, url: direccion ?? state.server.url }, personal)
          : undefined
      const context = await state.browser.newContext(ancho, storageState ? { storageState } : {})
      const page = await context.newPage()
      // A journey that fails says where it stood: a timeout alone does not tell what the screen showed.
      onTestFailed(async () => {
        if (page.isClosed()) return
        const texto = await page
          .locator('body')
          .innerText({ timeout: 2000 })
          .catch(() => '(no se pudo leer)')
        const servidor = state.server.logs
          .filter((linea) => !linea.includes('"ruta":"/assets/'))
          .slice(-8)
          .join('\n')
        console.error(
          `La página en ${page.url()} mostraba:\n${texto.slice(0, 2000)}\nEl servidor, al final:\n${servidor}`,
        )
      })
      return { context, page }
    },
  }
}

/**
 * Signs in through the login screen, as a person would: for the journeys about signing in. The
 * others start signed in (newPage's `sesion`).
 */
export async function iniciarSesion(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel(/^Contraseña/).fill(password)
  await page.getByRole('button', { name: 'Ingresar' }).click()
}

/** The width of a staff member's desk screen. */
export const ANCHO_ESCRITORIO = 1280

/**
 * Signs a staff member in through /admin/login, as a person would: e-mail and password, then the
 * code their authenticator app shows for the account's secret. Resolves on the staff's home. For
 * the journeys about signing in; the others start signed in (newPage's `personal`).
 */
export async function iniciarSesionPersonal(
  page: Page,
  servidor: { url: string; dataDir: string },
  email: string,
  secreto = DEMO_SECRETO_TOTP,
) {
  await page.goto(`${servidor.url}/admin/login`)
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel(/^Contraseña/).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByLabel(/^Código de verificación/).fill(await codigoSiguiente(servidor.dataDir, email, secreto))
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await page.waitForURL(`${servidor.url}/admin/home`)
}

/**
 * Opens 'Información Personal' from the home's top navigation; resolves once the form shows. The
 * page is signed in already (newPage's `sesion`), or, given an `email`, signs in through the login
 * screen first (the benches, which time the screens as a person meets them).
 */
export async function abrirInformacionPersonal(page: Page, baseUrl: string, email?: string) {
  if (email) await iniciarSesion(page, baseUrl, email)
  else await page.goto(`${baseUrl}/home`)
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Información Personal' }).click()
  await page.waitForURL(`${baseUrl}/info/personal`)
  await page.getByLabel(/^Dirección/).waitFor()
}

/** Resolves once the service worker controls the page, so a reload works with no network. */
export async function esperarServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      )
    }
  })
}

/** At the portal's sandbox gateway: types a card and pays. */
export async function pagarConTarjeta(page: Page, tarjeta: string) {
  await page.getByText('Pasarela de pruebas').waitFor()
  await page.getByLabel('Número de tarjeta').fill(tarjeta)
  await page.getByLabel('Vencimiento (MM/AA)').fill('12/39')
  await page.getByLabel('CVV').fill('123')
  await page.getByRole('button', { name: /^Pagar \$/ }).click()
}

/**
 * Waits for `locator` to show while moving the page's clock on a second at a time, for what the
 * app does only after timers of its own (an upload's retries before it gives up with no network).
 * The context's clock must be installed (`context.clock.install()`) before the page loads.
 */
export async function adelantarRelojHasta(page: Page, locator: Locator, plazoMs = 20_000): Promise<void> {
  const limite = Date.now() + plazoMs
  for (;;) {
    // Each second moved on, the app gets a moment to act on the timers it fired.
    if (
      await locator.waitFor({ timeout: 200 }).then(
        () => true,
        () => false,
      )
    )
      return
    if (Date.now() > limite) throw new Error(`no apareció ${locator} (tras ${plazoMs / 1000} s)`)
    await page.clock.fastForward(1_000)
  }
}

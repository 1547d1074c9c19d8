import { afterAll, beforeAll } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { lanzarNavegador, type NavegadorDePrueba } from './navegador.ts'
import { iniciarServidorDePrueba, type ServidorDePrueba } from './servidor.ts'

export const DEMO_PASSWORD = 'Demo2026'

/**
 * One real portal server (fresh DATA_DIR, built app from dist/) and one headless Chromium per
 * test file. Each test opens its own context, so storage and cookies never leak between tests.
 */
export function prepararPortal(options: Parameters<typeof iniciarServidorDePrueba>[0] = {}) {
  const state = {} as { server: ServidorDePrueba; browser: NavegadorDePrueba }
  beforeAll(async () => {
    ;[state.server, state.browser] = await Promise.all([iniciarServidorDePrueba(options), lanzarNavegador()])
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
    /** A fresh context and page: a 360-pixel phone unless `ancho` asks for another width. */
    async newPage(ancho?: number): Promise<{ context: BrowserContext; page: Page }> {
      const context = await state.browser.newContext(ancho)
      const page = await context.newPage()
      return { context, page }
    },
  }
}

/** Signs in through the login screen, as a person would. */
export async function iniciarSesion(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel(/^Contraseña/).fill(password)
  await page.getByRole('button', { name: 'Ingresar' }).click()
}

/** Signs in and opens 'Información Personal' from the top navigation; resolves once the form shows. */
export async function abrirInformacionPersonal(page: Page, baseUrl: string, email: string) {
  await iniciarSesion(page, baseUrl, email)
  await page.waitForURL(`${baseUrl}/home`)
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

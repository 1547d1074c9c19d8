import { test } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { esperarServiceWorker, iniciarSesion, prepararPortal } from '../support/e2e.ts'

// A cold start with no network: every signed-in screen the student has opened once opens again
// after a reload offline, with its data, however it was first reached (by its address, or by
// following the app's own links), and again on a second offline reload.

const portal = prepararPortal({ throttle: 'off' })

type Pantalla = { ruta: string; lista: (page: Page) => Promise<void> }

const texto = (t: string | RegExp) => (page: Page) => page.getByText(t).first().waitFor()

const PANTALLAS: Pantalla[] = [
  { ruta: '/home', lista: texto('Cuota 2 vencida, $450.000') },
  { ruta: '/info/solicitudes', lista: (page) => page.getByRole('rowheader', { name: 'INS-26-40018' }).waitFor() },
  {
    ruta: '/info/personal',
    lista: async (page) => {
      const direccion = page.getByLabel(/^Dirección/)
      await direccion.waitFor()
      await page.waitForFunction(
        () => (document.querySelector<HTMLInputElement>('#personal-direccion')?.value ?? '') !== '',
      )
    },
  },
  { ruta: '/concurso/listado', lista: (page) => page.getByRole('link', { name: 'Medicina Interna' }).waitFor() },
  {
    ruta: '/concurso/detalle/7',
    lista: (page) => page.getByRole('heading', { name: 'Concurso de Medicina Interna' }).waitFor(),
  },
  {
    ruta: '/concurso/derechopostulacion/7',
    lista: (page) => page.getByRole('button', { name: /^Pagar \$/ }).waitFor(),
  },
  {
    ruta: '/concurso/derechopostulacion/detalle/9',
    lista: (page) => page.getByRole('heading', { name: 'Documentos de la postulación' }).waitFor(),
  },
  { ruta: '/pagos/lista/INS-26-40018', lista: texto('Cuota 1 de 4') },
  { ruta: '/pagos/INS-26-40018/3', lista: (page) => page.getByRole('heading', { name: 'Pagar cuota' }).waitFor() },
  { ruta: '/pagos/respuesta/INS-26-40018/pago-demo-INS-26-40018-1', lista: texto('Pago aprobado') },
  { ruta: '/laboral/listado', lista: (page) => page.getByRole('article').first().waitFor() },
]

/** Lets the stored copy of the cache catch up (it is written about once a second). */
const guardado = (page: Page) => page.waitForTimeout(1_500)

/** With no network: reload, the screen shows its data; and once more. */
async function recargarSinConexion(page: Page, context: BrowserContext, pantalla: Pantalla) {
  await context.setOffline(true)
  for (let vez = 1; vez <= 2; vez++) {
    await page.reload()
    try {
      await pantalla.lista(page)
    } catch (error) {
      throw new Error(`${pantalla.ruta}: sin datos tras la recarga ${vez} sin conexión`, { cause: error })
    }
    // Offline, the screen's refresh fails: what is stored meanwhile must still hold its data.
    await guardado(page)
  }
  await context.setOffline(false)
}

test('every signed-in screen opened by its address opens again after a reload with no network', async () => {
  const { page, context } = await portal.newPage()
  await iniciarSesion(page, portal.url, 'estudiante@demo.cl')
  await page.waitForURL(`${portal.url}/home`)
  await esperarServiceWorker(page)
  for (const pantalla of PANTALLAS) {
    await page.goto(`${portal.url}${pantalla.ruta}`)
    await pantalla.lista(page)
    await guardado(page)
    await recargarSinConexion(page, context, pantalla)
  }
  await context.close()
}, 240_000)

test('screens reached through the app, link by link, open again after a reload with no network', async () => {
  const { page, context } = await portal.newPage()
  await iniciarSesion(page, portal.url, 'estudiante@demo.cl')
  await page.waitForURL(`${portal.url}/home`)
  await esperarServiceWorker(page)
  const navegacion = page.getByRole('navigation', { name: 'Principal' })
  const porEnlace = async (ir: () => Promise<void>, pantalla: Pantalla) => {
    await ir()
    await page.waitForURL(`${portal.url}${pantalla.ruta}`)
    await pantalla.lista(page)
    await guardado(page)
    await recargarSinConexion(page, context, pantalla)
  }
  const [inicio, solicitudes, personal, concursos, detalle, derecho, postulacion, lista] = PANTALLAS as [
    Pantalla,
    Pantalla,
    Pantalla,
    Pantalla,
    Pantalla,
    Pantalla,
    Pantalla,
    Pantalla,
  ]
  await porEnlace(() => navegacion.getByRole('link', { name: 'Solicitudes' }).click(), solicitudes)
  await porEnlace(() => navegacion.getByRole('link', { name: 'Información Personal' }).click(), personal)
  await porEnlace(() => navegacion.getByRole('link', { name: 'Concursos' }).click(), concursos)
  await porEnlace(() => page.getByRole('link', { name: 'Medicina Interna' }).click(), detalle)
  await porEnlace(() => page.getByRole('link', { name: 'Postular y pagar el derecho de postulación' }).click(), derecho)
  await porEnlace(async () => {
    await navegacion.getByRole('link', { name: 'Concursos' }).click()
    await page.getByRole('link', { name: /^Ver mi postulación a Anestesiología/ }).click()
  }, postulacion)
  await porEnlace(() => navegacion.getByRole('link', { name: 'Inicio' }).click(), inicio)
  await porEnlace(async () => {
    await navegacion.getByRole('link', { name: 'Solicitudes' }).click()
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'INS-26-40018' }) })
      .getByRole('button', { name: /^Ver detalle de la solicitud/ })
      .click()
    await page.getByRole('link', { name: /^Lista de pagos de la solicitud INS-26-40018/ }).click()
  }, lista)
  await context.close()
}, 180_000)

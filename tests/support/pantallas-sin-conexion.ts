// The cold start with no network (tests/e2e/offline-frio-*.test.ts): every signed-in screen the
// student has opened once opens again after a reload offline, with its data, and again on a second
// offline reload. Shared by the two files that reach the screens in different ways, so they can run
// at the same time, each on its own server.
import type { BrowserContext, Page } from 'playwright-core'
import { esperarCacheGuardada, vigilarConsultas } from './almacen-local.ts'
import { esperarServiceWorker } from './e2e.ts'

export type Pantalla = { ruta: string; lista: (page: Page) => Promise<void> }

const texto = (t: string | RegExp) => (page: Page) => page.getByText(t).first().waitFor()

export const PANTALLAS = {
  inicio: { ruta: '/home', lista: texto('Cuota 2 vencida, $450.000') },
  solicitudes: {
    ruta: '/info/solicitudes',
    lista: (page) => page.getByRole('rowheader', { name: 'INS-26-40018' }).waitFor(),
  },
  personal: {
    ruta: '/info/personal',
    lista: async (page) => {
      const direccion = page.getByLabel(/^Dirección/)
      await direccion.waitFor()
      await page.waitForFunction(
        () => (document.querySelector<HTMLInputElement>('#personal-direccion')?.value ?? '') !== '',
      )
    },
  },
  concursos: {
    ruta: '/concurso/listado',
    lista: (page) => page.getByRole('link', { name: 'Medicina Interna' }).waitFor(),
  },
  detalle: {
    ruta: '/concurso/detalle/7',
    lista: (page) => page.getByRole('heading', { name: 'Concurso de Medicina Interna' }).waitFor(),
  },
  derecho: {
    ruta: '/concurso/derechopostulacion/7',
    lista: (page) => page.getByRole('button', { name: /^Pagar \$/ }).waitFor(),
  },
  postulacion: {
    ruta: '/concurso/derechopostulacion/detalle/9',
    lista: (page) => page.getByRole('heading', { name: 'Documentos de la postulación' }).waitFor(),
  },
  pagos: { ruta: '/pagos/lista/INS-26-40018', lista: texto('Cuota 1 de 4') },
  cuota: {
    ruta: '/pagos/INS-26-40018/3',
    lista: (page) => page.getByRole('heading', { name: 'Pagar cuota' }).waitFor(),
  },
  resultado: { ruta: '/pagos/respuesta/INS-26-40018/pago-demo-INS-26-40018-1', lista: texto('Pago aprobado') },
  ofertas: { ruta: '/laboral/listado', lista: (page) => page.getByRole('article').first().waitFor() },
} satisfies Record<string, Pantalla>

/**
 * The student signed in on the home, its service worker in control (so a reload works with no
 * network), and every read of the API counted (to know when the cache's stored copy caught up).
 */
export async function abrirInicio(portal: {
  url: string
  newPage(o: { sesion: string }): Promise<{ context: BrowserContext; page: Page }>
}): Promise<{ context: BrowserContext; page: Page }> {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await vigilarConsultas(context)
  // The page's clock runs as usual, but a test may move it on (see guardada).
  await context.clock.install()
  await page.goto(`${portal.url}/home`)
  await PANTALLAS.inicio.lista(page)
  await esperarServiceWorker(page)
  return { page, context }
}

/**
 * Waits until the stored copy of the cache holds what the page has read (or failed to read). The
 * persister writes at most once a second: the page's clock is moved past that second instead of
 * the test waiting it out (a write it schedules later is still waited for).
 */
async function guardada(page: Page) {
  await page.clock.fastForward(1_000)
  await esperarCacheGuardada(page)
}

/**
 * The screen on show has its data: once the stored copy of the cache holds it, with no network,
 * reload, the screen shows its data; and once more.
 */
export async function recargarSinConexion(page: Page, context: BrowserContext, pantalla: Pantalla) {
  await guardada(page)
  await context.setOffline(true)
  for (let vez = 1; vez <= 2; vez++) {
    await page.reload()
    try {
      await pantalla.lista(page)
    } catch (error) {
      throw new Error(`${pantalla.ruta}: sin datos tras la recarga ${vez} sin conexión`, { cause: error })
    }
    // Offline, the screen's refresh fails: what is stored meanwhile must still hold its data.
    await guardada(page)
  }
  await context.setOffline(false)
}

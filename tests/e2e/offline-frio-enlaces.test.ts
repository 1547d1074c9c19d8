import { test } from 'vitest'
import { prepararPortal } from '../support/e2e.ts'
import { abrirInicio, PANTALLAS, recargarSinConexion, type Pantalla } from '../support/pantallas-sin-conexion.ts'

// A cold start with no network: the signed-in screens reached by following the app's own links,
// not by their address, open again after a reload offline, with their data, and again on a second
// offline reload. (offline-frio-direcciones.test.ts opens every screen by its address.)

const portal = prepararPortal({ throttle: 'off' })

test('screens reached through the app, link by link, open again after a reload with no network', async () => {
  const { page, context } = await abrirInicio(portal)
  const navegacion = page.getByRole('navigation', { name: 'Principal' })
  const porEnlace = async (ir: () => Promise<void>, pantalla: Pantalla) => {
    await ir()
    await page.waitForURL(`${portal.url}${pantalla.ruta}`)
    await pantalla.lista(page)
    await recargarSinConexion(page, context, pantalla)
  }
  await porEnlace(() => navegacion.getByRole('link', { name: 'Solicitudes' }).click(), PANTALLAS.solicitudes)
  await porEnlace(() => navegacion.getByRole('link', { name: 'Información Personal' }).click(), PANTALLAS.personal)
  await porEnlace(() => navegacion.getByRole('link', { name: 'Concursos' }).click(), PANTALLAS.concursos)
  await porEnlace(() => page.getByRole('link', { name: 'Medicina Interna' }).click(), PANTALLAS.detalle)
  await porEnlace(
    () => page.getByRole('link', { name: 'Postular y pagar el derecho de postulación' }).click(),
    PANTALLAS.derecho,
  )
  await porEnlace(async () => {
    await navegacion.getByRole('link', { name: 'Concursos' }).click()
    await page.getByRole('link', { name: /^Ver mi postulación a Anestesiología/ }).click()
  }, PANTALLAS.postulacion)
  await porEnlace(() => navegacion.getByRole('link', { name: 'Inicio' }).click(), PANTALLAS.inicio)
  await porEnlace(async () => {
    await navegacion.getByRole('link', { name: 'Solicitudes' }).click()
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'INS-26-40018' }) })
      .getByRole('button', { name: /^Ver detalle de la solicitud/ })
      .click()
    await page.getByRole('link', { name: /^Lista de pagos de la solicitud INS-26-40018/ }).click()
  }, PANTALLAS.pagos)
  await context.close()
}, 180_000)

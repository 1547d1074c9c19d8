import { test } from 'vitest'
import { prepararPortal } from '../support/e2e.ts'
import { abrirInicio, PANTALLAS, recargarSinConexion } from '../support/pantallas-sin-conexion.ts'

// A cold start with no network: every signed-in screen the student has opened once, by its
// address, opens again after a reload offline, with its data, and again on a second offline
// reload. (offline-frio-enlaces.test.ts reaches them through the app's own links.)

const portal = prepararPortal({ throttle: 'off' })

test('every signed-in screen opened by its address opens again after a reload with no network', async () => {
  const { page, context } = await abrirInicio(portal)
  for (const pantalla of Object.values(PANTALLAS)) {
    await page.goto(`${portal.url}${pantalla.ruta}`)
    await pantalla.lista(page)
    await recargarSinConexion(page, context, pantalla)
  }
  await context.close()
}, 240_000)

import { afterAll, beforeAll, expect, test } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { construirConfig } from '../../server/config.ts'
import { abrirBaseDeDatos } from '../../server/db/connection.ts'
import { notificarRevisionDocumento } from '../../server/notificaciones/revision-documento.ts'
import { opcionesDeBaseDePrueba } from '../support/base-de-datos.ts'
import { esperarCacheGuardada, vigilarConsultas } from '../support/almacen-local.ts'
import { esperarServiceWorker, prepararPortal } from '../support/e2e.ts'
import { iniciarServicioPush, type ServicioPush, type SuscripcionDePrueba } from '../support/servicio-push.ts'
import { consultarDb, iniciarSesion as sesionApi } from '../support/servidor.ts'

// Notices in Chromium: the opt-in asks for the browser's permission only after a tap; the server's
// push for a rejected document, as the local push service received and decrypted it, is delivered
// to the service worker through the DevTools protocol, which shows it; a tap on it opens the
// document's screen; the bell lists the notices, marks them read, opens their screens, and reads
// offline from the persisted cache.
//
// The headless Chromium these tests run (the one that ships in @sparticuz/chromium) has no push
// service to reach and no notification centre. So the page's PushManager.subscribe is replaced by
// one that answers a subscription of the local push service (made with the key the page passes,
// which the test checks is the server's); the service worker's showNotification is watched, since
// this browser refuses to display any notification; and the tap is dispatched to the worker as the
// browser would dispatch it, with the notification the handler asked to show. The push itself
// reaches the worker as a real push event, through the DevTools protocol.

const base = construirConfig({})
const portal = prepararPortal({
  throttle: 'off',
  // Every few hundred milliseconds, and no quiet hours whatever the hour the test runs at.
  config: { notificaciones: { ...base.notificaciones, cadaMs: 200, silencio: { desde: '00:00', hasta: '00:00' } } },
})

let servicio: ServicioPush
beforeAll(async () => {
  servicio = await iniciarServicioPush()
})
afterAll(() => servicio?.cerrar())

/** Counts permission prompts and answers `subscribe` with the local push service's subscription. */
async function prepararPush(context: BrowserContext, suscripcion: SuscripcionDePrueba) {
  await context.grantPermissions(['notifications'], { origin: portal.url })
  await context.addInitScript((s: { endpoint: string; keys: { p256dh: string; auth: string } }) => {
    const registro = window as unknown as { __permisosPedidos: number; __claveUsada: string | null }
    registro.__permisosPedidos = 0
    registro.__claveUsada = null
    const pedir = Notification.requestPermission.bind(Notification)
    Notification.requestPermission = () => {
      registro.__permisosPedidos++
      return pedir()
    }
    let actual: PushSubscription | null = null
    PushManager.prototype.getSubscription = () => Promise.resolve(actual)
    PushManager.prototype.subscribe = (opciones?: PushSubscriptionOptionsInit) => {
      const clave = new Uint8Array(opciones?.applicationServerKey as ArrayBuffer)
      registro.__claveUsada = btoa(String.fromCharCode(...clave))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
      actual = {
        endpoint: s.endpoint,
        toJSON: () => ({ endpoint: s.endpoint, keys: s.keys }),
        unsubscribe: () => {
          actual = null
          return Promise.resolve(true)
        },
      } as unknown as PushSubscription
      return Promise.resolve(actual)
    }
  }, suscripcion)
}

async function rechazarUnDocumento(motivo: string) {
  const db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(portal.server.dataDir))
  try {
    const [archivo] = await consultarDb<{ id: string }>(
      portal.server.dataDir,
      "select id from archivos_solicitud where alumno_id = 'alumno-estudiante' order by id",
    )
    await db.transaction().execute((trx) =>
      notificarRevisionDocumento(trx, {
        tabla: 'archivos_solicitud',
        archivoId: archivo!.id,
        decision: 'rechazado',
        motivo,
        ahora: new Date(),
      }),
    )
  } finally {
    await db.destroy()
  }
}

/** Delivers a push message to the page's service worker, as the browser does when one arrives. */
async function entregarPush(context: BrowserContext, page: Page, datos: string) {
  const cdp = await context.newCDPSession(page)
  const registro = new Promise<string>((resolver) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const r = registrations.find((x) => !x.isDeleted)
      if (r) resolver(r.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(portal.url).origin,
    registrationId: await registro,
    data: datos,
  })
}

test('notifications are asked for only after a tap; a rejected document’s push is shown by the service worker and a tap opens its screen', async () => {
  const alumno = await sesionApi(portal.url, 'estudiante@demo.cl')
  const { data } = (await (await alumno.get('/api/notificaciones/preferencias')).json()) as {
    data: { clavePublica: string }
  }
  const suscripcion = await servicio.suscribir(data.clavePublica)
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await prepararPush(context, suscripcion)
  await page.goto(`${portal.url}/home`)
  await esperarServiceWorker(page)

  await page.goto(`${portal.url}/notificaciones`)
  const activar = page.getByRole('button', { name: 'Activar notificaciones en este dispositivo' })
  await activar.waitFor()
  await page.getByText('¿Usa iPhone o iPad?').click()
  await page.getByText(/solo funcionan con el portal instalado en la pantalla de inicio, desde iOS\s+16\.4/).waitFor()
  expect(await page.evaluate(() => (window as unknown as { __permisosPedidos: number }).__permisosPedidos)).toBe(0)

  await activar.click()
  await page.getByText('Activadas en este dispositivo.').waitFor()
  expect(await page.evaluate(() => (window as unknown as { __permisosPedidos: number }).__permisosPedidos)).toBe(1)
  expect(await page.evaluate(() => (window as unknown as { __claveUsada: string }).__claveUsada)).toBe(
    data.clavePublica,
  )
  expect(
    await consultarDb(
      portal.server.dataDir,
      'select alumno_id from suscripciones_push where endpoint = ?',
      suscripcion.endpoint,
    ),
  ).toEqual([{ alumno_id: 'alumno-estudiante' }])

  await rechazarUnDocumento('La foto está borrosa.')
  await expect.poll(() => servicio.mensajes(suscripcion).length, { timeout: 15_000 }).toBe(1)
  const [recibido] = servicio.mensajes(suscripcion)

  const [trabajador] = context.serviceWorkers()
  await trabajador!.evaluate(() => {
    const alcance = self as unknown as { registration: ServiceWorkerRegistration; __mostradas: unknown[] }
    alcance.__mostradas = []
    alcance.registration.showNotification = (titulo: string, opciones?: NotificationOptions) => {
      alcance.__mostradas.push({ titulo, opciones })
      return Promise.resolve()
    }
  })
  await entregarPush(context, page, JSON.stringify(recibido))
  const mostradas = () => trabajador!.evaluate(() => (self as unknown as { __mostradas: unknown[] }).__mostradas)
  await expect.poll(mostradas, { timeout: 10_000 }).toEqual([
    {
      titulo: 'Documento rechazado',
      opciones: expect.objectContaining({
        body: expect.stringContaining('«La foto está borrosa.»'),
        tag: (recibido as { id: string }).id,
        // The document's replacement: the enrolment's documents, at it.
        data: {
          ruta: '/info/solicitudes?solicitud=INS-26-40018&abrir=documentos&documento=41',
          id: (recibido as { id: string }).id,
        },
      }),
    },
  ])

  // A tap on it, as the browser dispatches it to the service worker.
  await trabajador!.evaluate(() => {
    const alcance = self as unknown as {
      __mostradas: { opciones: NotificationOptions }[]
      dispatchEvent(e: Event): boolean
    }
    const toque = new Event('notificationclick') as Event & {
      notification: unknown
      waitUntil(p: Promise<unknown>): void
    }
    toque.notification = { data: alcance.__mostradas[0]!.opciones.data, close: () => undefined }
    toque.waitUntil = () => undefined
    alcance.dispatchEvent(toque)
  })
  await page.waitForURL(`${portal.url}/info/solicitudes`)
  // The enrolment's documents open at that one, its replacement ready.
  const reemplazo = page
    .getByRole('dialog', { name: 'Documentos de la solicitud INS-26-40018' })
    .getByLabel('Reemplazar Carta de Intención')
  await expect.poll(() => reemplazo.evaluate((el) => el === document.activeElement)).toBe(true)
  await context.close()
})

test('the bell shows the unread count, opens a notice’s screen, marks read, and lists them offline', async () => {
  const { page, context } = await portal.newPage({ sesion: 'extranjera@demo.cl' })
  await vigilarConsultas(context)
  await page.goto(`${portal.url}/home`)
  await esperarServiceWorker(page)
  const campana = page.getByRole('banner').getByRole('button', { name: /^Avisos: \d+ sin leer$/ })
  await campana.waitFor()
  // Her first installment is overdue and her survey still pending.
  expect(await campana.getAttribute('aria-label')).toBe('Avisos: 2 sin leer')

  await campana.click()
  const dialogo = page.getByRole('dialog', { name: 'Avisos' })
  await dialogo.getByText('2 avisos sin leer.').waitFor()
  await dialogo.getByRole('button', { name: 'Marcar como leído: Encuesta General pendiente' }).click()
  await dialogo.getByText('1 aviso sin leer.').waitFor()
  await page.getByRole('banner').getByRole('button', { name: 'Avisos: 1 sin leer' }).waitFor()

  await dialogo.getByRole('link', { name: 'Abrir: Cuota vencida' }).click()
  await page.waitForURL(`${portal.url}/pagos/INS-25-30688/1`)
  await page.getByRole('banner').getByRole('button', { name: 'Avisos', exact: true }).waitFor()

  // Offline, after a reload: the list comes from the persisted cache, once it has been written.
  await esperarCacheGuardada(page)
  await context.setOffline(true)
  await page.reload()
  await page.getByRole('banner').getByRole('button', { name: 'Avisos', exact: true }).click()
  const sinRed = page.getByRole('dialog', { name: 'Avisos' })
  await sinRed.getByText('Sin conexión: se muestran los avisos guardados en este dispositivo.').waitFor()
  await sinRed.getByText('La cuota 1 de INS-25-30688, de $420.000, venció el').waitFor()
  await sinRed.getByRole('button', { name: 'Cerrar' }).click()
  await context.close()
})

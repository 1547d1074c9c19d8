import { expect, test } from 'vitest'
import { abrirInformacionPersonal, esperarServiceWorker, prepararPortal } from '../support/e2e.ts'
import { dibujarFotoDeDocumento } from '../support/fotos.ts'

const portal = prepararPortal()

test('after one visit the app starts with no network (service worker precache)', async () => {
  const { page, context } = await portal.newPage()
  await page.goto(`${portal.url}/login`)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      )
    }
  })
  await context.setOffline(true)
  await page.reload()
  await page.getByRole('button', { name: 'Ingresar' }).waitFor()
  await page.goto(`${portal.url}/certificado/validador`)
  await page.getByLabel('Código del certificado').waitFor()
  await context.close()
})

test('a different version.json on the server raises VERSIÓN DISTINTA and offers the update', async () => {
  const { page, context } = await portal.newPage()
  await context.route('**/version.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ version: '9.9.9' }) }),
  )
  await page.goto(`${portal.url}/login`)
  await page.getByRole('alertdialog', { name: 'VERSIÓN DISTINTA' }).waitFor()
  await page.getByRole('button', { name: 'Actualizar' }).waitFor()
  await context.close()
})

test('offline-ready in two steps: the precache holds the core screens, the rest (pdf-lib, the less used screens) is stored afterwards in the background; then two photos become one PDF with no network, sent once the network is back', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  await abrirInformacionPersonal(page, portal.url)
  await esperarServiceWorker(page)
  // First step: the worker took control with its precache, which holds none of the second step's
  // files (the build lists them in diferidos.json). Second: the page, once idle, has the worker
  // store them apart.
  const { precache, diferidos, segundoPaso } = await page.evaluate(async () => {
    const urls = async (nombre: string) => (await (await caches.open(nombre)).keys()).map((r) => r.url)
    const nombrePrecache = (await caches.keys()).find((n) => n.startsWith('workbox-precache'))
    const precache = nombrePrecache ? await urls(nombrePrecache) : []
    const lista = (await (await fetch('/diferidos.json')).json()) as { alumno: string[] }
    const segundoPaso = lista.alumno.map((ruta) => new URL(ruta, location.origin).href)
    for (let i = 0; i < 300; i++) {
      const guardados = (await caches.has('diferidos')) ? await urls('diferidos') : []
      if (segundoPaso.every((u) => guardados.includes(u))) break
      await new Promise((r) => setTimeout(r, 100))
    }
    return { precache, diferidos: (await caches.has('diferidos')) ? await urls('diferidos') : [], segundoPaso }
  })
  expect(precache.some((u) => /\/assets\/index-[\w-]+\.js/.test(u))).toBe(true)
  expect(segundoPaso.filter((u) => u.includes('/assets/pdf-'))).toHaveLength(1)
  // pdf-lib, the QR reader and the screens behind the second step's doors: well over ten files.
  expect(segundoPaso.length).toBeGreaterThan(10)
  expect(precache.filter((u) => segundoPaso.includes(u))).toEqual([])
  expect(segundoPaso.filter((u) => !diferidos.includes(u))).toEqual([])

  await context.setOffline(true)
  // Every file of the second step, the contests' screens among them, now comes from the device.
  const sinServir = await page.evaluate(async (rutas) => {
    const fallan = []
    for (const ruta of rutas)
      if (
        !(await fetch(ruta).then(
          (r) => r.ok,
          () => false,
        ))
      )
        fallan.push(ruta)
    return fallan
  }, segundoPaso)
  expect(sinServir).toEqual([])
  await page.reload()
  await page.getByLabel(/^Dirección/).waitFor()
  const doc = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Certificado de Trabajo', level: 3 }) })
  const foto = async (marca: string) =>
    Buffer.from(
      await page.evaluate(dibujarFotoDeDocumento, { ancho: 900, alto: 1200, calidad: 0.9, ruido: 8, marca }),
      'base64',
    )
  await page
    .getByLabel('Subir Certificado de Trabajo')
    .setInputFiles({ name: 'p1.jpg', mimeType: 'image/jpeg', buffer: await foto('1') })
  await doc.getByText('Página 1: p1.jpg').waitFor({ timeout: 20_000 })
  await doc
    .getByLabel('Agregar página a Certificado de Trabajo')
    .setInputFiles({ name: 'p2.jpg', mimeType: 'image/jpeg', buffer: await foto('2') })
  await doc.getByText('Certificado de Trabajo: 2 páginas, se enviarán como un solo PDF').waitFor({ timeout: 20_000 })
  await doc.getByRole('button', { name: 'Enviar documento Certificado de Trabajo' }).click()
  // The PDF was put together on the phone (pdf-lib from the device) and waits to be sent.
  await doc.getByText('certificado-de-trabajo.pdf: pendiente de envío').waitFor({ timeout: 30_000 })
  await context.setOffline(false)
  await doc.getByRole('link', { name: /^Descargar/ }).waitFor({ timeout: 60_000 })
  await context.close()
}, 120_000)

test('a less used screen opened offline before the background step stored it says so, and opens with Reintentar once the network is back', async () => {
  const { page, context } = await portal.newPage({ sesion: 'estudiante@demo.cl' })
  // The background step finds no list here, so it stores nothing.
  await context.route('**/diferidos.json', (ruta) => ruta.abort())
  await page.goto(`${portal.url}/home`)
  await page.getByRole('heading', { name: /Bienvenid/ }).waitFor()
  await esperarServiceWorker(page)
  await context.setOffline(true)
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Concursos' }).click()
  await page
    .getByRole('alert')
    .getByText(
      'Esta pantalla aún no está guardada en este dispositivo y no hay conexión. Conéctese a internet e intente nuevamente.',
    )
    .waitFor()
  await context.setOffline(false)
  await page.getByRole('button', { name: 'Reintentar' }).click()
  await page.getByRole('heading', { name: 'Postulaciones abiertas' }).waitFor()
  await context.close()
})

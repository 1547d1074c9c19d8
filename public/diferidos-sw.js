// The second step of offline readiness (imported by the service worker vite-plugin-pwa
// generates). The precache holds the shell and the student's screens; once the worker is active,
// the page asks for the large optional chunks (pdf-lib, and the school's half when it runs it)
// with { tipo: 'guardar-diferidos', grupo }, and they are stored here, in the runtime cache that
// serves every hashed asset outside the precache. Chunks of older builds are dropped at the same
// time. The list is written by the build (diferidos.json) and asked for without any cache.
/* global self, caches */

const CACHE_DIFERIDOS = 'diferidos'

async function guardarDiferidos(grupo) {
  const respuesta = await fetch('/diferidos.json', { cache: 'no-store' })
  if (!respuesta.ok) return
  const lista = await respuesta.json()
  const cache = await caches.open(CACHE_DIFERIDOS)
  const vigentes = new Set((lista.todos || []).map((ruta) => new URL(ruta, self.location.origin).href))
  const guardados = await cache.keys()
  await Promise.all(guardados.filter((r) => !vigentes.has(r.url)).map((r) => cache.delete(r)))
  const presentes = new Set(guardados.map((r) => r.url))
  const faltan = (lista[grupo] || []).filter((ruta) => !presentes.has(new URL(ruta, self.location.origin).href))
  // One at a time: on a weak signal the student's own requests keep most of the link.
  for (const ruta of faltan) await cache.add(ruta)
  // Builds before the two steps kept the HEIC converter in a cache of its own.
  await caches.delete('conversor-heic')
}

self.addEventListener('message', (event) => {
  const datos = event.data || {}
  if (datos.tipo !== 'guardar-diferidos') return
  event.waitUntil(guardarDiferidos(datos.grupo === 'escuela' ? 'escuela' : 'alumno').catch(() => undefined))
})

// The first step, sooner on a weak signal. Workbox installs its precache one file at a time
// (workbox issue 2528), about one round trip per file: on a 'Fast 3G' link over a minute for the
// student's hundred-odd chunks. The hashed chunks (`revision:null` in this worker's own manifest,
// read back from its script) are asked for here, several at a time, as the install starts: they
// land in the browser's HTTP cache (served immutable), where workbox's own request for each then
// finds it, or waits for the one already on its way. Workbox still decides what is stored.
const A_LA_VEZ = 6

async function adelantarPrecache() {
  const guion = await (await fetch(self.location.href)).text()
  const rutas = [...guion.matchAll(/\{url:"(assets\/[^"]+)",revision:null\}/g)].map((m) => `/${m[1]}`)
  let siguiente = 0
  const trabajar = async () => {
    while (siguiente < rutas.length) {
      const ruta = rutas[siguiente++]
      await fetch(ruta).then(
        (r) => r.arrayBuffer(),
        () => undefined,
      )
    }
  }
  await Promise.all(Array.from({ length: A_LA_VEZ }, trabajar))
}

self.addEventListener('install', (event) => {
  event.waitUntil(adelantarPrecache().catch(() => undefined))
})

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

// What the app keeps on the device, read from the page, so a test waits for the very write it
// needs instead of sleeping "long enough": a draft written a moment after the last keystroke, and
// the query cache's stored copy, written at most once a second (src/lib/offline).
import type { BrowserContext, Page } from 'playwright-core'

/** How often the page's storage is read while waiting, and for how long at most. */
const CADA_MS = 100
const PLAZO_MS = 15_000

/**
 * The values in an IndexedDB object store of the page's origin (only their field `campo`, when
 * named), or null while the database does not exist: it is never created here (a database opened
 * without a version is created empty, and the app's store would then never be made in it).
 */
async function valoresDelAlmacen({
  db,
  almacen,
  campo,
}: {
  db: string
  almacen: string
  campo?: string
}): Promise<unknown[] | null> {
  if (!(await indexedDB.databases()).some((d) => d.name === db)) return null
  const conexion = await new Promise<IDBDatabase>((ok, mal) => {
    const apertura = indexedDB.open(db)
    apertura.onsuccess = () => ok(apertura.result)
    apertura.onerror = () => mal(apertura.error)
  })
  try {
    if (!conexion.objectStoreNames.contains(almacen)) return null
    return await new Promise<unknown[]>((ok, mal) => {
      const lectura = conexion.transaction(almacen).objectStore(almacen).getAll()
      lectura.onsuccess = () =>
        ok(campo ? lectura.result.map((v: Record<string, unknown> | undefined) => v?.[campo]) : lectura.result)
      lectura.onerror = () => mal(lectura.error)
    })
  } finally {
    conexion.close()
  }
}

/** Reads again every CADA_MS until `cumple`; fails with `falta` after PLAZO_MS. */
async function hasta(cumple: () => Promise<boolean>, falta: string): Promise<void> {
  const limite = Date.now() + PLAZO_MS
  while (!(await cumple())) {
    if (Date.now() > limite) throw new Error(`${falta} (tras ${PLAZO_MS / 1000} s)`)
    await new Promise((r) => setTimeout(r, CADA_MS))
  }
}

/**
 * Waits until an IndexedDB store of the page holds nothing (or its database is gone): e.g. the
 * outbox after 'Salir', which wipes what the device kept.
 */
export async function esperarAlmacenVacio(page: Page, db: string, almacen: string): Promise<void> {
  await hasta(
    async () => ((await page.evaluate(valoresDelAlmacen, { db, almacen })) ?? []).length === 0,
    `${db}/${almacen} no quedó vacío`,
  )
}

/**
 * Waits until the page's form drafts (IndexedDB 'portal-borradores') hold a field whose value is
 * exactly `valor`: the draft of what was just typed has been written.
 */
export async function esperarBorrador(page: Page, valor: string): Promise<void> {
  const buscado = JSON.stringify(valor)
  await hasta(
    async () =>
      JSON.stringify(
        (await page.evaluate(valoresDelAlmacen, { db: 'portal-borradores', almacen: 'borradores' })) ?? [],
      ).includes(buscado),
    `ningún borrador guardó ${buscado}`,
  )
}

/**
 * Waits until the query cache's stored copy (IndexedDB 'portal-cache') holds every one of
 * `textos`: what an offline start will show has been written.
 */
export async function esperarCacheCon(page: Page, textos: string[]): Promise<void> {
  await hasta(
    async () => {
      const guardado = JSON.stringify(
        await page.evaluate(valoresDelAlmacen, { db: 'portal-cache', almacen: 'consultas' }),
      )
      return textos.every((t) => guardado.includes(t))
    },
    `la copia guardada de la caché no tiene ${textos.join(', ')}`,
  )
}

type ConsultasApi = { enVuelo: number; ultima: number }

/**
 * Has every page of the context count its requests to the student's API (/api/…: the staff's
 * queries are never stored, and /api/sesion only hands out the XSRF cookie): how many are under
 * way, and when the last one ended, by the page's clock. Writes count as well as reads: marking a
 * notice read changes the cached list when its reply comes, with no read after it. Call before
 * the pages load.
 */
export async function vigilarConsultas(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const consultas: ConsultasApi = { enVuelo: 0, ultima: 0 }
    Object.defineProperty(window, '__consultasApi', { value: consultas })
    const original = window.fetch.bind(window)
    window.fetch = (entrada, init) => {
      const peticion = entrada instanceof Request ? entrada : null
      const url = new URL(peticion?.url ?? String(entrada), location.href)
      const delAlumno =
        url.pathname.startsWith('/api/') && url.pathname !== '/api/sesion' && !url.pathname.startsWith('/api/admin')
      if (!delAlumno) return original(entrada, init)
      consultas.enVuelo++
      // Recorded before the app reads the reply: the cache changes it causes come after this time.
      const terminar = () => {
        consultas.enVuelo--
        consultas.ultima = Date.now()
      }
      return original(entrada, init).then(
        (respuesta) => {
          terminar()
          return respuesta
        },
        (error: unknown) => {
          terminar()
          throw error
        },
      )
    }
  })
}

/**
 * Waits until the query cache's stored copy (IndexedDB 'portal-cache', written by the persister
 * at most once a second) holds everything the page has heard from the API so far: no request
 * under way, and the copy taken after the last one ended, with its data or its failure (a read
 * that fails offline must not lose what was stored). Needs `vigilarConsultas` on the page's context.
 */
export async function esperarCacheGuardada(page: Page): Promise<void> {
  await hasta(async () => {
    // What the page has read, then the stored copy: a read ending in between only asks once more.
    const consultas = await page.evaluate(
      () => (window as unknown as { __consultasApi?: ConsultasApi }).__consultasApi ?? null,
    )
    if (!consultas) throw new Error('esperarCacheGuardada necesita vigilarConsultas(context) antes de abrir la página')
    if (consultas.enVuelo > 0) return false
    const [guardada] =
      (await page.evaluate(valoresDelAlmacen, { db: 'portal-cache', almacen: 'consultas', campo: 'timestamp' })) ?? []
    return typeof guardada === 'number' && guardada >= consultas.ultima
  }, 'la copia guardada de la caché no alcanzó las lecturas de la página')
}

import { useSyncExternalStore } from 'react'
import { abrirAlmacen } from './offline/idb.ts'
import type { Progreso } from './subir-archivo.ts'

// Upload progress by outbox item id, written by the outbox's `enviar` (tus's onProgress: the
// bytes the server has, the resumed ones included) and read by the screens that draw the
// <progress> bar. It is kept in IndexedDB too, so after a reload, a closed tab or a restarted
// phone the bar shows where the upload stands before the connection is back.

const progresos = new Map<string, Progreso>()
const oyentes = new Set<() => void>()
const almacen = abrirAlmacen('portal-subidas-progreso', 'progreso')
/** Writes waiting, by id: at most one write every GUARDAR_CADA_MS per upload. */
const pendientes = new Map<string, ReturnType<typeof setTimeout>>()
const GUARDAR_CADA_MS = 500

function publicar(): void {
  for (const oyente of oyentes) oyente()
}

function hayIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined'
}

// The progress saved by an earlier page, once, when the outbox first loads.
if (hayIndexedDb()) {
  void almacen
    .entries<Progreso>()
    .then((guardados) => {
      for (const [id, progreso] of guardados) if (!progresos.has(String(id))) progresos.set(String(id), progreso)
      if (guardados.length > 0) publicar()
    })
    .catch(() => {
      // Without the saved progress the bar appears with the first byte sent: nothing is lost.
    })
}

export function publicarProgreso(id: string, progreso: Progreso): void {
  progresos.set(id, progreso)
  publicar()
  if (!hayIndexedDb() || pendientes.has(id)) return
  pendientes.set(
    id,
    setTimeout(() => {
      pendientes.delete(id)
      const ultimo = progresos.get(id)
      if (ultimo) void almacen.set(id, ultimo).catch(() => undefined)
    }, GUARDAR_CADA_MS),
  )
}

/** The upload ended (made a document, or refused): its progress is forgotten here and on disk. */
export function olvidarProgreso(id: string): void {
  clearTimeout(pendientes.get(id))
  pendientes.delete(id)
  if (progresos.delete(id)) publicar()
  if (hayIndexedDb()) void almacen.del(id).catch(() => undefined)
}

function suscribir(oyente: () => void): () => void {
  oyentes.add(oyente)
  return () => oyentes.delete(oyente)
}

/** The item's upload progress, or null when no byte has been reported. */
export function useProgresoSubida(id: string | undefined): Progreso | null {
  return useSyncExternalStore(
    suscribir,
    () => (id ? (progresos.get(id) ?? null) : null),
    () => null,
  )
}

/** Percentage (0-100) of the item's upload, or null when no byte has been reported. */
export function usePorcentajeSubida(id: string | undefined): number | null {
  const p = useProgresoSubida(id)
  return p && p.total > 0 ? porcentajeDe(p) : null
}

export function porcentajeDe(p: Progreso): number {
  return Math.min(100, Math.round((p.cargado / p.total) * 100))
}

import { useSyncExternalStore } from 'react'
import type { Progreso } from './subir-archivo.ts'

// Upload progress by outbox item id, written by the outbox's `enviar` (XMLHttpRequest
// upload.onprogress) and read by the screens that draw the <progress> bar.

const progresos = new Map<string, Progreso>()
const oyentes = new Set<() => void>()

function publicar(): void {
  for (const oyente of oyentes) oyente()
}

export function publicarProgreso(id: string, progreso: Progreso): void {
  progresos.set(id, progreso)
  publicar()
}

export function olvidarProgreso(id: string): void {
  if (progresos.delete(id)) publicar()
}

function suscribir(oyente: () => void): () => void {
  oyentes.add(oyente)
  return () => oyentes.delete(oyente)
}

/** Percentage (0-100) of the item's upload, or null when no byte has been reported. */
export function usePorcentajeSubida(id: string | undefined): number | null {
  return useSyncExternalStore(
    suscribir,
    () => {
      const p = id ? progresos.get(id) : undefined
      return p && p.total > 0 ? Math.min(100, Math.round((p.cargado / p.total) * 100)) : null
    },
    () => null,
  )
}

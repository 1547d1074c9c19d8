import { createContext, createElement, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import type { ItemOutbox, Outbox } from './outbox.ts'

// React side of the outbox: the UI always shows what waits to sync ('Sin
// conexión' banner, count of pending items, each item's state, a retry).

const OutboxContext = createContext<Outbox | null>(null)

/** Makes the app's outbox (created once, with the real `enviar`) available to the hooks. */
export function OutboxProvider({ outbox, children }: { outbox: Outbox; children?: ReactNode }) {
  return createElement(OutboxContext.Provider, { value: outbox }, children)
}

export function useOutbox(): Outbox {
  const outbox = useContext(OutboxContext)
  if (!outbox) throw new Error('useOutbox necesita un <OutboxProvider> más arriba en el árbol')
  return outbox
}

/** The outbox's items, by replay order; only `alumno`'s when given (what this session shows). */
export function useOutboxItems(alumno?: string): readonly ItemOutbox[] {
  const outbox = useOutbox()
  const todos = useSyncExternalStore(outbox.subscribe, outbox.items, outbox.items)
  return useMemo(() => (alumno === undefined ? todos : todos.filter((i) => i.alumno === alumno)), [todos, alumno])
}

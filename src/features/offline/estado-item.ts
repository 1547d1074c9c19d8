import type { ItemOutbox } from '../../lib/offline/outbox.ts'

// How an outbox item's state reads on screen ("a paused save reads as pending,
// never as an endless spinner").

export function estadoEnPalabras(item: ItemOutbox): string {
  switch (item.estado) {
    case 'pendiente':
      return 'pendiente de envío'
    case 'enviando':
      return 'enviando…'
    case 'en-pausa':
      return 'en pausa: inicie sesión para enviar'
    case 'rechazado':
      return `rechazado: ${item.ultimoError ?? 'el servidor no aceptó el envío'}`
  }
}

/** Why a waiting item is still waiting, when there is more to say than 'pendiente de envío'. */
export function detalleEspera(item: ItemOutbox): string | null {
  return item.estado === 'pendiente' && item.ultimoError ? item.ultimoError : null
}

/** '1 cambio pendiente de envío', '3 cambios pendientes de envío'. */
export function textoPendientes(n: number): string {
  return n === 1 ? '1 cambio pendiente de envío' : `${n} cambios pendientes de envío`
}

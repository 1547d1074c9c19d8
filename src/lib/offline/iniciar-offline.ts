import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/query-persist-client-core'
import type { QueryClient } from '@tanstack/react-query'
import { enviarItemOutbox } from '../enviar-outbox.ts'
import { contarBorradores } from './borradores.ts'
import { borrarDatosLocales } from './datos-locales.ts'
import { confirmarEnCache, type CualquierEnvio } from './envios.ts'
import { crearOutbox, type Outbox } from './outbox.ts'
import { opcionesDePersistencia, persisterPortal } from './query-persister.ts'

// What a signed-in student needs to work offline, loaded only then: the public screens (login,
// the certificate validator) never wait for IndexedDB nor download this code.

export type Offline = {
  outbox: Outbox
  /** For 'Salir': how many drafts the student would lose, and the wipe of everything local. */
  contarBorradores: typeof contarBorradores
  borrarDatosLocales: typeof borrarDatosLocales
}

export type OpcionesOffline = {
  /** Every submission kind the outbox may hold, so each confirmed reply reaches its cache update. */
  envios: readonly CualquierEnvio[]
  /** Runs once the stored cache is back in memory. */
  alRestaurar?: () => void
}

/**
 * Restores the persisted query cache (one IndexedDB read) before any signed-in screen loads its
 * data, keeps it persisted from then on, and creates the page's one outbox.
 */
export async function iniciarOffline(
  queryClient: QueryClient,
  { envios, alRestaurar }: OpcionesOffline,
): Promise<Offline> {
  const opciones = { queryClient, ...opcionesDePersistencia }
  performance.mark('restaurar-cache:inicio')
  try {
    await persistQueryClientRestore(opciones)
  } catch {
    // An unreadable copy is dropped by the restore itself; the screens then load from the network.
  }
  // Read by `npm run bench`: what the restore adds before a signed-in screen can show.
  performance.measure('restaurar-cache', 'restaurar-cache:inicio')
  alRestaurar?.()
  persistQueryClientSubscribe(opciones)
  // The cache is written to IndexedDB about once a second; a reload or a closed tab must not lose
  // the last second (the data just loaded is what the next offline start shows).
  window.addEventListener('pagehide', () => void persisterPortal.escribirPendiente())

  const outbox = crearOutbox({ enviar: enviarItemOutbox })
  outbox.alConfirmar(confirmarEnCache(envios, queryClient))
  return { outbox, contarBorradores, borrarDatosLocales }
}

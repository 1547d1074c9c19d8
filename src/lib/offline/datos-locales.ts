import { darDeBajaEsteDispositivo } from '../push.ts'
import { vaciarBorradores } from './borradores.ts'
import { abrirAlmacen } from './idb.ts'
import type { Outbox } from './outbox.ts'
import { borrarCachePersistida } from './query-persister.ts'

/**
 * 'Salir': removes everything this device keeps for the portal (logging out clears all
 * local data): the query cache in memory and in IndexedDB, every draft and every outbox item (with
 * what its resumable upload kept: the upload's address and its progress), and this device's push
 * subscription (the next student on it must not get this one's notices).
 * Call it after the student confirmed the warning about unsent items (outbox.pendientes(alumno))
 * and after stopping iniciarSincronizacion, so no pass starts in between.
 */
export async function borrarDatosLocales({
  outbox,
  queryClient,
}: {
  outbox: Outbox
  queryClient: { clear(): void }
}): Promise<void> {
  // Memory first: clearing it makes the persister save an empty cache, which the wipe then cancels.
  queryClient.clear()
  await Promise.all([
    outbox.vaciar(),
    borrarCachePersistida(),
    vaciarBorradores(),
    darDeBajaEsteDispositivo(),
    // The stores of src/lib/subir-archivo.ts and progreso-subidas.ts, opened here by name so that
    // signing out does not load the upload client.
    abrirAlmacen('portal-subidas', 'subidas').clear(),
    abrirAlmacen('portal-subidas-progreso', 'progreso').clear(),
  ])
}

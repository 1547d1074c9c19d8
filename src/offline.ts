import { ENVIOS } from './envios.ts'
import { lookupQueries } from './features/lookups/queries.ts'
import { iniciarOffline } from './lib/offline/iniciar-offline.ts'
import { queryClient } from './lib/query-client.ts'

// Loaded (with `import()`) the first time a signed-in screen opens: the persisted cache and the
// outbox with every submission kind of the app (src/envios.ts).

export const offline = iniciarOffline(queryClient, {
  envios: ENVIOS,
  // The restored copy may be older than its timestamps say (it is written at most once a second,
  // so a reload right after a save can bring back the data from before it): the student's own
  // data is refetched in the background. Lookups change a few times a year and keep their
  // day-long freshness.
  alRestaurar: () => void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== lookupQueries.all()[0] }),
})

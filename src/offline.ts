import { envioDocumentoPostulacion } from './features/concursos/envios.ts'
import { lookupQueries } from './features/lookups/queries.ts'
import { envioDocumentoPersonal, envioPersona } from './features/personal/envios.ts'
import {
  envioCondiciones,
  envioDocumentoSolicitud,
  envioEncuesta,
  envioReglamento,
} from './features/solicitudes/envios.ts'
import { iniciarOffline } from './lib/offline/iniciar-offline.ts'
import { queryClient } from './lib/query-client.ts'

// Loaded (with `import()`) the first time a signed-in screen opens: the persisted cache and the
// outbox with every submission kind of the app. Add a feature's `envios.ts` definitions here.

export const offline = iniciarOffline(queryClient, {
  envios: [
    envioPersona,
    envioDocumentoPersonal,
    envioEncuesta,
    envioCondiciones,
    envioDocumentoSolicitud,
    envioReglamento,
    envioDocumentoPostulacion,
  ],
  // The restored copy may be older than its timestamps say (it is written at most once a second,
  // so a reload right after a save can bring back the data from before it): the student's own
  // data is refetched in the background. Lookups change a few times a year and keep their
  // day-long freshness.
  alRestaurar: () => void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== lookupQueries.all()[0] }),
})

import { envioDocumentoPostulacion } from './features/concursos/envios.ts'
import { envioDocumentoPersonal, envioPersona } from './features/personal/envios.ts'
import {
  envioCondiciones,
  envioDocumentoSolicitud,
  envioEncuesta,
  envioReglamento,
} from './features/solicitudes/envios.ts'

// Every submission kind of the app, for the outbox (src/offline.ts). A feature declares its kinds
// in its own `envios.ts`; add them here too: src/envios.test.ts fails for one that is missing,
// since an item of an unknown kind would wait in the outbox with nobody to confirm it.
export const ENVIOS = [
  envioPersona,
  envioDocumentoPersonal,
  envioEncuesta,
  envioCondiciones,
  envioDocumentoSolicitud,
  envioReglamento,
  envioDocumentoPostulacion,
]

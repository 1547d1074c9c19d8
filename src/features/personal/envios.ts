import { cliente } from '../../lib/cliente-api.ts'
import { definirEnvio } from '../../lib/offline/envios.ts'
import type { CuerpoArchivo } from '../../lib/offline/outbox.ts'
import { alumnoQueries, invalidarPendientes } from '../alumno/queries.ts'
import { personalQueries } from './queries.ts'

// What Información Personal sends through the outbox.

/** Personal and professional data: the whole form, replacing the stored record. */
export const envioPersona = definirEnvio<typeof cliente.alumno.persona.$put>()({
  tipo: 'persona',
  metodo: 'PUT',
  ruta: () => cliente.alumno.persona.$path(),
  etiqueta: () => 'Datos personales y profesionales',
  alConfirmar(queryClient, respuesta) {
    queryClient.setQueryData(personalQueries.persona().queryKey, respuesta.data)
    // Name and surname also live in the sign-in data the header and home page show.
    void queryClient.invalidateQueries({ queryKey: alumnoQueries.all() })
  },
})

/** One personal document's file (multipart), with the document type it is for. */
export type CuerpoDocumentoPersonal = CuerpoArchivo & { campos: { codTipoDocumento: string } }

export const envioDocumentoPersonal = definirEnvio<typeof cliente.alumno.documentos.$post, CuerpoDocumentoPersonal>()({
  tipo: 'documento-personal',
  metodo: 'POST',
  ruta: () => cliente.alumno.documentos.$path(),
  etiqueta: (cuerpo) => cuerpo.nombre,
  alConfirmar(queryClient) {
    void queryClient.invalidateQueries({ queryKey: personalQueries.documentos().queryKey })
    invalidarPendientes(queryClient)
  },
})

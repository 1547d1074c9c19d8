import { cliente } from '../../lib/cliente-api.ts'
import { definirEnvio } from '../../lib/offline/envios.ts'
import type { CuerpoArchivo } from '../../lib/offline/outbox.ts'
import { invalidarPendientes } from '../alumno/queries.ts'
import { concursoQueries } from './queries.ts'

// What an application sends through the outbox; `parametros` carries the contest's id.

/** One of the documents a contest asks for (multipart), with the document type it is for. */
export type CuerpoDocumentoPostulacion = CuerpoArchivo & { campos: { codTipoDocumento: string } }

export const envioDocumentoPostulacion = definirEnvio<
  (typeof cliente.concursos)[':id']['postulacion']['documentos']['$post'],
  CuerpoDocumentoPostulacion
>()({
  tipo: 'documento-postulacion',
  metodo: 'POST',
  ruta: (param) => cliente.concursos[':id'].postulacion.documentos.$path({ param }),
  etiqueta: (cuerpo, { id }) => `${cuerpo.nombre}, postulación al concurso ${id}`,
  alConfirmar(queryClient, _respuesta, _cuerpo, { id }) {
    void queryClient.invalidateQueries({ queryKey: concursoQueries.postulacion(id).queryKey })
    invalidarPendientes(queryClient)
  },
})

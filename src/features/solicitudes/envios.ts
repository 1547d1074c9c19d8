import { cliente } from '../../lib/cliente-api.ts'
import { definirEnvio } from '../../lib/offline/envios.ts'
import type { CuerpoArchivo } from '../../lib/offline/outbox.ts'
import { invalidarPendientes } from '../alumno/queries.ts'
import { solicitudQueries } from './queries.ts'

// What the enrolment list sends through the outbox; `parametros` carries the enrolment's code.

/** The general survey of one enrolment, sent once. */
export const envioEncuesta = definirEnvio<(typeof cliente.solicitudes)[':codigo']['encuesta']['$post']>()({
  tipo: 'encuesta',
  metodo: 'POST',
  ruta: (param) => cliente.solicitudes[':codigo'].encuesta.$path({ param }),
  etiqueta: (_cuerpo, { codigo }) => `Encuesta general, solicitud ${codigo}`,
  alConfirmar(queryClient, respuesta, _cuerpo, { codigo }) {
    queryClient.setQueryData(solicitudQueries.encuesta(codigo).queryKey, respuesta.data)
    void queryClient.invalidateQueries({ queryKey: solicitudQueries.lista().queryKey })
    invalidarPendientes(queryClient)
  },
})

/** Accepting or rejecting an enrolment's conditions. */
export const envioCondiciones = definirEnvio<(typeof cliente.solicitudes)[':codigo']['condiciones']['$post']>()({
  tipo: 'condiciones',
  metodo: 'POST',
  ruta: (param) => cliente.solicitudes[':codigo'].condiciones.$path({ param }),
  etiqueta: ({ decision }, { codigo }) =>
    `Condiciones ${decision === 'aceptadas' ? 'aceptadas' : 'rechazadas'}, solicitud ${codigo}`,
  alConfirmar(queryClient) {
    void queryClient.invalidateQueries({ queryKey: solicitudQueries.lista().queryKey })
  },
})

/** One of an enrolment's required documents (multipart), with the document type it is for. */
export type CuerpoDocumentoSolicitud = CuerpoArchivo & { campos: { codTipoDocumento: string } }

export const envioDocumentoSolicitud = definirEnvio<
  (typeof cliente.solicitudes)[':codigo']['documentos']['$post'],
  CuerpoDocumentoSolicitud
>()({
  tipo: 'documento-solicitud',
  metodo: 'POST',
  ruta: (param) => cliente.solicitudes[':codigo'].documentos.$path({ param }),
  etiqueta: (cuerpo, { codigo }) => `${cuerpo.nombre}, solicitud ${codigo}`,
  alConfirmar(queryClient, _respuesta, _cuerpo, { codigo }) {
    void queryClient.invalidateQueries({ queryKey: solicitudQueries.documentos(codigo).queryKey })
    // The row's uploaded / required count.
    void queryClient.invalidateQueries({ queryKey: solicitudQueries.lista().queryKey })
    invalidarPendientes(queryClient)
  },
})

/** Accepting an enrolment's regulations, with the version read; the server signs the document. */
export const envioReglamento = definirEnvio<(typeof cliente.solicitudes)[':codigo']['reglamento']['$post']>()({
  tipo: 'reglamento',
  metodo: 'POST',
  ruta: (param) => cliente.solicitudes[':codigo'].reglamento.$path({ param }),
  etiqueta: (_cuerpo, { codigo }) => `Aceptación del reglamento, solicitud ${codigo}`,
  alConfirmar(queryClient) {
    // The row's 'Leer y Aceptar' becomes the signed document's link.
    void queryClient.invalidateQueries({ queryKey: solicitudQueries.lista().queryKey })
    invalidarPendientes(queryClient)
  },
})

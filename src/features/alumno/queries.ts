import { queryOptions } from '@tanstack/react-query'
import { cliente, leer } from '../../lib/cliente-api.ts'
import { guardarSesion, haySesion, sesionDesdeRespuesta } from '../../lib/session.ts'

export const alumnoQueries = {
  all: () => ['alumno'] as const,
  /** getAlumno: the session's student, same shape as the login reply. */
  detalle: () =>
    queryOptions({
      queryKey: [...alumnoQueries.all(), 'detalle'],
      queryFn: async ({ signal }) => {
        const respuesta = await leer(cliente.alumno.$get({}, { init: { signal } }))
        // Keep the stored marker (name, assistant…) current so every screen and the next cold
        // start show fresh data before the network answers.
        const sesion = sesionDesdeRespuesta(respuesta)
        if (sesion && haySesion()) guardarSesion(sesion)
        return respuesta
      },
    }),
}

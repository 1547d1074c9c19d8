import { queryOptions } from '@tanstack/react-query'
import { apiGet } from '../../lib/api.ts'
import { guardarSesion, haySesion, sesionDesdeRespuesta, type RespuestaAlumno } from '../../lib/session.ts'

export const alumnoQueries = {
  all: () => ['alumno'] as const,
  /** getAlumno: the session's student, same shape as the login reply (server README). */
  detalle: () =>
    queryOptions({
      queryKey: [...alumnoQueries.all(), 'detalle'],
      queryFn: async ({ signal }) => {
        const respuesta = await apiGet<RespuestaAlumno>('/api/alumno', signal)
        // Keep the stored marker (name, assistant…) current so every screen and the next cold
        // start show fresh data before the network answers.
        const sesion = sesionDesdeRespuesta(respuesta)
        if (sesion && haySesion()) guardarSesion(sesion)
        return respuesta
      },
    }),
}

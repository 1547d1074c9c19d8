import type { QueryClient } from '@tanstack/react-query'
import type { ItemOutbox } from '../../lib/offline/outbox.ts'
import { alumnoQueries } from '../alumno/queries.ts'
import { personaDeRespuesta, personalQueries, TIPO_DOCUMENTO_PERSONAL, TIPO_PERSONA } from './queries.ts'

/**
 * What a confirmed outbox item of this feature changes in the query cache (registered once in
 * main.tsx with outbox.alConfirmar). It runs whichever screen is open, also for an item queued
 * offline days ago and sent on this start.
 */
export function aplicarConfirmacion(queryClient: QueryClient) {
  return (item: ItemOutbox, body: unknown): void => {
    if (item.tipo === TIPO_PERSONA) {
      const persona = personaDeRespuesta(body)
      if (persona) queryClient.setQueryData(personalQueries.persona().queryKey, persona)
      else void queryClient.invalidateQueries({ queryKey: personalQueries.persona().queryKey })
      // Name and surname also live in the sign-in data the header and home page show.
      void queryClient.invalidateQueries({ queryKey: alumnoQueries.all() })
    } else if (item.tipo === TIPO_DOCUMENTO_PERSONAL) {
      void queryClient.invalidateQueries({ queryKey: personalQueries.documentos().queryKey })
    }
  }
}

import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import { cliente, leer } from '../../lib/cliente-api.ts'

export const privacidadQueries = {
  all: () => ['privacidad'] as const,
  /** The policy in force: public, the same for everyone. */
  politica: () =>
    queryOptions({
      queryKey: [...privacidadQueries.all(), 'politica'],
      queryFn: ({ signal }) => leer(cliente.privacidad.$get({}, { init: { signal } })),
      staleTime: 60 * 60 * 1000,
    }),
  /**
   * The version in force, if the signed-in student has not been shown it. Never stored for
   * offline use: a stored copy taken before 'Entendido' would show the notice again on reload.
   */
  aviso: () =>
    queryOptions({
      queryKey: [...privacidadQueries.all(), 'aviso'],
      meta: { persistir: false },
      queryFn: async ({ signal }) => (await leer(cliente.privacidad.aviso.$get({}, { init: { signal } }))).porMostrar,
    }),
}

export const privacidadMutations = {
  /** The student was shown this version: not shown again. */
  visto: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...privacidadQueries.all(), 'visto'],
      mutationFn: (version: number) => leer(cliente.privacidad.aviso.$post({ json: { version } })),
      onSuccess: ({ porMostrar }) => queryClient.setQueryData(privacidadQueries.aviso().queryKey, porMostrar),
    }),
}

/** The route's loader; a failure is shown by the screen, not thrown. */
export async function cargarPolitica(queryClient: QueryClient): Promise<void> {
  await Promise.allSettled([queryClient.ensureQueryData(privacidadQueries.politica())])
}

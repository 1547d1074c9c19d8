import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { SolicitudDerecho } from '../../../domain/derechos.ts'
import { cliente, leer, rutaDe, type RespuestaDe } from '../../../lib/cliente-api.ts'

// The student's downloads of their data and their rights requests. Never stored for offline use:
// a stored copy could show a download link that has expired or a request's old state.

export type MisDatos = RespuestaDe<(typeof cliente.privacidad)['mis-datos']['$get']>
export type SolicitudDeAlumno = MisDatos['solicitudes'][number]
export type Exportacion = MisDatos['exportaciones'][number]

export const misDatosQueries = {
  all: () => ['privacidad', 'mis-datos'] as const,
  estado: () =>
    queryOptions({
      queryKey: [...misDatosQueries.all()],
      meta: { persistir: false },
      queryFn: ({ signal }) => leer(cliente.privacidad['mis-datos'].$get({}, { init: { signal } })),
    }),
}

/** Where a ready ZIP is downloaded (a plain link: the browser saves the file). */
export function urlZip(id: string): string {
  return rutaDe(['privacidad', 'mis-datos', 'exportaciones', ':id', 'zip'], { param: { id } })
}

export async function pedirCopia(queryClient: QueryClient) {
  const hecha = await leer(cliente.privacidad['mis-datos'].exportaciones.$post())
  await queryClient.invalidateQueries({ queryKey: misDatosQueries.all() })
  return hecha
}

export async function enviarSolicitud(queryClient: QueryClient, solicitud: SolicitudDerecho) {
  const creada = await leer(cliente.privacidad['mis-datos'].solicitudes.$post({ json: solicitud }))
  await queryClient.invalidateQueries({ queryKey: misDatosQueries.all() })
  return creada
}

/** The route's loader; a failure is shown by the screen, not thrown. */
export async function cargarMisDatos(queryClient: QueryClient): Promise<void> {
  await Promise.allSettled([queryClient.ensureQueryData(misDatosQueries.estado())])
}

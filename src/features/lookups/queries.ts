import { queryOptions } from '@tanstack/react-query'
import { apiGet } from '../../lib/api.ts'

// Reference data for the forms (spec 3 'Lookups'; server README 'Personal data, lookups and
// documents'). It changes a few times a year: read once a day, and kept (persisted to IndexedDB)
// for a week so the personal form works offline after one visit.

export type Pais = { codPais: string; pais: string; nacionalidad: string }
export type Profesion = { codProfesion: string; profesion: string }
export type Universidad = { universidad: string }
export type Region = { codRegion: string; region: string }
export type Comuna = { codComuna: string; comuna: string }

/** Every lookup answers `{ status: 'ok', data }`; 'error' is a refusal with a message. */
type RespuestaLookup<T> = { status: 'ok' | 'error'; data: T; message?: string }

export class ErrorDeLookup extends Error {
  constructor(mensaje?: string) {
    super(mensaje || 'No fue posible cargar los datos de referencia.')
    this.name = 'ErrorDeLookup'
  }
}

async function leerLookup<T>(ruta: string, signal: AbortSignal): Promise<T> {
  const respuesta = await apiGet<RespuestaLookup<T>>(ruta, signal)
  if (respuesta.status !== 'ok') throw new ErrorDeLookup(respuesta.message)
  return respuesta.data
}

const UN_DIA_MS = 24 * 60 * 60 * 1000

export const lookupQueries = {
  all: () => ['lookups'] as const,
  paises: () =>
    queryOptions({
      queryKey: [...lookupQueries.all(), 'paises'],
      queryFn: ({ signal }) => leerLookup<Pais[]>('/api/lookups/paises', signal),
      staleTime: UN_DIA_MS,
    }),
  profesiones: () =>
    queryOptions({
      queryKey: [...lookupQueries.all(), 'profesiones'],
      queryFn: ({ signal }) => leerLookup<Profesion[]>('/api/lookups/profesiones', signal),
      staleTime: UN_DIA_MS,
    }),
  universidades: () =>
    queryOptions({
      queryKey: [...lookupQueries.all(), 'universidades'],
      queryFn: ({ signal }) => leerLookup<Universidad[]>('/api/lookups/universidades', signal),
      staleTime: UN_DIA_MS,
    }),
  regiones: () =>
    queryOptions({
      queryKey: [...lookupQueries.all(), 'regiones'],
      queryFn: ({ signal }) => leerLookup<Region[]>('/api/lookups/regiones', signal),
      staleTime: UN_DIA_MS,
    }),
  /** getComunas: the comunas of one region (spec 4: choosing a region loads its comunas). */
  comunas: (codRegion: string) =>
    queryOptions({
      queryKey: [...lookupQueries.all(), 'comunas', codRegion],
      queryFn: ({ signal }) => leerLookup<Comuna[]>(`/api/lookups/comunas?region=${encodeURIComponent(codRegion)}`, signal),
      staleTime: UN_DIA_MS,
      enabled: codRegion !== '',
    }),
  /** getCiudades: the comuna-to-city map (spec 4: choosing a comuna sets the city). */
  ciudades: () =>
    queryOptions({
      queryKey: [...lookupQueries.all(), 'ciudades'],
      queryFn: async ({ signal }) => (await leerLookup<{ comunaCiudad: Record<string, string> }>('/api/lookups/ciudades', signal)).comunaCiudad,
      staleTime: UN_DIA_MS,
    }),
}

import { queryOptions } from '@tanstack/react-query'
import { cliente, leer, type RespuestaDe } from '../../lib/cliente-api.ts'

// Reference data for the forms. It changes a few times a year: read once a day, and kept
// (persisted to IndexedDB) for a week so the personal form works offline after one visit.

export type Pais = RespuestaDe<typeof cliente.lookups.paises.$get>['data'][number]
export type Profesion = RespuestaDe<typeof cliente.lookups.profesiones.$get>['data'][number]
export type Universidad = RespuestaDe<typeof cliente.lookups.universidades.$get>['data'][number]
export type Region = RespuestaDe<typeof cliente.lookups.regiones.$get>['data'][number]
export type Comuna = RespuestaDe<typeof cliente.lookups.comunas.$get>['data'][number]

const UN_DIA_MS = 24 * 60 * 60 * 1000
const conSenal = (signal: AbortSignal) => ({ init: { signal } })

export const lookupQueries = {
  all: () => ['lookups'] as const,
  paises: () =>
    queryOptions({
      queryKey: [...lookupQueries.all(), 'paises'],
      queryFn: async ({ signal }) => (await leer(cliente.lookups.paises.$get({}, conSenal(signal)))).data,
      staleTime: UN_DIA_MS,
    }),
  profesiones: () =>
    queryOptions({
      queryKey: [...lookupQueries.all(), 'profesiones'],
      queryFn: async ({ signal }) => (await leer(cliente.lookups.profesiones.$get({}, conSenal(signal)))).data,
      staleTime: UN_DIA_MS,
    }),
  universidades: () =>
    queryOptions({
      queryKey: [...lookupQueries.all(), 'universidades'],
      queryFn: async ({ signal }) => (await leer(cliente.lookups.universidades.$get({}, conSenal(signal)))).data,
      staleTime: UN_DIA_MS,
    }),
  regiones: () =>
    queryOptions({
      queryKey: [...lookupQueries.all(), 'regiones'],
      queryFn: async ({ signal }) => (await leer(cliente.lookups.regiones.$get({}, conSenal(signal)))).data,
      staleTime: UN_DIA_MS,
    }),
  /** getComunas: the comunas of one region (choosing a region loads its comunas). */
  comunas: (codRegion: string) =>
    queryOptions({
      queryKey: [...lookupQueries.all(), 'comunas', codRegion],
      queryFn: async ({ signal }) =>
        (await leer(cliente.lookups.comunas.$get({ query: { region: codRegion } }, conSenal(signal)))).data,
      staleTime: UN_DIA_MS,
      enabled: codRegion !== '',
    }),
  /** getCiudades: the comuna-to-city map (choosing a comuna sets the city). */
  ciudades: () =>
    queryOptions({
      queryKey: [...lookupQueries.all(), 'ciudades'],
      queryFn: async ({ signal }) =>
        (await leer(cliente.lookups.ciudades.$get({}, conSenal(signal)))).data.comunaCiudad,
      staleTime: UN_DIA_MS,
    }),
}

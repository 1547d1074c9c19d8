import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { PersonaFormulario } from '../../domain/persona.ts'
import { PREFIJO_TELEFONO_CHILE } from '../../domain/telefono.ts'
import { cliente, leer, type RespuestaDe } from '../../lib/cliente-api.ts'
import { lookupQueries } from '../lookups/queries.ts'

// The student's person record and personal documents. Both are persisted with the query cache,
// so the screen shows at once and offline. Changes go through the outbox (`envios.ts`).

/** The record as stored; `rut` is '0-0' (the placeholder) for a foreigner, who has a passport. */
export type PersonaServidor = RespuestaDe<typeof cliente.alumno.persona.$get>['data']

type DocumentosPersonales = RespuestaDe<typeof cliente.alumno.documentos.$get>['data']
export type DocumentoRequerido = DocumentosPersonales['requeridos'][number]
export type ArchivoSubido = DocumentosPersonales['archivos'][number]

export const personalQueries = {
  all: () => ['personal'] as const,
  persona: () =>
    queryOptions({
      queryKey: [...personalQueries.all(), 'persona'],
      queryFn: async ({ signal }) => (await leer(cliente.alumno.persona.$get({}, { init: { signal } }))).data,
    }),
  documentos: () =>
    queryOptions({
      queryKey: [...personalQueries.all(), 'documentos'],
      queryFn: async ({ signal }) => (await leer(cliente.alumno.documentos.$get({}, { init: { signal } }))).data,
    }),
}

/**
 * The route's loader: what Información Personal shows, in the cache before the screen opens (and
 * preloaded when a link to it is hovered or focused). A failure is not thrown: the screen shows
 * it with 'Reintentar', and whatever the cache already holds still shows offline.
 */
export async function cargarInformacionPersonal(queryClient: QueryClient): Promise<void> {
  await Promise.allSettled([
    queryClient.ensureQueryData(personalQueries.persona()),
    queryClient.ensureQueryData(personalQueries.documentos()),
    queryClient.ensureQueryData(lookupQueries.paises()),
    queryClient.ensureQueryData(lookupQueries.profesiones()),
    queryClient.ensureQueryData(lookupQueries.universidades()),
    queryClient.ensureQueryData(lookupQueries.regiones()),
    queryClient.ensureQueryData(lookupQueries.ciudades()),
  ])
}

const texto = (valor: string | null | undefined) => valor ?? ''

/** The form's starting state from the stored record: every field a string ('' when empty). */
export function aFormulario(p: PersonaServidor): PersonaFormulario {
  return {
    tipoDocumento: texto(p.tipoDocumento),
    numeroDocumento: texto(p.numeroDocumento),
    nombres: texto(p.nombres),
    apPaterno: texto(p.apPaterno),
    sexoregistral: texto(p.sexoregistral),
    fechaNac: texto(p.fechaNac),
    // An empty phone starts with Chile's code: the student types only the number.
    telefonoParticular: texto(p.telefonoParticular) || PREFIJO_TELEFONO_CHILE,
    celular: texto(p.celular) || PREFIJO_TELEFONO_CHILE,
    nacionalidad: texto(p.nacionalidad),
    tipoResidencia: texto(p.tipoResidencia),
    paisOrigen: texto(p.paisOrigen),
    direccion: texto(p.direccion),
    codPais: texto(p.codPais),
    codRegion: texto(p.codRegion),
    codComuna: texto(p.codComuna),
    ciudad: texto(p.ciudad),
    codProfesion: texto(p.codProfesion),
    otraProfesion: texto(p.otraProfesion),
    universidad: texto(p.universidad),
    otrauniversidad: texto(p.otrauniversidad),
    maxnivelformacion: texto(p.maxnivelformacion),
    otronivelformacion: texto(p.otronivelformacion),
    tipoinstitucion: texto(p.tipoinstitucion),
    otrotipoinstitucion: texto(p.otrotipoinstitucion),
    paisEstSecund: texto(p.paisEstSecund),
  }
}

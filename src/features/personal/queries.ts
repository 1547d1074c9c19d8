import { queryOptions } from '@tanstack/react-query'
import type { PersonaFormulario } from '../../domain/persona.ts'
import { apiGet } from '../../lib/api.ts'

// The student's person record and personal documents (server README 'Personal data, lookups and
// documents'). Both are persisted with the query cache, so the screen shows at once and offline.
// Changes never go through mutations: they are outbox items (design 'Offline'), whose replies
// main.tsx writes back here (aplicarConfirmacion).

/** Outbox item types of this feature (ItemOutbox.tipo). */
export const TIPO_PERSONA = 'persona'
export const TIPO_DOCUMENTO_PERSONAL = 'documento-personal'

/** GET /api/alumno/persona: the record as stored; fields never filled may come as null. */
export type PersonaServidor = {
  codPersona: string
  email: string
  /** '0-0' (the placeholder) for a foreigner, who has a passport instead. */
  rut: string
} & { [K in keyof PersonaFormulario]?: string | null }

export type RespuestaPersona = { status: 'ok'; data: PersonaServidor }

export type DocumentoRequerido = {
  Cod_Documento__c: string
  Documento__c: string
  SeccionPortal__c: string
  Info__c: string | null
  obligatorio: boolean
}

export type ArchivoSubido = {
  id: string
  codDocumento: string
  nombre: string
  enlace: string
  tipoArchivo: string
  tamanno: number
  subidoEn: string
}

export type DocumentosPersonales = {
  requeridos: DocumentoRequerido[]
  archivos: ArchivoSubido[]
  /** The server's upload limit (UPLOAD_MAX_MB). */
  tamanoMaximoMb?: number
}

export const personalQueries = {
  all: () => ['personal'] as const,
  persona: () =>
    queryOptions({
      queryKey: [...personalQueries.all(), 'persona'],
      queryFn: async ({ signal }) => (await apiGet<RespuestaPersona>('/api/alumno/persona', signal)).data,
    }),
  documentos: () =>
    queryOptions({
      queryKey: [...personalQueries.all(), 'documentos'],
      queryFn: async ({ signal }) => (await apiGet<{ status: 'ok'; data: DocumentosPersonales }>('/api/alumno/documentos', signal)).data,
    }),
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
    telefonoParticular: texto(p.telefonoParticular),
    celular: texto(p.celular),
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

/** Reads the `data` of a confirmed PUT /api/alumno/persona (same shape as the GET). */
export function personaDeRespuesta(body: unknown): PersonaServidor | null {
  if (typeof body !== 'object' || body === null || !('data' in body)) return null
  const data = (body as { data: unknown }).data
  return typeof data === 'object' && data !== null && 'codPersona' in data ? (data as PersonaServidor) : null
}

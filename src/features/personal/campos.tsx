import type { crearPersonaSchema, PersonaFormulario } from '../../domain/persona.ts'
import type { useFormulario } from '../../lib/use-formulario.ts'
import type { Pais, Profesion, Region, Universidad } from '../lookups/queries.ts'
import type { PersonaServidor } from './queries.ts'
import type { Opcion } from '../../ui/campo.tsx'

// What the personal form's fieldsets share.

export type Lookups = {
  paises: Pais[]
  profesiones: Profesion[]
  universidades: Universidad[]
  regiones: Region[]
  comunaCiudad: Record<string, string>
}

export type PropsCampos = {
  form: ReturnType<typeof useFormulario<ReturnType<typeof crearPersonaSchema>, PersonaFormulario>>
  valores: PersonaFormulario
  persona: PersonaServidor
  lookups: Lookups
}

export const porNombre = (a: string, b: string) => a.localeCompare(b, 'es')

/** The countries as a list's choices, by their name. */
export const opcionesPais = (paises: readonly Pais[]): Opcion[] =>
  paises.map((p) => ({ valor: p.codPais, texto: p.pais }))

import type { crearPersonaSchema, PersonaFormulario } from '../../domain/persona.ts'
import type { useFormulario } from '../../lib/use-formulario.ts'
import type { Pais, Profesion, Region, Universidad } from '../lookups/queries.ts'
import type { PersonaServidor } from './queries.ts'

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

export function OpcionesPais({ paises }: { paises: readonly Pais[] }) {
  return (
    <>
      <option value="">Seleccione…</option>
      {paises.map((p) => (
        <option key={p.codPais} value={p.codPais}>
          {p.pais}
        </option>
      ))}
    </>
  )
}

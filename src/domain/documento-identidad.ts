// How a person identifies: a Chilean with a RUT (rules in rut.ts), a foreigner with a passport
// or DNI number.

import { esRutPlaceholder, rutConPuntos } from './rut.ts'

/** Letters, digits and hyphens, 5 to 20 of them (compared upper-case). */
const NUMERO_DOCUMENTO_PATTERN = /^[A-Z0-9-]{5,20}$/

export const MENSAJE_PASAPORTE_OBLIGATORIO = 'Campo obligatorio, al ser extranjero'

/** Another account already holds this RUT or passport (registration and the personal form). */
export const MENSAJE_DOCUMENTO_EN_USO = 'Ya existe una cuenta con ese RUT o pasaporte.'

export function esNumeroDocumentoValido(numero: string): boolean {
  return NUMERO_DOCUMENTO_PATTERN.test(numero.toUpperCase())
}

/** A RUT, or a passport or DNI for a foreigner: without one a student cannot sign nor be certified. */
export function tieneDocumentoIdentidad(persona: { rut: string; numero_documento: string | null }): boolean {
  return !esRutPlaceholder(persona.rut) || !!persona.numero_documento
}

/**
 * The identity document as the school writes it in a list or a spreadsheet: the RUT with its dots,
 * or the passport or DNI with its kind; empty when the student has neither yet.
 */
export function documentoDeIdentidad(persona: {
  rut: string
  tipo_documento: string | null
  numero_documento: string | null
}): string {
  if (!esRutPlaceholder(persona.rut)) return rutConPuntos(persona.rut)
  return persona.numero_documento ? `${persona.tipo_documento ?? 'PASAPORTE'} ${persona.numero_documento}` : ''
}

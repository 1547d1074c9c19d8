// How a person identifies: a Chilean with a RUT (rules in rut.ts), a foreigner with a passport
// or DNI number.

/** Letters, digits and hyphens, 5 to 20 of them (compared upper-case). */
const NUMERO_DOCUMENTO_PATTERN = /^[A-Z0-9-]{5,20}$/

export const MENSAJE_PASAPORTE_OBLIGATORIO = 'Campo obligatorio, al ser extranjero'

/** Another account already holds this RUT or passport (registration and the personal form). */
export const MENSAJE_DOCUMENTO_EN_USO = 'Ya existe una cuenta con ese RUT o pasaporte.'

export function esNumeroDocumentoValido(numero: string): boolean {
  return NUMERO_DOCUMENTO_PATTERN.test(numero.toUpperCase())
}

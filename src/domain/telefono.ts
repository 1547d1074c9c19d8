import * as v from 'valibot'

// Phone numbers, stored with their country code: '+56 2 2345 6789', '+56 9 1234 5678'. People
// type them in many ways ('912345678', '9 1234 5678', '+56912345678', '(+56) 9-1234-5678'), so a
// Chilean number of 9 digits is taken with or without +56 and written back in one form; any other
// country needs its code. The fields start with '+56 ', which alone counts as nothing typed.

/** A phone number with its country code: '+56 2 2345 6789', '+56912345678'. */
export const TELEFONO_PATTERN = /^\+\d{1,3}[\s\d]{6,14}$/
export const MENSAJE_TELEFONO = 'Ingrese el teléfono con código de país, por ejemplo +56 9 1234 5678'

/** What a phone field holds before anything is typed. */
export const PREFIJO_TELEFONO_CHILE = '+56 '

/**
 * A Chilean number (the 9 digits after +56) as it is written: mobiles and Santiago's landlines
 * '+56 9 1234 5678', '+56 2 2345 6789'; other areas have two digits, '+56 41 291 5000'.
 */
function formatoChileno(digitos: string): string {
  const unDigito = digitos.startsWith('9') || digitos.startsWith('2')
  const area = digitos.slice(0, unDigito ? 1 : 2)
  const resto = digitos.slice(area.length)
  const mitad = resto.length - 4
  return `+56 ${area} ${resto.slice(0, mitad)} ${resto.slice(mitad)}`
}

/**
 * The number in its stored form, or '' when only the prefix (or nothing) was typed. A Chilean
 * number of 9 digits, with or without +56 (or 0056, or 56), is written '+56 9 1234 5678'; a number
 * with another country code keeps its spacing; anything else comes back trimmed, for the pattern
 * to refuse.
 */
export function normalizarTelefono(texto: string): string {
  const recortado = texto.trim()
  const digitos = recortado.replace(/[\s().-]/g, '')
  if (digitos === '' || digitos === '+' || digitos === '+56') return ''
  const conCodigo = digitos.startsWith('00') ? `+${digitos.slice(2)}` : digitos
  if (/^\+56\d{9}$/.test(conCodigo)) return formatoChileno(conCodigo.slice(3))
  if (/^56\d{9}$/.test(conCodigo)) return formatoChileno(conCodigo.slice(2))
  if (/^\d{9}$/.test(conCodigo)) return formatoChileno(conCodigo)
  if (conCodigo.startsWith('+'))
    return recortado
      .replace(/^00/, '+')
      .replace(/[().-]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  return recortado
}

/** A phone number that may be left empty (the prefix alone counts as empty). */
export const telefonoOpcionalSchema = v.pipe(
  v.optional(v.string(MENSAJE_TELEFONO), ''),
  v.transform(normalizarTelefono),
  v.check((t) => t === '' || TELEFONO_PATTERN.test(t), MENSAJE_TELEFONO),
)

/** A required phone number; `mensajeVacio` is what an empty field says. */
export function telefonoRequeridoSchema(mensajeVacio: string = MENSAJE_TELEFONO) {
  return v.pipe(
    v.string(mensajeVacio),
    v.transform(normalizarTelefono),
    v.nonEmpty(mensajeVacio),
    v.regex(TELEFONO_PATTERN, MENSAJE_TELEFONO),
  )
}

export const telefonoSchema = telefonoRequeridoSchema()

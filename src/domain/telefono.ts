import * as v from 'valibot'

/** A phone number with its country code: '+56 2 2345 6789', '+56912345678'. */
export const TELEFONO_PATTERN = /^\+\d{1,3}[\s\d]{6,14}$/
export const MENSAJE_TELEFONO = 'Ingrese el teléfono con código de país, por ejemplo +56 9 1234 5678'
export const telefonoSchema = v.pipe(v.string(MENSAJE_TELEFONO), v.trim(), v.regex(TELEFONO_PATTERN, MENSAJE_TELEFONO))

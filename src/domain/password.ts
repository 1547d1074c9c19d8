import * as v from 'valibot'
import { MENSAJE_PASSWORD_OBLIGATORIA } from './ingreso.ts'

// A new password: at least 8 characters with a digit, an uppercase and a lowercase
// letter; only letters (accented vowels and ñ included), digits and the specials * _ - $.
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_ESPECIALES = '* _ - $'

const PERMITIDOS = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ0-9*_\-$]*$/
const DIGITO = /[0-9]/
const MAYUSCULA = /[A-ZÁÉÍÓÚÜÑ]/
const MINUSCULA = /[a-záéíóúüñ]/

export const MENSAJE_PASSWORD_CARACTERES =
  'La contraseña solo puede contener letras y números, además de los caracteres especiales informados.'
export const MENSAJE_PASSWORD_NO_VALIDA = `La contraseña no es válida: debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres, un número, una mayúscula y una minúscula`
export const MENSAJE_PASSWORDS_NO_COINCIDEN = 'Las contraseñas no coinciden, por favor revisar.'

/** A new password under the school's policy. */
export const nuevaPasswordSchema = v.pipe(
  v.string(MENSAJE_PASSWORD_OBLIGATORIA),
  v.nonEmpty(MENSAJE_PASSWORD_OBLIGATORIA),
  v.regex(PERMITIDOS, MENSAJE_PASSWORD_CARACTERES),
  v.minLength(PASSWORD_MIN_LENGTH, MENSAJE_PASSWORD_NO_VALIDA),
  v.maxLength(128, MENSAJE_PASSWORD_NO_VALIDA),
  v.regex(DIGITO, MENSAJE_PASSWORD_NO_VALIDA),
  v.regex(MAYUSCULA, MENSAJE_PASSWORD_NO_VALIDA),
  v.regex(MINUSCULA, MENSAJE_PASSWORD_NO_VALIDA),
)

/** Password and its confirmation, as the create-password and register forms ask them. */
export const passwordConConfirmacionEntries = {
  password: nuevaPasswordSchema,
  confirmacion: v.pipe(v.string(MENSAJE_PASSWORD_OBLIGATORIA), v.nonEmpty(MENSAJE_PASSWORD_OBLIGATORIA)),
}

export const crearPasswordSchema = v.pipe(
  v.object({ token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)), ...passwordConConfirmacionEntries }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmacion']],
      (i) => i.password === i.confirmacion,
      MENSAJE_PASSWORDS_NO_COINCIDEN,
    ),
    ['confirmacion'],
  ),
)

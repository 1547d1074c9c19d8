import * as v from 'valibot'
import { sinCaracteresInvisibles } from './validacion.ts'

// "A simple e-mail pattern" — something@something.tld, no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const MENSAJE_EMAIL_OBLIGATORIO = 'El correo electrónico es obligatorio'
export const MENSAJE_EMAIL_INVALIDO = 'El correo electrónico no es válido'

export const emailSchema = v.pipe(
  v.string(MENSAJE_EMAIL_OBLIGATORIO),
  v.trim(),
  v.nonEmpty(MENSAJE_EMAIL_OBLIGATORIO),
  // An address with a zero-width or control character inside looks like another one on every
  // screen: two accounts that read the same.
  sinCaracteresInvisibles(),
  v.maxLength(254, MENSAJE_EMAIL_INVALIDO),
  v.regex(EMAIL_PATTERN, MENSAJE_EMAIL_INVALIDO),
  v.toLowerCase(),
)

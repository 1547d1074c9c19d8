import * as v from 'valibot'
import { emailSchema } from './email.ts'

// Signing in, and asking for a new password when it was forgotten.

export const MENSAJE_PASSWORD_OBLIGATORIA = 'La contraseña es obligatoria'

// Sign-in: e-mail required with the simple pattern, password required.
export const loginSchema = v.object({
  email: emailSchema,
  password: v.pipe(
    v.string(MENSAJE_PASSWORD_OBLIGATORIA),
    v.nonEmpty(MENSAJE_PASSWORD_OBLIGATORIA),
    v.maxLength(128, 'La contraseña no es válida'),
  ),
})
export type LoginInput = v.InferInput<typeof loginSchema>

// Asking for a reset link: e-mail required with the same pattern.
export const solicitudRecuperacionSchema = v.object({ email: emailSchema })

export const verificarTokenSchema = v.object({ token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)) })

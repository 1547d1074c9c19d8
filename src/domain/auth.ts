import * as v from 'valibot'
import { emailSchema } from './email.ts'
import { MENSAJE_PASSWORDS_NO_COINCIDEN, passwordConConfirmacionEntries } from './password.ts'
import { esRutPlaceholder, rutValido } from './rut.ts'

// Spec 5 'Login': e-mail required with the simple pattern, password required.
export const loginSchema = v.object({
  email: emailSchema,
  password: v.pipe(
    v.string('La contraseña es obligatoria'),
    v.nonEmpty('La contraseña es obligatoria'),
    v.maxLength(128, 'La contraseña no es válida'),
  ),
})
export type LoginInput = v.InferInput<typeof loginSchema>

// Spec 5 'Reset request': e-mail required with the same pattern.
export const solicitudRecuperacionSchema = v.object({ email: emailSchema })

export const verificarTokenSchema = v.object({ token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)) })

export const MENSAJE_CAMPO_OBLIGATORIO = 'Campo obligatorio y debe ser válido'
export const MENSAJE_RUT_INVALIDO = 'El RUT no es válido (formato 12345678-9, con dígito verificador)'
export const MENSAJE_PASAPORTE_OBLIGATORIO = 'Campo obligatorio, al ser extranjero'

const texto = (max: number) =>
  v.pipe(v.string(MENSAJE_CAMPO_OBLIGATORIO), v.trim(), v.nonEmpty(MENSAJE_CAMPO_OBLIGATORIO), v.maxLength(max, MENSAJE_CAMPO_OBLIGATORIO))

// Home phone with country code (spec 5 'Personal form'): '+56 2 2345 6789', '+56912345678'.
export const TELEFONO_PATTERN = /^\+\d{1,3}[\s\d]{6,14}$/
export const MENSAJE_TELEFONO = 'Ingrese el teléfono con código de país, por ejemplo +56 9 1234 5678'
export const telefonoSchema = v.pipe(v.string(MENSAJE_TELEFONO), v.trim(), v.regex(TELEFONO_PATTERN, MENSAJE_TELEFONO))

/**
 * Registration (issue 2, reached from the contest flow): a Chilean identifies with a RUT that must
 * pass modulo 11; a foreigner with a passport number.
 */
export const registroSchema = v.pipe(
  v.object({
    nombres: texto(80),
    apellidos: texto(80),
    tipoDocumento: v.picklist(['RUT', 'PASAPORTE'], MENSAJE_CAMPO_OBLIGATORIO),
    documento: v.pipe(v.string(MENSAJE_CAMPO_OBLIGATORIO), v.trim(), v.maxLength(20, MENSAJE_CAMPO_OBLIGATORIO)),
    email: emailSchema,
    telefono: telefonoSchema,
    ...passwordConConfirmacionEntries,
  }),
  v.forward(
    v.partialCheck(
      [['tipoDocumento'], ['documento']],
      (input) => input.tipoDocumento !== 'RUT' || (rutValido(input.documento) && !esRutPlaceholder(input.documento)),
      MENSAJE_RUT_INVALIDO,
    ),
    ['documento'],
  ),
  v.forward(
    v.partialCheck(
      [['tipoDocumento'], ['documento']],
      (input) => input.tipoDocumento !== 'PASAPORTE' || /^[A-Za-z0-9-]{5,20}$/.test(input.documento),
      MENSAJE_PASAPORTE_OBLIGATORIO,
    ),
    ['documento'],
  ),
  v.forward(
    v.partialCheck([['password'], ['confirmacion']], (i) => i.password === i.confirmacion, MENSAJE_PASSWORDS_NO_COINCIDEN),
    ['confirmacion'],
  ),
)
export type RegistroInput = v.InferInput<typeof registroSchema>

/** The first message of each invalid field, for forms and for the server's 400 replies. */
export function erroresPorCampo(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const flat = v.flatten(issues as [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]])
  const errores: Record<string, string> = {}
  for (const [campo, mensajes] of Object.entries(flat.nested ?? {})) {
    if (mensajes?.[0]) errores[campo] = mensajes[0]
  }
  if (flat.root?.[0]) errores._ = flat.root[0]
  return errores
}

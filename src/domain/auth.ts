import * as v from 'valibot'
import { emailSchema } from './email.ts'
import { MENSAJE_PASSWORDS_NO_COINCIDEN, passwordConConfirmacionEntries } from './password.ts'
import { esNumeroDocumentoValido, MENSAJE_PASAPORTE_OBLIGATORIO } from './documento-identidad.ts'
import { esRutPlaceholder, MENSAJE_RUT_INVALIDO, rutValido } from './rut.ts'
import { telefonoSchema } from './telefono.ts'
import { MENSAJE_CAMPO_OBLIGATORIO, textoRequerido } from './validacion.ts'

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

/**
 * Registration (issue 2, reached from the contest flow): a Chilean identifies with a RUT that must
 * pass modulo 11; a foreigner with a passport number.
 */
export const registroSchema = v.pipe(
  v.object({
    nombres: textoRequerido(80),
    apellidos: textoRequerido(80),
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
      (input) => input.tipoDocumento !== 'PASAPORTE' || esNumeroDocumentoValido(input.documento),
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

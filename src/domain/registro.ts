import * as v from 'valibot'
import { esNumeroDocumentoValido, MENSAJE_PASAPORTE_OBLIGATORIO } from './documento-identidad.ts'
import { emailSchema } from './email.ts'
import { MENSAJE_PASSWORDS_NO_COINCIDEN, passwordConConfirmacionEntries } from './password.ts'
import { esRutPlaceholder, MENSAJE_RUT_INVALIDO, rutValido } from './rut.ts'
import { telefonoSchema } from './telefono.ts'
import { MENSAJE_CAMPO_OBLIGATORIO, textoRequerido } from './validacion.ts'

/**
 * Registration, reached from a contest link: a Chilean identifies with a RUT that must
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
    v.partialCheck(
      [['password'], ['confirmacion']],
      (i) => i.password === i.confirmacion,
      MENSAJE_PASSWORDS_NO_COINCIDEN,
    ),
    ['confirmacion'],
  ),
)
export type RegistroInput = v.InferInput<typeof registroSchema>

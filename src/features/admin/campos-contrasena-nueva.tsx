import { PASSWORD_ESPECIALES, PASSWORD_MIN_LENGTH } from '../../domain/password.ts'
import type { useFormulario } from '../../lib/use-formulario.ts'
import { CampoTexto } from '../../ui/campo.tsx'

/**
 * A staff member's new password and its confirmation (fields `password` and `confirmacion` of a
 * form checked with `crearPasswordSchema`), as the invitation and the reset ask them.
 */
export function CamposContrasenaNueva({
  idBase,
  form,
}: {
  idBase: string
  form: Pick<ReturnType<typeof useFormulario>, 'error' | 'control'>
}) {
  return (
    <>
      <CampoTexto
        id={`${idBase}-password`}
        etiqueta="Nueva contraseña"
        obligatorio
        type="password"
        autoComplete="new-password"
        ayuda={`Al menos ${PASSWORD_MIN_LENGTH} caracteres, con un número, una mayúscula y una minúscula; puede usar ${PASSWORD_ESPECIALES}.`}
        error={form.error('password')}
        {...form.control('password')}
      />
      <CampoTexto
        id={`${idBase}-confirmacion`}
        etiqueta="Repita la contraseña"
        obligatorio
        type="password"
        autoComplete="new-password"
        error={form.error('confirmacion')}
        {...form.control('confirmacion')}
      />
    </>
  )
}

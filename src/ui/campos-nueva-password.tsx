import { PASSWORD_ESPECIALES, PASSWORD_MIN_LENGTH } from '../domain/password.ts'
import type { useFormulario } from '../lib/use-formulario.ts'
import { CampoTexto } from './campo.tsx'

/** The password policy in words, shown under every new-password field. */
function PoliticaPassword() {
  return (
    <>
      Al menos {PASSWORD_MIN_LENGTH} caracteres, con un número, una letra mayúscula y una letra minúscula. Caracteres
      especiales permitidos: {PASSWORD_ESPECIALES}
    </>
  )
}

/**
 * The new password and its confirmation, as every form that sets one asks them (registration, a student's reset, a staff invitation or reset):
 * fields `password` and `confirmacion` of a form checked with a shared schema.
 */
export function CamposNuevaPassword({
  idBase,
  etiqueta,
  form,
}: {
  idBase: string
  etiqueta: string
  form: Pick<ReturnType<typeof useFormulario>, 'campo'>
}) {
  return (
    <>
      <CampoTexto
        id={`${idBase}-password`}
        etiqueta={etiqueta}
        obligatorio
        type="password"
        autoComplete="new-password"
        ayuda={<PoliticaPassword />}
        {...form.campo('password')}
      />
      <CampoTexto
        id={`${idBase}-confirmacion`}
        etiqueta="Confirmar contraseña"
        obligatorio
        type="password"
        autoComplete="new-password"
        {...form.campo('confirmacion')}
      />
    </>
  )
}

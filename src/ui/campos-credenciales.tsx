import type { useFormulario } from '../lib/use-formulario.ts'
import { CampoTexto } from './campo.tsx'

type Formulario = Pick<ReturnType<typeof useFormulario>, 'campo'>

/** E-mail and password, as every sign-in form asks them (students' and staff's). */
export function CamposCredenciales({ form, prefijo }: { form: Formulario; prefijo: string }) {
  return (
    <>
      <CampoTexto
        id={`${prefijo}-email`}
        etiqueta="Correo electrónico"
        obligatorio
        type="email"
        autoComplete="username"
        inputMode="email"
        {...form.campo('email')}
      />
      <CampoTexto
        id={`${prefijo}-password`}
        etiqueta="Contraseña"
        obligatorio
        type="password"
        autoComplete="current-password"
        {...form.campo('password')}
      />
    </>
  )
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { loginSchema } from '../../domain/ingreso.ts'
import { guardarSesion, sesionDesdeRespuesta, tomarBackUrl, vieneDeConcurso } from '../../lib/session.ts'
import { useFormulario } from '../../lib/use-formulario.ts'
import { VERSION_APP } from '../../lib/version.ts'
import { toast } from '../../ui/toasts.ts'
import { CamposCredenciales } from './campos-credenciales.tsx'
import { avisarError } from './manejar-error.ts'
import { authMutations } from './queries.ts'

export function PaginaIngreso({ emailInicial }: { emailInicial?: string | undefined }) {
  const conRegistro = vieneDeConcurso()
  return (
    <section className="pagina pagina--estrecha">
      <h1>Iniciar sesión</h1>
      <p>Ingresa con el correo electrónico y la contraseña de tu cuenta.</p>
      <FormularioLogin emailInicial={emailInicial} />
      <ul className="enlaces">
        <li>
          <Link to="/password">¿Olvidaste tu contraseña?</Link>
        </li>
        {conRegistro ? (
          <li>
            <Link to="/register">Regístrate</Link>
          </li>
        ) : null}
        <li>
          <Link to="/certificado/validador">validar Certificado</Link>
        </li>
      </ul>
      <details className="acordeon">
        <summary>¿Cómo pagar el derecho de postulación a un concurso?</summary>
        <ol>
          <li>
            Ingresa al enlace «Regístrate» que aparece en esta página cuando llegas desde el enlace de un concurso.
          </li>
          <li>Completa el formulario de registro con tus datos.</li>
          <li>Inicia sesión con el correo electrónico y la contraseña que registraste.</li>
        </ol>
      </details>
      <p className="version">Versión {VERSION_APP}</p>
    </section>
  )
}

export function FormularioLogin({ emailInicial = '' }: { emailInicial?: string | undefined }) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const form = useFormulario(loginSchema, { email: emailInicial, password: '' })
  const login = useMutation({
    ...authMutations.login(),
    onSuccess(respuesta) {
      const sesion = sesionDesdeRespuesta(respuesta)
      if (!sesion) {
        toast({
          tipo: 'warning',
          titulo: 'Alerta!',
          mensaje: respuesta.mensajeError || 'No fue posible iniciar sesión.',
        })
        return
      }
      // Another student may have used this device: start from an empty cache.
      queryClient.clear()
      guardarSesion(sesion)
      const destino = tomarBackUrl()
      void (destino
        ? router.navigate({ href: destino, replace: true })
        : router.navigate({ to: '/home', replace: true }))
    },
    onError: avisarError,
  })

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const datos = form.intentar(e.currentTarget)
    if (datos && !login.isPending) login.mutate(datos)
  }

  return (
    <form className="formulario" onSubmit={enviar} noValidate>
      <CamposCredenciales form={form} prefijo="login" />
      <button type="submit" className="boton boton--ancho" disabled={!form.valido || login.isPending}>
        {login.isPending ? 'Ingresando…' : 'Ingresar'}
      </button>
    </form>
  )
}

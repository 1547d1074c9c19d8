import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { MENSAJE_ERROR_INTERNO } from '../../domain/errores-api.ts'
import { loginSchema } from '../../domain/ingreso.ts'
import { ApiError, esErrorInternoORed } from '../../lib/api-error.ts'
import { sesionDesdeRespuesta, vieneDeConcurso } from '../../lib/session.ts'
import { useFormulario } from '../../lib/use-formulario.ts'
import { VERSION_APP } from '../../lib/version.ts'
import { toast } from '../../ui/toasts.ts'
import { CamposCredenciales } from '../../ui/campos-credenciales.tsx'
import { useTituloPagina } from '../../ui/titulo-pagina.ts'
import { avisarError } from './manejar-error.ts'
import { authMutations } from './queries.ts'
import { useEntrar } from './use-entrar.ts'
import { MensajeError } from '../../ui/mensaje-error.tsx'

export function PaginaIngreso({ emailInicial }: { emailInicial?: string | undefined }) {
  useTituloPagina('Iniciar sesión')
  const conRegistro = vieneDeConcurso()
  return (
    <section className="pagina pagina--estrecha">
      <h1>Iniciar sesión</h1>
      <p>Ingrese con el correo electrónico y la contraseña de su cuenta.</p>
      <FormularioLogin emailInicial={emailInicial} />
      <ul className="enlaces">
        <li>
          <Link to="/password">¿Olvidó su contraseña?</Link>
        </li>
        {conRegistro ? (
          <li>
            <Link to="/register">Regístrese</Link>
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
            Ingrese al enlace «Regístrese» que aparece en esta página cuando llega desde el enlace de un concurso.
          </li>
          <li>Complete el formulario de registro con sus datos.</li>
          <li>Inicie sesión con el correo electrónico y la contraseña que registró.</li>
        </ol>
      </details>
      <p className="version">Versión {VERSION_APP}</p>
    </section>
  )
}

export function FormularioLogin({ emailInicial = '' }: { emailInicial?: string | undefined }) {
  const entrar = useEntrar()
  const form = useFormulario(loginSchema, { email: emailInicial, password: '' })
  // Why the last attempt failed, beside the button the student just pressed (and read out).
  const [rechazo, setRechazo] = useState<string | null>(null)
  const idRechazo = useId()
  const login = useMutation({
    ...authMutations.login(),
    onSuccess(respuesta) {
      const sesion = sesionDesdeRespuesta(respuesta)
      if (!sesion) {
        const mensaje = respuesta.mensajeError || 'No fue posible iniciar sesión.'
        setRechazo(mensaje)
        toast({ tipo: 'warning', titulo: '¡Alerta!', mensaje })
        return
      }
      entrar(sesion)
    },
    onError(error) {
      setRechazo(esErrorInternoORed(error) || !(error instanceof ApiError) ? MENSAJE_ERROR_INTERNO : error.message)
      avisarError(error)
    },
  })

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setRechazo(null)
    const datos = form.intentar(e.currentTarget)
    if (datos && !login.isPending) login.mutate(datos)
  }

  return (
    <form className="formulario" onSubmit={enviar} noValidate>
      <CamposCredenciales form={form} prefijo="login" />
      {rechazo ? <MensajeError id={idRechazo}>{rechazo}</MensajeError> : null}
      <button
        type="submit"
        className="boton boton--ancho"
        disabled={!form.valido || login.isPending}
        aria-describedby={rechazo ? idRechazo : undefined}
      >
        {login.isPending ? 'Ingresando…' : 'Ingresar'}
      </button>
    </form>
  )
}

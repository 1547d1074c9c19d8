import { useMutation, useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState, type FormEvent } from 'react'
import { solicitudRecuperacionSchema } from '../../domain/ingreso.ts'
import { crearPasswordSchema } from '../../domain/password.ts'
import { ApiError, esErrorInternoORed } from '../../lib/api-error.ts'
import { useFormulario } from '../../lib/use-formulario.ts'
import { CampoTexto } from '../../ui/campo.tsx'
import { Estado } from '../../ui/spinner.tsx'
import { toast } from '../../ui/toasts.ts'
import { mensajeDeError } from '../../lib/mensaje-de-error.ts'
import { avisarError } from './manejar-error.ts'
import { CamposNuevaPassword } from '../../ui/campos-nueva-password.tsx'
import { authMutations, authQueries } from './queries.ts'
import { useTituloPagina } from '../../ui/titulo-pagina.ts'
import { MensajeError } from '../../ui/mensaje-error.tsx'

/** After a failed token check and after creating the password, 5 s to login. */
export const ESPERA_REDIRECCION_MS = 5000
export const NOTA_SOLICITUD_ENVIADA =
  'Si el correo está registrado, recibirá un mensaje con un enlace para crear una nueva contraseña.'
const AVISO_REDIRECCION = 'Será redirigido al inicio de sesión en 5 segundos.'

export function PaginaPassword({ recoverpass }: { recoverpass?: string | undefined }) {
  return recoverpass ? <CrearPassword key={recoverpass} token={recoverpass} /> : <SolicitudRecuperacion />
}

function useRedireccionALogin(activa: boolean) {
  const navigate = useNavigate()
  useEffect(() => {
    if (!activa) return
    const t = setTimeout(() => void navigate({ to: '/login', replace: true }), ESPERA_REDIRECCION_MS)
    return () => clearTimeout(t)
  }, [activa, navigate])
}

/** Reset request: not sent → sent (note replaces the button) → back on error. */
function SolicitudRecuperacion() {
  useTituloPagina('Recuperar contraseña')
  const [enviada, setEnviada] = useState(false)
  const form = useFormulario(solicitudRecuperacionSchema, { email: '' })
  const solicitud = useMutation({
    ...authMutations.solicitarRecuperacion(),
    onSuccess(respuesta) {
      if (respuesta.status === 'error') {
        toast({ tipo: 'warning', mensaje: respuesta.message })
        setEnviada(false)
        return
      }
      toast({ tipo: 'success', mensaje: respuesta.message })
      setEnviada(true)
    },
    onError(error) {
      setEnviada(false)
      if (esErrorInternoORed(error)) avisarError(error)
      else toast({ tipo: 'warning', mensaje: mensajeDeError(error) })
    },
  })

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const datos = form.intentar(e.currentTarget)
    if (datos && !solicitud.isPending) solicitud.mutate(datos)
  }

  return (
    <section className="pagina pagina--estrecha">
      <h1>Recuperar contraseña</h1>
      <p>Escriba el correo electrónico de su cuenta y le enviaremos un enlace para crear una nueva contraseña.</p>
      <form className="formulario" onSubmit={enviar} noValidate>
        <CampoTexto
          id="recuperar-email"
          etiqueta="Correo electrónico"
          obligatorio
          type="email"
          autoComplete="email"
          inputMode="email"
          readOnly={enviada}
          {...form.campo('email')}
        />
        {enviada ? (
          <p className="mensaje mensaje--exito" role="status">
            {NOTA_SOLICITUD_ENVIADA}
          </p>
        ) : (
          <button type="submit" className="boton boton--ancho" disabled={!form.valido || solicitud.isPending}>
            {solicitud.isPending ? 'Enviando…' : 'Enviar enlace'}
          </button>
        )}
      </form>
      <p>
        <Link to="/login">Volver al inicio de sesión</Link>
      </p>
    </section>
  )
}

/** With ?recoverpass: verify the token, then the create-password form. */
function CrearPassword({ token }: { token: string }) {
  useTituloPagina('Crear nueva contraseña')
  const verificacion = useQuery(authQueries.verificarToken(token))
  // The server answers a bad token with 400 { status: 'error' }; a 200 with that status counts too.
  const rechazo =
    verificacion.error instanceof ApiError && verificacion.error.status < 500
      ? verificacion.error.message
      : verificacion.data?.status === 'error'
        ? verificacion.data.message
        : null
  const tokenRechazado = rechazo !== null
  useRedireccionALogin(tokenRechazado)

  useEffect(() => {
    if (rechazo !== null) toast({ tipo: 'warning', mensaje: rechazo })
  }, [rechazo])

  return (
    <section className="pagina pagina--estrecha">
      <h1>Crear nueva contraseña</h1>
      {verificacion.isPending ? <Estado texto="Verificando enlace…" /> : null}
      {tokenRechazado ? (
        <>
          <MensajeError bloque>
            <p>{rechazo}</p>
            <p>{AVISO_REDIRECCION}</p>
          </MensajeError>
          {/* Not a dead end: a used or expired link is replaced by asking for another one. */}
          <p>
            <Link to="/password" className="boton">
              Solicitar un nuevo enlace
            </Link>
          </p>
        </>
      ) : null}
      {verificacion.isError && !tokenRechazado ? (
        <MensajeError boton="principal" onReintentar={() => void verificacion.refetch()}>
          No fue posible verificar el enlace: {mensajeDeError(verificacion.error)}
        </MensajeError>
      ) : null}
      {verificacion.isSuccess && !tokenRechazado ? <FormularioNuevaPassword token={token} /> : null}
      <p>
        <Link to="/login">Volver al inicio de sesión</Link>
      </p>
    </section>
  )
}

function FormularioNuevaPassword({ token }: { token: string }) {
  const [creada, setCreada] = useState(false)
  useRedireccionALogin(creada)
  const form = useFormulario(crearPasswordSchema, { token, password: '', confirmacion: '' })
  const crear = useMutation({
    ...authMutations.crearPassword(),
    onSuccess(respuesta) {
      if (respuesta.status === 'error') {
        toast({ tipo: 'warning', mensaje: respuesta.message })
        return
      }
      toast({ tipo: 'success', mensaje: respuesta.message })
      setCreada(true)
    },
    onError(error) {
      if (esErrorInternoORed(error)) avisarError(error)
      else {
        if (error instanceof ApiError) form.erroresDelServidor(error.campos)
        toast({ tipo: 'warning', mensaje: mensajeDeError(error) })
      }
    },
  })

  if (creada) {
    return (
      <div className="mensaje mensaje--exito" role="status">
        <p>Su contraseña fue creada.</p>
        <p>{AVISO_REDIRECCION}</p>
      </div>
    )
  }

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const datos = form.intentar(e.currentTarget)
    if (datos && !crear.isPending) crear.mutate(datos)
  }

  return (
    <form className="formulario" onSubmit={enviar} noValidate>
      <CamposNuevaPassword idBase="nueva" etiqueta="Nueva contraseña" form={form} />
      <button type="submit" className="boton boton--ancho" disabled={crear.isPending}>
        {crear.isPending ? 'Guardando…' : 'Crear contraseña'}
      </button>
    </form>
  )
}

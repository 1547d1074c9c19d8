import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { solicitudRecuperacionSchema } from '../../domain/ingreso.ts'
import { crearPasswordSchema } from '../../domain/password.ts'
import { useFormulario } from '../../lib/use-formulario.ts'
import { CampoTexto } from '../../ui/campo.tsx'
import { Estado } from '../../ui/spinner.tsx'
import { CamposNuevaPassword } from '../../ui/campos-nueva-password.tsx'
import { personalMutations } from './queries.ts'
import { MensajeError } from '../../ui/mensaje-error.tsx'
import './admin.css'

/**
 * '¿Olvidó su contraseña?' for the staff: the e-mail of the account, and the same answer whether
 * or not it is one (the link goes only to an active account's mailbox).
 */
export function PaginaRecuperarPersonal() {
  const form = useFormulario(solicitudRecuperacionSchema, { email: '' })
  const solicitud = useMutation({ mutationFn: personalMutations.solicitarRestablecimiento })

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const datos = form.intentar(e.currentTarget)
    if (datos && !solicitud.isPending) solicitud.mutate(datos)
  }

  return (
    <section className="pagina pagina--estrecha admin-ingreso" aria-labelledby="recuperar-personal-titulo">
      <h1 id="recuperar-personal-titulo">Cree una nueva contraseña</h1>
      <p>
        Escriba el correo de su cuenta del personal y le enviaremos un enlace para crear una nueva contraseña. Su
        verificación en dos pasos no cambia: al ingresar se le pedirá el código de su aplicación, como siempre.
      </p>
      <form className="formulario" onSubmit={enviar} noValidate>
        <CampoTexto
          id="recuperar-personal-email"
          etiqueta="Correo electrónico"
          obligatorio
          type="email"
          autoComplete="username"
          inputMode="email"
          readOnly={solicitud.isSuccess}
          {...form.campo('email')}
        />
        {solicitud.isSuccess ? (
          <p className="mensaje mensaje--exito" role="status">
            {solicitud.data.message}
          </p>
        ) : (
          <>
            <MensajeError error={solicitud.error} visible={solicitud.isError} />
            <button type="submit" className="boton boton--ancho" disabled={solicitud.isPending}>
              {solicitud.isPending ? 'Enviando…' : 'Enviar enlace'}
            </button>
          </>
        )}
      </form>
      <p className="admin-ingreso__nota">
        <Link to="/admin/login">Volver al ingreso del personal</Link>
      </p>
    </section>
  )
}

/** The e-mailed link: checked first, then the new password. It never signs the member in. */
export function PaginaRestablecerPersonal({ token }: { token: string }) {
  const enlace = useQuery({
    queryKey: ['admin', 'restablecer', token],
    queryFn: () => personalMutations.verificarRestablecimiento(token),
    retry: false,
    staleTime: Infinity,
  })
  return (
    <section className="pagina pagina--estrecha" aria-labelledby="restablecer-personal-titulo">
      <h1 id="restablecer-personal-titulo">Cree una nueva contraseña</h1>
      {enlace.isPending ? (
        <Estado texto="Verificando el enlace…" />
      ) : enlace.isError ? (
        <>
          <MensajeError error={enlace.error} />
          {/* Not a dead end: a used or expired link is replaced by asking for another one. */}
          <p>
            <Link to="/admin/recuperar" className="boton">
              Solicitar un nuevo enlace
            </Link>
          </p>
          <p>
            <Link to="/admin/login">Volver al ingreso del personal</Link>
          </p>
        </>
      ) : (
        <FormularioRestablecer token={token} nombre={enlace.data.nombre} email={enlace.data.email} />
      )}
    </section>
  )
}

function FormularioRestablecer({ token, nombre, email }: { token: string; nombre: string; email: string }) {
  const form = useFormulario(crearPasswordSchema, { token, password: '', confirmacion: '' })
  const restablecer = useMutation({ mutationFn: personalMutations.restablecer })

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const datos = form.intentar(e.currentTarget)
    if (datos && !restablecer.isPending) restablecer.mutate(datos)
  }

  if (restablecer.isSuccess)
    return (
      <div className="mensaje mensaje--exito" role="status">
        <p>{restablecer.data.message}</p>
        <p>
          <Link to="/admin/login">Ingresar</Link>
        </p>
      </div>
    )
  return (
    <form className="formulario" onSubmit={enviar} noValidate>
      <p>
        {nombre} ({email}): elija su nueva contraseña. Al cambiarla se cerrarán las sesiones abiertas de su cuenta; la
        verificación en dos pasos no cambia.
      </p>
      <CamposNuevaPassword idBase="restablecer" form={form} etiqueta="Nueva contraseña" />
      <MensajeError error={restablecer.error} visible={restablecer.isError} />
      {restablecer.isError ? (
        <p>
          <Link to="/admin/recuperar">Solicitar un nuevo enlace</Link>
        </p>
      ) : null}
      <button type="submit" className="boton boton--ancho" disabled={restablecer.isPending}>
        {restablecer.isPending ? 'Guardando…' : 'Cambiar contraseña'}
      </button>
    </form>
  )
}

import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { crearPasswordSchema } from '../../domain/password.ts'
import { useFormulario } from '../../lib/use-formulario.ts'
import { Estado } from '../../ui/spinner.tsx'
import { CamposNuevaPassword } from '../../ui/campos-nueva-password.tsx'
import { personalMutations } from './queries.ts'
import { MensajeError } from '../../ui/mensaje-error.tsx'
import './admin.css'

/** A new staff member opens the link an admin sent and creates their password. */
export function PaginaInvitacion({ token }: { token: string }) {
  const invitacion = useQuery({
    queryKey: ['admin', 'invitacion', token],
    queryFn: () => personalMutations.verificarInvitacion(token),
    retry: false,
    staleTime: Infinity,
  })
  return (
    <section className="pagina pagina--estrecha" aria-labelledby="invitacion-titulo">
      <h1 id="invitacion-titulo">Cree su contraseña</h1>
      {invitacion.isPending ? (
        <Estado texto="Verificando el enlace…" />
      ) : invitacion.isError ? (
        <>
          <MensajeError error={invitacion.error} />
          <p>
            <Link to="/admin/login">Ir al ingreso del personal</Link>
          </p>
        </>
      ) : (
        <FormularioInvitacion token={token} nombre={invitacion.data.nombre} email={invitacion.data.email} />
      )}
    </section>
  )
}

function FormularioInvitacion({ token, nombre, email }: { token: string; nombre: string; email: string }) {
  const form = useFormulario(crearPasswordSchema, { token, password: '', confirmacion: '' })
  const aceptar = useMutation({ mutationFn: personalMutations.aceptarInvitacion })

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const datos = form.intentar(e.currentTarget)
    if (datos && !aceptar.isPending) aceptar.mutate(datos)
  }

  if (aceptar.isSuccess)
    return (
      <div className="mensaje mensaje--exito" role="status">
        <p>{aceptar.data.message}</p>
        <p>
          <Link to="/admin/login">Ingresar</Link>: después de la contraseña, activará la verificación en dos pasos con
          una aplicación de autenticación de su teléfono.
        </p>
      </div>
    )
  return (
    <form className="formulario" onSubmit={enviar} noValidate>
      <p>
        {nombre} ({email}): elija la contraseña con la que ingresará al área de la escuela.
      </p>
      <CamposNuevaPassword idBase="invitacion" form={form} etiqueta="Nueva contraseña" />
      <MensajeError error={aceptar.error} visible={aceptar.isError} />
      <button type="submit" className="boton boton--ancho" disabled={aceptar.isPending}>
        {aceptar.isPending ? 'Guardando…' : 'Crear contraseña'}
      </button>
    </form>
  )
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, type FormEvent } from 'react'
import { cambiarRolSchema } from '../../../domain/gestion-personal.ts'
import { ApiError } from '../../../lib/api-error.ts'
import { useFormulario } from '../../../lib/use-formulario.ts'
import { Dialogo } from '../../../ui/dialogo.tsx'
import { toast } from '../../../ui/toasts.ts'
import { CamposRol } from './campos-rol.tsx'
import { actualizarTrasCambio, cuentasMutations, type AsistenteComercial, type CuentaPersonal } from './queries.ts'
import { AccionesDialogo } from '../acciones-dialogo.tsx'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

/**
 * An account's new role, confirmed in the same dialog: it says what the account may do then, and
 * warns when an admin is about to lose the staff accounts (their own included).
 */
export function DialogoRol({
  cuenta,
  esUsted,
  asistentes,
  onCerrar,
}: {
  cuenta: CuentaPersonal
  esUsted: boolean
  asistentes: AsistenteComercial[]
  onCerrar: () => void
}) {
  const queryClient = useQueryClient()
  const idFormulario = useId()
  const form = useFormulario(cambiarRolSchema, { rol: cuenta.rol, asistenteId: cuenta.asistente?.id ?? '' })
  const cambio = useMutation({
    mutationFn: cuentasMutations.cambiarRol,
    onSuccess: ({ cuenta: cambiada }) => {
      toast({ tipo: 'success', mensaje: `${cambiada.nombre} tiene ahora el rol ${cambiada.etiquetaRol}.` })
      onCerrar()
    },
    onError: (error) => {
      if (error instanceof ApiError) form.erroresDelServidor(error.campos)
    },
    onSettled: () => actualizarTrasCambio(queryClient),
  })

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const datos = form.intentar(e.currentTarget)
    if (datos && !cambio.isPending)
      cambio.mutate({ id: cuenta.id, rol: datos.rol, asistenteId: datos.asistenteId ?? '' })
  }

  const degrada = cuenta.rol === 'admin' && form.valores.rol !== 'admin'
  return (
    <Dialogo
      titulo="Cambiar rol"
      onCerrar={onCerrar}
      acciones={
        <AccionesDialogo
          texto="Cambiar rol"
          enCurso="Cambiando…"
          ocupado={cambio.isPending}
          formulario={idFormulario}
          onCancelar={onCerrar}
        />
      }
    >
      <p>
        Cuenta de <strong>{cuenta.nombre}</strong> ({cuenta.email}), hoy con el rol {cuenta.etiquetaRol}. El cambio rige
        desde su próxima acción, sin que tenga que volver a ingresar.
      </p>
      <form id={idFormulario} className="formulario" onSubmit={enviar} noValidate>
        <CamposRol
          rol={form.valores.rol ?? ''}
          asistenteId={form.valores.asistenteId ?? ''}
          asistentes={asistentes}
          errores={{ rol: form.error('rol'), asistenteId: form.error('asistenteId') }}
          cambiar={(campo, valor) => form.cambiar(campo, valor)}
        />
        {degrada ? (
          <p className="mensaje mensaje--aviso">
            {esUsted
              ? 'Dejará de tener el rol de administración: ya no podrá administrar el personal ni ver la auditoría.'
              : `${cuenta.nombre} dejará de tener el rol de administración: ya no podrá administrar el personal ni ver la auditoría.`}
          </p>
        ) : null}
        <MensajeError error={cambio.error} visible={cambio.isError} />
      </form>
    </Dialogo>
  )
}

import { useQueryClient } from '@tanstack/react-query'
import { cambiarRolSchema } from '../../../domain/gestion-personal.ts'
import { toast } from '../../../ui/toasts.ts'
import { CamposRol } from './campos-rol.tsx'
import { actualizarTrasCambio, cuentasMutations, type AsistenteComercial, type CuentaPersonal } from './queries.ts'
import { DialogoFormulario } from '../dialogo-formulario.tsx'
import { useDialogoFormulario } from '../use-dialogo-formulario.ts'

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
  const {
    form,
    mutacion: cambio,
    enviar,
  } = useDialogoFormulario({
    schema: cambiarRolSchema,
    inicial: { rol: cuenta.rol, asistenteId: cuenta.asistente?.id ?? '' },
    enviarDatos: (datos) =>
      cuentasMutations.cambiarRol({ id: cuenta.id, rol: datos.rol, asistenteId: datos.asistenteId ?? '' }),
    alEnviar: ({ cuenta: cambiada }) => {
      toast({ tipo: 'success', mensaje: `${cambiada.nombre} tiene ahora el rol ${cambiada.etiquetaRol}.` })
      onCerrar()
    },
    alTerminar: () => actualizarTrasCambio(queryClient),
  })

  const degrada = cuenta.rol === 'admin' && form.valores.rol !== 'admin'
  return (
    <DialogoFormulario
      titulo="Cambiar rol"
      accion="Cambiar rol"
      enCurso="Cambiando…"
      mutacion={cambio}
      enviar={enviar}
      onCerrar={onCerrar}
      antes={
        <p>
          Cuenta de <strong>{cuenta.nombre}</strong> ({cuenta.email}), hoy con el rol {cuenta.etiquetaRol}. El cambio
          rige desde su próxima acción, sin que tenga que volver a ingresar.
        </p>
      }
    >
      <CamposRol form={form} asistentes={asistentes} />
      {degrada ? (
        <p className="mensaje mensaje--aviso">
          {esUsted
            ? 'Dejará de tener el rol de administración: ya no podrá administrar el personal ni ver la auditoría.'
            : `${cuenta.nombre} dejará de tener el rol de administración: ya no podrá administrar el personal ni ver la auditoría.`}
        </p>
      ) : null}
    </DialogoFormulario>
  )
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Dialogo } from '../../../ui/dialogo.tsx'
import { toast } from '../../../ui/toasts.ts'
import { AccionesDialogo } from '../acciones-dialogo.tsx'
import { actualizarClaves, clavesMutations, type ClaveIntegracion } from './queries.ts'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

/** Revoking a key, confirmed: it stops working at once and for good. */
export function DialogoRevocarClave({ clave, onCerrar }: { clave: ClaveIntegracion; onCerrar: () => void }) {
  const queryClient = useQueryClient()
  const revocacion = useMutation({
    mutationFn: () => clavesMutations.revocar(clave.id),
    onSuccess: () => {
      toast({ tipo: 'success', mensaje: `La clave «${clave.nombre}» fue revocada.` })
      onCerrar()
    },
    onSettled: () => actualizarClaves(queryClient),
  })
  return (
    <Dialogo
      titulo="Revocar clave"
      onCerrar={onCerrar}
      acciones={
        <AccionesDialogo
          texto="Revocar clave"
          enCurso="Revocando…"
          ocupado={revocacion.isPending}
          onAccion={() => revocacion.mutate()}
          onCancelar={onCerrar}
        />
      }
    >
      <p>
        Va a revocar la clave <strong>{clave.nombre}</strong> (<code>{clave.prefijo}…</code>).
      </p>
      <p>
        Desde ahora, toda llamada con ella será rechazada, y no es posible volver a activarla: si el sistema que la usa
        debe seguir conectado, cree antes una clave nueva y configúrela en él.
      </p>
      <MensajeError error={revocacion.error} visible={revocacion.isError} />
    </Dialogo>
  )
}

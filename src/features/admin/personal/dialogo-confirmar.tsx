import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { Dialogo } from '../../../ui/dialogo.tsx'
import { toast } from '../../../ui/toasts.ts'
import { momentoEnChile } from '../formato.ts'
import { personalQueries } from '../queries.ts'
import { actualizarTrasCambio, cuentasMutations, type CuentaPersonal } from './queries.ts'
import { AccionesDialogo } from '../acciones-dialogo.tsx'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

/** The actions on an account that are confirmed first. */
export type AccionConfirmada = 'desactivar' | 'reiniciar' | 'desbloquear'

const TEXTOS: Record<AccionConfirmada, { titulo: string; boton: string; enCurso: string }> = {
  desactivar: { titulo: 'Desactivar cuenta', boton: 'Desactivar cuenta', enCurso: 'Desactivando…' },
  reiniciar: { titulo: 'Reiniciar segundo factor', boton: 'Reiniciar segundo factor', enCurso: 'Reiniciando…' },
  desbloquear: { titulo: 'Desbloquear ingreso', boton: 'Desbloquear ingreso', enCurso: 'Desbloqueando…' },
}

/** What the action does, said in the toast once it is done. */
async function ejecutar(accion: AccionConfirmada, cuenta: CuentaPersonal) {
  switch (accion) {
    case 'desactivar':
      await cuentasMutations.desactivar(cuenta.id)
      return { tipo: 'success' as const, mensaje: `La cuenta de ${cuenta.nombre} fue desactivada.` }
    case 'desbloquear':
      await cuentasMutations.desbloquear(cuenta.id)
      return { tipo: 'success' as const, mensaje: `${cuenta.nombre} ya puede volver a ingresar.` }
    case 'reiniciar': {
      const { correoEnviado } = await cuentasMutations.reiniciarSegundoFactor(cuenta.id)
      return correoEnviado
        ? {
            tipo: 'success' as const,
            mensaje: `Segundo factor de ${cuenta.nombre} reiniciado. Le enviamos un enlace a ${cuenta.email}.`,
          }
        : {
            tipo: 'warning' as const,
            mensaje: `Segundo factor de ${cuenta.nombre} reiniciado, pero no fue posible enviar el correo: use «Reenviar invitación».`,
          }
    }
  }
}

/**
 * Disabling an account, resetting its second factor or unlocking its sign-in, confirmed: the
 * dialog names the account and says what follows; a refusal (the last admin, above all) shows
 * inside it.
 */
export function DialogoConfirmar({
  accion,
  cuenta,
  esUsted,
  onCerrar,
}: {
  accion: AccionConfirmada
  cuenta: CuentaPersonal
  esUsted: boolean
  onCerrar: () => void
}) {
  const queryClient = useQueryClient()
  const router = useRouter()
  const textos = TEXTOS[accion]
  // Unlocking leaves every session as it was, one's own included.
  const terminaSesion = esUsted && accion !== 'desbloquear'
  const cambio = useMutation({
    mutationFn: () => ejecutar(accion, cuenta),
    onSuccess: (aviso) => {
      toast(aviso)
      onCerrar()
      // Their own session has just ended: to the sign-in, with nothing of it left in this browser.
      if (terminaSesion) {
        queryClient.removeQueries({ queryKey: personalQueries.all() })
        void router.navigate({ to: '/admin/login', replace: true })
      }
    },
    onSettled: () => (terminaSesion ? undefined : actualizarTrasCambio(queryClient)),
  })

  return (
    <Dialogo
      titulo={textos.titulo}
      onCerrar={onCerrar}
      acciones={
        <AccionesDialogo
          texto={textos.boton}
          enCurso={textos.enCurso}
          ocupado={cambio.isPending}
          onAccion={() => cambio.mutate()}
          onCancelar={onCerrar}
        />
      }
    >
      {accion === 'desactivar' ? (
        <>
          <p>
            Va a desactivar la cuenta de <strong>{cuenta.nombre}</strong> ({cuenta.email}), con el rol{' '}
            {cuenta.etiquetaRol}.
          </p>
          <p>
            Sus sesiones abiertas terminan ahora y no podrá volver a ingresar. Su historial se conserva, y podrá activar
            la cuenta de nuevo cuando lo necesite.
          </p>
        </>
      ) : accion === 'reiniciar' ? (
        <>
          <p>
            Va a reiniciar el segundo factor de <strong>{cuenta.nombre}</strong> ({cuenta.email}).
          </p>
          <p>
            Sus sesiones abiertas terminan ahora, su contraseña y su código actuales dejan de servir, y recibirá por
            correo un enlace para crear una contraseña nueva; al ingresar, activará el segundo factor en su aplicación
            de autenticación.
          </p>
        </>
      ) : (
        <>
          <p>
            Va a desbloquear el ingreso de <strong>{cuenta.nombre}</strong> ({cuenta.email}), bloqueado
            {cuenta.bloqueadaHasta ? ` hasta el ${momentoEnChile(cuenta.bloqueadaHasta)}` : ''} por demasiadas
            contraseñas o códigos incorrectos.
          </p>
          <p>
            Podrá ingresar de inmediato. Confírmelo antes con la persona: si no fue ella quien se equivocó, alguien
            intenta entrar a su cuenta y es mejor reiniciar su segundo factor.
          </p>
        </>
      )}
      {terminaSesion ? (
        <p className="mensaje mensaje--aviso">Es su propia cuenta: su sesión terminará en cuanto confirme.</p>
      ) : null}
      <MensajeError error={cambio.error} visible={cambio.isError} />
    </Dialogo>
  )
}

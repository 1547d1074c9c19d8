import { useQueryClient } from '@tanstack/react-query'
import { invitarPersonalSchema, MAXIMO_NOMBRE_PERSONAL } from '../../../domain/gestion-personal.ts'
import { CampoTexto } from '../../../ui/campo.tsx'
import { toast } from '../../../ui/toasts.ts'
import { CamposRol } from './campos-rol.tsx'
import { actualizarTrasCambio, cuentasMutations, type AsistenteComercial } from './queries.ts'
import { DialogoFormulario } from '../dialogo-formulario.tsx'
import { useDialogoFormulario } from '../use-dialogo-formulario.ts'

/** A new staff member: name, e-mail and role; the account is created and its invitation e-mailed. */
export function DialogoInvitar({ asistentes, onCerrar }: { asistentes: AsistenteComercial[]; onCerrar: () => void }) {
  const queryClient = useQueryClient()
  const {
    form,
    mutacion: invitacion,
    enviar,
  } = useDialogoFormulario({
    schema: invitarPersonalSchema,
    inicial: { nombre: '', email: '', rol: '', asistenteId: '' },
    enviarDatos: (datos) =>
      cuentasMutations.invitar({
        nombre: datos.nombre,
        email: datos.email,
        rol: datos.rol,
        asistenteId: datos.asistenteId ?? '',
      }),
    alEnviar: ({ cuenta, correoEnviado }) => {
      if (correoEnviado) toast({ tipo: 'success', mensaje: `Cuenta creada. Enviamos la invitación a ${cuenta.email}.` })
      else
        toast({
          tipo: 'warning',
          mensaje: `Cuenta creada, pero no fue posible enviar el correo a ${cuenta.email}: use «Reenviar invitación».`,
        })
      onCerrar()
    },
    alTerminar: () => actualizarTrasCambio(queryClient),
  })

  return (
    <DialogoFormulario
      titulo="Invitar a una persona"
      accion="Enviar invitación"
      enCurso="Enviando…"
      mutacion={invitacion}
      enviar={enviar}
      onCerrar={onCerrar}
      antes={
        <p>
          La persona recibirá un correo con un enlace para crear su contraseña (vale 72 horas y una sola vez). Al
          ingresar por primera vez activará el segundo factor con una aplicación de autenticación.
        </p>
      }
    >
      <CampoTexto
        etiqueta="Nombre completo"
        obligatorio
        autoComplete="off"
        maxLength={MAXIMO_NOMBRE_PERSONAL}
        {...form.campo('nombre')}
      />
      <CampoTexto etiqueta="Correo electrónico" obligatorio type="email" autoComplete="off" {...form.campo('email')} />
      <CamposRol form={form} asistentes={asistentes} />
    </DialogoFormulario>
  )
}

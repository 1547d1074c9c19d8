import { useQueryClient } from '@tanstack/react-query'
import { MAXIMO_MOTIVO_REVOCACION, revocarCertificadoSchema } from '../../../domain/gestion-certificados.ts'
import { CampoArea } from '../../../ui/campo.tsx'
import { toast } from '../../../ui/toasts.ts'
import { actualizarTrasCambio, certificadosMutations, type FilaCertificado } from './queries.ts'
import { DialogoFormulario } from '../dialogo-formulario.tsx'
import { useDialogoFormulario } from '../use-dialogo-formulario.ts'

/**
 * Revoking a certificate, confirmed: the dialog names the certificate and its holder, says what
 * follows, and asks why (the reason is recorded and audited).
 */
export function DialogoRevocar({
  fila,
  codigo,
  onCerrar,
  alTerminar,
}: {
  fila: FilaCertificado
  codigo: string
  onCerrar: () => void
  /** Once the list was read again after the revocation. */
  alTerminar: () => void
}) {
  const queryClient = useQueryClient()
  const {
    form,
    mutacion: revocacion,
    enviar,
  } = useDialogoFormulario({
    schema: revocarCertificadoSchema,
    inicial: { motivo: '' },
    enviarDatos: ({ motivo }) => certificadosMutations.revocar({ codigo, motivo }),
    alEnviar: ({ certificado }) => {
      toast({
        tipo: 'success',
        mensaje: `Certificado ${certificado.codigo} de ${fila.alumno.nombre} revocado.`,
      })
      onCerrar()
    },
    alTerminar: async (error) => {
      await actualizarTrasCambio(queryClient)
      if (!error) alTerminar()
    },
  })

  return (
    <DialogoFormulario
      titulo="Revocar certificado"
      accion="Revocar certificado"
      enCurso="Revocando…"
      mutacion={revocacion}
      enviar={enviar}
      onCerrar={onCerrar}
      antes={
        <>
          <p>
            Va a revocar el certificado <strong>{codigo}</strong> de <strong>{fila.alumno.nombre}</strong>, programa «
            {fila.programa.nombre}» (solicitud {fila.codigoInscripcion}).
          </p>
          <p>
            Desde ahora el validador público dirá que fue revocado, con la fecha de hoy, y el alumno dejará de verlo en
            sus solicitudes. El alumno recibirá un aviso y un correo con el motivo. Esto no se puede deshacer, pero
            podrá emitir un certificado nuevo, con otro código.
          </p>
        </>
      }
    >
      <CampoArea
        etiqueta="Motivo de la revocación"
        obligatorio
        ayuda={`El alumno lo leerá en el aviso y el correo; queda en su historia. Hasta ${MAXIMO_MOTIVO_REVOCACION} caracteres.`}
        rows={3}
        maxLength={MAXIMO_MOTIVO_REVOCACION}
        {...form.campo('motivo')}
      />
    </DialogoFormulario>
  )
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { preguntaEmitirConFaltantes } from '../../../domain/gestion-certificados.ts'
import { Dialogo } from '../../../ui/dialogo.tsx'
import { toast } from '../../../ui/toasts.ts'
import { AccionesDialogo } from '../acciones-dialogo.tsx'
import { mensajeDeError } from '../../../lib/mensaje-de-error.ts'
import { actualizarTrasCambio, certificadosMutations, faltantesDelRechazo, type FilaCertificado } from './queries.ts'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

/**
 * Issuing the certificate of an enrolment that still lacks something, confirmed: the dialog names
 * the enrolment, its holder and what it lacks ('Esta inscripción aún tiene: 1 cuota vencida,
 * reglamento sin firmar… ¿Emitir de todos modos?'), and the request confirms exactly that list.
 * If the list changed meanwhile (the server refuses with the new one), the dialog shows the new
 * list and asks again. `alTerminar` runs once the list was read again after an issue.
 */
export function DialogoEmitir({
  fila,
  faltantes: iniciales,
  onCerrar,
  alTerminar,
}: {
  fila: FilaCertificado
  faltantes: readonly string[]
  onCerrar: () => void
  alTerminar: () => void
}) {
  const queryClient = useQueryClient()
  const [faltantes, setFaltantes] = useState(iniciales)
  const [cambio, setCambio] = useState(false)
  const emision = useMutation({
    mutationFn: () => certificadosMutations.emitir(fila.codigoInscripcion, faltantes),
    onSuccess: async ({ certificado }) => {
      toast({
        tipo: 'success',
        mensaje: `Certificado emitido para ${fila.alumno.nombre} (${fila.codigoInscripcion}), código ${certificado.codigo}.`,
      })
      onCerrar()
      await actualizarTrasCambio(queryClient)
      alTerminar()
    },
    onError: (error) => {
      const nuevos = faltantesDelRechazo(error)
      if (nuevos) {
        setFaltantes(nuevos)
        setCambio(true)
      } else void actualizarTrasCambio(queryClient)
    },
  })
  // A refusal that lists what is lacking is shown as the new list above, not as an error.
  const error = emision.isError && !faltantesDelRechazo(emision.error) ? mensajeDeError(emision.error) : null

  return (
    <Dialogo
      titulo="Emitir certificado con pendientes"
      onCerrar={onCerrar}
      acciones={
        <AccionesDialogo
          texto="Emitir de todos modos"
          enCurso="Emitiendo…"
          ocupado={emision.isPending}
          onAccion={() => {
            if (!emision.isPending) emision.mutate()
          }}
          onCancelar={onCerrar}
        />
      }
    >
      <p>
        Certificado de <strong>{fila.alumno.nombre}</strong>, programa «{fila.programa.nombre}» (solicitud{' '}
        {fila.codigoInscripcion}).
      </p>
      {cambio ? (
        <p className="mensaje mensaje--aviso" role="alert">
          Lo que le falta a esta inscripción cambió desde que abrió este diálogo. Revíselo antes de confirmar.
        </p>
      ) : null}
      <p className="admin-certificados__pregunta">{preguntaEmitirConFaltantes(faltantes)}</p>
      <p>
        El certificado firmado queda disponible para el alumno de inmediato, y la auditoría registra que se emitió con
        estos pendientes.
      </p>
      <MensajeError visible={!!error}>{error}</MensajeError>
    </Dialogo>
  )
}

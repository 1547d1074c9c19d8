import { useMutation, useQueryClient } from '@tanstack/react-query'
import { periodoEnPalabras } from '../../../domain/concursos.ts'
import { accionPublicar } from '../../../domain/gestion-concursos.ts'
import { Dialogo } from '../../../ui/dialogo.tsx'
import { toast } from '../../../ui/toasts.ts'
import { AccionesDialogo } from '../acciones-dialogo.tsx'
import { actualizarConcursos, concursosAdminMutations, type DatosConcursoAdmin } from './queries.ts'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

/**
 * Publishing ('abrir') or closing a contest, confirmed: the dialog names the contest and says what
 * students will see; a refusal (someone else changed it meanwhile) shows inside it.
 */
export function DialogoPublicacion({
  accion,
  concurso,
  onCerrar,
}: {
  accion: 'abrir' | 'cerrar'
  concurso: DatosConcursoAdmin
  onCerrar: () => void
}) {
  const queryClient = useQueryClient()
  const cambio = useMutation({
    mutationFn: () =>
      accion === 'abrir' ? concursosAdminMutations.abrir(concurso.id) : concursosAdminMutations.cerrar(concurso.id),
    onSuccess: () => {
      toast({
        tipo: 'success',
        mensaje:
          accion === 'abrir'
            ? `El concurso de ${concurso.especialidad} está publicado.`
            : `El concurso de ${concurso.especialidad} está cerrado.`,
      })
      onCerrar()
    },
    onSettled: () => actualizarConcursos(queryClient),
  })
  const titulo = accion === 'abrir' ? `${accionPublicar(concurso.publicacion)} el concurso` : 'Cerrar el concurso'
  return (
    <Dialogo
      titulo={titulo}
      onCerrar={onCerrar}
      acciones={
        <AccionesDialogo
          texto={titulo}
          enCurso={accion === 'abrir' ? 'Publicando…' : 'Cerrando…'}
          ocupado={cambio.isPending}
          onAccion={() => cambio.mutate()}
          onCancelar={onCerrar}
        />
      }
    >
      <p>
        Concurso de <strong>{concurso.especialidad}</strong> ({concurso.sede}, {concurso.ciudad}).{' '}
        {periodoEnPalabras(concurso)}.
      </p>
      {accion === 'abrir' ? (
        <p>
          Los estudiantes lo verán en su lista de concursos y podrán postular y pagar el derecho de postulación dentro
          de su período de postulación.
        </p>
      ) : (
        <p>
          Dejará de recibir postulaciones, pagos del derecho de postulación y documentos, aunque su período no haya
          terminado. Los estudiantes lo verán como cerrado. Podrá volver a publicarlo más adelante.
        </p>
      )}
      <MensajeError error={cambio.error} visible={cambio.isError} />
    </Dialogo>
  )
}

import { useId, type FormEvent, type ReactNode } from 'react'
import { Dialogo } from '../../ui/dialogo.tsx'
import { MensajeError } from '../../ui/mensaje-error.tsx'
import { AccionesDialogo } from './acciones-dialogo.tsx'

/**
 * The markup every staff dialog around one form repeats, beside useDialogoFormulario's wiring:
 * what the dialog says first (`antes`), the form with its fields and the failed request's message,
 * and the two buttons, whose action submits the form and says it is under way meanwhile.
 */
export function DialogoFormulario({
  titulo,
  accion,
  enCurso,
  mutacion,
  enviar,
  onCerrar,
  antes,
  grande,
  claseFormulario,
  children,
}: {
  titulo: string
  /** The action button's text ('Guardar cambios') and its text while under way ('Guardando…'). */
  accion: string
  enCurso: string
  mutacion: { isPending: boolean; isError: boolean; error: unknown }
  enviar: (e: FormEvent<HTMLFormElement>) => void
  onCerrar: () => void
  antes?: ReactNode
  grande?: boolean
  claseFormulario?: string
  children: ReactNode
}) {
  const idFormulario = useId()
  return (
    <Dialogo
      titulo={titulo}
      onCerrar={onCerrar}
      grande={grande}
      acciones={
        <AccionesDialogo
          texto={accion}
          enCurso={enCurso}
          ocupado={mutacion.isPending}
          formulario={idFormulario}
          onCancelar={onCerrar}
        />
      }
    >
      {antes}
      <form
        id={idFormulario}
        className={claseFormulario ? `formulario ${claseFormulario}` : 'formulario'}
        onSubmit={enviar}
        noValidate
      >
        {children}
        <MensajeError error={mutacion.error} visible={mutacion.isError} />
      </form>
    </Dialogo>
  )
}

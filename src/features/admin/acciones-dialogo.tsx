/**
 * A school's dialog's two buttons: the action (it submits the dialog's form `formulario`, or runs
 * `onAccion`), which says it is under way and cannot be pressed twice meanwhile, and 'Cancelar'.
 */
export function AccionesDialogo({
  texto,
  enCurso,
  ocupado,
  formulario,
  onAccion,
  onCancelar,
}: {
  texto: string
  enCurso: string
  ocupado: boolean
  formulario?: string
  onAccion?: () => void
  onCancelar: () => void
}) {
  return (
    <>
      <button
        type={formulario ? 'submit' : 'button'}
        form={formulario}
        className="boton"
        disabled={ocupado}
        onClick={onAccion}
      >
        {ocupado ? enCurso : texto}
      </button>
      <button type="button" className="boton boton--secundario" onClick={onCancelar}>
        Cancelar
      </button>
    </>
  )
}

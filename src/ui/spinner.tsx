/** A decorative spinner; the words beside it are what assistive technology reads. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />
}

/** A live status line with a spinner: 'Verificando enlace…', 'Cargando…'. */
export function Estado({ texto }: { texto: string }) {
  return (
    <p role="status" className="estado">
      <Spinner /> {texto}
    </p>
  )
}

import { Link } from '@tanstack/react-router'

/** What a route not built yet shows: never a blank page. */
export function SeccionPendiente({
  titulo,
  mensaje = 'Esta sección aún no está disponible en el portal.',
}: {
  titulo: string
  mensaje?: string
}) {
  return (
    <section className="pagina pagina--estrecha">
      <h1>{titulo}</h1>
      <p>{mensaje}</p>
      <p>
        <Link to="/" className="boton boton--secundario">
          Volver al inicio
        </Link>
      </p>
    </section>
  )
}

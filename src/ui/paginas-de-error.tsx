import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useTituloPagina } from './titulo-pagina.ts'

export function PaginaNoEncontrada() {
  useTituloPagina('Página no encontrada')
  return (
    <section className="pagina pagina--estrecha">
      <h1>Página no encontrada</h1>
      <p>La dirección que abrió no existe en el portal.</p>
      <p>
        <Link to="/" className="boton">
          Volver al inicio
        </Link>
      </p>
    </section>
  )
}

export function PaginaError({ reset }: ErrorComponentProps) {
  useTituloPagina('Ocurrió un error')
  const router = useRouter()
  return (
    <section className="pagina pagina--estrecha" role="alert">
      <h1>Ocurrió un error</h1>
      <p>
        No fue posible mostrar esta página. Intente nuevamente; si el problema continúa, comuníquese con su asistente.
      </p>
      <p className="acciones">
        <button
          type="button"
          className="boton"
          onClick={() => {
            reset()
            void router.invalidate()
          }}
        >
          Reintentar
        </button>
        <Link to="/" className="boton boton--secundario">
          Volver al inicio
        </Link>
      </p>
    </section>
  )
}

import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { esFalloDeCarga } from '../lib/fallo-de-carga.ts'
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

export function PaginaError({ error, reset }: ErrorComponentProps) {
  useTituloPagina('Ocurrió un error')
  const router = useRouter()
  const sinCodigo = esFalloDeCarga(error)
  return (
    <section className="pagina pagina--estrecha" role="alert">
      <h1>Ocurrió un error</h1>
      <p>
        {sinCodigo
          ? 'Esta pantalla aún no está guardada en este dispositivo y no hay conexión. Conéctese a internet e intente nuevamente.'
          : 'No fue posible mostrar esta página. Intente nuevamente; si el problema continúa, comuníquese con su asistente.'}
      </p>
      <p className="acciones">
        <button
          type="button"
          className="boton"
          onClick={() => {
            // The browser keeps a failed load of a screen's code: only a new page loads it again.
            if (sinCodigo) return window.location.reload()
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

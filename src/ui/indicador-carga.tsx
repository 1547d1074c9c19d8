import { useIsFetching, useIsMutating } from '@tanstack/react-query'
import { Spinner } from './spinner.tsx'

/** 'Requests of any kind show a loading spinner while pending' — without blocking the page. */
export function IndicadorCarga() {
  const ocupado = useIsFetching() + useIsMutating() > 0
  return (
    <div className="indicador-carga" role="status">
      {ocupado ? (
        <span className="indicador-carga__pildora">
          <Spinner /> Cargando…
        </span>
      ) : null}
    </div>
  )
}

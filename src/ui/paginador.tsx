import { useState } from 'react'

/** Which slice of `items` the current page shows; the page stays in range when the list shrinks. */
export function usePaginacion<T>(items: readonly T[], tamano: number) {
  const [pedida, setPagina] = useState(1)
  const paginas = Math.max(1, Math.ceil(items.length / tamano))
  const pagina = Math.min(pedida, paginas)
  return { pagina, paginas, visibles: items.slice((pagina - 1) * tamano, pagina * tamano), setPagina }
}

/** 'Anterior' / 'Siguiente' with the page in words; hidden when everything fits in one page. */
export function Paginador({
  pagina,
  paginas,
  onCambiar,
  etiqueta,
}: {
  pagina: number
  paginas: number
  onCambiar: (pagina: number) => void
  etiqueta: string
}) {
  if (paginas <= 1) return null
  return (
    <nav className="paginador" aria-label={etiqueta}>
      <button
        type="button"
        className="boton boton--secundario"
        disabled={pagina <= 1}
        onClick={() => onCambiar(pagina - 1)}
      >
        Anterior
      </button>
      <p className="paginador__estado" aria-live="polite">
        Página {pagina} de {paginas}
      </p>
      <button
        type="button"
        className="boton boton--secundario"
        disabled={pagina >= paginas}
        onClick={() => onCambiar(pagina + 1)}
      >
        Siguiente
      </button>
    </nav>
  )
}

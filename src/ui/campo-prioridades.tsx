const ORDINALES = ['Primera', 'Segunda', 'Tercera', 'Cuarta', 'Quinta']

export type OpcionPrioridad = { valor: string; etiqueta: string }

/**
 * Up to `valores.length` options ranked by priority: one native select per rank, each offering
 * only the options no other rank has taken, so nothing is ranked twice. Native selects work with
 * the keyboard, screen readers and a phone's own picker. The first rank is the required one.
 */
export function CampoPrioridades({
  id,
  leyenda,
  opciones,
  valores,
  onCambiar,
  error,
  deshabilitado = false,
}: {
  id: string
  leyenda: string
  opciones: readonly OpcionPrioridad[]
  valores: readonly string[]
  onCambiar: (valores: string[]) => void
  error?: string | undefined
  deshabilitado?: boolean
}) {
  const idError = `${id}-error`
  return (
    <fieldset
      className={`campo prioridades${error ? ' campo--error' : ''}`}
      aria-describedby={error ? idError : undefined}
    >
      <legend className="campo__etiqueta">{leyenda}</legend>
      {valores.map((valor, rango) => {
        const tomadas = new Set(valores.filter((otro, i) => i !== rango && otro !== ''))
        const idSelect = `${id}-${rango + 1}`
        return (
          <div key={rango} className="prioridades__rango">
            <label htmlFor={idSelect}>
              {ORDINALES[rango] ?? `${rango + 1}.ª`} prioridad
              {rango === 0 ? (
                <>
                  <span className="campo__asterisco" aria-hidden="true">
                    {' '}
                    *
                  </span>
                  <span className="sr-only"> (obligatoria)</span>
                </>
              ) : null}
            </label>
            <select
              id={idSelect}
              className="campo__control"
              value={valor}
              disabled={deshabilitado}
              aria-invalid={rango === 0 && error ? true : undefined}
              onChange={(e) => onCambiar(valores.map((v, i) => (i === rango ? e.target.value : v)))}
            >
              <option value="">{rango === 0 ? 'Seleccione…' : 'Sin prioridad'}</option>
              {opciones
                .filter((o) => !tomadas.has(o.valor))
                .map((o) => (
                  <option key={o.valor} value={o.valor}>
                    {o.etiqueta}
                  </option>
                ))}
            </select>
          </div>
        )
      })}
      {error ? (
        <p id={idError} className="campo__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

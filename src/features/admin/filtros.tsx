import { CampoTexto } from '../../ui/campo.tsx'

/**
 * 'Desde' and 'Hasta', the date range every filtered list of the school's screens offers: the end
 * cannot be picked before the start, and a range the other way says why under 'Hasta'.
 */
export function RangoDeFechas({
  prefijo,
  desde,
  hasta,
  alCambiar,
  error,
}: {
  /** Makes the fields' ids unique on the page ('pagos' gives 'pagos-desde'). */
  prefijo: string
  desde: string
  hasta: string
  alCambiar: (campo: 'desde' | 'hasta', valor: string) => void
  error?: string
}) {
  return (
    <>
      <CampoTexto
        id={`${prefijo}-desde`}
        etiqueta="Desde"
        type="date"
        value={desde}
        onChange={(e) => alCambiar('desde', e.target.value)}
      />
      <CampoTexto
        id={`${prefijo}-hasta`}
        etiqueta="Hasta"
        type="date"
        value={hasta}
        min={desde || undefined}
        onChange={(e) => alCambiar('hasta', e.target.value)}
        error={error}
      />
    </>
  )
}

/** A filter form's two buttons: apply what is chosen, or go back to no filter. */
export function AccionesFiltros({ alLimpiar }: { alLimpiar: () => void }) {
  return (
    <div className="admin-filtros__acciones">
      <button type="submit" className="boton">
        Filtrar
      </button>
      <button type="button" className="boton boton--secundario" onClick={alLimpiar}>
        Limpiar filtros
      </button>
    </div>
  )
}

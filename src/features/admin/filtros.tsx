import { useState } from 'react'
import { CampoSelect, CampoTexto, type Opcion } from '../../ui/campo.tsx'

/**
 * A filter form's draft: what the staff member is choosing, applied only on 'Filtrar'. Filters
 * reached another way (the back button, a link) replace the draft, so the form shows them.
 */
export function useBorradorDeFiltros<F extends { desde: string; hasta: string }>(filtros: F) {
  const [borrador, setBorrador] = useState(filtros)
  const clave = JSON.stringify(filtros)
  const [aplicados, setAplicados] = useState(clave)
  if (aplicados !== clave) {
    setAplicados(clave)
    setBorrador(filtros)
  }
  const rangoInvalido = borrador.desde !== '' && borrador.hasta !== '' && borrador.desde > borrador.hasta
  return { borrador, setBorrador, rangoInvalido }
}

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

/**
 * A filter's list: 'Todos' (or `todos`'s words) for no filter, then the choices. A value chosen
 * earlier that is no longer among them (a link, the back button, a list still loading) stays as a
 * choice of its own, so the list never shows another value than the one applied.
 */
export function FiltroSelect({
  id,
  etiqueta,
  todos = 'Todos',
  valor,
  opciones,
  alCambiar,
}: {
  id?: string
  etiqueta: string
  todos?: string
  valor: string
  /** Undefined while they load. */
  opciones: readonly Opcion[] | undefined
  alCambiar: (valor: string) => void
}) {
  const ausente = valor !== '' && !(opciones ?? []).some((o) => o.valor === valor)
  return (
    <CampoSelect
      id={id}
      etiqueta={etiqueta}
      vacia={todos}
      opciones={opciones ?? []}
      value={valor}
      onChange={(e) => alCambiar(e.target.value)}
    >
      {ausente ? <option value={valor}>{valor}</option> : null}
    </CampoSelect>
  )
}

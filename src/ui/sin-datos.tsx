import type { ReactNode } from 'react'
import { MensajeError } from './mensaje-error.tsx'
import { Estado } from './spinner.tsx'

/** What SinDatos reads of a query (TanStack Query's result has it). */
export type ConsultaSinDatos = { isError: boolean; error: unknown; refetch: () => unknown }

/**
 * What a student's screen shows while its query has no data yet: the failed load, told as
 * `MensajeError`'s "carga" variant with 'Reintentar', or else that it is loading. `que` names what
 * is loaded, the same words in both: 'No fue posible cargar {que}', 'Cargando {que}…'.
 */
export function SinDatos({
  consulta,
  que,
  caminos,
}: {
  consulta: ConsultaSinDatos
  que: string
  /** The ways on (links) beside a failed load. */
  caminos?: ReactNode
}) {
  if (!consulta.isError) return <Estado texto={`Cargando ${que}…`} />
  return (
    <MensajeError
      variante="carga"
      error={consulta.error}
      titulo={`No fue posible cargar ${que}`}
      onReintentar={() => void consulta.refetch()}
      caminos={caminos}
    />
  )
}

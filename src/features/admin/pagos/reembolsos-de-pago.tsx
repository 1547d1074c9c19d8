import { useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useState } from 'react'
import { formatearClp } from '../../../domain/moneda.ts'
import { reembolsoEnPalabras, type ReembolsoVista } from '../../../domain/reembolsos.ts'
import { Estado } from '../../../ui/spinner.tsx'
import { MensajeError } from '../../../ui/mensaje-error.tsx'
import { momentoEnChile } from '../formato.ts'
import { personalQueries, tieneCapacidad } from '../queries.ts'
import { Tabla } from '../tabla.tsx'
import { DialogoReembolso } from './dialogo-reembolso.tsx'
import { Cifra } from './pagina-pagos.tsx'
import { reembolsoQueries } from './reembolso-queries.ts'

const columnas: ColumnDef<ReembolsoVista, unknown>[] = [
  { id: 'fecha', header: 'Solicitado el', cell: ({ row }) => momentoEnChile(row.original.creadoEn) },
  {
    id: 'monto',
    header: () => <Cifra>Monto</Cifra>,
    cell: ({ row }) => <Cifra>{formatearClp(row.original.monto)}</Cifra>,
  },
  { id: 'motivo', header: 'Motivo', cell: ({ row }) => row.original.motivo },
  { id: 'estado', header: 'Estado', cell: ({ row }) => reembolsoEnPalabras(row.original) },
  { id: 'personal', header: 'Por', cell: ({ row }) => row.original.personal },
  {
    id: 'comprobante',
    header: 'Comprobante',
    cell: ({ row }) => (row.original.comprobante ? 'Emitido y enviado al alumno' : '—'),
  },
]

/**
 * A payment's refunds, and 'Reembolsar' for staff who may refund, while something of an approved
 * online payment remains to give back (the school's conditions promise it in the first week).
 */
export function ReembolsosDePago({
  pagoId,
  descripcion,
  reembolsablePorEstado,
}: {
  pagoId: string
  descripcion: string
  /** Only an approved payment made online goes back through the gateway. */
  reembolsablePorEstado: boolean
}) {
  const { data: sesion } = useQuery(personalQueries.sesion())
  const lista = useQuery(reembolsoQueries.lista(pagoId))
  const [abierto, setAbierto] = useState(false)
  const puede = tieneCapacidad(sesion, 'pagos.reembolsar')

  let contenido
  if (lista.isError) contenido = <MensajeError error={lista.error} onReintentar={() => void lista.refetch()} />
  else if (!lista.data) contenido = <Estado texto="Cargando los reembolsos…" />
  else
    contenido = (
      <>
        {puede && reembolsablePorEstado && lista.data.reembolsable > 0 ? (
          <p>
            <button type="button" className="boton boton--secundario" onClick={() => setAbierto(true)}>
              Reembolsar
            </button>{' '}
            <span className="admin-suave">Queda por reembolsar {formatearClp(lista.data.reembolsable)}.</span>
          </p>
        ) : null}
        <Tabla
          titulo="Reembolsos de este pago"
          columnas={columnas}
          filas={lista.data.reembolsos}
          idDeFila={(r) => r.id}
          vacia="Este pago no tiene reembolsos."
        />
        {abierto ? (
          <DialogoReembolso
            pagoId={pagoId}
            reembolsable={lista.data.reembolsable}
            descripcion={descripcion}
            onCerrar={() => setAbierto(false)}
          />
        ) : null}
      </>
    )

  return (
    <section className="admin-seccion" aria-labelledby="pago-reembolsos">
      <h2 id="pago-reembolsos">Reembolsos</h2>
      {contenido}
    </section>
  )
}

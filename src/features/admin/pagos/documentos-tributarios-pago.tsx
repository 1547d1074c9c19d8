import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useState } from 'react'
import {
  PLAZO_DOCUMENTO_PENDIENTE_HORAS,
  TIPOS_DTE,
  type DocumentoTributarioVista,
  type EstadoDocumentoTributario,
} from '../../../domain/documento-tributario.ts'
import { fechaLarga } from '../../../domain/fechas.ts'
import { formatearClp } from '../../../domain/moneda.ts'
import { peticion } from '../../../lib/api.ts'
import { mensajeDeError } from '../../../lib/mensaje-de-error.ts'
import { personalQueries, tieneCapacidad } from '../queries.ts'
import { Tabla } from '../tabla.tsx'
import { Cifra } from './pagina-pagos.tsx'
import { pagosQueries } from './queries.ts'

// A payment's SII documents as the school sees them: type, folio, date, amount, state (Pendiente,
// Emitido, Error with the provider's message), the PDF and XML, and 'Reintentar' for one that
// failed or is still waiting (POST /api/admin/documentos-tributarios/:id/reintentar, audited).

/** The states in the school's words (the student reads 'En proceso' for both of the first). */
export const ESTADO_DOCUMENTO_PERSONAL: Record<EstadoDocumentoTributario, string> = {
  pendiente: 'Pendiente',
  emitido: 'Emitido',
  error: 'Error',
}

const nombre = (d: Pick<DocumentoTributarioVista, 'tipo' | 'folio'>) =>
  `${TIPOS_DTE[d.tipo].nombre}${d.folio !== null ? ` N° ${d.folio}` : ''}`

/** Asks the scheduler to try a document now; the reply is the document as it stands. */
export async function reintentarDocumentoTributario(id: string): Promise<DocumentoTributarioVista> {
  const res = await peticion(`/api/admin/documentos-tributarios/${encodeURIComponent(id)}/reintentar`, {
    method: 'POST',
  })
  return ((await res.json()) as { documento: DocumentoTributarioVista }).documento
}

function EstadoDocumento({ d }: { d: DocumentoTributarioVista }) {
  return (
    <>
      <span className={`admin-estado admin-estado--${d.estado}`}>{ESTADO_DOCUMENTO_PERSONAL[d.estado]}</span>
      {d.estado === 'error' && d.error ? <span className="admin-pagos__error-dte">{d.error}</span> : null}
    </>
  )
}

function Reintentar({ d, pagoId }: { d: DocumentoTributarioVista; pagoId: string }) {
  const queryClient = useQueryClient()
  const [aviso, setAviso] = useState<{ tipo: 'exito' | 'error'; texto: string } | null>(null)
  const reintento = useMutation({
    mutationFn: () => reintentarDocumentoTributario(d.id),
    onSuccess: async () => {
      setAviso({ tipo: 'exito', texto: 'Se volverá a intentar en unos segundos.' })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pagosQueries.detalle(pagoId).queryKey }),
        queryClient.invalidateQueries({ queryKey: personalQueries.resumen().queryKey }),
      ])
    },
    onError: (error) => setAviso({ tipo: 'error', texto: mensajeDeError(error) }),
  })
  return (
    <>
      <button
        type="button"
        className="boton boton--secundario boton--pequeno"
        disabled={reintento.isPending}
        onClick={() => {
          setAviso(null)
          reintento.mutate()
        }}
      >
        Reintentar <span className="sr-only">{nombre(d)}</span>
      </button>
      <span role="status" className={aviso?.tipo === 'error' ? 'admin-pagos__error-dte' : 'admin-suave'}>
        {aviso?.texto ?? ''}
      </span>
    </>
  )
}

function columnas(pagoId: string, puedeReintentar: boolean): ColumnDef<DocumentoTributarioVista, unknown>[] {
  return [
    { id: 'tipo', header: 'Tipo', cell: ({ row }) => TIPOS_DTE[row.original.tipo].nombre },
    { id: 'folio', header: 'Folio', cell: ({ row }) => row.original.folio ?? '—' },
    {
      id: 'fecha',
      header: 'Fecha',
      cell: ({ row }) => (row.original.fechaEmision ? fechaLarga(row.original.fechaEmision) : '—'),
    },
    {
      id: 'monto',
      header: () => <Cifra>Monto</Cifra>,
      cell: ({ row }) => <Cifra>{formatearClp(row.original.monto)}</Cifra>,
    },
    { id: 'estado', header: 'Estado', cell: ({ row }) => <EstadoDocumento d={row.original} /> },
    {
      id: 'acciones',
      header: 'Acciones',
      cell: ({ row }) => {
        const d = row.original
        if (d.estado === 'emitido')
          return (
            <span className="admin-pagos__descargas-dte">
              {d.pdfUrl ? (
                <a href={d.pdfUrl} download>
                  PDF <span className="sr-only">de {nombre(d)}</span>
                </a>
              ) : null}{' '}
              {d.xmlUrl ? (
                <a href={d.xmlUrl} download>
                  XML <span className="sr-only">de {nombre(d)}</span>
                </a>
              ) : null}
            </span>
          )
        return puedeReintentar ? <Reintentar d={d} pagoId={pagoId} /> : '—'
      },
    },
  ]
}

/** The section of the payment's page; `documentos` come with the payment's detail. */
export function DocumentosTributariosPago({
  pagoId,
  documentos,
}: {
  pagoId: string
  documentos: readonly DocumentoTributarioVista[]
}) {
  const { data: sesion } = useQuery(personalQueries.sesion())
  const puedeReintentar = tieneCapacidad(sesion, 'pagos.registrar')
  return (
    <section className="admin-seccion" aria-labelledby="pago-tributarios">
      <h2 id="pago-tributarios">Documentos tributarios</h2>
      <p className="admin-suave">
        Emitidos ante el SII por el proveedor de la escuela. Uno sin emitir pasado el plazo (
        {PLAZO_DOCUMENTO_PENDIENTE_HORAS} horas, si no se configuró otro) se cuenta en el inicio como atrasado.
      </p>
      <Tabla
        titulo="Documentos tributarios de este pago"
        columnas={columnas(pagoId, puedeReintentar)}
        filas={[...documentos]}
        idDeFila={(d) => d.id}
        vacia="Este pago no tiene documentos tributarios: se piden al aprobarse el pago."
      />
    </section>
  )
}

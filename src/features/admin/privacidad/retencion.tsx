import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useState } from 'react'
import { cantidad, segunCantidad } from '../../../domain/textos.ts'
import { Dialogo } from '../../../ui/dialogo.tsx'
import { AccionesDialogo } from '../acciones-dialogo.tsx'
import { MensajeError } from '../../../ui/mensaje-error.tsx'
import { momentoEnChile } from '../formato.ts'
import { personalQueries, tieneCapacidad } from '../queries.ts'
import { Tabla } from '../tabla.tsx'
import { actualizarRetencion, retencionMutations, retencionQueries, type LoteRetencion } from './retencion-queries.ts'

type Tarea = LoteRetencion['tareas'][number]

const elementos = (n: number) => cantidad(n, 'elemento', 'elementos')

/**
 * The retention run: what the registry says is due, as a dry run with counts
 * and a few of each; nothing is deleted until an admin confirms the batch. The last batches
 * applied below, with who confirmed them.
 */
export function PaginaRetencion() {
  const { data: sesion } = useQuery(personalQueries.sesion())
  const puede = tieneCapacidad(sesion, 'privacidad.retencion')
  return (
    <section className="admin-privacidad" aria-labelledby="retencion-titulo">
      <h1 id="retencion-titulo">Conservación de datos</h1>
      {puede ? (
        <Retencion />
      ) : (
        <p className="mensaje mensaje--aviso" role="alert">
          Su rol no permite revisar ni confirmar la eliminación de datos.
        </p>
      )}
    </section>
  )
}

function Retencion() {
  const queryClient = useQueryClient()
  const estado = useQuery(retencionQueries.estado())
  const [confirmando, setConfirmando] = useState<LoteRetencion | null>(null)
  const [aviso, setAviso] = useState<string | null>(null)
  const revision = useMutation({
    mutationFn: retencionMutations.revisar,
    onSuccess: () => setAviso('Revisión preparada. Aún no se ha eliminado nada.'),
    onSettled: () => actualizarRetencion(queryClient),
  })

  if (estado.isPending) return <p role="status">Cargando la revisión de conservación…</p>
  if (estado.isError) return <MensajeError error={estado.error} onReintentar={() => void estado.refetch()} />
  const { propuesto, anteriores } = estado.data
  return (
    <>
      <p>
        El registro de datos personales dice cuánto tiempo se conserva cada categoría. Esta revisión busca lo que ya
        venció (postulantes que nunca se inscribieron, documentos rechazados, restos de subidas, sesiones, avisos y
        registros con direcciones IP) y lo muestra <strong>sin eliminar nada</strong>. Solo al confirmar se elimina; lo
        que la ley obliga a conservar (pagos, documentos emitidos, auditoría) se conserva siempre.
      </p>
      <p>
        <button
          type="button"
          className="boton boton--secundario"
          disabled={revision.isPending}
          onClick={() => {
            setAviso(null)
            revision.mutate()
          }}
        >
          {revision.isPending ? 'Preparando…' : 'Preparar una nueva revisión'}
        </button>
      </p>
      <p role="status">{aviso}</p>
      {revision.isError ? <MensajeError error={revision.error} /> : null}
      <h2>Revisión pendiente de confirmar</h2>
      {propuesto ? (
        <Propuesta lote={propuesto} onConfirmar={() => setConfirmando(propuesto)} />
      ) : (
        <p>No hay una revisión pendiente. Prepare una para ver qué está vencido.</p>
      )}
      <h2>Revisiones confirmadas</h2>
      <Tabla
        titulo="Últimas revisiones confirmadas"
        columnas={COLUMNAS_ANTERIORES}
        filas={anteriores}
        idDeFila={(l) => l.id}
        vacia="Aún no se ha confirmado ninguna revisión."
      />
      {confirmando ? (
        <DialogoConfirmar
          lote={confirmando}
          onCerrar={() => setConfirmando(null)}
          onHecho={(lote) => {
            setConfirmando(null)
            const aplicados = lote.tareas.reduce((n, t) => n + t.aplicados, 0)
            setAviso(
              `Revisión confirmada: ${segunCantidad(aplicados, 'se eliminó', 'se eliminaron')} ${elementos(aplicados)}.`,
            )
          }}
        />
      ) : null}
    </>
  )
}

function Propuesta({ lote, onConfirmar }: { lote: LoteRetencion; onConfirmar: () => void }) {
  return (
    <>
      <p>
        Preparada el {momentoEnChile(lote.propuestoEn)}: {elementos(lote.total)}{' '}
        {segunCantidad(lote.total, 'vencido', 'vencidos')}. Nada se ha eliminado todavía.
      </p>
      <Tabla
        titulo="Lo que se eliminaría al confirmar"
        columnas={COLUMNAS_TAREAS}
        filas={lote.tareas}
        idDeFila={(t) => t.tipo}
        vacia="Nada vencido."
      />
      <p>
        <button type="button" className="boton" disabled={lote.total === 0} onClick={onConfirmar}>
          Confirmar y eliminar
        </button>
      </p>
    </>
  )
}

const COLUMNAS_TAREAS: ColumnDef<Tarea, unknown>[] = [
  {
    id: 'que',
    header: 'Qué',
    cell: ({ row }) => (
      <>
        {row.original.nombre}
        <br />
        <span className="admin-privacidad__secundario">{row.original.categoria}</span>
      </>
    ),
  },
  { id: 'plazo', header: 'Plazo', cell: ({ row }) => row.original.plazo },
  { id: 'cantidad', header: 'Cantidad', cell: ({ row }) => row.original.cantidad },
  { id: 'accion', header: 'Qué se hará', cell: ({ row }) => row.original.accion },
  {
    id: 'ejemplos',
    header: 'Detalle',
    cell: ({ row }) =>
      row.original.ejemplos.length > 0 ? (
        <details>
          <summary>
            Ver {row.original.ejemplos.length === row.original.cantidad ? 'la lista' : 'algunos'}
            <span className="sr-only"> de {row.original.nombre.toLowerCase()}</span>
          </summary>
          <ul>
            {row.original.ejemplos.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </details>
      ) : null,
  },
]

const COLUMNAS_ANTERIORES: ColumnDef<LoteRetencion, unknown>[] = [
  {
    id: 'confirmada',
    header: 'Confirmada',
    cell: ({ row }) =>
      row.original.confirmadoEn
        ? `${momentoEnChile(row.original.confirmadoEn)}${row.original.confirmadoPor ? ` por ${row.original.confirmadoPor}` : ''}`
        : '',
  },
  {
    id: 'estado',
    header: 'Estado',
    cell: ({ row }) =>
      row.original.estado === 'aplicado' && row.original.aplicadoEn
        ? `Aplicada el ${momentoEnChile(row.original.aplicadoEn)}`
        : 'Aplicándose',
  },
  {
    id: 'resultado',
    header: 'Resultado',
    cell: ({ row }) => (
      <ul>
        {row.original.tareas
          .filter((t) => t.cantidad > 0)
          .map((t) => (
            <li key={t.tipo}>
              {t.nombre}:{' '}
              {cantidad(
                t.tipo === 'sesiones' || t.tipo === 'registrosIp' ? t.cantidad : t.aplicados,
                'eliminado',
                'eliminados',
              )}
              {t.omitidos > 0 ? `, ${cantidad(t.omitidos, 'ya no vencido', 'ya no vencidos')}` : ''}
            </li>
          ))}
      </ul>
    ),
  },
]

function DialogoConfirmar({
  lote,
  onCerrar,
  onHecho,
}: {
  lote: LoteRetencion
  onCerrar: () => void
  onHecho: (lote: LoteRetencion) => void
}) {
  const queryClient = useQueryClient()
  const confirmacion = useMutation({
    mutationFn: () => retencionMutations.confirmar(lote.id),
    onSuccess: (r) => onHecho(r.lote),
    onSettled: () => actualizarRetencion(queryClient),
  })
  return (
    <Dialogo
      titulo="¿Eliminar lo vencido?"
      onCerrar={onCerrar}
      acciones={
        <AccionesDialogo
          texto="Confirmar eliminación"
          enCurso="Eliminando…"
          ocupado={confirmacion.isPending}
          onAccion={() => {
            if (!confirmacion.isPending) confirmacion.mutate()
          }}
          onCancelar={onCerrar}
        />
      }
    >
      <p>Se eliminarán o anonimizarán {elementos(lote.total)}. No se puede deshacer:</p>
      <ul>
        {lote.tareas
          .filter((t: Tarea) => t.cantidad > 0)
          .map((t: Tarea) => (
            <li key={t.tipo}>
              {t.nombre}: {t.cantidad}
            </li>
          ))}
      </ul>
      <p>Los pagos, los documentos emitidos y la auditoría se conservan. La confirmación queda en la auditoría.</p>
      {confirmacion.isError ? <MensajeError error={confirmacion.error} /> : null}
    </Dialogo>
  )
}

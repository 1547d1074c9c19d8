import { useState } from 'react'
import type { ItemOutbox } from '../../lib/offline/outbox.ts'
import { useOutbox, useOutboxItems } from '../../lib/offline/use-outbox.ts'
import { olvidarProgreso, usePorcentajeSubida } from '../../lib/progreso-subidas.ts'
import { alerta } from '../../ui/alertas.ts'
import { Dialogo } from '../../ui/dialogo.tsx'
import { detalleEspera, estadoEnPalabras, textoPendientes } from './estado-item.ts'

/**
 * What waits to sync, always in sight while the student has something unsent:
 * the count, which opens the list of items with their state, 'Reintentar' and 'Descartar'.
 */
export function CambiosPendientes({ alumno }: { alumno: string }) {
  const items = useOutboxItems(alumno)
  const [abierto, setAbierto] = useState(false)
  const rechazados = items.filter((i) => i.estado === 'rechazado').length
  return (
    <div className="pendientes" aria-live="polite">
      {items.length > 0 ? (
        <button
          type="button"
          className={`pendientes__boton${rechazados > 0 ? ' pendientes__boton--rechazo' : ''}`}
          aria-haspopup="dialog"
          onClick={() => setAbierto(true)}
        >
          {textoPendientes(items.length)}
          {rechazados > 0 ? ` (${rechazados} con problemas)` : null}
        </button>
      ) : null}
      {abierto ? (
        <Dialogo titulo="Cambios pendientes de envío" onCerrar={() => setAbierto(false)}>
          {items.length === 0 ? (
            <p>No hay cambios pendientes: todo fue enviado.</p>
          ) : (
            <ul className="pendientes__lista">
              {items.map((item) => (
                <ItemPendiente key={item.id} item={item} />
              ))}
            </ul>
          )}
        </Dialogo>
      ) : null}
    </div>
  )
}

function ItemPendiente({ item }: { item: ItemOutbox }) {
  const outbox = useOutbox()
  const porcentaje = usePorcentajeSubida(item.estado === 'enviando' ? item.id : undefined)
  const detalle = detalleEspera(item)
  const enviando = item.estado === 'enviando'

  async function descartar() {
    const respuesta = await alerta({
      titulo: 'Descartar cambio',
      mensaje: `«${item.etiqueta}» no se enviará y se perderá. ¿Desea descartarlo?`,
      // The safe choice first: it has the focus when the dialog opens.
      acciones: [
        { valor: 'cancelar', etiqueta: 'Cancelar' },
        { valor: 'descartar', etiqueta: 'Descartar' },
      ],
    })
    if (respuesta === 'descartar') {
      await outbox.descartar(item.id)
      olvidarProgreso(item.id)
    }
  }

  return (
    <li className={`pendientes__item pendientes__item--${item.estado}`}>
      <p className="pendientes__etiqueta">{item.etiqueta}</p>
      <p className="pendientes__estado">
        Estado: {estadoEnPalabras(item)}
        {porcentaje !== null ? ` (${porcentaje} %)` : null}
      </p>
      {detalle ? <p className="pendientes__detalle">{detalle}</p> : null}
      <p className="pendientes__fecha">Guardado el {new Date(item.creadoEn).toLocaleString('es-CL')}</p>
      <div className="acciones">
        <button
          type="button"
          className="boton boton--secundario"
          disabled={enviando}
          onClick={() => void outbox.reintentar(item.id)}
        >
          Reintentar<span className="sr-only"> {item.etiqueta}</span>
        </button>
        <button type="button" className="boton boton--secundario" disabled={enviando} onClick={() => void descartar()}>
          Descartar<span className="sr-only"> {item.etiqueta}</span>
        </button>
      </div>
    </li>
  )
}

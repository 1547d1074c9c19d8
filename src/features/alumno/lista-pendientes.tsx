import { Link } from '@tanstack/react-router'
import { pendienteEnPalabras } from '../../domain/pendientes.ts'
import type { PendienteAlumno } from './queries.ts'

// A pending action as a line with its one action. The action opens the very place where it is
// done: the installment's payment, the enrolment's survey, regulations or documents dialog, the
// contest's fee or application, the personal documents.

/** The action of a pending item, named for screen readers with what it is about. */
export function AccionPendiente({ pendiente }: { pendiente: PendienteAlumno }) {
  const { titulo, accion } = pendienteEnPalabras(pendiente)
  // Each action's name says what it is about ('Pagar: Cuota 2 vencida, $450.000, solicitud …'),
  // so a list of them read out of context still tells them apart; it starts with the visible words.
  const deSolicitud = pendiente.seccion === 'solicitudes' ? `, solicitud ${pendiente.codigoInscripcion}` : ''
  const contenido = accion
  const nombre = { 'aria-label': `${accion}: ${titulo}${deSolicitud}` }
  const clase = 'boton boton--pequeno tarea__accion'
  switch (pendiente.tipo) {
    case 'cuota':
      return (
        <Link
          to="/pagos/$codigo/$numero"
          params={{ codigo: pendiente.codigoInscripcion, numero: pendiente.numero }}
          className={clase}
          {...nombre}
        >
          {contenido}
        </Link>
      )
    case 'encuesta':
    case 'reglamento':
    case 'documentos-solicitud':
      return (
        <Link
          to="/info/solicitudes"
          search={{
            solicitud: pendiente.codigoInscripcion,
            abrir: pendiente.tipo === 'documentos-solicitud' ? 'documentos' : pendiente.tipo,
          }}
          className={clase}
          {...nombre}
        >
          {contenido}
        </Link>
      )
    case 'documentos-personales':
      return (
        <Link to="/info/personal" hash="documentos-personales" className={clase} {...nombre}>
          {contenido}
        </Link>
      )
    case 'postulacion-pago':
      return (
        <Link to="/concurso/derechopostulacion/$id" params={{ id: pendiente.concursoId }} className={clase} {...nombre}>
          {contenido}
        </Link>
      )
    case 'postulacion-documentos':
      return (
        <Link
          to="/concurso/derechopostulacion/detalle/$id"
          params={{ id: pendiente.concursoId }}
          className={clase}
          {...nombre}
        >
          {contenido}
        </Link>
      )
  }
}

/** Overdue money reads as urgent; everything else as a task. */
function esUrgente(p: PendienteAlumno): boolean {
  return p.tipo === 'cuota' && p.vencida
}

/** Pending actions as a list, each with its detail and its action. */
export function ListaPendientes({ pendientes, id }: { pendientes: readonly PendienteAlumno[]; id?: string }) {
  return (
    <ol className="tareas" id={id}>
      {pendientes.map((p) => {
        const { titulo, detalle } = pendienteEnPalabras(p)
        return (
          <li key={p.clave} className={`tarea${esUrgente(p) ? ' tarea--urgente' : ''}`}>
            <div className="tarea__texto">
              <p className="tarea__titulo">{titulo}</p>
              <p className="tarea__detalle">{detalle}</p>
            </div>
            <AccionPendiente pendiente={p} />
          </li>
        )
      })}
    </ol>
  )
}

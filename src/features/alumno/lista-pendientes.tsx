import { Link } from '@tanstack/react-router'
import { pendienteEnPalabras } from '../../domain/pendientes.ts'
import { anclaDocumento } from '../../domain/urls.ts'
import type { PendienteAlumno } from './queries.ts'

// A pending action as a line with its one action. The action opens the very place where it is
// done: the installment's payment, the enrolment's survey, regulations or documents dialog, the
// contest's fee or application, the personal documents; a rejected document, its own replacement.

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
    case 'documento-rechazado':
      return <AccionRechazo pendiente={pendiente} className={clase} nombre={nombre} />
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

/** A rejected document's replacement, wherever it is uploaded: the very document, in view and focused. */
function AccionRechazo({
  pendiente,
  className,
  nombre,
}: {
  pendiente: Extract<PendienteAlumno, { tipo: 'documento-rechazado' }>
  className: string
  nombre: { 'aria-label': string }
}) {
  const contenido = pendienteEnPalabras(pendiente).accion
  switch (pendiente.seccion) {
    case 'solicitudes':
      return (
        <Link
          to="/info/solicitudes"
          search={{ solicitud: pendiente.codigoInscripcion, abrir: 'documentos', documento: pendiente.codDocumento }}
          className={className}
          {...nombre}
        >
          {contenido}
        </Link>
      )
    case 'personal':
      return (
        <Link to="/info/personal" hash={anclaDocumento(pendiente.codDocumento)} className={className} {...nombre}>
          {contenido}
        </Link>
      )
    case 'concursos':
      return (
        <Link
          to="/concurso/derechopostulacion/detalle/$id"
          params={{ id: pendiente.concursoId }}
          hash={anclaDocumento(pendiente.codDocumento)}
          className={className}
          {...nombre}
        >
          {contenido}
        </Link>
      )
  }
}

/** Overdue money and a rejected document read as urgent (someone is waiting); everything else as a task. */
function esUrgente(p: PendienteAlumno): boolean {
  return (p.tipo === 'cuota' && p.vencida) || p.tipo === 'documento-rechazado'
}

/** Pending actions as a list, each with its detail and its action. */
export function ListaPendientes({ pendientes, id }: { pendientes: readonly PendienteAlumno[]; id?: string }) {
  return (
    <ol className="tareas" id={id}>
      {pendientes.map((p) => {
        const { titulo, detalle, motivo } = pendienteEnPalabras(p)
        return (
          <li key={p.clave} className={`tarea${esUrgente(p) ? ' tarea--urgente' : ''}`}>
            <div className="tarea__texto">
              <p className="tarea__titulo">{titulo}</p>
              {motivo ? <p className="tarea__motivo">{motivo}</p> : null}
              <p className="tarea__detalle">{detalle}</p>
            </div>
            <AccionPendiente pendiente={p} />
          </li>
        )
      })}
    </ol>
  )
}

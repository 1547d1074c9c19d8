import { useQuery } from '@tanstack/react-query'
import { Link, useRouterState } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { PREFIJO_RESULTADO_PAGO, urlDerechoPostulacion, urlPostulacion } from '../../domain/urls.ts'
import { concursoDelFlujo, suscribirSesion, terminarFlujoConcurso } from '../../lib/session.ts'
import { concursoQueries } from './queries.ts'

/**
 * 'Postulando a: <contest>', on every signed-in screen while an applicant who came from a contest
 * link is applying, with the next step of the application: the fee first, then the documents.
 * It goes once the application has nothing left to do while the contest is open, or when the
 * applicant hides it.
 */
export function AvisoPostulacion() {
  const id = useSyncExternalStore(suscribirSesion, concursoDelFlujo, concursoDelFlujo)
  const ruta = useRouterState({ select: (s) => s.location.pathname })
  const detalle = useQuery({ ...concursoQueries.detalle(id ?? ''), enabled: id !== null })
  const postulacion = useQuery({
    ...concursoQueries.postulacion(id ?? ''),
    enabled: id !== null && detalle.data?.miPostulacion?.pagadaEn != null,
  })
  const concurso = detalle.data
  if (!id || !concurso || concurso.estado !== 'abierto') return null
  const pagada = concurso.miPostulacion?.pagadaEn != null
  const faltan = postulacion.data
    ? postulacion.data.requeridos.filter(
        (r) => !postulacion.data.archivos.some((a) => a.codDocumento === r.codDocumento),
      ).length
    : undefined
  if (pagada && faltan === 0) return null
  // Where the screen itself offers the next step (the fee, the application, a payment's outcome),
  // the notice only says which contest.
  const enResultadoDePago = ruta.startsWith(PREFIJO_RESULTADO_PAGO)
  const enPago = ruta === urlDerechoPostulacion(id) || enResultadoDePago
  const enPostulacion = ruta === urlPostulacion(id) || enResultadoDePago
  return (
    <aside className="aviso-postulacion" aria-label="Postulación en curso">
      <p className="aviso-postulacion__texto">
        <strong>Postulando a:</strong> Concurso de {concurso.especialidad}, {concurso.sede}
      </p>
      <p className="aviso-postulacion__acciones">
        {!pagada && !enPago ? (
          <Link to="/concurso/derechopostulacion/$id" params={{ id }}>
            Pagar el derecho de postulación
          </Link>
        ) : null}
        {pagada && !enPostulacion ? (
          <Link to="/concurso/derechopostulacion/detalle/$id" params={{ id }}>
            Subir documentos de mi postulación
          </Link>
        ) : null}{' '}
        <button type="button" className="boton-enlace" onClick={terminarFlujoConcurso}>
          Ocultar<span className="sr-only"> el aviso de postulación</span>
        </button>
      </p>
    </aside>
  )
}

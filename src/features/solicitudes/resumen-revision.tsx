import { resumenRevision } from '../../domain/estado-revision.ts'

/**
 * Under an enrolment's documents count: how the school's review of them stands ('1 rechazado ·
 * 1 en revisión'). A list kept from before documents were reviewed has no counts: nothing then.
 */
export function ResumenRevision({
  conteo,
}: {
  conteo: { enRevision?: number; aprobados?: number; rechazados?: number }
}) {
  const { enRevision, aprobados, rechazados } = conteo
  if (enRevision === undefined || aprobados === undefined || rechazados === undefined) return null
  const partes = resumenRevision({ enRevision, aprobados, rechazados })
  if (partes.length === 0) return null
  return (
    <p className={`tabla-solicitudes__estado revision${rechazados > 0 ? ' revision--rechazado' : ''}`}>
      {rechazados > 0 ? <span aria-hidden="true">✗ </span> : null}
      {partes.join(' · ')}
    </p>
  )
}

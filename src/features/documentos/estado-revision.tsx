import { estadoRevisionEnPalabras, type EstadoRevision as Estado } from '../../domain/estado-revision.ts'

/** A mark beside a decision's words, for a quick look; the words alone carry the state. */
const MARCA: Record<Estado, string> = { 'en-revision': '', aprobado: '✓ ', rechazado: '✗ ' }

/**
 * An uploaded document's review by the school, in words: 'En revisión', 'Aprobado' or
 * 'Rechazado: <motivo>', and after a rejection how to go on. A reply kept from before the school
 * reviewed documents has no state: nothing is shown then.
 */
export function EstadoRevision({ estado, motivo }: { estado: Estado | undefined; motivo: string | null | undefined }) {
  if (!estado) return null
  return (
    <p className={`revision revision--${estado}`}>
      {MARCA[estado] ? <span aria-hidden="true">{MARCA[estado]}</span> : null}
      Estado: {estadoRevisionEnPalabras(estado, motivo)}
      {estado === 'rechazado' ? (
        <span className="revision__indicacion"> Suba un archivo corregido con «Reemplazar».</span>
      ) : null}
    </p>
  )
}

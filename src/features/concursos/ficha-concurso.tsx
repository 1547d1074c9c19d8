import type { ReactNode } from 'react'
import { ESTADO_CONCURSO_EN_PALABRAS, periodoEnPalabras, type EstadoConcurso } from '../../domain/concursos.ts'
import { formatearClp } from '../../domain/moneda.ts'
import type { ResumenConcurso } from './queries.ts'

// What every contest screen shows of a contest: its state in words and its facts as a list of
// terms, which reads well on a phone and to a screen reader alike.

export function EtiquetaEstadoConcurso({ estado }: { estado: EstadoConcurso }) {
  return <span className={`etiqueta etiqueta--${estado}`}>{ESTADO_CONCURSO_EN_PALABRAS[estado]}</span>
}

export function Dato({ termino, children }: { termino: string; children: ReactNode }) {
  return (
    <div className="ficha__dato">
      <dt>{termino}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** Vacancies, application dates, fee and state. */
export function FichaConcurso({ concurso }: { concurso: Omit<ResumenConcurso, 'miPostulacion'> }) {
  return (
    <dl className="ficha">
      <Dato termino="Vacantes">{concurso.vacantes}</Dato>
      <Dato termino="Postulación">{periodoEnPalabras(concurso)}</Dato>
      <Dato termino="Derecho de postulación">{formatearClp(concurso.derechoPostulacion)}</Dato>
      <Dato termino="Estado">
        <EtiquetaEstadoConcurso estado={concurso.estado} />
      </Dato>
    </dl>
  )
}

import * as v from 'valibot'
import { SECCIONES_ENCUESTA, type EncuestaFormulario } from './encuesta.ts'
import { sinCaracteresInvisibles } from './validacion.ts'

// The general survey's results as the school reads them: for a program and a year, how many
// answered, and the count of every answer of every question. Shared by the server (which counts
// and hides the small counts before anything leaves it) and the screen (which only draws what it
// receives).

/**
 * The disability and indigenous-people answers are sensitive personal data: only the roles with
 * `encuestas.sensibles` see them, and even then a count under this threshold is never sent.
 */
export const UMBRAL_CONTEO_SENSIBLE = 5
export const MENOS_DE_CINCO = '< 5'
/**
 * A sensitive count of 5 or more that is not sent exactly because, beside the question's total,
 * it would tell the one count hidden as '< 5' (see `protegerOpciones`).
 */
export const CINCO_O_MAS = '≥ 5'
/** A count as it is shown: the number, or '< 5' / '≥ 5' for a sensitive answer's count kept back. */
export type Conteo = number | typeof MENOS_DE_CINCO | typeof CINCO_O_MAS

export const SECCIONES_SENSIBLES: readonly string[] = ['Discapacidad', 'Pueblos originarios']

export const MENSAJE_PROGRAMA_INVALIDO = 'El programa indicado no es válido.'
export const MENSAJE_ANIO_INVALIDO = 'El año indicado no es válido.'
export const MENSAJE_SIN_ENCUESTAS = 'Ninguna encuesta respondida con estos filtros.'

type Campo = keyof EncuestaFormulario

/** A question of the results: where it is in the survey and what can be counted of it. */
export type PreguntaResultado = { clave: string; seccion: string; etiqueta: string; sensible: boolean } & (
  | { tipo: 'opcion'; campo: Campo; opciones: readonly string[] }
  | { tipo: 'varias'; campo: 'otrosOrigenesDisca'; opciones: readonly string[] }
  | { tipo: 'prioridades'; campos: readonly [Campo, Campo, Campo]; opciones: readonly string[] }
  | { tipo: 'texto'; campo: Campo }
)

/** Every question of the survey, in its order, with its section and whether it is sensitive. */
export const PREGUNTAS_RESULTADOS: readonly PreguntaResultado[] = SECCIONES_ENCUESTA.flatMap((seccion) =>
  seccion.preguntas.map((p): PreguntaResultado => {
    const comun = {
      seccion: seccion.titulo,
      etiqueta: p.etiqueta,
      sensible: SECCIONES_SENSIBLES.includes(seccion.titulo),
    }
    switch (p.tipo) {
      case 'opcion':
        return { ...comun, clave: p.campo, tipo: 'opcion', campo: p.campo, opciones: p.opciones }
      case 'varias':
        return { ...comun, clave: p.campo, tipo: 'varias', campo: p.campo, opciones: p.opciones }
      case 'prioridades':
        return {
          ...comun,
          clave: p.campos[0].replace(/_1$/, ''),
          tipo: 'prioridades',
          campos: p.campos,
          opciones: p.opciones,
        }
      case 'texto':
        return { ...comun, clave: p.campo, tipo: 'texto', campo: p.campo }
    }
  }),
)

/** The questions a role may read: the sensitive ones only with `verSensibles`. */
export function preguntasVisibles(verSensibles: boolean): readonly PreguntaResultado[] {
  return verSensibles ? PREGUNTAS_RESULTADOS : PREGUNTAS_RESULTADOS.filter((p) => !p.sensible)
}

/** A sensitive count under the threshold becomes '< 5'; any other count stays as it is. */
export function conteoVisible(cantidad: number, sensible: boolean): Conteo {
  return sensible && cantidad < UMBRAL_CONTEO_SENSIBLE ? MENOS_DE_CINCO : cantidad
}

/**
 * The counts of a sensitive question whose answers exclude each other, so they add up to its
 * total: each under 5 becomes '< 5', and when only one did, the smallest of the others becomes
 * '≥ 5', since the total minus the counts shown would otherwise give the hidden one exactly. (Two
 * or more hidden counts give away only their sum.) A total itself under 5 tells nothing more.
 */
export function protegerOpciones(cantidades: readonly number[], total: number): Conteo[] {
  const visibles: Conteo[] = cantidades.map((n) => conteoVisible(n, true))
  if (total < UMBRAL_CONTEO_SENSIBLE || visibles.filter((c) => c === MENOS_DE_CINCO).length !== 1) return visibles
  let menor = -1
  visibles.forEach((c, i) => {
    if (typeof c === 'number' && (menor === -1 || c < (visibles[menor] as number))) menor = i
  })
  if (menor !== -1) visibles[menor] = CINCO_O_MAS
  return visibles
}

export type ResultadoPregunta = { clave: string; seccion: string; etiqueta: string; sensible: boolean } & (
  | {
      tipo: 'opcion' | 'varias'
      /** Surveys that answered it (a follow-up is asked only to some). */
      respondieron: Conteo
      opciones: { opcion: string; cantidad: Conteo }[]
    }
  | {
      tipo: 'prioridades'
      respondieron: Conteo
      /** Most chosen first: by first priority, then second, then third. */
      opciones: { opcion: string; prioridades: [Conteo, Conteo, Conteo] }[]
    }
  | { tipo: 'texto'; respondieron: Conteo }
)

type Respuestas = Partial<Record<Campo, unknown>>

const respondida = (valor: unknown) =>
  Array.isArray(valor) ? valor.length > 0 : typeof valor === 'string' && valor.trim() !== ''

/**
 * Counts every answer of every question a role may read over some surveys (each the stored
 * answers). Sensitive counts under 5 are replaced here, so the exact number never reaches a reply.
 */
export function contarRespuestas(encuestas: readonly Respuestas[], verSensibles: boolean): ResultadoPregunta[] {
  return preguntasVisibles(verSensibles).map((p): ResultadoPregunta => {
    const comun = { clave: p.clave, seccion: p.seccion, etiqueta: p.etiqueta, sensible: p.sensible }
    const conteo = (n: number) => conteoVisible(n, p.sensible)
    switch (p.tipo) {
      case 'opcion':
      case 'varias': {
        const cantidades = new Map<string, number>(p.opciones.map((o) => [o, 0]))
        let respondieron = 0
        for (const e of encuestas) {
          const valor = e[p.campo]
          if (!respondida(valor)) continue
          respondieron++
          for (const opcion of Array.isArray(valor) ? valor : [valor]) {
            if (typeof opcion === 'string' && cantidades.has(opcion))
              cantidades.set(opcion, cantidades.get(opcion)! + 1)
          }
        }
        const numeros = p.opciones.map((opcion) => cantidades.get(opcion)!)
        // A single choice's counts add up to who answered; several choices' do not.
        const mostradas =
          p.sensible && p.tipo === 'opcion' ? protegerOpciones(numeros, respondieron) : numeros.map(conteo)
        return {
          ...comun,
          tipo: p.tipo,
          respondieron: conteo(respondieron),
          opciones: p.opciones.map((opcion, i) => ({ opcion, cantidad: mostradas[i]! })),
        }
      }
      case 'prioridades': {
        const cantidades = new Map<string, [number, number, number]>(p.opciones.map((o) => [o, [0, 0, 0]]))
        let respondieron = 0
        for (const e of encuestas) {
          if (p.campos.some((campo) => respondida(e[campo]))) respondieron++
          p.campos.forEach((campo, rango) => {
            const fila = cantidades.get(String(e[campo] ?? ''))
            if (fila) fila[rango]!++
          })
        }
        const ordenadas = [...cantidades].sort(([, a], [, b]) => b[0] - a[0] || b[1] - a[1] || b[2] - a[2] || 0)
        return {
          ...comun,
          tipo: 'prioridades',
          respondieron: conteo(respondieron),
          opciones: ordenadas.map(([opcion, [a, b, c]]) => ({
            opcion,
            prioridades: [conteo(a), conteo(b), conteo(c)],
          })),
        }
      }
      case 'texto':
        return { ...comun, tipo: 'texto', respondieron: conteo(encuestas.filter((e) => respondida(e[p.campo])).length) }
    }
  })
}

/** A count as a number for a chart's bar: a count kept back ('< 5', '≥ 5') has no length of its own. */
export function largoDeBarra(cantidad: Conteo): number {
  return typeof cantidad === 'number' ? cantidad : 0
}

// ---------------------------------------------------------------------------------------------
// Filters: a program (its code, `solicitudes.curso`) and a year (the enrolment's `anio_curso`).
// ---------------------------------------------------------------------------------------------

/** The query string as the server reads it: empty means every program, or every year. */
export const consultaResultadosEncuestaSchema = v.object({
  programa: v.optional(
    v.pipe(
      v.string(MENSAJE_PROGRAMA_INVALIDO),
      v.trim(),
      sinCaracteresInvisibles(),
      v.maxLength(40, MENSAJE_PROGRAMA_INVALIDO),
    ),
    '',
  ),
  anio: v.optional(
    v.pipe(
      v.string(MENSAJE_ANIO_INVALIDO),
      v.trim(),
      v.regex(/^(|\d{4})$/, MENSAJE_ANIO_INVALIDO),
      v.transform((a) => (a === '' ? null : Number(a))),
    ),
    '',
  ),
})
export type ConsultaResultadosEncuesta = v.InferOutput<typeof consultaResultadosEncuestaSchema>

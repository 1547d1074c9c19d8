import * as v from 'valibot'
import { expect, test } from 'vitest'
import { encuestaCompleta as encuesta } from '../../tests/support/encuesta.ts'
import {
  consultaResultadosEncuestaSchema,
  conteoVisible,
  contarRespuestas,
  CINCO_O_MAS,
  MENOS_DE_CINCO,
  MENSAJE_ANIO_INVALIDO,
  PREGUNTAS_RESULTADOS,
  protegerOpciones,
  type ResultadoPregunta,
} from './resultados-encuesta.ts'

function pregunta(resultados: ResultadoPregunta[], clave: string) {
  const p = resultados.find((r) => r.clave === clave)
  if (!p) throw new Error(`sin ${clave}`)
  return p
}

function cantidades(p: ResultadoPregunta) {
  if (p.tipo !== 'opcion' && p.tipo !== 'varias') throw new Error(p.tipo)
  return Object.fromEntries(p.opciones.map((o) => [o.opcion, o.cantidad]))
}

test('every question of the survey is a question of the results; disability and indigenous peoples are the sensitive ones', () => {
  const sensibles = PREGUNTAS_RESULTADOS.filter((p) => p.sensible).map((p) => p.clave)
  expect(sensibles).toContain('poseeDiscapacidad')
  expect(sensibles).toContain('tipoDiscapacidad')
  expect(sensibles).toContain('otrosOrigenesDisca')
  expect(sensibles).toContain('pertenecePuebloOrg')
  expect(sensibles).toContain('puebloOrg')
  expect(sensibles).not.toContain('como_seentera')
  expect(PREGUNTAS_RESULTADOS.map((p) => p.clave)).toEqual(expect.arrayContaining(['razon_cursa', 'razon_eligeuni']))
})

test('a sensitive count under 5 is "< 5"; 5 and over, and any count of another question, are the number', () => {
  expect([0, 1, 4].map((n) => conteoVisible(n, true))).toEqual([MENOS_DE_CINCO, MENOS_DE_CINCO, MENOS_DE_CINCO])
  expect([5, 12].map((n) => conteoVisible(n, true))).toEqual([5, 12])
  expect([0, 1, 4].map((n) => conteoVisible(n, false))).toEqual([0, 1, 4])
})

test('when one count of a question is hidden, the smallest other is kept back too, so the total does not give it away', () => {
  expect(protegerOpciones([2, 18], 20)).toEqual([MENOS_DE_CINCO, CINCO_O_MAS])
  expect(protegerOpciones([0, 9, 6, 12], 27)).toEqual([MENOS_DE_CINCO, 9, CINCO_O_MAS, 12])
  // Two hidden counts give away only their sum; none hidden, nothing kept back.
  expect(protegerOpciones([1, 3, 16], 20)).toEqual([MENOS_DE_CINCO, MENOS_DE_CINCO, 16])
  expect(protegerOpciones([5, 15], 20)).toEqual([5, 15])
  // A total under 5 tells nothing more than '< 5'.
  expect(protegerOpciones([1, 2], 3)).toEqual([MENOS_DE_CINCO, MENOS_DE_CINCO])
})

test('every answer of a question is counted, and how many answered it', () => {
  const encuestas = [
    encuesta({ como_seentera: 'Prensa' }),
    encuesta({ como_seentera: 'Prensa' }),
    encuesta({ como_seentera: 'Redes Sociales' }),
  ]
  const como = pregunta(contarRespuestas(encuestas, true), 'como_seentera')
  expect(como.respondieron).toBe(3)
  expect(cantidades(como)).toMatchObject({ Prensa: 2, 'Redes Sociales': 1, 'Feria educacional': 0 })
})

test('sensitive counts under 5 leave as "< 5", and the sensitive questions leave only for those who may see them', () => {
  const encuestas = [
    ...Array.from({ length: 6 }, () => encuesta({})),
    encuesta({
      poseeDiscapacidad: 'Si',
      tipoDiscapacidad: 'Sensorial visual',
      adecuacion: 'Subtítulos en el material audiovisual',
      inscritoRND: 'No',
      otrosOrigenesDisca: ['Enfermedad'],
    }),
    encuesta({ pertenecePuebloOrg: 'Si', puebloOrg: 'Mapuche' }),
  ]
  const conSensibles = contarRespuestas(encuestas, true)
  // 'No' beside the total would give 'Si' away: it is only '≥ 5'.
  expect(cantidades(pregunta(conSensibles, 'poseeDiscapacidad'))).toEqual({ Si: MENOS_DE_CINCO, No: CINCO_O_MAS })
  expect(pregunta(conSensibles, 'tipoDiscapacidad').respondieron).toBe(MENOS_DE_CINCO)
  expect(cantidades(pregunta(conSensibles, 'puebloOrg'))).toMatchObject({
    Mapuche: MENOS_DE_CINCO,
    Aymara: MENOS_DE_CINCO,
  })
  expect(cantidades(pregunta(conSensibles, 'otrosOrigenesDisca'))).toMatchObject({ Enfermedad: MENOS_DE_CINCO })
  // The exact small number is nowhere in what is sent.
  expect(JSON.stringify(conSensibles.filter((p) => p.sensible))).not.toMatch(/:1[,}\]]/)
  // A non-sensitive count of 1 stays 1.
  expect(cantidades(pregunta(conSensibles, 'como_seentera'))).toMatchObject({ Prensa: 8 })

  const sinSensibles = contarRespuestas(encuestas, false)
  expect(sinSensibles.some((p) => p.sensible)).toBe(false)
  expect(sinSensibles.map((p) => p.clave)).not.toContain('poseeDiscapacidad')
  expect(sinSensibles.map((p) => p.clave)).not.toContain('puebloOrg')
})

test('ranked reasons are counted per priority, the most chosen first', () => {
  const encuestas = [
    encuesta({ razon_cursa_1: 'Mejorar mis ingresos', razon_cursa_2: 'Actualizar conocimientos' }),
    encuesta({ razon_cursa_1: 'Actualizar conocimientos', razon_cursa_2: 'Mejorar mis ingresos' }),
    encuesta({
      razon_cursa_1: 'Actualizar conocimientos',
      razon_cursa_2: 'Realización personal',
      razon_cursa_3: 'Mejorar mis ingresos',
    }),
  ]
  const razones = pregunta(contarRespuestas(encuestas, false), 'razon_cursa')
  if (razones.tipo !== 'prioridades') throw new Error(razones.tipo)
  expect(razones.respondieron).toBe(3)
  expect(razones.opciones.slice(0, 3)).toEqual([
    { opcion: 'Actualizar conocimientos', prioridades: [2, 1, 0] },
    { opcion: 'Mejorar mis ingresos', prioridades: [1, 1, 1] },
    { opcion: 'Realización personal', prioridades: [0, 1, 0] },
  ])
  expect(razones.opciones).toHaveLength(7)
})

test('a free-text question counts how many wrote something', () => {
  const encuestas = [encuesta({ identidadGenero: 'Mujer' }), encuesta({ identidadGenero: '  ' }), encuesta({})]
  expect(pregunta(contarRespuestas(encuestas, false), 'identidadGenero')).toMatchObject({
    tipo: 'texto',
    respondieron: 1,
  })
})

test('the filters: a program code and a four-digit year, both optional; anything else is refused in Spanish', () => {
  expect(v.parse(consultaResultadosEncuestaSchema, {})).toEqual({ programa: '', anio: null })
  expect(v.parse(consultaResultadosEncuestaSchema, { programa: ' DCPD ', anio: '2026' })).toEqual({
    programa: 'DCPD',
    anio: 2026,
  })
  const malo = v.safeParse(consultaResultadosEncuestaSchema, { anio: '26' })
  expect(malo.success).toBe(false)
  expect(malo.issues?.[0]?.message).toBe(MENSAJE_ANIO_INVALIDO)
})

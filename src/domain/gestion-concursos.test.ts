import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { erroresPorCampo } from './errores-por-campo.ts'
import { estadoConcurso, MENSAJE_CONCURSO_CERRADO_POR_LA_ESCUELA, motivoFueraDePlazo } from './concursos.ts'
import {
  calendarioComoTexto,
  concursoSchema,
  estadoGestionEnPalabras,
  hitoDeLinea,
  MENSAJE_CALENDARIO_FORMATO,
  MENSAJE_DERECHO_POSTULACION,
  MENSAJE_DOCUMENTOS_CONCURSO,
  MENSAJE_PERIODO_CONCURSO,
  MENSAJE_REQUISITOS,
  MENSAJE_VACANTES,
  puedeAbrirse,
  puedeCerrarse,
  accionPublicar,
} from './gestion-concursos.ts'

// As the form holds it: plain text everywhere.
const delFormulario = {
  especialidad: ' Cirugía General ',
  sede: 'Hospital de Prueba',
  ciudad: 'Valparaíso',
  vacantes: '3',
  derechoPostulacion: '85.000',
  postulacionDesde: '2026-03-01',
  postulacionHasta: '2026-03-31',
  descripcion: 'Programa de cuatro años.\nCon rotaciones.',
  requisitos: 'Título de Médico Cirujano.\n\n  EUNACOM aprobado.  \n',
  calendario: '15-04-2026 Entrevistas\n10-04-2026 Preselección',
  documentos: '45,41',
}

function errores(datos: Record<string, unknown>) {
  const r = v.safeParse(concursoSchema, datos)
  return r.success ? {} : erroresPorCampo(r.issues)
}

describe('concursoSchema', () => {
  test('reads the form’s text: numbers, one requirement per line, the calendar sorted, the documents as codes', () => {
    expect(v.parse(concursoSchema, delFormulario)).toEqual({
      especialidad: 'Cirugía General',
      sede: 'Hospital de Prueba',
      ciudad: 'Valparaíso',
      vacantes: 3,
      derechoPostulacion: 85_000,
      postulacionDesde: '2026-03-01',
      postulacionHasta: '2026-03-31',
      descripcion: 'Programa de cuatro años.\nCon rotaciones.',
      requisitos: ['Título de Médico Cirujano.', 'EUNACOM aprobado.'],
      calendario: [
        { fecha: '2026-04-10', hito: 'Preselección' },
        { fecha: '2026-04-15', hito: 'Entrevistas' },
      ],
      documentos: ['41', '45'],
    })
  })

  test('reads the API’s lists and numbers the same way', () => {
    const r = v.parse(concursoSchema, {
      ...delFormulario,
      vacantes: 3,
      derechoPostulacion: 85_000,
      requisitos: ['Título de Médico Cirujano.', 'EUNACOM aprobado.'],
      calendario: [
        { fecha: '2026-04-15', hito: 'Entrevistas' },
        { fecha: '2026-04-10', hito: 'Preselección' },
      ],
      documentos: ['45', '41', '41'],
    })
    expect(r).toEqual(v.parse(concursoSchema, delFormulario))
  })

  test('the period: its end not before its start (one day is a period), both real dates', () => {
    expect(errores({ ...delFormulario, postulacionHasta: '2026-02-28' })).toEqual({
      postulacionHasta: MENSAJE_PERIODO_CONCURSO,
    })
    expect(errores({ ...delFormulario, postulacionHasta: '2026-03-01' })).toEqual({})
    expect(Object.keys(errores({ ...delFormulario, postulacionDesde: '2026-02-30' }))).toEqual(['postulacionDesde'])
  })

  test('vacancies a positive whole number; the fee whole Chilean pesos above zero', () => {
    for (const vacantes of ['0', '-1', '2,5', 'dos', 1.5, 1000]) {
      expect(errores({ ...delFormulario, vacantes })).toEqual({ vacantes: MENSAJE_VACANTES })
    }
    for (const derechoPostulacion of ['0', '85000,50', '85.00', '$ 1.5', 'mil', 0, 99.9, -5]) {
      expect(errores({ ...delFormulario, derechoPostulacion })).toEqual({
        derechoPostulacion: MENSAJE_DERECHO_POSTULACION,
      })
    }
    for (const [texto, monto] of [
      ['85000', 85_000],
      ['$ 85.000', 85_000],
      ['1.250.000', 1_250_000],
    ] as const) {
      expect(v.parse(concursoSchema, { ...delFormulario, derechoPostulacion: texto }).derechoPostulacion).toBe(monto)
    }
  })

  test('requirements, calendar and documents: at least one requirement, readable milestones, known documents', () => {
    expect(errores({ ...delFormulario, requisitos: ' \n ' })).toEqual({ requisitos: MENSAJE_REQUISITOS })
    expect(errores({ ...delFormulario, requisitos: 'x'.repeat(301) })).toEqual({ requisitos: MENSAJE_REQUISITOS })
    expect(errores({ ...delFormulario, calendario: '2026-04-15 Entrevistas' })).toEqual({
      calendario: MENSAJE_CALENDARIO_FORMATO,
    })
    expect(errores({ ...delFormulario, calendario: '31-02-2026 Entrevistas' })).toEqual({
      calendario: MENSAJE_CALENDARIO_FORMATO,
    })
    expect(errores({ ...delFormulario, calendario: '' })).toEqual({})
    expect(errores({ ...delFormulario, documentos: '41,99' })).toEqual({ documentos: MENSAJE_DOCUMENTOS_CONCURSO })
    expect(errores({ ...delFormulario, documentos: '' })).toEqual({})
  })

  test('required texts say which field is missing', () => {
    expect(
      Object.keys(errores({ ...delFormulario, especialidad: '  ', sede: '', ciudad: '', descripcion: '' })),
    ).toEqual(['especialidad', 'sede', 'ciudad', 'descripcion'])
  })
})

test('the calendar as the form writes it and reads it back', () => {
  const calendario = [
    { fecha: '2026-04-10', hito: 'Preselección' },
    { fecha: '2026-04-15', hito: 'Entrevistas personales' },
  ]
  const texto = calendarioComoTexto(calendario)
  expect(texto).toBe('10-04-2026 Preselección\n15-04-2026 Entrevistas personales')
  expect(texto.split('\n').map(hitoDeLinea)).toEqual(calendario)
  expect(hitoDeLinea('Entrevistas')).toBeNull()
})

test('the state as the school reads it', () => {
  expect(estadoGestionEnPalabras({ publicacion: 'borrador', estado: 'abierto' })).toBe(
    'Borrador (no visible para los estudiantes)',
  )
  expect(estadoGestionEnPalabras({ publicacion: 'publicado', estado: 'proximo' })).toBe('Publicado: próximo a abrir')
  expect(estadoGestionEnPalabras({ publicacion: 'cerrado', estado: 'cerrado' })).toBe('Cerrado por la escuela')
})

test('publication: a draft or a closed contest may be published; only a published one whose period has not ended closed', () => {
  expect([puedeAbrirse('borrador'), puedeAbrirse('publicado'), puedeAbrirse('cerrado')]).toEqual([true, false, true])
  expect([
    puedeCerrarse('borrador', 'abierto'),
    puedeCerrarse('publicado', 'proximo'),
    puedeCerrarse('publicado', 'abierto'),
    puedeCerrarse('publicado', 'cerrado'),
    puedeCerrarse('cerrado', 'cerrado'),
  ]).toEqual([false, true, true, false, false])
  expect([accionPublicar('borrador'), accionPublicar('cerrado')]).toEqual(['Publicar', 'Volver a publicar'])
})

test('a contest the school closed reads closed and takes nothing, whatever its dates', () => {
  const periodo = { postulacionDesde: '2026-03-01', postulacionHasta: '2026-03-31', cerradoPorLaEscuela: true }
  expect(estadoConcurso(periodo, '2026-03-15')).toBe('cerrado')
  expect(motivoFueraDePlazo(periodo, '2026-03-15')).toBe(MENSAJE_CONCURSO_CERRADO_POR_LA_ESCUELA)
  expect(estadoConcurso({ ...periodo, cerradoPorLaEscuela: false }, '2026-03-15')).toBe('abierto')
})

import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import {
  encuestaSchema,
  encuestaVacia,
  MENSAJE_OBLIGATORIO,
  MENSAJE_PRIMERA_RAZON_CURSA,
  MENSAJE_PRIMERA_RAZON_UNIVERSIDAD,
  MENSAJE_PUEBLO_ORIGINARIO,
  MENSAJE_RAZON_REPETIDA,
  SECCIONES_ENCUESTA,
} from './encuesta.ts'
import { encuestaCompleta as completa } from '../../tests/support/encuesta.ts'
import { erroresPorCampo } from './errores-por-campo.ts'
import { respuestasConsentidas, respuestasSin } from './consentimiento.ts'
import { MENSAJE_CARACTERES_INVISIBLES } from './validacion.ts'
import { TEXTOS_INVISIBLES } from '../../tests/support/textos-invisibles.ts'

function errores(encuesta: unknown): Record<string, string> {
  const r = v.safeParse(encuestaSchema, encuesta)
  return r.success ? {} : erroresPorCampo(r.issues)
}

/** Whether the form shows the question of `campo` for these answers. */
function visible(campo: string, e: ReturnType<typeof completa>): boolean {
  const p = SECCIONES_ENCUESTA.flatMap((s) => s.preguntas).find((p) => 'campo' in p && p.campo === campo)
  if (!p) throw new Error(`sin la pregunta ${campo}`)
  return !('cuando' in p) || !p.cuando || p.cuando(e)
}

describe('required answers', () => {
  test('a complete survey with every optional answer left empty is valid', () => {
    expect(errores(completa())).toEqual({})
  })

  test("a blank survey names every required answer, the ranked ones with the spec's own messages", () => {
    // The disability and indigenous questions are asked only with their express consents: a blank
    // survey has none.
    expect(errores(encuestaVacia())).toEqual({
      cursaFuera: MENSAJE_OBLIGATORIO,
      haCursadoPrograma: MENSAJE_OBLIGATORIO,
      trabaja_actualmente: MENSAJE_OBLIGATORIO,
      tipo_organizacion: MENSAJE_OBLIGATORIO,
      trabaja_area: MENSAJE_OBLIGATORIO,
      razon_cursa_1: MENSAJE_PRIMERA_RAZON_CURSA,
      razon_eligeuni_1: MENSAJE_PRIMERA_RAZON_UNIVERSIDAD,
      como_seentera: MENSAJE_OBLIGATORIO,
    })
  })

  test('an answer outside the options is refused', () => {
    expect(errores(completa({ cursaFuera: 'Tal vez' }))).toEqual({ cursaFuera: MENSAJE_OBLIGATORIO })
    expect(errores(completa({ razon_cursa_2: 'Porque sí' }))).toEqual({ razon_cursa_2: MENSAJE_OBLIGATORIO })
  })
})

describe('follow-ups', () => {
  test('a disability asks for its type, the accommodation and the national registry', () => {
    expect(errores(completa({ poseeDiscapacidad: 'Si' }))).toEqual({
      tipoDiscapacidad: MENSAJE_OBLIGATORIO,
      adecuacion: MENSAJE_OBLIGATORIO,
      inscritoRND: MENSAJE_OBLIGATORIO,
    })
    expect(
      errores(
        completa({
          poseeDiscapacidad: 'Si',
          tipoDiscapacidad: 'Sensorial visual',
          adecuacion: 'Subtítulos en el material audiovisual',
          inscritoRND: 'No',
        }),
      ),
    ).toEqual({})
  })

  test("'Otra' asks for its text: disability type, accommodation, organization, how the student heard", () => {
    const discapacidad = { poseeDiscapacidad: 'Si', inscritoRND: 'Si' } as const
    expect(errores(completa({ ...discapacidad, tipoDiscapacidad: 'Otra', adecuacion: 'Otra' }))).toEqual({
      otroTipoDiscapacidad: MENSAJE_OBLIGATORIO,
      otraAdecuacion: MENSAJE_OBLIGATORIO,
    })
    expect(errores(completa({ tipo_organizacion: 'Otra', como_seentera: 'Otra' }))).toEqual({
      otroTipoOrg: MENSAJE_OBLIGATORIO,
      otroComoSeEntera: MENSAJE_OBLIGATORIO,
    })
  })

  test("an indigenous people is asked for, and 'Otro' says 'indique pueblo originario'", () => {
    expect(errores(completa({ pertenecePuebloOrg: 'Si' }))).toEqual({ puebloOrg: MENSAJE_OBLIGATORIO })
    expect(errores(completa({ pertenecePuebloOrg: 'Si', puebloOrg: 'Otro' }))).toEqual({
      otroPuebloOriginario: MENSAJE_PUEBLO_ORIGINARIO,
    })
    expect(errores(completa({ pertenecePuebloOrg: 'Si', puebloOrg: 'Mapuche' }))).toEqual({})
  })

  test('a program taken before asks for its type, and its text for Otro', () => {
    expect(errores(completa({ haCursadoPrograma: 'Si' }))).toEqual({ tipoProgramaCur: MENSAJE_OBLIGATORIO })
    expect(errores(completa({ haCursadoPrograma: 'Si', tipoProgramaCur: 'Otro' }))).toEqual({
      otroTipoProgramaCur: MENSAJE_OBLIGATORIO,
    })
  })

  test('answers to follow-ups no longer asked are cleared from what is stored', () => {
    const r = v.parse(
      encuestaSchema,
      completa({
        poseeDiscapacidad: 'No',
        tipoDiscapacidad: 'Otra',
        otroTipoDiscapacidad: 'x',
        otrosOrigenesDisca: ['Accidente'],
        tipo_organizacion: 'ONG',
        otroTipoOrg: 'y',
      }),
    )
    expect(r.tipoDiscapacidad).toBe('')
    expect(r.otroTipoDiscapacidad).toBe('')
    expect(r.otrosOrigenesDisca).toEqual([])
    expect(r.otroTipoOrg).toBe('')
  })

  test('each follow-up question shows only for the answer that asks for it', () => {
    expect(visible('tipoDiscapacidad', completa({ poseeDiscapacidad: 'No' }))).toBe(false)
    expect(visible('tipoDiscapacidad', completa({ poseeDiscapacidad: 'Si' }))).toBe(true)
    expect(visible('otroPuebloOriginario', completa({ pertenecePuebloOrg: 'Si', puebloOrg: 'Otro' }))).toBe(true)
  })
})

describe('ranked reasons', () => {
  test('no reason is ranked twice in a group', () => {
    expect(errores(completa({ razon_cursa_2: 'Actualizar conocimientos' }))).toEqual({
      razon_cursa_2: MENSAJE_RAZON_REPETIDA,
    })
    expect(errores(completa({ razon_eligeuni_2: 'Acreditación', razon_eligeuni_3: 'Acreditación' }))).toEqual({
      razon_eligeuni_3: MENSAJE_RAZON_REPETIDA,
    })
    expect(errores(completa({ razon_cursa_2: 'Mejorar mis ingresos', razon_cursa_3: 'Realización personal' }))).toEqual(
      {},
    )
  })

  test('the groups offer 7 and 10 reasons, at most 3 ranked each', () => {
    const prioridades = SECCIONES_ENCUESTA.flatMap((s) => s.preguntas).filter((p) => p.tipo === 'prioridades')
    expect(prioridades.map((p) => [p.opciones.length, p.campos.length])).toEqual([
      [7, 3],
      [10, 3],
    ])
  })
})

describe('lengths', () => {
  test('gender identity takes 100 characters, the other texts 250', () => {
    expect(errores(completa({ identidadGenero: 'a'.repeat(100) }))).toEqual({})
    expect(Object.keys(errores(completa({ identidadGenero: 'a'.repeat(101) })))).toEqual(['identidadGenero'])
    expect(errores(completa({ tipo_organizacion: 'Otra', otroTipoOrg: 'a'.repeat(250) }))).toEqual({})
    expect(Object.keys(errores(completa({ tipo_organizacion: 'Otra', otroTipoOrg: 'a'.repeat(251) })))).toEqual([
      'otroTipoOrg',
    ])
  })
})

test.each(TEXTOS_INVISIBLES)('the survey’s texts refuse %s, as the personal form does', (_caso, texto) => {
  expect(errores(completa({ identidadGenero: texto }))).toEqual({ identidadGenero: MENSAJE_CARACTERES_INVISIBLES })
  expect(errores(completa({ tipo_organizacion: 'Otra', otroTipoOrg: texto }))).toEqual({
    otroTipoOrg: MENSAJE_CARACTERES_INVISIBLES,
  })
})

describe('the express consent to the disability questions', () => {
  const parsear = (e: unknown) => v.parse(encuestaSchema, e)

  test('asked apart: with it the disability question is required and shown; without it, neither', () => {
    expect(errores({ ...encuestaVacia(), consentimientoDiscapacidad: 'Si' })).toMatchObject({
      poseeDiscapacidad: MENSAJE_OBLIGATORIO,
    })
    expect(errores(completa({ consentimientoDiscapacidad: '', poseeDiscapacidad: '' }))).toEqual({})
    expect(visible('poseeDiscapacidad', completa({ consentimientoDiscapacidad: '' }))).toBe(false)
    expect(visible('poseeDiscapacidad', completa())).toBe(true)
  })

  test('without it nothing about a disability is stored, even answers typed before unticking it', () => {
    const sin = parsear(
      completa({
        consentimientoDiscapacidad: '',
        poseeDiscapacidad: 'Si',
        tipoDiscapacidad: 'Sensorial visual',
        adecuacion: 'Subtítulos en el material audiovisual',
        inscritoRND: 'No',
        otrosOrigenesDisca: ['Enfermedad'],
      }),
    )
    expect(sin).toMatchObject({
      consentimientoDiscapacidad: '',
      poseeDiscapacidad: '',
      tipoDiscapacidad: '',
      adecuacion: '',
      inscritoRND: '',
      otrosOrigenesDisca: [],
    })
    const con = parsear(
      completa({
        poseeDiscapacidad: 'Si',
        tipoDiscapacidad: 'Sensorial visual',
        adecuacion: 'Subtítulos en el material audiovisual',
        inscritoRND: 'No',
      }),
    )
    expect(con).toMatchObject({
      consentimientoDiscapacidad: 'Si',
      poseeDiscapacidad: 'Si',
      tipoDiscapacidad: 'Sensorial visual',
    })
  })

  test('anyone else reads a survey without consent with its disability answers blank; a survey from before the consent, as stored', () => {
    const retirada = {
      consentimientoDiscapacidad: '',
      poseeDiscapacidad: 'Si',
      tipoDiscapacidad: 'Otra',
      otrosOrigenesDisca: ['Enfermedad'],
      cursaFuera: 'No',
    }
    expect(respuestasConsentidas(retirada)).toEqual({ ...retirada, ...respuestasSin('encuesta-discapacidad') })
    expect(respuestasConsentidas(retirada)).toMatchObject({
      poseeDiscapacidad: '',
      tipoDiscapacidad: '',
      otrosOrigenesDisca: [],
    })
    const antigua = { poseeDiscapacidad: 'No', cursaFuera: 'No' }
    expect(respuestasConsentidas(antigua)).toBe(antigua)
    const consentida = { consentimientoDiscapacidad: 'Si', poseeDiscapacidad: 'Si' }
    expect(respuestasConsentidas(consentida)).toBe(consentida)
  })
})

describe('the express consent to the indigenous question', () => {
  test('asked apart: with it the question is required and shown, and so is the people; without it, neither', () => {
    expect(errores({ ...encuestaVacia(), consentimientoPuebloOriginario: 'Si' })).toMatchObject({
      pertenecePuebloOrg: MENSAJE_OBLIGATORIO,
    })
    expect(errores(completa({ pertenecePuebloOrg: 'Si' }))).toMatchObject({ puebloOrg: MENSAJE_OBLIGATORIO })
    expect(errores(completa({ consentimientoPuebloOriginario: '', pertenecePuebloOrg: '' }))).toEqual({})
    const sin = completa({ consentimientoPuebloOriginario: '', pertenecePuebloOrg: 'Si', puebloOrg: 'Otro' })
    expect(visible('pertenecePuebloOrg', sin)).toBe(false)
    expect(visible('puebloOrg', sin)).toBe(false)
    expect(visible('otroPuebloOriginario', sin)).toBe(false)
    const con = completa({ pertenecePuebloOrg: 'Si', puebloOrg: 'Otro' })
    expect(visible('pertenecePuebloOrg', con)).toBe(true)
    expect(visible('puebloOrg', con)).toBe(true)
    expect(visible('otroPuebloOriginario', con)).toBe(true)
  })

  test('without it nothing about a people is stored, even answers chosen before unticking it', () => {
    const guardada = v.parse(
      encuestaSchema,
      completa({
        consentimientoPuebloOriginario: '',
        pertenecePuebloOrg: 'Si',
        puebloOrg: 'Otro',
        otroPuebloOriginario: 'Chango',
      }),
    )
    expect(guardada).toMatchObject({
      consentimientoPuebloOriginario: '',
      pertenecePuebloOrg: '',
      puebloOrg: '',
      otroPuebloOriginario: '',
    })
    const con = v.parse(encuestaSchema, completa({ pertenecePuebloOrg: 'Si', puebloOrg: 'Mapuche' }))
    expect(con).toMatchObject({ consentimientoPuebloOriginario: 'Si', pertenecePuebloOrg: 'Si', puebloOrg: 'Mapuche' })
  })

  test('anyone else reads a survey without it with its indigenous answers blank, the disability ones as consented', () => {
    const retirada = {
      consentimientoDiscapacidad: 'Si',
      poseeDiscapacidad: 'No',
      consentimientoPuebloOriginario: '',
      pertenecePuebloOrg: 'Si',
      puebloOrg: 'Mapuche',
      otroPuebloOriginario: '',
    }
    expect(respuestasConsentidas(retirada)).toEqual({
      ...retirada,
      pertenecePuebloOrg: '',
      puebloOrg: '',
    })
    const antigua = { poseeDiscapacidad: 'No', pertenecePuebloOrg: 'Si', puebloOrg: 'Aymara' }
    expect(respuestasConsentidas(antigua)).toBe(antigua)
  })
})

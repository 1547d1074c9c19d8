import * as v from 'valibot'
import { expect, test } from 'vitest'
import { erroresPorCampo } from './errores-por-campo.ts'
import {
  MENSAJE_CAMPO_OBLIGATORIO,
  MENSAJE_CARACTERES_INVISIBLES,
  requeridoSi,
  textoOpcional,
  sinCaracteresInvisibles,
  textoRequerido,
  tieneCaracteresInvisibles,
} from './validacion.ts'
import { NOMBRES_ORDINARIOS, TEXTOS_INVISIBLES } from '../../tests/support/textos-invisibles.ts'

const objeto = v.object({ nombre: textoRequerido(20), profesion: textoRequerido(20), otraProfesion: textoOpcional(20) })
type Entrada = v.InferOutput<typeof objeto>
const schema = v.pipe(
  objeto,
  requeridoSi<Entrada>('otraProfesion', 'profesion', (p) => p === 'OTRA', 'Indique su profesión'),
)

function errores(entrada: unknown): Record<string, string> {
  const resultado = v.safeParse(schema, entrada)
  return resultado.success ? {} : erroresPorCampo(resultado.issues)
}

test('requeridoSi asks for the field, with its message on that field, when the trigger has the value', () => {
  expect(errores({ nombre: 'Ana', profesion: 'OTRA', otraProfesion: '' })).toEqual({
    otraProfesion: 'Indique su profesión',
  })
  expect(errores({ nombre: 'Ana', profesion: 'OTRA', otraProfesion: '   ' })).toEqual({
    otraProfesion: 'Indique su profesión',
  })
  expect(errores({ nombre: 'Ana', profesion: 'OTRA', otraProfesion: 'Kinesiología' })).toEqual({})
})

test('requeridoSi leaves the field optional when the trigger has another value', () => {
  expect(errores({ nombre: 'Ana', profesion: 'Médico' })).toEqual({})
})

test('requeridoSi reports together with the other missing fields, not after them', () => {
  expect(errores({ nombre: '', profesion: 'OTRA', otraProfesion: '' })).toEqual({
    nombre: MENSAJE_CAMPO_OBLIGATORIO,
    otraProfesion: 'Indique su profesión',
  })
})

test('requeridoSi counts an empty list as missing (a question answered by choosing several options)', () => {
  const lista = v.object({ tiene: v.string(), cuales: v.array(v.string()) })
  const conLista = v.pipe(
    lista,
    requeridoSi<v.InferOutput<typeof lista>>('cuales', 'tiene', (t) => t === 'Sí'),
  )
  expect(v.safeParse(conLista, { tiene: 'Sí', cuales: [] }).success).toBe(false)
  expect(v.safeParse(conLista, { tiene: 'Sí', cuales: ['Rampa'] }).success).toBe(true)
  expect(v.safeParse(conLista, { tiene: 'No', cuales: [] }).success).toBe(true)
})

test.each(TEXTOS_INVISIBLES)('names and other texts refuse %s with a clear message', (_caso, texto) => {
  expect(errores({ nombre: texto, profesion: 'Médico' })).toEqual({ nombre: MENSAJE_CARACTERES_INVISIBLES })
  expect(errores({ nombre: 'Ana', profesion: 'Médico', otraProfesion: texto })).toEqual({
    otraProfesion: MENSAJE_CARACTERES_INVISIBLES,
  })
})

test('accents, ñ, apostrophes and spaces are ordinary letters, and surrounding blanks are trimmed', () => {
  expect(errores({ nombre: " José O'Higgins Ñúñez ", profesion: 'Médico' })).toEqual({})
  expect(errores({ nombre: '\tAna\n', profesion: 'Médico' })).toEqual({})
})

test.each(NOMBRES_ORDINARIOS)('%s is an ordinary name', (nombre) => {
  expect(tieneCaracteresInvisibles(nombre)).toBe(false)
  expect(errores({ nombre, profesion: 'Médico' })).toEqual({})
})

test('a text of several lines keeps its line breaks and refuses every other invisible character', () => {
  const descripcion = v.pipe(v.string(), sinCaracteresInvisibles('Revise la descripción', { lineas: true }))
  expect(v.is(descripcion, 'Primer párrafo.\n\nSegundo párrafo.\r\nTercero.')).toBe(true)
  for (const [caso, texto] of TEXTOS_INVISIBLES) {
    // Only the line break inside a name is a line break; every other string hides something.
    expect(v.is(descripcion, `Primer párrafo.\n${texto}`), caso).toBe(texto.includes('\n'))
  }
  expect(v.safeParse(descripcion, 'Uno\u202Edos').issues?.[0]?.message).toBe('Revise la descripción')
})

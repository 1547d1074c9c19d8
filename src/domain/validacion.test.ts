import * as v from 'valibot'
import { expect, test } from 'vitest'
import { erroresPorCampo, MENSAJE_CAMPO_OBLIGATORIO, requeridoSi, textoOpcional, textoRequerido } from './validacion.ts'

const objeto = v.object({ nombre: textoRequerido(20), profesion: textoRequerido(20), otraProfesion: textoOpcional(20) })
type Entrada = v.InferOutput<typeof objeto>
const schema = v.pipe(objeto, requeridoSi<Entrada>('otraProfesion', 'profesion', (p) => p === 'OTRA', 'Indique su profesión'))

function errores(entrada: unknown): Record<string, string> {
  const resultado = v.safeParse(schema, entrada)
  return resultado.success ? {} : erroresPorCampo(resultado.issues)
}

test('requeridoSi asks for the field, with its message on that field, when the trigger has the value', () => {
  expect(errores({ nombre: 'Ana', profesion: 'OTRA', otraProfesion: '' })).toEqual({ otraProfesion: 'Indique su profesión' })
  expect(errores({ nombre: 'Ana', profesion: 'OTRA', otraProfesion: '   ' })).toEqual({ otraProfesion: 'Indique su profesión' })
  expect(errores({ nombre: 'Ana', profesion: 'OTRA', otraProfesion: 'Kinesiología' })).toEqual({})
})

test('requeridoSi leaves the field optional when the trigger has another value', () => {
  expect(errores({ nombre: 'Ana', profesion: 'Médico' })).toEqual({})
})

test('requeridoSi reports together with the other missing fields, not after them', () => {
  expect(errores({ nombre: '', profesion: 'OTRA', otraProfesion: '' })).toEqual({ nombre: MENSAJE_CAMPO_OBLIGATORIO, otraProfesion: 'Indique su profesión' })
})

test('requeridoSi counts an empty list as missing (a question answered by choosing several options)', () => {
  const lista = v.object({ tiene: v.string(), cuales: v.array(v.string()) })
  const conLista = v.pipe(lista, requeridoSi<v.InferOutput<typeof lista>>('cuales', 'tiene', (t) => t === 'Sí'))
  expect(v.safeParse(conLista, { tiene: 'Sí', cuales: [] }).success).toBe(false)
  expect(v.safeParse(conLista, { tiene: 'Sí', cuales: ['Rampa'] }).success).toBe(true)
  expect(v.safeParse(conLista, { tiene: 'No', cuales: [] }).success).toBe(true)
})

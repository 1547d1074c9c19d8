import { expect, test } from 'vitest'
import { leerBusqueda, escribirBusqueda } from './search-params.ts'

test('query values stay text, as written in the link', () => {
  expect(leerBusqueda('?concurso=7&recoverpass=00123e5&codcertificado=%22x%22')).toEqual({
    concurso: '7',
    recoverpass: '00123e5',
    codcertificado: '"x"',
  })
})

test('stringify writes plain values and skips undefined ones', () => {
  expect(escribirBusqueda({ codcertificado: '123', email: undefined })).toBe('?codcertificado=123')
  expect(escribirBusqueda({})).toBe('')
})

import { expect, test } from 'vitest'
import { parseSearch, stringifySearch } from './search-params.ts'

test('query values stay text, as written in the link', () => {
  expect(parseSearch('?concurso=7&recoverpass=00123e5&codcertificado=%22x%22')).toEqual({
    concurso: '7',
    recoverpass: '00123e5',
    codcertificado: '"x"',
  })
})

test('stringify writes plain values and skips undefined ones', () => {
  expect(stringifySearch({ codcertificado: '123', email: undefined })).toBe('?codcertificado=123')
  expect(stringifySearch({})).toBe('')
})

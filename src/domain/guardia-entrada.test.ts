import { describe, expect, test } from 'vitest'
import { destinoDeEntrada } from './guardia-entrada.ts'

describe('destinoDeEntrada: each rule', () => {
  test('1. validacertificado goes to the validator with codcertificado', () => {
    expect(destinoDeEntrada({ validacertificado: 'ABC123' }, false)).toEqual({
      to: '/certificado/validador',
      search: { codcertificado: 'ABC123' },
    })
  })

  test('2. concurso goes to the application right of that contest', () => {
    expect(destinoDeEntrada({ concurso: '7' }, false)).toEqual({
      to: '/concurso/derechopostulacion/$id',
      params: { id: '7' },
    })
  })

  test('3. concursoDetalle goes to the contest detail', () => {
    expect(destinoDeEntrada({ concursoDetalle: '9' }, true)).toEqual({
      to: '/concurso/detalle/$id',
      params: { id: '9' },
    })
  })

  test('4. pagoInsc together with posPago goes to that payment', () => {
    expect(destinoDeEntrada({ pagoInsc: '55', posPago: '2' }, true)).toEqual({
      to: '/pagos/$codigo/$numero',
      params: { codigo: '55', numero: 2 },
    })
  })

  test('5. pagoInsc alone goes to the payment list', () => {
    expect(destinoDeEntrada({ pagoInsc: '55' }, true)).toEqual({ to: '/pagos/lista/$codigo', params: { codigo: '55' } })
  })

  test('6. recoverpass goes to /password with that value', () => {
    expect(destinoDeEntrada({ recoverpass: 'tok-abc' }, false)).toEqual({
      to: '/password',
      search: { recoverpass: 'tok-abc' },
    })
  })

  test('7. with no parameter and no session, to /login', () => {
    expect(destinoDeEntrada({}, false)).toEqual({ to: '/login' })
  })

  test('signed in with no parameter: stay', () => {
    expect(destinoDeEntrada({}, true)).toBeUndefined()
  })
})

describe('destinoDeEntrada: priority order', () => {
  const todos = {
    validacertificado: 'C',
    concurso: '7',
    concursoDetalle: '9',
    pagoInsc: '55',
    posPago: '2',
    recoverpass: 'tok',
  }

  test('validacertificado beats concurso and every other rule', () => {
    expect(destinoDeEntrada(todos, false)?.to).toBe('/certificado/validador')
  })

  test('concurso beats concursoDetalle', () => {
    const { validacertificado: _v, ...resto } = todos
    expect(destinoDeEntrada(resto, false)?.to).toBe('/concurso/derechopostulacion/$id')
  })

  test('concursoDetalle beats the payments', () => {
    expect(destinoDeEntrada({ concursoDetalle: '9', pagoInsc: '55', posPago: '2' }, false)?.to).toBe(
      '/concurso/detalle/$id',
    )
  })

  test('pagoInsc with posPago beats pagoInsc alone, and both beat recoverpass', () => {
    expect(destinoDeEntrada({ pagoInsc: '55', posPago: '2', recoverpass: 'tok' }, false)?.to).toBe(
      '/pagos/$codigo/$numero',
    )
    expect(destinoDeEntrada({ pagoInsc: '55', recoverpass: 'tok' }, false)?.to).toBe('/pagos/lista/$codigo')
  })

  test('a posPago that is no installment number leads to the list, as pagoInsc alone', () => {
    expect(destinoDeEntrada({ pagoInsc: '55', posPago: 'dos' }, true)).toEqual({
      to: '/pagos/lista/$codigo',
      params: { codigo: '55' },
    })
  })

  test('posPago without pagoInsc is not a rule', () => {
    expect(destinoDeEntrada({ posPago: '2' }, false)).toEqual({ to: '/login' })
    expect(destinoDeEntrada({ posPago: '2' }, true)).toBeUndefined()
  })

  test('recoverpass beats the no-session rule', () => {
    expect(destinoDeEntrada({ recoverpass: 'tok' }, false)?.to).toBe('/password')
  })

  test('blank values are ignored and numbers count as text', () => {
    expect(destinoDeEntrada({ concurso: '  ', recoverpass: '' }, false)).toEqual({ to: '/login' })
    expect(destinoDeEntrada({ concurso: 7 }, true)).toEqual({
      to: '/concurso/derechopostulacion/$id',
      params: { id: '7' },
    })
  })
})

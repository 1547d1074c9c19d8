import { expect, test } from 'vitest'
import { mensajeSalida } from './mensaje-salida.ts'

test('nothing unsent and no draft: Salir needs no warning', () => {
  expect(mensajeSalida(0, 0)).toBeNull()
})

test('one unsent change, in the singular', () => {
  expect(mensajeSalida(1, 0)).toBe('Hay 1 cambio sin enviar. Si sale ahora se perderá. ¿Desea salir de todos modos?')
})

test('unsaved form edits are named too, and the verb follows the total', () => {
  expect(mensajeSalida(0, 1)).toBe(
    'Hay 1 formulario con cambios sin guardar. Si sale ahora se perderá. ¿Desea salir de todos modos?',
  )
  expect(mensajeSalida(2, 1)).toBe(
    'Hay 2 cambios sin enviar y 1 formulario con cambios sin guardar. Si sale ahora se perderán. ¿Desea salir de todos modos?',
  )
})

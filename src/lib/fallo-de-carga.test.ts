import { expect, test } from 'vitest'
import { esFalloDeCarga } from './fallo-de-carga.ts'

test("a screen's code that did not load is told apart from any other error", () => {
  // Chromium, Firefox and Safari, as each words it.
  expect(esFalloDeCarga(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true)
  expect(esFalloDeCarga(new TypeError('error loading dynamically imported module: https://x/assets/a.js'))).toBe(true)
  expect(esFalloDeCarga(new TypeError('Importing a module script failed.'))).toBe(true)
  expect(esFalloDeCarga(new TypeError('Failed to fetch'))).toBe(false)
  expect(esFalloDeCarga(new Error('Failed to fetch dynamically imported module'))).toBe(false)
  expect(esFalloDeCarga('Failed to fetch dynamically imported module')).toBe(false)
})

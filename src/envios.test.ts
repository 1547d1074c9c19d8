import { expect, test } from 'vitest'
import { ENVIOS } from './envios.ts'

// Every definition any feature declares in its `envios.ts`, found by walking the files rather
// than by a list someone must remember to edit.
const declaradas = Object.entries(import.meta.glob<Record<string, unknown>>('./features/**/envios.ts', { eager: true }))
  .flatMap(([archivo, modulo]) => Object.entries(modulo).map(([nombre, valor]) => ({ archivo, nombre, valor })))
  .filter(
    ({ valor }) =>
      typeof valor === 'object' &&
      valor !== null &&
      typeof (valor as { tipo?: unknown }).tipo === 'string' &&
      typeof (valor as { ruta?: unknown }).ruta === 'function',
  )

test('the features declare submission kinds (the walk finds them)', () => {
  expect(declaradas.length).toBeGreaterThanOrEqual(7)
})

test('every submission kind a feature declares is registered for the outbox', () => {
  const faltan = declaradas
    .filter(({ valor }) => !(ENVIOS as unknown[]).includes(valor))
    .map(({ archivo, nombre }) => `${nombre} (${archivo})`)
  expect(faltan, 'agréguelas a src/envios.ts').toEqual([])
})

test('no two kinds share a name: the outbox finds a reply’s definition by it', () => {
  const tipos = ENVIOS.map((e) => e.tipo)
  expect(new Set(tipos).size).toBe(tipos.length)
})

import { expect, test } from 'vitest'
import { ofertaVigente } from './ofertas-laborales.ts'

test('an offer is listed from the day it is published to the day it closes, both included', () => {
  const oferta = { publicadaEl: '2026-03-01', cierraEl: '2026-03-31' }
  expect(ofertaVigente(oferta, '2026-02-28')).toBe(false)
  expect(ofertaVigente(oferta, '2026-03-01')).toBe(true)
  expect(ofertaVigente(oferta, '2026-03-31')).toBe(true)
  expect(ofertaVigente(oferta, '2026-04-01')).toBe(false)
})

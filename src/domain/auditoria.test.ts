import * as v from 'valibot'
import { expect, test } from 'vitest'
import { consultaAuditoriaSchema, esFechaValida, MENSAJE_RANGO_INVALIDO } from './auditoria.ts'

test('dates are real calendar days', () => {
  expect(esFechaValida('2026-03-09')).toBe(true)
  expect(esFechaValida('2028-02-29')).toBe(true)
  for (const f of ['2026-02-29', '2026-13-01', '09-03-2026', '2026-3-9', '']) expect(esFechaValida(f), f).toBe(false)
})

test('the log’s filters: all optional, a range that does not end before it starts', () => {
  expect(v.parse(consultaAuditoriaSchema, {})).toEqual({ personal: '', accion: '', desde: '', hasta: '', pagina: 1 })
  expect(v.parse(consultaAuditoriaSchema, { desde: '2026-03-09', hasta: '2026-03-09' }).hasta).toBe('2026-03-09')
  const alReves = v.safeParse(consultaAuditoriaSchema, { desde: '2026-03-10', hasta: '2026-03-09' })
  expect(alReves.success).toBe(false)
  expect(alReves.issues?.[0]?.message).toBe(MENSAJE_RANGO_INVALIDO)
})

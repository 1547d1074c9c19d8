import * as v from 'valibot'
import { expect, test } from 'vitest'
import { busquedaCertificadosSchema } from './busqueda-certificados.ts'
import {
  consultaCertificadosSchema,
  MENSAJE_MOTIVO_REVOCACION,
  mensajeProgramaNoTerminado,
  mensajeYaRevocado,
  programaTerminado,
  revocarCertificadoSchema,
} from './gestion-certificados.ts'

test('a program has ended from the day after its last day, in Chile', () => {
  expect(programaTerminado('2026-11-24', '2026-11-25')).toBe(true)
  expect(programaTerminado('2026-11-25', '2026-11-25')).toBe(false)
  expect(programaTerminado('2026-12-01', '2026-11-25')).toBe(false)
  expect(programaTerminado(null, '2026-11-25')).toBe(false)
})

test('the refusals say the dates in words', () => {
  expect(mensajeProgramaNoTerminado('2027-01-29')).toBe(
    'El programa de esta solicitud termina el 29 de enero de 2027: el certificado se emite una vez terminado.',
  )
  expect(mensajeYaRevocado('2026-11-25')).toBe(
    'Este certificado ya fue revocado el 25 de noviembre de 2026: no es posible revocarlo de nuevo.',
  )
})

test('a revocation needs a reason: trimmed, visible characters only, at most 500', () => {
  expect(v.parse(revocarCertificadoSchema, { motivo: '  Horas mal calculadas. ' })).toEqual({
    motivo: 'Horas mal calculadas.',
  })
  for (const motivo of ['', '   ', 'x'.repeat(501), undefined]) {
    const resultado = v.safeParse(revocarCertificadoSchema, { motivo })
    expect(resultado.success, String(motivo)).toBe(false)
    if (!resultado.success) expect(resultado.issues[0]?.message).toBe(MENSAJE_MOTIVO_REVOCACION)
  }
  expect(v.safeParse(revocarCertificadoSchema, { motivo: 'texto\u202Einvertido' }).success).toBe(false)
})

test('the server reads the list’s filters strictly; empty means all', () => {
  expect(v.parse(consultaCertificadosSchema, {})).toEqual({ programa: '', estado: '', pagina: 1 })
  expect(v.parse(consultaCertificadosSchema, { programa: ' DMIA ', estado: 'revocado', pagina: '3' })).toEqual({
    programa: 'DMIA',
    estado: 'revocado',
    pagina: 3,
  })
  for (const consulta of [{ estado: 'todos' }, { pagina: '0' }, { pagina: '-1' }, { pagina: '1.5' }, { pagina: 'x' }])
    expect(v.safeParse(consultaCertificadosSchema, consulta).success, JSON.stringify(consulta)).toBe(false)
})

test('the screen’s address falls back to all, page one, on what it does not know', () => {
  expect(v.parse(busquedaCertificadosSchema, { programa: 'DMIA', estado: 'emitido', pagina: '2' })).toEqual({
    programa: 'DMIA',
    estado: 'emitido',
    pagina: 2,
  })
  expect(v.parse(busquedaCertificadosSchema, { estado: 'otro', pagina: 'cero' })).toEqual({
    programa: undefined,
    estado: undefined,
    pagina: undefined,
  })
  expect(v.parse(busquedaCertificadosSchema, { pagina: 0 }).pagina).toBeUndefined()
})

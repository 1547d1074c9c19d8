// The one reading of a staff member's role: a known role gives its capabilities, reach and label;
// one this code does not know gives nothing (no capability, nobody in reach) and shows as stored.
import { expect, test } from 'vitest'
import { CAPACIDADES_DE_ROL, ETIQUETA_ROL, ROLES_PERSONAL } from '../../src/domain/personal.ts'
import { alcanceDeRol, capacidadesDe, etiquetaDeRol, personalPuede, rolDe } from './rol.ts'

test('a known role is read as itself, with its capabilities, reach and label', () => {
  for (const rol of ROLES_PERSONAL) {
    expect(rolDe({ rol })).toBe(rol)
    expect(capacidadesDe({ rol })).toEqual(CAPACIDADES_DE_ROL[rol])
    expect(etiquetaDeRol(rol)).toBe(ETIQUETA_ROL[rol])
  }
  expect(personalPuede({ rol: 'admin' }, 'personal.gestionar')).toBe(true)
  expect(personalPuede({ rol: 'asistente' }, 'personal.gestionar')).toBe(false)
  expect(alcanceDeRol({ rol: 'asistente' })).toBe('propios')
  expect(alcanceDeRol({ rol: 'coordinacion' })).toBe('todos')
})

test('a role this code does not know may do nothing and reaches nobody', () => {
  const retirado = { rol: 'retirado' }
  expect(rolDe(retirado)).toBeNull()
  expect(capacidadesDe(retirado)).toEqual([])
  expect(personalPuede(retirado, 'alumnos.ver')).toBe(false)
  expect(alcanceDeRol(retirado)).toBeNull()
  expect(etiquetaDeRol('retirado')).toBe('retirado')
})

import { expect, test } from 'vitest'
import { esRutaDeLaEscuela } from './area-escuela.ts'

test("the school's area is /admin and what is under it, nothing else", () => {
  expect(esRutaDeLaEscuela('/admin')).toBe(true)
  expect(esRutaDeLaEscuela('/admin/alumnos/alumno-estudiante')).toBe(true)
  expect(esRutaDeLaEscuela('/administracion')).toBe(false)
  expect(esRutaDeLaEscuela('/login')).toBe(false)
  expect(esRutaDeLaEscuela('/')).toBe(false)
})

import { describe, expect, test } from 'vitest'
import { asistenteDe, asistenteVisible } from './asistente.ts'

const deAlumno = { Name: 'Ana Pérez', Phone: '+56 2 2345 6789', Email: 'ana.perez@escuela.cl' }
const reciente = { Name: 'Luis Soto', Phone: '+56 9 8765 4321', Email: 'luis.soto@escuela.cl' }

describe('asistenteDe', () => {
  test('prefers the most recent enrolment owner', () => {
    expect(asistenteDe({ Owner: deAlumno }, { Owner: reciente })).toEqual(reciente)
  })

  test("falls back to the student's owner", () => {
    expect(asistenteDe({ Owner: deAlumno }, undefined)).toEqual(deAlumno)
    expect(asistenteDe({ Owner: deAlumno }, { Owner: null })).toEqual(deAlumno)
  })

  test('is null when there is none', () => {
    expect(asistenteDe({}, null)).toBeNull()
  })
})

describe('asistenteVisible', () => {
  test('visible for a real assistant', () => {
    expect(asistenteVisible(deAlumno, 'portal@escuela.cl')).toBe(true)
  })

  test("hidden when the assistant's e-mail is the portal's service account, whatever the case or spaces", () => {
    expect(asistenteVisible({ ...deAlumno, Email: 'portal@escuela.cl' }, 'portal@escuela.cl')).toBe(false)
    expect(asistenteVisible({ ...deAlumno, Email: ' Portal@Escuela.CL ' }, 'portal@escuela.cl')).toBe(false)
  })

  test('hidden with no assistant or no e-mail', () => {
    expect(asistenteVisible(null, 'portal@escuela.cl')).toBe(false)
    expect(asistenteVisible({ ...deAlumno, Email: '' }, 'portal@escuela.cl')).toBe(false)
  })
})

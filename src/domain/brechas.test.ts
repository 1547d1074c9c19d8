import * as v from 'valibot'
import { expect, test } from 'vitest'
import {
  avisoBrecha,
  brechaSchema,
  exigeAvisarAfectados,
  identificadores,
  MENSAJE_ALUMNOS_BRECHA,
  MENSAJE_FECHA_FUTURA,
} from './brechas.ts'
import { erroresPorCampo } from './errores-por-campo.ts'
import { completarCanales } from './notificaciones.ts'

const valida = {
  detectadaEl: '2026-11-20',
  descripcion: 'Se envió una planilla a un destinatario equivocado.',
  categorias: ['contacto'],
  medidas: 'Se pidió borrarla.',
  alumnos: 'a@b.cl',
}

test('the form: a date not after today, at least one category, students named or all of them', () => {
  const schema = brechaSchema('2026-11-28')
  expect(v.safeParse(schema, valida).success).toBe(true)
  expect(v.safeParse(schema, { ...valida, alumnos: '', todos: true }).success).toBe(true)
  const sinAlumnos = v.safeParse(schema, { ...valida, alumnos: ' \n ' })
  expect(sinAlumnos.success ? {} : erroresPorCampo(sinAlumnos.issues)).toEqual({ alumnos: MENSAJE_ALUMNOS_BRECHA })
  const futura = v.safeParse(schema, { ...valida, detectadaEl: '2026-11-29' })
  expect(futura.success ? {} : erroresPorCampo(futura.issues)).toEqual({ detectadaEl: MENSAJE_FECHA_FUTURA })
  expect(v.safeParse(schema, { ...valida, categorias: ['inventada'] }).success).toBe(false)
})

test('students typed one a line or separated by commas, blanks and repeats dropped', () => {
  expect(identificadores(' a@b.cl\n\n12.345.678-5, a@b.cl;c@d.cl ')).toEqual(['a@b.cl', '12.345.678-5', 'c@d.cl'])
})

test('health or financial data must be told to the people affected (art. 14 sexies)', () => {
  expect(exigeAvisarAfectados(['contacto'])).toBe(false)
  expect(exigeAvisarAfectados(['documentos'])).toBe(true)
  expect(exigeAvisarAfectados(['pagos'])).toBe(true)
  expect(
    avisoBrecha({ detectadaEl: '2026-11-20', categorias: ['contacto'], medidas: 'Nada.', correo: 'p@e.cl' }),
  ).toMatchObject({
    titulo: 'Incidente de seguridad con sus datos',
    cuerpo: expect.stringContaining('El 20-11-2026'),
  })
})

test('a security incident reaches the app and the e-mail whatever the preferences; push stays the student’s', () => {
  const canales = completarCanales({ 'incidente-seguridad': { app: false, push: false, correo: false } })
  expect(canales['incidente-seguridad']).toEqual({ app: true, push: false, correo: true })
})

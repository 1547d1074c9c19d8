import * as v from 'valibot'
import { expect, test } from 'vitest'
import {
  cambiarRolSchema,
  estadoCuentaPersonal,
  invitarPersonalSchema,
  MENSAJE_NOMBRE_PERSONAL,
  MENSAJE_ROL_PERSONAL,
} from './gestion-personal.ts'

test('an account is disabled whatever else, else pending until its invitation sets a password', () => {
  expect(estadoCuentaPersonal({ activo: false, conContrasena: true })).toBe('desactivado')
  expect(estadoCuentaPersonal({ activo: false, conContrasena: false })).toBe('desactivado')
  expect(estadoCuentaPersonal({ activo: true, conContrasena: false })).toBe('invitacion-pendiente')
  expect(estadoCuentaPersonal({ activo: true, conContrasena: true })).toBe('activo')
})

test('an invitation is trimmed, its e-mail lower-cased, and only an assistant’s role keeps an assistant', () => {
  expect(
    v.parse(invitarPersonalSchema, {
      nombre: '  Ana Pérez ',
      email: 'Ana.Perez@Escuela.CL',
      rol: 'coordinacion',
      asistenteId: 'asistente-herrera',
    }),
  ).toEqual({ nombre: 'Ana Pérez', email: 'ana.perez@escuela.cl', rol: 'coordinacion', asistenteId: null })
  expect(v.parse(cambiarRolSchema, { rol: 'asistente', asistenteId: 'asistente-herrera' })).toEqual({
    rol: 'asistente',
    asistenteId: 'asistente-herrera',
  })
  expect(v.parse(cambiarRolSchema, { rol: 'asistente' })).toEqual({ rol: 'asistente', asistenteId: null })
})

test('a name with invisible characters, a missing name and an unknown role are refused in Spanish', () => {
  const sinNombre = v.safeParse(invitarPersonalSchema, { nombre: '', email: 'a@b.cl', rol: 'jefe' })
  expect(sinNombre.issues?.map((i) => i.message)).toEqual([MENSAJE_NOMBRE_PERSONAL, MENSAJE_ROL_PERSONAL])
  expect(v.safeParse(invitarPersonalSchema, { nombre: 'Ana\u202ePérez', email: 'a@b.cl', rol: 'admin' }).success).toBe(
    false,
  )
})

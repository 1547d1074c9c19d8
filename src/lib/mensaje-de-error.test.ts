import { expect, test } from 'vitest'
import { MENSAJE_ERROR_INTERNO } from '../domain/errores-api.ts'
import { ApiError, ErrorDeRed } from './api-error.ts'
import { mensajeDeError } from './mensaje-de-error.ts'

test('no reply is told in the one wording of no connection, the same as the error carries', () => {
  expect(mensajeDeError(new ErrorDeRed())).toBe('No hay conexión con el servidor. Revise su red e intente nuevamente.')
  expect(new ErrorDeRed().message).toBe(mensajeDeError(new ErrorDeRed()))
})

test("a refusal is told in the server's words; a server error or anything else is the internal-error alert", () => {
  expect(mensajeDeError(new ApiError(409, 'El correo ya está registrado.', {}))).toBe('El correo ya está registrado.')
  expect(mensajeDeError(new ApiError(500, 'detalle interno', {}))).toBe(MENSAJE_ERROR_INTERNO)
  expect(mensajeDeError(new Error('x'))).toBe(MENSAJE_ERROR_INTERNO)
})

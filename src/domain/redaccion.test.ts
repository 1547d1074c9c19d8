import { expect, test } from 'vitest'
import { problemasDeRedaccion } from './redaccion.ts'
import { cantidad, segunCantidad } from './textos.ts'

test('a count agrees with its words', () => {
  expect(cantidad(1, 'documento rechazado', 'documentos rechazados')).toBe('1 documento rechazado')
  expect(cantidad(0, 'documento rechazado', 'documentos rechazados')).toBe('0 documentos rechazados')
  expect(cantidad(1250, 'fila', 'filas')).toBe('1.250 filas')
  expect(`${segunCantidad(1, 'Respondió', 'Respondieron')} 1`).toBe('Respondió 1')
})

test('the reported faults are found: plurals after one, a plural verb, «Si» as an answer, missing accents', () => {
  expect(problemasDeRedaccion('1 documento rechazados.')).toHaveLength(1)
  expect(problemasDeRedaccion('1 escribieron una respuesta.')).toHaveLength(1)
  expect(problemasDeRedaccion('Respondieron 1 de 8 solicitudes (13 %).')).toHaveLength(1)
  expect(problemasDeRedaccion('1 de 1 subidos')).toHaveLength(1)
  expect(problemasDeRedaccion('Si')).toHaveLength(1)
  expect(problemasDeRedaccion('Pagada: Si / No')).toHaveLength(1)
  expect(problemasDeRedaccion('Cada columna puede ser Si/No.')).toHaveLength(1)
  expect(problemasDeRedaccion('estado: en revision')).toEqual(['«revision»: lleva tilde («revisión»)'])
  expect(problemasDeRedaccion('Codigo de verificacion')).toHaveLength(2)
  expect(problemasDeRedaccion('Pagina 2 de 3')).toEqual(['«Pagina»: se escribe «página»'])
})

test('right texts pass: singulars, other numbers, a conditional «Si», accents in place', () => {
  for (const bien of [
    '1 documento rechazado, 2 en revisión.',
    '1 acción registrada.',
    '21 documentos',
    '$1.250.000 aprobados',
    'Cuota 1 de 4',
    'Hay 1 cambio sin enviar. Si sale ahora se perderá. ¿Desea salir de todos modos?',
    'Respondió 1 de 8 solicitudes.',
    'Sí',
    'Sin cambios',
    'Página 1 de 2',
    'Hace 1 mes',
    'Subidos: 1 de 3',
    '1 alumno para «16.789.432-1».',
    'Código de verificación',
    'Las acciones del personal',
  ])
    expect(problemasDeRedaccion(bien), bien).toEqual([])
})

test('each line is read apart, and the words of a file’s name or an address are not prose', () => {
  expect(problemasDeRedaccion('Parte: 1\nPartes de la importación: 1')).toEqual([])
  expect(problemasDeRedaccion('Archivo: inscripciones-version-final.csv')).toEqual([])
  expect(problemasDeRedaccion('Correo: revision@demo.cl')).toEqual([])
  expect(problemasDeRedaccion('Indique en «fechaEmision» la fecha.')).toEqual([])
  expect(problemasDeRedaccion('La Emision quedó pendiente.')).toHaveLength(1)
  expect(problemasDeRedaccion('1 documento\n1 documentos')).toHaveLength(1)
  expect(problemasDeRedaccion('Quedó en revision.')).toHaveLength(1)
})

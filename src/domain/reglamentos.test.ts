import { expect, test } from 'vitest'
import {
  bloqueoReglamento,
  MENSAJE_REGLAMENTO_SIN_ENCUESTA,
  MENSAJE_REGLAMENTO_SIN_RUT,
  mensajeErrorFirma,
  reglamentoDe,
  requiereReglamento,
  textoReglamento,
} from './reglamentos.ts'

test('groups 1 and 5 and every non-derived program accept regulations', () => {
  expect(requiereReglamento('1', 'Derivada')).toBe(true)
  expect(requiereReglamento('5', 'Primaria')).toBe(true)
  expect(requiereReglamento('85', 'Magíster')).toBe(true)
  expect(requiereReglamento('86', 'Estadía Clínica')).toBe(true)
  expect(requiereReglamento('86', 'Derivada')).toBe(false)
})

test('acceptance is blocked without an identity document, and for groups 1 and 5 until the survey is sent', () => {
  const lista = { codGrupo: '1', encuesta: 'enviada', tieneDocumentoIdentidad: true } as const
  expect(bloqueoReglamento(lista)).toBeNull()
  expect(bloqueoReglamento({ ...lista, tieneDocumentoIdentidad: false })).toBe(MENSAJE_REGLAMENTO_SIN_RUT)
  expect(bloqueoReglamento({ ...lista, encuesta: 'pendiente' })).toBe(MENSAJE_REGLAMENTO_SIN_ENCUESTA)
  expect(bloqueoReglamento({ ...lista, codGrupo: '5', encuesta: 'pendiente' })).toBe(MENSAJE_REGLAMENTO_SIN_ENCUESTA)
  // The identity document is asked for first.
  expect(bloqueoReglamento({ ...lista, encuesta: 'pendiente', tieneDocumentoIdentidad: false })).toBe(
    MENSAJE_REGLAMENTO_SIN_RUT,
  )
  expect(bloqueoReglamento({ codGrupo: '85', encuesta: 'no-aplica', tieneDocumentoIdentidad: true })).toBeNull()
})

test('each program type has its regulations, the general articles first, numbered in the signed text', () => {
  const magister = reglamentoDe('Magíster')
  expect(magister.titulo).toBe('Reglamento de Programas de Magíster')
  expect(magister.articulos[0]?.titulo).toBe('Ámbito')
  expect(magister.articulos.some((a) => a.titulo === 'Permanencia')).toBe(true)
  expect(reglamentoDe('Primaria').titulo).toBe('Reglamento del Programa')
  const texto = textoReglamento(magister)
  expect(texto.split('\n')[0]).toBe(magister.titulo)
  expect(texto).toContain(`Artículo ${magister.articulos.length}. Tesis o actividad formativa equivalente.`)
})

test("the two signature failures, with and without the server's reason", () => {
  expect(mensajeErrorFirma('no fue posible generar el documento firmado')).toBe(
    'Error en la firma: no fue posible generar el documento firmado, contacte a su Asistente',
  )
  expect(mensajeErrorFirma('El reglamento de esta solicitud ya fue aceptado.')).toBe(
    'Error en la firma: El reglamento de esta solicitud ya fue aceptado, contacte a su Asistente',
  )
  expect(mensajeErrorFirma()).toBe('Error al crear la firma, contacte a su asistente')
})

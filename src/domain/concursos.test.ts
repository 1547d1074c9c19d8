import { describe, expect, test } from 'vitest'
import {
  documentosDeConcurso,
  estadoConcurso,
  estadoPostulacionEnPalabras,
  MENSAJE_DERECHO_YA_PAGADO,
  motivoFueraDePlazo,
  motivoNoPagable,
  periodoEnPalabras,
} from './concursos.ts'
import { fechaEnChile, sumarDias } from './fechas.ts'

const marzo = { postulacionDesde: '2026-03-01', postulacionHasta: '2026-03-31' }

describe('application period', () => {
  test('a contest is open from the first day to the last one, both included', () => {
    expect(estadoConcurso(marzo, '2026-02-28')).toBe('proximo')
    expect(estadoConcurso(marzo, '2026-03-01')).toBe('abierto')
    expect(estadoConcurso(marzo, '2026-03-15')).toBe('abierto')
    expect(estadoConcurso(marzo, '2026-03-31')).toBe('abierto')
    expect(estadoConcurso(marzo, '2026-04-01')).toBe('cerrado')
  })

  test("the day is Chile's, not the server's: late on the last day in Santiago it is already the next day in UTC", () => {
    // 31 March 2026, 22:30 in Santiago (UTC-3) is 1 April 01:30 UTC: still open.
    const tarde = new Date('2026-04-01T01:30:00Z')
    expect(fechaEnChile(tarde)).toBe('2026-03-31')
    expect(estadoConcurso(marzo, fechaEnChile(tarde))).toBe('abierto')
    // In the southern winter Santiago is UTC-4.
    expect(fechaEnChile(new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30')
    expect(fechaEnChile(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01')
  })

  test('calendar days move across months and years', () => {
    expect(sumarDias('2026-03-31', 1)).toBe('2026-04-01')
    expect(sumarDias('2026-01-01', -1)).toBe('2025-12-31')
    expect(sumarDias('2028-02-28', 1)).toBe('2028-02-29')
    expect(sumarDias('2026-03-15', 0)).toBe('2026-03-15')
  })

  test('the period reads as dd-mm-aaaa dates', () => {
    expect(periodoEnPalabras(marzo)).toBe('Del 01-03-2026 al 31-03-2026')
  })
})

describe('the fee can be paid only within the period and only once', () => {
  test('within the period and unpaid: payable', () => {
    expect(motivoNoPagable(marzo, null, '2026-03-01')).toBeNull()
    expect(motivoNoPagable(marzo, null, '2026-03-31')).toBeNull()
  })

  test('before it opens, after it closes, or already paid: refused with the reason', () => {
    expect(motivoNoPagable(marzo, null, '2026-02-28')).toBe(
      'La postulación a este concurso abre el 01-03-2026: el derecho de postulación podrá pagarse desde ese día.',
    )
    expect(motivoNoPagable(marzo, null, '2026-04-01')).toBe(
      'El período de postulación de este concurso terminó el 31-03-2026: ya no es posible pagar el derecho de postulación.',
    )
    expect(motivoNoPagable(marzo, '2026-03-02T12:00:00.000Z', '2026-03-10')).toBe(MENSAJE_DERECHO_YA_PAGADO)
    expect(motivoFueraDePlazo(marzo, '2026-03-10')).toBeNull()
  })
})

test("a contest's documents come from the document types, in their order, unknown codes left out", () => {
  expect(documentosDeConcurso(['51', '40', '99']).map((d) => [d.codDocumento, d.documento])).toEqual([
    ['40', 'Certificado de Especialista'],
    ['51', 'Cartas de Recomendación'],
  ])
})

describe("an application's state in words", () => {
  const base = {
    documentosSubidos: 0,
    documentosRechazados: 0,
    documentosRequeridos: 3,
    estadoConcurso: 'abierto' as const,
  }

  test('unpaid: pending while open, not completed once closed', () => {
    expect(estadoPostulacionEnPalabras({ ...base, pagadaEn: null })).toBe(
      'Pendiente de pago del derecho de postulación',
    )
    expect(estadoPostulacionEnPalabras({ ...base, pagadaEn: null, estadoConcurso: 'cerrado' })).toBe(
      'No completada: el período de postulación terminó sin el pago del derecho de postulación',
    )
  })

  test('paid: the documents still missing, then complete', () => {
    const pagada = { ...base, pagadaEn: '2026-03-02T12:00:00.000Z' }
    expect(estadoPostulacionEnPalabras(pagada)).toBe(
      'Derecho de postulación pagado; faltan 3 documentos de 3 por subir',
    )
    expect(estadoPostulacionEnPalabras({ ...pagada, documentosSubidos: 2 })).toBe(
      'Derecho de postulación pagado; falta 1 documento de 3 por subir',
    )
    expect(estadoPostulacionEnPalabras({ ...pagada, documentosSubidos: 3 })).toBe(
      'Completa: en revisión por la comisión del concurso',
    )
    expect(estadoPostulacionEnPalabras({ ...pagada, documentosSubidos: 1, estadoConcurso: 'cerrado' })).toBe(
      'Incompleta: el período de postulación terminó con 2 documentos sin subir',
    )
  })

  test('a document the school rejected is not delivered until it is replaced', () => {
    const pagada = { ...base, pagadaEn: '2026-03-02T12:00:00.000Z', documentosSubidos: 3 }
    expect(estadoPostulacionEnPalabras({ ...pagada, documentosRechazados: 1 })).toBe(
      'Derecho de postulación pagado; 1 documento rechazado por reemplazar',
    )
    expect(estadoPostulacionEnPalabras({ ...pagada, documentosSubidos: 2, documentosRechazados: 2 })).toBe(
      'Derecho de postulación pagado; falta 1 documento de 3 por subir y 2 documentos rechazados por reemplazar',
    )
    expect(estadoPostulacionEnPalabras({ ...pagada, documentosRechazados: 1, estadoConcurso: 'cerrado' })).toBe(
      'Incompleta: el período de postulación terminó con 1 documento rechazado',
    )
    expect(
      estadoPostulacionEnPalabras({
        ...pagada,
        documentosSubidos: 1,
        documentosRechazados: 1,
        estadoConcurso: 'cerrado',
      }),
    ).toBe('Incompleta: el período de postulación terminó con 2 documentos sin subir y 1 documento rechazado')
    // Replaced (the new file waits for review): complete again.
    expect(estadoPostulacionEnPalabras({ ...pagada, documentosRechazados: 0 })).toBe(
      'Completa: en revisión por la comisión del concurso',
    )
  })
})

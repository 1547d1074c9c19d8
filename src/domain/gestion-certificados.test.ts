import * as v from 'valibot'
import { expect, test } from 'vitest'
import { busquedaCertificadosSchema } from './busqueda-certificados.ts'
import {
  consultaCertificadosSchema,
  emitirCertificadoSchema,
  faltantesConfirmados,
  faltantesEnPalabras,
  faltantesParaCertificado,
  mensajeFaltantesSinConfirmar,
  preguntaEmitirConFaltantes,
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

test('what an enrolment still lacks before its certificate, in words: installments, regulations, documents, survey', () => {
  const faltantes = faltantesParaCertificado({
    cuotas: [{ estado: 'pagada' }, { estado: 'vencida' }, { estado: 'pendiente' }, { estado: 'pendiente' }],
    reglamento: 'pendiente',
    encuesta: 'pendiente',
    documentos: [
      { archivo: null },
      { archivo: { revision: 'rechazado' } },
      { archivo: { revision: 'en-revision' } },
      { archivo: { revision: 'aprobado' } },
      { archivo: {} },
    ],
  })
  expect(faltantes).toEqual({
    cuotasVencidas: 1,
    cuotasPorVencer: 2,
    reglamentoSinFirmar: true,
    documentosPendientes: 2,
    documentosEnRevision: 2,
    encuestaSinEnviar: true,
  })
  const palabras = faltantesEnPalabras(faltantes)
  expect(palabras).toEqual([
    '1 cuota vencida',
    '2 cuotas por vencer',
    'reglamento sin firmar',
    '2 documentos pendientes',
    '2 documentos en revisión',
    'encuesta sin enviar',
  ])
  expect(
    preguntaEmitirConFaltantes([
      '1 cuota vencida',
      'reglamento sin firmar',
      '2 documentos pendientes',
      'encuesta sin enviar',
    ]),
  ).toBe(
    'Esta inscripción aún tiene: 1 cuota vencida, reglamento sin firmar, 2 documentos pendientes, encuesta sin enviar. ¿Emitir de todos modos?',
  )
  expect(mensajeFaltantesSinConfirmar(['1 documento en revisión'])).toBe(
    'Esta inscripción aún tiene: 1 documento en revisión. Para emitir su certificado de todos modos, confirme la emisión.',
  )
})

test('an enrolment with everything done, or with nothing asked, lacks nothing', () => {
  for (const situacion of [
    {
      cuotas: [{ estado: 'pagada' as const }],
      reglamento: 'firmado' as const,
      encuesta: 'enviada' as const,
      documentos: [{ archivo: { revision: 'aprobado' as const } }],
    },
    { cuotas: [], reglamento: 'no-aplica' as const, encuesta: 'no-aplica' as const, documentos: [] },
  ])
    expect(faltantesEnPalabras(faltantesParaCertificado(situacion))).toEqual([])
})

test('issuing anyway needs every thing lacking now among those confirmed', () => {
  expect(faltantesConfirmados([], [])).toBe(true)
  expect(faltantesConfirmados(['encuesta sin enviar'], [])).toBe(false)
  expect(faltantesConfirmados(['encuesta sin enviar'], ['1 cuota vencida', 'encuesta sin enviar'])).toBe(true)
  // The list changed since the confirmation: a second installment fell due.
  expect(faltantesConfirmados(['2 cuotas vencidas'], ['1 cuota vencida'])).toBe(false)
  expect(v.parse(emitirCertificadoSchema, {})).toEqual({ confirmarFaltantes: [] })
  expect(v.safeParse(emitirCertificadoSchema, { confirmarFaltantes: 'encuesta sin enviar' }).success).toBe(false)
  expect(v.safeParse(emitirCertificadoSchema, { confirmarFaltantes: Array(11).fill('x') }).success).toBe(false)
})

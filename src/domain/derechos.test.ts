import * as v from 'valibot'
import { expect, test } from 'vitest'
import {
  AGENCIA,
  correoRespuestaEnPalabras,
  descargaPermitida,
  diasRestantes,
  esDiaHabil,
  loQueSeSuprime,
  MENSAJE_CONFIRMAR_SUPRESION,
  MENSAJE_DESCRIBA_DATO,
  MENSAJE_FUNDAMENTOS,
  MENSAJE_PRORROGA_BLOQUEO,
  MENSAJE_PRORROGA_UNA_VEZ,
  MENSAJE_SOLICITUD_CERRADA,
  plazoLegal,
  prorrogar,
  respuestaDerechoSchema,
  solicitudDerechoSchema,
  sumarDiasHabiles,
  textoRechazo,
} from './derechos.ts'
import { domingoDePascua, FERIADOS_CHILE } from './feriados-chile.ts'

test('a blocking request on the Friday before San Pedro y San Pablo is due on Wednesday', () => {
  // Friday 26 June 2026; Monday 29 June is a holiday: Tuesday 30 is the first business day.
  expect(esDiaHabil('2026-06-29')).toBe(false)
  expect(plazoLegal('bloqueo', '2026-06-26')).toBe('2026-07-01')
})

test('a blocking request on the Thursday before Easter skips Good Friday and the weekend', () => {
  expect(plazoLegal('bloqueo', '2026-04-02')).toBe('2026-04-07')
})

test('every other request is due 30 calendar days after it was received, weekends and holidays included', () => {
  expect(plazoLegal('acceso', '2026-12-01')).toBe('2026-12-31')
  expect(plazoLegal('supresion', '2026-06-26')).toBe('2026-07-26')
})

test('the deadline is extended once by 30 calendar days, never twice, never for blocking, never once answered', () => {
  const abierta = { derecho: 'acceso' as const, plazo: '2026-12-31', prorrogada: false, estado: 'recibida' as const }
  expect(prorrogar(abierta)).toEqual({ plazo: '2027-01-30' })
  expect(prorrogar({ ...abierta, prorrogada: true })).toEqual({ error: MENSAJE_PRORROGA_UNA_VEZ })
  expect(prorrogar({ ...abierta, derecho: 'bloqueo' })).toEqual({ error: MENSAJE_PRORROGA_BLOQUEO })
  expect(prorrogar({ ...abierta, estado: 'respondida' })).toEqual({ error: MENSAJE_SOLICITUD_CERRADA })
})

test('days left are counted in Chile: 0 on the last day, negative once overdue', () => {
  // 02:00 UTC on 1 July is still 30 June in Chile (UTC-4).
  expect(diasRestantes('2026-07-01', new Date('2026-07-01T02:00:00Z'))).toBe(1)
  expect(diasRestantes('2026-07-01', new Date('2026-07-01T15:00:00Z'))).toBe(0)
  expect(diasRestantes('2026-07-01', new Date('2026-07-03T15:00:00Z'))).toBe(-2)
})

test('business days skip weekends and the listed holidays', () => {
  expect(sumarDiasHabiles('2026-09-17', 1)).toBe('2026-09-21')
  expect(sumarDiasHabiles('2026-12-24', 1)).toBe('2026-12-28')
})

test('Easter in the holiday list agrees with the computus for every year listed', () => {
  for (const anio of [2026, 2027, 2028]) {
    const pascua = new Date(`${domingoDePascua(anio)}T00:00:00Z`)
    const viernes = new Date(pascua.getTime() - 2 * 86_400_000).toISOString().slice(0, 10)
    expect(FERIADOS_CHILE[viernes]).toBe('Viernes Santo')
  }
})

test('a refusal gives its grounds and names the Agencia and the 30 business days, with the last day', () => {
  const texto = textoRechazo('Los pagos deben conservarse por ley.', '2026-12-04')
  expect(texto).toContain('Los pagos deben conservarse por ley.')
  expect(texto).toContain(AGENCIA)
  expect(texto).toContain('30 días hábiles')
  // 30 business days after Friday 4 December 2026 (8 and 25 December and 1 January are holidays).
  expect(texto).toContain('hasta el 20 de enero de 2027')
})

test('the first download of each quarter is free; after it, one every 30 days with a Spanish message', () => {
  const ahora = new Date('2026-12-10T15:00:00Z')
  expect(descargaPermitida([], ahora)).toEqual({ permitida: true })
  // One in the previous quarter does not count.
  expect(descargaPermitida(['2026-09-30T15:00:00Z'], ahora)).toEqual({ permitida: true })
  const limitada = descargaPermitida(['2026-12-01T15:00:00Z'], ahora)
  expect(limitada).toMatchObject({ permitida: false, desde: '2026-12-31' })
  if (!limitada.permitida) expect(limitada.mensaje).toContain('31 de diciembre de 2026')
  expect(descargaPermitida(['2026-12-01T15:00:00Z'], new Date('2026-12-31T15:00:00Z'))).toEqual({ permitida: true })
  // A new quarter frees it again at once.
  expect(descargaPermitida(['2026-12-20T15:00:00Z'], new Date('2027-01-01T15:00:00Z'))).toEqual({ permitida: true })
})

test('each form asks what its right needs', () => {
  const errores = (valor: unknown) => v.safeParse(solicitudDerechoSchema, valor).issues?.map((i) => i.message) ?? []
  expect(errores({ derecho: 'rectificacion', campo: 'nombres', valorCorrecto: 'Ana María' })).toEqual([])
  expect(errores({ derecho: 'rectificacion', campo: 'otro', valorCorrecto: 'Cardiología' })).toEqual([
    MENSAJE_DESCRIBA_DATO,
  ])
  expect(errores({ derecho: 'rectificacion', campo: 'rut', valorCorrecto: 'x' })).not.toEqual([])
  expect(errores({ derecho: 'supresion' })).toEqual([MENSAJE_CONFIRMAR_SUPRESION])
  expect(errores({ derecho: 'supresion', confirmaLoQueSeConserva: true })).toEqual([])
  expect(errores({ derecho: 'bloqueo', que: '   ' })).not.toEqual([])
  expect(errores({ derecho: 'oposicion', que: 'El envío de mis datos al CRM' })).toEqual([])
  expect(errores({ derecho: 'inventado' })).not.toEqual([])
})

test('a refusal needs its grounds; an approval may go without words', () => {
  expect(v.safeParse(respuestaDerechoSchema, { decision: 'aprobar' }).success).toBe(true)
  expect(v.safeParse(respuestaDerechoSchema, { decision: 'rechazar', texto: ' ' }).issues?.[0]?.message).toBe(
    MENSAJE_FUNDAMENTOS,
  )
})

test('suppression says, from the registry, that payments and issued documents stay and why', () => {
  const { seElimina, seConserva } = loQueSeSuprime()
  expect(seConserva.map((c) => c.id)).toEqual(expect.arrayContaining(['pagos', 'documentosEmitidos', 'auditoria']))
  expect(seElimina.map((c) => c.id)).toEqual(expect.arrayContaining(['contacto', 'documentos', 'encuesta']))
  expect(seConserva.every((c) => c.porque.length > 0)).toBe(true)
  expect([...seElimina, ...seConserva].some((c) => c.id === 'personal')).toBe(false)
})

test('the school reads where an answer sent by e-mail stands: sent, to be tried again with why, or given up', () => {
  const momento = (iso: string) => `«${iso}»`
  const base = { para: 'ana@correo.cl', error: null, enviadoEn: null }
  expect(correoRespuestaEnPalabras({ ...base, estado: 'pendiente', intentos: 0 }, momento)).toBe(
    'Por enviar por correo a ana@correo.cl.',
  )
  expect(
    correoRespuestaEnPalabras({ ...base, estado: 'pendiente', intentos: 1, error: 'Connection refused' }, momento),
  ).toBe(
    'Por enviar por correo a ana@correo.cl: 1 intento fallido (Connection refused); el portal lo intentará de nuevo.',
  )
  expect(correoRespuestaEnPalabras({ ...base, estado: 'fallido', intentos: 6, error: '421 Ocupado' }, momento)).toBe(
    'No se pudo enviar por correo a ana@correo.cl tras 6 intentos fallidos (421 Ocupado). Hágasela llegar por otro medio o vuelva a intentarlo.',
  )
  expect(
    correoRespuestaEnPalabras(
      { ...base, para: null, estado: 'enviado', intentos: 2, enviadoEn: '2026-12-02T13:00:00Z' },
      momento,
    ),
  ).toBe('Enviada por correo el «2026-12-02T13:00:00Z».')
})

import { expect, test } from 'vitest'
import * as v from 'valibot'
import {
  avisoCertificadoRevocado,
  avisoDocumentoEmitido,
  avisoEncuestaPendiente,
  avisoReglamentoPendiente,
  etiquetaRetiro,
  retiroPorRevocacion,
  TIPOS,
  avisoConcursoPorCerrar,
  avisoCuotaPorVencer,
  avisoDeCuota,
  concursoPorCerrar,
  enSilencio,
  finDelSilencio,
  momentoEnChile,
  preferenciasSchema,
  canalesPorDefecto,
  ultimoResumen,
  semanaDeRecordatorio,
} from './notificaciones.ts'

const SILENCIO = { desde: '22:00', hasta: '08:00' }

test('an installment is announced from 3 days before its due date, and as overdue from the day after', () => {
  const cuota = { vencimiento: '2026-12-10', pagada: false }
  expect(avisoDeCuota(cuota, '2026-12-06')).toBeNull()
  expect(avisoDeCuota(cuota, '2026-12-07')).toEqual({ tipo: 'cuota-por-vencer', ocasion: 'por-vencer@2026-12-10' })
  expect(avisoDeCuota(cuota, '2026-12-10')?.tipo).toBe('cuota-por-vencer')
  expect(avisoDeCuota(cuota, '2026-12-11')).toEqual({ tipo: 'cuota-vencida', ocasion: 'vencida@2026-12-10' })
  expect(avisoDeCuota({ ...cuota, pagada: true }, '2026-12-11')).toBeNull()
})

test('a due date across a month and a year still counts calendar days', () => {
  expect(avisoDeCuota({ vencimiento: '2027-01-02', pagada: false }, '2026-12-30')?.tipo).toBe('cuota-por-vencer')
  expect(avisoDeCuota({ vencimiento: '2027-01-02', pagada: false }, '2026-12-29')).toBeNull()
})

test('the survey reminder starts 3 days after the start and repeats weekly, one key per week', () => {
  expect(semanaDeRecordatorio('2026-03-02', '2026-03-04')).toBeNull()
  expect(semanaDeRecordatorio('2026-03-02', '2026-03-05')).toBe(0)
  expect(semanaDeRecordatorio('2026-03-02', '2026-03-11')).toBe(0)
  expect(semanaDeRecordatorio('2026-03-02', '2026-03-12')).toBe(1)
  expect(semanaDeRecordatorio('2026-03-02', '2026-04-30')).toBe(8)
})

test('a contest is closing within 3 days of its last day, that day included', () => {
  expect(concursoPorCerrar('2026-12-10', '2026-12-06')).toBe(false)
  expect(concursoPorCerrar('2026-12-10', '2026-12-07')).toBe(true)
  expect(concursoPorCerrar('2026-12-10', '2026-12-10')).toBe(true)
  expect(concursoPorCerrar('2026-12-10', '2026-12-11')).toBe(false)
})

test('quiet hours are read on Chile’s clock, summer (UTC-3) and winter (UTC-4)', () => {
  // 01:30 UTC is 22:30 in Chilean summer and 21:30 in winter.
  expect(enSilencio(new Date('2026-01-15T01:30:00Z'), SILENCIO)).toBe(true)
  expect(enSilencio(new Date('2026-07-15T01:30:00Z'), SILENCIO)).toBe(false)
  expect(enSilencio(new Date('2026-07-15T11:59:00Z'), SILENCIO)).toBe(true)
  expect(enSilencio(new Date('2026-07-15T12:00:00Z'), SILENCIO)).toBe(false)
  expect(enSilencio(new Date('2026-07-15T03:00:00Z'), { desde: '08:00', hasta: '08:00' })).toBe(false)
  expect(enSilencio(new Date('2026-07-15T15:00:00Z'), { desde: '13:00', hasta: '14:00' })).toBe(false)
  expect(enSilencio(new Date('2026-07-15T17:30:00Z'), { desde: '13:00', hasta: '14:00' })).toBe(true)
})

test('a push held by the quiet hours goes at 08:00 in Chile, the same night or the next morning', () => {
  expect(finDelSilencio(new Date('2026-01-15T02:00:00Z'), SILENCIO).toISOString()).toBe('2026-01-15T11:00:00.000Z')
  expect(finDelSilencio(new Date('2026-07-15T06:00:00Z'), SILENCIO).toISOString()).toBe('2026-07-15T12:00:00.000Z')
  const tarde = new Date('2026-07-15T16:00:00Z')
  expect(finDelSilencio(tarde, SILENCIO)).toBe(tarde)
})

test('Chile’s local time becomes the right moment on both sides of a change of offset', () => {
  expect(momentoEnChile('2026-01-15', '09:00').toISOString()).toBe('2026-01-15T12:00:00.000Z')
  expect(momentoEnChile('2026-07-15', '09:00').toISOString()).toBe('2026-07-15T13:00:00.000Z')
})

test('the daily digest gathers what was made before today’s hour, or before yesterday’s until then', () => {
  expect(ultimoResumen(new Date('2026-07-15T13:00:00Z'), '09:00').toISOString()).toBe('2026-07-15T13:00:00.000Z')
  expect(ultimoResumen(new Date('2026-07-15T12:59:00Z'), '09:00').toISOString()).toBe('2026-07-14T13:00:00.000Z')
  expect(ultimoResumen(new Date('2026-01-15T20:00:00Z'), '09:00').toISOString()).toBe('2026-01-15T12:00:00.000Z')
})

test('texts name the installment, the amount and the date as the school writes them', () => {
  const aviso = avisoCuotaPorVencer({ codigo: 'INS-26-40018', numero: 3, monto: 450_000, vencimiento: '2026-12-10' })
  expect(aviso).toEqual({
    titulo: 'Cuota por vencer',
    cuerpo: 'La cuota 3 de INS-26-40018, de $450.000, vence el 10-12-2026. Puede pagarla en línea.',
    ruta: '/pagos/INS-26-40018/3',
  })
  expect(
    avisoConcursoPorCerrar({
      concursoId: '9',
      especialidad: 'Anestesiología',
      hasta: '2026-12-10',
      faltaPago: true,
      faltanDocumentos: true,
    }).cuerpo,
  ).toBe(
    'La postulación al concurso de Anestesiología cierra el 10-12-2026 y aún le falta pagar el derecho de postulación y subir documentos.',
  )
})

test('preferences need every kind and channel and quiet hours written as hh:mm', () => {
  const valido = { canales: canalesPorDefecto(), silencio: SILENCIO }
  expect(v.safeParse(preferenciasSchema, valido).success).toBe(true)
  expect(v.safeParse(preferenciasSchema, { ...valido, silencio: { desde: '25:00', hasta: '08:00' } }).success).toBe(
    false,
  )
})

test('each notice opens the very thing it is about: the enrolment at its survey, regulations, certificate or receipt', () => {
  const datos = { codigo: 'INS-26-40018', programa: 'Diplomado en Cuidados Paliativos' }
  expect(avisoEncuestaPendiente(datos).ruta).toBe('/info/solicitudes?solicitud=INS-26-40018&abrir=encuesta')
  expect(avisoReglamentoPendiente(datos).ruta).toBe('/info/solicitudes?solicitud=INS-26-40018&abrir=reglamento')
  expect(
    avisoDocumentoEmitido({ codTipoDocumento: '35', programa: 'Curso ACLS', codigoInscripcion: 'INS-24-20388' }).ruta,
  ).toBe('/info/solicitudes?solicitud=INS-24-20388&abrir=certificado')
  expect(
    avisoDocumentoEmitido({ codTipoDocumento: '30', programa: 'Curso ACLS', codigoInscripcion: 'INS-24-20388' }),
  ).toEqual({
    titulo: 'Comprobante de pago disponible',
    cuerpo: 'El comprobante de pago del programa Curso ACLS ya está disponible. Descárguelo en Solicitudes.',
    ruta: '/info/solicitudes?solicitud=INS-24-20388&abrir=comprobante',
  })
})

test('a revoked certificate: the student is told when and why, at once by e-mail; its earlier notice reads as revoked', () => {
  const aviso = avisoCertificadoRevocado({
    programa: 'Curso ACLS',
    codigoInscripcion: 'INS-24-20388',
    codigo: 'ABC123',
    fecha: '2026-03-02',
    motivo: 'Se emitió antes del informe académico.',
  })
  expect(aviso).toEqual({
    titulo: 'Certificado revocado',
    cuerpo:
      'La escuela revocó el certificado de Curso ACLS (solicitud INS-24-20388, código ABC123) el 2 de marzo de 2026 por este motivo: «Se emitió antes del informe académico.». Ese certificado ya no es válido: el validador lo informa como revocado. Si tiene dudas, contacte a su Asistente Comercial.',
    ruta: '/info/solicitudes?solicitud=INS-24-20388',
  })
  expect(TIPOS['certificado-revocado'].correoInmediato).toBe(true)
  expect(retiroPorRevocacion({ fecha: '2026-03-02', motivo: 'Horas mal calculadas.' })).toBe(
    'La escuela lo revocó el 2 de marzo de 2026 por este motivo: «Horas mal calculadas.». Este certificado ya no es válido.',
  )
  expect(etiquetaRetiro('documento-emitido')).toBe('Revocado')
  expect(etiquetaRetiro('reglamento-pendiente')).toBe('Ya no aplica')
})

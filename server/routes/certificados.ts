// The public certificate validator.
import { Hono } from 'hono'
import { validarCertificadoSchema } from '../../src/domain/certificado.ts'
import { fechaLarga } from '../../src/domain/fechas.ts'
import type { EntornoApp } from '../contexto.ts'
import { contar, MENSAJE_LIMITE, respuestaLimite } from '../middleware/limites.ts'
import { cuerpoJson } from './validacion.ts'

export const MENSAJE_CERTIFICADO_NO_EMITIDO =
  'El código ingresado no corresponde a un certificado emitido por la escuela.'

const cuerpoValidacion = cuerpoJson(validarCertificadoSchema, (c, { status, mensaje, campos }) =>
  c.json({ status: 0, msg: mensaje, error: mensaje, campos }, status),
)

export const rutasCertificados = new Hono<EntornoApp>().post('/validar', cuerpoValidacion, async (c) => {
  const { db, config, clock } = c.var.deps
  const { codValidador } = c.req.valid('json')

  const limite = await contar(db, `validacion-ip:${c.var.ip}`, config.limites.validacionIp, clock())
  if (limite.excedido) return respuestaLimite(c, limite, { status: 0, msg: MENSAJE_LIMITE })

  // Codes are issued upper-case; a code typed in lower case still matches. Everything shown is what
  // the certificate recorded when it was issued, never the editable profile or the enrolment.
  const certificado = await db
    .selectFrom('documentos_emitidos')
    .select(['titular_nombre', 'programa', 'fecha_emision', 'cod_prospecto'])
    .where('codigo', '=', codValidador.toUpperCase())
    .where('revocado_en', 'is', null)
    .executeTakeFirst()
  if (!certificado) return c.json({ status: 0 as const, msg: MENSAJE_CERTIFICADO_NO_EMITIDO })

  const msgvalido = `Certificado válido: ${certificado.titular_nombre} aprobó el ${certificado.programa} el ${fechaLarga(certificado.fecha_emision)}.`
  return c.json({
    status: 1 as const,
    data: { codProspecto: certificado.cod_prospecto, msgvalido },
    msg: 'Certificado válido',
  })
})

// The school's program certificates, mounted at /api/admin/certificados (capability
// certificados.gestionar): the enrolments whose program ended with their certificate's state and
// what each still lacks, issuing one, revoking one with a reason, and opening its PDF. Issuing
// for a whole program is the screen's loop over the single issue, one enrolment at a time, so it
// keeps no state here. An enrolment that still lacks something (installments, regulations,
// documents, the survey) is issued only when the request confirms exactly what it lacks; a
// revocation tells the student, with the reason.
import { Hono } from 'hono'
import { fechaEnChile } from '../../../src/domain/fechas.ts'
import {
  consultaCertificadosSchema,
  emitirCertificadoSchema,
  faltantesConfirmados,
  MENSAJE_CERTIFICADO_NO_ENCONTRADO,
  MENSAJE_CERTIFICADO_VIGENTE,
  MENSAJE_SIN_FECHA_TERMINO,
  MENSAJE_SOLICITUD_NO_ENCONTRADA,
  mensajeFaltantesSinConfirmar,
  mensajeProgramaNoTerminado,
  mensajeYaRevocado,
  programaTerminado,
  revocarCertificadoSchema,
} from '../../../src/domain/gestion-certificados.ts'
import type { EntornoApp } from '../../contexto.ts'
import type { Personal } from '../../db/schema.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { despacharAhora } from '../../notificaciones/programador.ts'
import {
  certificadoAlAlcance,
  certificadoVigente,
  emitirCertificado,
  enlacePdfCertificado,
  faltantesDeSolicitudes,
  listarCertificados,
  revocarCertificado,
  solicitudAlAlcance,
} from '../../papel/gestion-certificados.ts'
import { enviarArchivo } from '../../archivos/enviar.ts'
import { consultaValida, cuerpoJson } from '../../http/validacion.ts'
import { rechazoPorBloqueo } from '../../privacidad/bloqueo.ts'
import { rechazar } from '../../http/respuesta.ts'

const gestionar = requiereCapacidad('certificados.gestionar')

/** Who acts, from where and when: what the audit row records. */
function autor(c: { var: Pick<EntornoApp['Variables'], 'ip' | 'deps'> }, personal: Personal) {
  return { personal, ip: c.var.ip, ahora: c.var.deps.clock() }
}

export const rutasCertificadosAdmin = new Hono<EntornoApp>()
  .get('/', gestionar, consultaValida(consultaCertificadosSchema), async (c) => {
    const { db, clock } = c.var.deps
    const hoy = fechaEnChile(clock())
    return c.json(await listarCertificados(db, c.var.personal, hoy, c.req.valid('query')))
  })
  .post('/solicitudes/:codigo/emitir', gestionar, cuerpoJson(emitirCertificadoSchema), async (c) => {
    const deps = c.var.deps
    const quien = autor(c, c.var.personal)
    const solicitud = await solicitudAlAlcance(deps.db, c.var.personal, c.req.param('codigo'))
    if (!solicitud) return rechazar(c, 404, MENSAJE_SOLICITUD_NO_ENCONTRADA)
    const bloqueado = await rechazoPorBloqueo(deps.db, solicitud.alumno_id)
    if (bloqueado) return rechazar(c, 423, bloqueado)
    const hoy = fechaEnChile(quien.ahora)
    if (solicitud.fecha_termino === null) return rechazar(c, 409, MENSAJE_SIN_FECHA_TERMINO)
    if (!programaTerminado(solicitud.fecha_termino, hoy))
      return rechazar(c, 409, mensajeProgramaNoTerminado(solicitud.fecha_termino))
    // Checked first so a certificate that exists is refused without signing a new PDF; two
    // requests that both pass here still make one certificate (see emitirCertificado).
    if (await certificadoVigente(deps.db, solicitud.codigo_inscripcion))
      return rechazar(c, 409, MENSAJE_CERTIFICADO_VIGENTE)
    // What it lacks is read now; the confirmation must cover all of it (what the screen showed may
    // have changed since: a second installment fallen due, a document rejected meanwhile).
    const faltantes =
      (await faltantesDeSolicitudes(deps.db, [solicitud.codigo_inscripcion], hoy)).get(solicitud.codigo_inscripcion) ??
      []
    if (!faltantesConfirmados(faltantes, c.req.valid('json').confirmarFaltantes))
      return c.json({ error: mensajeFaltantesSinConfirmar(faltantes), faltantes }, 409)
    const emitido = await emitirCertificado(deps, quien, solicitud, hoy, faltantes)
    if (!emitido.nuevo) return rechazar(c, 409, MENSAJE_CERTIFICADO_VIGENTE)
    return c.json(
      {
        certificado: {
          codigo: emitido.codigo,
          codigoInscripcion: solicitud.codigo_inscripcion,
          fechaEmision: hoy,
          enlace: enlacePdfCertificado(emitido.codigo),
        },
      },
      201,
    )
  })
  .post('/:codigo/revocar', gestionar, cuerpoJson(revocarCertificadoSchema), async (c) => {
    const { db } = c.var.deps
    const certificado = await certificadoAlAlcance(db, c.var.personal, c.req.param('codigo'))
    if (!certificado) return rechazar(c, 404, MENSAJE_CERTIFICADO_NO_ENCONTRADO)
    const bloqueado = await rechazoPorBloqueo(db, certificado.alumno_id)
    if (bloqueado) return rechazar(c, 423, bloqueado)
    const resultado = await revocarCertificado(db, autor(c, c.var.personal), certificado, c.req.valid('json').motivo)
    if (!resultado.revocado) return rechazar(c, 409, mensajeYaRevocado(resultado.revocadoEn))
    // The student's notice of it goes at once, not at the scheduler's next run.
    despacharAhora(c.var.deps)
    return c.json({
      certificado: { codigo: resultado.codigo, revocadoEn: resultado.revocadoEn, motivo: resultado.motivo },
    })
  })
  // The signed PDF as the student received it; a revoked one too, so the school can see what it
  // revoked.
  .get('/:codigo/pdf', gestionar, async (c) => {
    const certificado = await certificadoAlAlcance(c.var.deps.db, c.var.personal, c.req.param('codigo'))
    if (!certificado?.blob_clave || !certificado.nombre_archivo || certificado.tamanno === null)
      return rechazar(c, 404, MENSAJE_CERTIFICADO_NO_ENCONTRADO)
    return enviarArchivo(
      c,
      {
        nombre_original: certificado.nombre_archivo,
        content_type: 'application/pdf',
        tamanno: certificado.tamanno,
        blob_clave: certificado.blob_clave,
      },
      'un certificado',
    )
  })

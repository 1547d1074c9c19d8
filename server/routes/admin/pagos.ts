// Payments from the school's side, mounted at /api/admin/pagos: every payment of the students in
// reach (capability pagos.ver; an assistant reaches only their own students), one payment with
// its gateway data and its receipt, the reconciliation of a range of days (sales and refunds, the
// net per method) and its spreadsheet, and
// recording a payment made in person (pagos.registrar). Downloads and the recording are in the
// audit trail. Refunds live in their own module (reembolsos.ts).
import { Hono } from 'hono'
import { rechazar } from '../../http/respuesta.ts'
import {
  consultaConciliacionSchema,
  consultaPagosSchema,
  MENSAJE_COMPROBANTE_NO_DISPONIBLE,
  MENSAJE_SIN_COMPROBANTE,
} from '../../../src/domain/busqueda-pagos.ts'
import { MENSAJE_CUOTA_NO_ENCONTRADA, MENSAJE_PAGO_NO_ENCONTRADO } from '../../../src/domain/pagos.ts'
import { pagoPresencialSchema } from '../../../src/domain/pago-presencial.ts'
import type { EntornoApp } from '../../contexto.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { comprobanteDe } from '../../pagos/flujo.ts'
import {
  conciliacion,
  detallePago,
  listarPagos,
  nombrePlanillaConciliacion,
  pagoAlAlcance,
  planillaConciliacion,
} from '../../pagos/gestion.ts'
import { registrarPagoPresencial } from '../../pagos/presencial.ts'
import { auditar } from '../../personal/auditoria.ts'
import { comprobanteEmitido } from '../../papel/emitidos.ts'
import { enviarArchivo } from '../../archivos/enviar.ts'
import { contentDisposition } from '../../archivos/nombre.ts'
import { dependenciasPago } from '../../pagos/dependencias.ts'
import { consultaValida, cuerpoJson } from '../../http/validacion.ts'
import { documentosDePago } from '../../tributario/documentos.ts'
import { despacharDocumentos } from '../../tributario/programador.ts'
import { TIPO_XLSX } from '../../planilla.ts'

const ver = requiereCapacidad('pagos.ver')
const registrar = requiereCapacidad('pagos.registrar')

export const rutasPagosAdmin = new Hono<EntornoApp>()
  .get('/', ver, consultaValida(consultaPagosSchema), async (c) => {
    return c.json(await listarPagos(c.var.deps.db, c.var.personal, c.req.valid('query')))
  })
  .get('/conciliacion', ver, consultaValida(consultaConciliacionSchema), async (c) => {
    return c.json(await conciliacion(c.var.deps.db, c.var.personal, c.req.valid('query')))
  })
  .get('/conciliacion/planilla', ver, consultaValida(consultaConciliacionSchema), async (c) => {
    const { db, clock } = c.var.deps
    const consulta = c.req.valid('query')
    const personal = c.var.personal
    const { contenido, total } = await planillaConciliacion(db, personal, consulta)
    // Recorded before the file leaves: a download the trail cannot record is not sent.
    await auditar(
      db,
      { personal, ip: c.var.ip, ahora: clock() },
      {
        accion: 'pagos.exportar-conciliacion',
        entidad: 'pagos',
        despues: {
          desde: consulta.desde,
          hasta: consulta.hasta,
          pagos: total.pagos.cantidad,
          reembolsos: total.reembolsos.cantidad,
          monto: total.neto,
        },
      },
    )
    c.header('Content-Type', TIPO_XLSX)
    c.header('Content-Length', String(contenido.length))
    c.header('Content-Disposition', contentDisposition(nombrePlanillaConciliacion(consulta)))
    c.header('Cache-Control', 'private, no-store')
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(new Uint8Array(contenido))
  })
  .post('/cuotas/:codigo/:numero/presencial', registrar, cuerpoJson(pagoPresencialSchema), async (c) => {
    const numero = c.req.param('numero')
    if (!/^[1-9]\d{0,2}$/.test(numero)) return rechazar(c, 404, MENSAJE_CUOTA_NO_ENCONTRADA)
    const deps = dependenciasPago(c.var.deps)
    const resultado = await registrarPagoPresencial(
      deps,
      { personal: c.var.personal, ip: c.var.ip, ahora: deps.clock() },
      c.req.param('codigo'),
      Number(numero),
      c.req.valid('json'),
    )
    if (!resultado.ok) return rechazar(c, resultado.status, resultado.error)
    // Its tax document was queued with it: issued now in the background.
    despacharDocumentos(c.var.deps)
    return c.json(
      { pago: { id: resultado.pago.id, monto: resultado.pago.monto, descripcion: resultado.pago.descripcion } },
      201,
    )
  })
  .get('/:id', ver, async (c) => {
    const pago = await detallePago(c.var.deps.db, c.var.personal, c.req.param('id'))
    if (!pago) return rechazar(c, 404, MENSAJE_PAGO_NO_ENCONTRADO)
    // Its tax documents, with the provider's message of one in error.
    return c.json({ pago: { ...pago, documentosTributarios: await documentosDePago(c.var.deps.db, pago.id, true) } })
  })
  // The signed receipt, as the student received it; issued now if it was not yet (as the
  // student's outcome page does).
  .get('/:id/comprobante', ver, async (c) => {
    const deps = dependenciasPago(c.var.deps)
    const personal = c.var.personal
    const pago = await pagoAlAlcance(deps.db, personal, c.req.param('id'))
    if (!pago) return rechazar(c, 404, MENSAJE_PAGO_NO_ENCONTRADO)
    if (pago.estado !== 'aprobado') return rechazar(c, 404, MENSAJE_SIN_COMPROBANTE)
    if (!(await comprobanteDe(deps, pago))) return rechazar(c, 503, MENSAJE_COMPROBANTE_NO_DISPONIBLE)
    const emitido = await comprobanteEmitido(deps.db, pago.id)
    if (!emitido) return rechazar(c, 404, MENSAJE_SIN_COMPROBANTE)
    await auditar(
      deps.db,
      { personal, ip: c.var.ip, ahora: deps.clock() },
      {
        accion: 'pago.descargar-comprobante',
        entidad: 'pago',
        entidadId: pago.id,
        alumnoId: pago.alumno_id,
        despues: { comprobante: emitido.codigo },
      },
    )
    return enviarArchivo(c, emitido, 'un comprobante de pago')
  })

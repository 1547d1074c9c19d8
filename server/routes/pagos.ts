// Payments, mounted at /api/pagos: an enrolment's installments (getPagosTB), creating a payment
// and its gateway transaction (createPagoTB), a payment's outcome, and the return endpoint the
// gateway sends the browser back to. The student comes from the session, except on the return,
// which is matched by the gateway's token and buy order (the gateway's POST comes from another
// site, without our SameSite=Lax cookie) and answers with a 303 to the app's outcome page, where
// the browser's GET carries the session again.
import type { Context } from 'hono'
import { Hono } from 'hono'
import {
  crearPagoSchema,
  MENSAJE_INSCRIPCION_SIN_PAGOS,
  MENSAJE_PAGO_NO_ENCONTRADO,
  pagoEnCurso,
  type EstadoPago,
} from '../../src/domain/pagos.ts'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import type { Dependencias, EntornoApp } from '../contexto.ts'
import { declarar } from '../middleware/declaracion.ts'
import type { Pago } from '../db/schema.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { cuotasDeSolicitudes } from '../pagos/cuotas-de-solicitud.ts'
import {
  clasificarRetorno,
  comprobanteDe,
  crearPago,
  procesarRetorno,
  reconciliar,
  rutaResultado,
  type DependenciasPago,
} from '../pagos/flujo.ts'
import { cuerpoJson } from './validacion.ts'
import { documentosDePago } from '../tributario/documentos.ts'
import { despacharDocumentos } from '../tributario/programador.ts'

/** Where the gateway sends the browser back, under /api. */
export const RUTA_RETORNO = '/api/pagos/retorno'

export function dependenciasPago(deps: Dependencias): DependenciasPago {
  return {
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    pasarela: deps.pasarela,
    urlRetorno: `${deps.config.publicUrl}${RUTA_RETORNO}`,
    papel: { blobs: deps.blobs, firma: deps.firma, urlPublica: deps.config.publicUrl },
    limiteCreacion: deps.config.limites.pagosAlumno,
  }
}

/** The fields the gateway sent: a posted form's, or the query's on a GET. */
async function camposDelRetorno(c: Context<EntornoApp>): Promise<Record<string, string>> {
  const campos: Record<string, string> = {}
  const desde = (origen: Record<string, unknown>) => {
    for (const [k, valor] of Object.entries(origen)) if (typeof valor === 'string') campos[k] = valor
  }
  desde(c.req.query())
  if (c.req.method === 'POST') {
    const tipo = (c.req.header('content-type') ?? '').toLowerCase()
    if (tipo.startsWith('application/x-www-form-urlencoded') || tipo.startsWith('multipart/form-data'))
      desde(await c.req.parseBody().catch(() => ({})))
  }
  return campos
}

/** A plain page for a return the portal cannot place: there is no payment of the student's to show. */
function paginaRetornoDesconocido(titulo: string, texto: string): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${titulo} — Portal del Estudiante</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 16px;line-height:1.5">
<h1>${titulo}</h1><p>${texto}</p><p><a href="/home">Volver al inicio del portal</a></p></body></html>`
}

async function retorno(c: Context<EntornoApp>) {
  const r = clasificarRetorno(await camposDelRetorno(c))
  if (!r)
    return c.html(
      paginaRetornoDesconocido(
        'Respuesta de pago no reconocida',
        'La pasarela de pago no envió los datos esperados. Si realizó un pago, revise la lista de pagos de su solicitud.',
      ),
      400,
    )
  const pago = await procesarRetorno(dependenciasPago(c.var.deps), r)
  // An approval just queued its tax document: issued now in the background, not awaited.
  if (pago?.estado === 'aprobado') despacharDocumentos(c.var.deps)
  if (!pago)
    return c.html(
      paginaRetornoDesconocido(
        'Pago no encontrado',
        'No encontramos el pago al que corresponde esta respuesta de la pasarela. No se registró ningún pago.',
      ),
      404,
    )
  // A GET page: the browser follows it with the student's cookie, and a reload repeats only it.
  return c.redirect(rutaResultado(pago), 303)
}

function resultadoJson(p: Pago, comprobante: string | null) {
  return {
    id: p.id,
    estado: p.estado as EstadoPago,
    concepto: p.concepto,
    referencia: p.referencia,
    descripcion: p.descripcion,
    monto: p.monto,
    codigoInscripcion: p.codigo_inscripcion,
    rutaVolver: p.ruta_volver,
    ordenCompra: p.orden_compra,
    detalle: p.detalle,
    codigoAutorizacion: p.codigo_autorizacion,
    ultimosDigitos: p.ultimos_digitos,
    tipoPago: p.tipo_pago,
    numeroCuotas: p.numero_cuotas,
    fechaTransaccion: p.fecha_transaccion,
    creadoEn: p.creado_en,
    resueltoEn: p.resuelto_en,
    /** The signed receipt's download link, once approved. */
    comprobante,
  }
}

export const rutasPagos = new Hono<EntornoApp>()
  // The gateway's return: no session needed (nor read). The gateway's page posts the browser here
  // from its own site, so it can carry no header of ours. It needs none: it acts on no session (the
  // payment is found by the gateway's token and buy order, which only the gateway and the payer's
  // browser hold) and only settles what the gateway itself confirms.
  .get('/retorno', retorno)
  .post('/retorno', declarar({ xsrf: false }), retorno)
  .get('/cuotas/:codigo', requiereAlumno, async (c) => {
    const { db, clock } = c.var.deps
    const alumno = c.var.alumno
    const solicitud = await db
      .selectFrom('solicitudes')
      .select(['codigo_inscripcion', 'nombre_curso', 'habilita_tb'])
      .where('codigo_inscripcion', '=', c.req.param('codigo'))
      .where('alumno_id', '=', alumno.id)
      .executeTakeFirst()
    // Another student's enrolment, a missing one and one without online payment read the same.
    if (!solicitud || solicitud.habilita_tb !== 1) return c.json({ error: MENSAJE_INSCRIPCION_SIN_PAGOS }, 404)
    const hoy = fechaEnChile(clock())
    const cuotas = (await cuotasDeSolicitudes(db, [solicitud.codigo_inscripcion], hoy)).get(
      solicitud.codigo_inscripcion,
    )
    return c.json({
      status: 'ok' as const,
      data: {
        codigoInscripcion: solicitud.codigo_inscripcion,
        programa: solicitud.nombre_curso,
        hoy,
        cuotas: cuotas ?? [],
      },
    })
  })
  .post('/', requiereAlumno, cuerpoJson(crearPagoSchema), async (c) => {
    const { concepto, referencia } = c.req.valid('json')
    const creado = await crearPago(dependenciasPago(c.var.deps), c.var.alumno, concepto, referencia)
    if (!creado.ok) {
      if (creado.status === 429) c.header('Retry-After', String(creado.reintentarEnSeg))
      return c.json({ error: creado.error }, creado.status)
    }
    // The same payment again (its token still open at the gateway): 200; a new one: 201.
    return c.json({ url: creado.url, token: creado.token }, creado.nuevo ? 201 : 200)
  })
  .get('/:id/documentos-tributarios', requiereAlumno, async (c) => {
    const { db } = c.var.deps
    const pago = await db
      .selectFrom('pagos')
      .select('id')
      .where('id', '=', c.req.param('id'))
      .where('alumno_id', '=', c.var.alumno.id)
      .executeTakeFirst()
    if (!pago) return c.json({ error: MENSAJE_PAGO_NO_ENCONTRADO }, 404)
    return c.json({ status: 'ok' as const, data: await documentosDePago(db, pago.id, false) })
  })
  .get('/:id', requiereAlumno, async (c) => {
    const deps = dependenciasPago(c.var.deps)
    const alumno = c.var.alumno
    const buscar = () =>
      deps.db
        .selectFrom('pagos')
        .selectAll()
        .where('id', '=', c.req.param('id'))
        .where('alumno_id', '=', alumno.id)
        .executeTakeFirst()
    let pago = await buscar()
    if (!pago) return c.json({ error: MENSAJE_PAGO_NO_ENCONTRADO }, 404)
    if (pagoEnCurso(pago.estado as EstadoPago)) {
      await reconciliar(deps, pago)
      pago = (await buscar()) ?? pago
    }
    return c.json({ status: 'ok' as const, data: resultadoJson(pago, await comprobanteDe(deps, pago)) })
  })

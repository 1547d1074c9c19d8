// Payments, mounted at /api/pagos: an enrolment's installments (getPagosTB), creating a payment
// and its gateway transaction (createPagoTB), a payment's outcome, and the return endpoint the
// gateway sends the browser back to. The student comes from the session, except on the return,
// which is matched by the gateway's token and buy order (the gateway's POST comes from another
// site, without our SameSite=Lax cookie) and answers with a 303 to the app's outcome page, where
// the browser's GET carries the session again. The work is in pagos/ (alumno.ts, flujo.ts).
import type { Context } from 'hono'
import { Hono } from 'hono'
import { crearPagoSchema, MENSAJE_INSCRIPCION_SIN_PAGOS, MENSAJE_PAGO_NO_ENCONTRADO } from '../../src/domain/pagos.ts'
import type { EntornoApp } from '../contexto.ts'
import { rechazar } from '../http/respuesta.ts'
import { declarar } from '../middleware/declaracion.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { cuotasDeInscripcion, documentosTributariosDePago, recibirRetorno, resultadoDePago } from '../pagos/alumno.ts'
import { dependenciasPago } from '../pagos/dependencias.ts'
import { crearPago } from '../pagos/flujo.ts'
import { cuerpoJson } from '../http/validacion.ts'

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
  const r = await recibirRetorno(c.var.deps, await camposDelRetorno(c))
  if (r.tipo === 'no-reconocido')
    return c.html(
      paginaRetornoDesconocido(
        'Respuesta de pago no reconocida',
        'La pasarela de pago no envió los datos esperados. Si realizó un pago, revise la lista de pagos de su solicitud.',
      ),
      400,
    )
  if (r.tipo === 'no-encontrado')
    return c.html(
      paginaRetornoDesconocido(
        'Pago no encontrado',
        'No encontramos el pago al que corresponde esta respuesta de la pasarela. No se registró ningún pago.',
      ),
      404,
    )
  // A GET page: the browser follows it with the student's cookie, and a reload repeats only it.
  return c.redirect(r.ruta, 303)
}

export const rutasPagos = new Hono<EntornoApp>()
  // The gateway's return: no session needed (nor read). The gateway's page posts the browser here
  // from its own site, so it can carry no header of ours. It needs none: it acts on no session (the
  // payment is found by the gateway's token and buy order, which only the gateway and the payer's
  // browser hold) and only settles what the gateway itself confirms.
  .get('/retorno', retorno)
  .post('/retorno', declarar({ xsrf: false }), retorno)
  .get('/cuotas/:codigo', requiereAlumno, async (c) => {
    const data = await cuotasDeInscripcion(c.var.deps, c.var.alumno, c.req.param('codigo'))
    // Another student's enrolment, a missing one and one without online payment read the same.
    if (!data) return rechazar(c, 404, MENSAJE_INSCRIPCION_SIN_PAGOS)
    return c.json({ status: 'ok' as const, data })
  })
  .post('/', requiereAlumno, cuerpoJson(crearPagoSchema), async (c) => {
    const { concepto, referencia } = c.req.valid('json')
    const creado = await crearPago(dependenciasPago(c.var.deps), c.var.alumno, concepto, referencia)
    if (!creado.ok) {
      if (creado.status === 429) c.header('Retry-After', String(creado.reintentarEnSeg))
      return rechazar(c, creado.status, creado.error)
    }
    // The same payment again (its token still open at the gateway): 200; a new one: 201.
    return c.json({ url: creado.url, token: creado.token }, creado.nuevo ? 201 : 200)
  })
  .get('/:id/documentos-tributarios', requiereAlumno, async (c) => {
    const data = await documentosTributariosDePago(c.var.deps.db, c.var.alumno, c.req.param('id'))
    if (!data) return rechazar(c, 404, MENSAJE_PAGO_NO_ENCONTRADO)
    return c.json({ status: 'ok' as const, data })
  })
  .get('/:id', requiereAlumno, async (c) => {
    const data = await resultadoDePago(c.var.deps, c.var.alumno, c.req.param('id'))
    if (!data) return rechazar(c, 404, MENSAJE_PAGO_NO_ENCONTRADO)
    return c.json({ status: 'ok' as const, data })
  })

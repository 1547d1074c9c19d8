// The sandbox gateway: the portal plays Transbank itself, so the whole payment flow works on a
// laptop and in tests with no contract and no network. It speaks Webpay Plus's REST API (v1.2:
// create, commit, status, refund, with its own test credentials in the Tbk-Api-Key-Id and
// Tbk-Api-Key-Secret headers, Transbank's public integration ones) under RUTA_SANDBOX, so the
// portal reaches it through the same Webpay client as the real gateway (pasarela-webpay.ts), and
// Transbank's own SDK can talk to it too. It keeps its transactions in the database (table
// pasarela_sandbox), as the real gateway keeps them on its side, so any portal server can serve
// its pages and answer a commit. Its pages live under /sandbox/pasarela, outside /api, and say on
// every screen that they are a test gateway. Behaviour copied from Webpay's integration
// environment: the card 4051 8856 0044 6623 is approved, 5186 0595 5959 0568 is rejected, any
// other card lands on the error page; an unused token expires after 5 minutes; a second commit is
// refused; the browser goes back to the return URL with the same fields Webpay sends (token_ws;
// TBK_TOKEN, TBK_ORDEN_COMPRA, TBK_ID_SESION on cancel; only the last two on a timeout; all four
// from the error page). A refund of the whole amount on the day of the payment is a reversal
// (REVERSED), any other a nullification (NULLIFIED) of part of what remains; more than what
// remains is refused with 422.
import { randomBytes, randomInt } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import { formatearClp } from '../../src/domain/moneda.ts'
import type { EntornoApp } from '../contexto.ts'
import { limiteDeCampos } from '../middleware/limite-campos.ts'
import { limiteDeCuerpo } from '../middleware/limite-cuerpo.ts'
import type { PasarelaSandboxTable } from '../db/schema.ts'
import type { Selectable } from 'kysely'
import {
  LARGO_ID_SESION,
  LARGO_ORDEN_COMPRA,
  VIGENCIA_TOKEN_MS,
  type RespuestaReembolso,
  type RespuestaTransaccion,
} from './pasarela.ts'
import { RUTA_TRANSACCIONES_WEBPAY } from './pasarela-webpay.ts'
import { escaparHtml } from '../html.ts'

export const RUTA_SANDBOX = '/sandbox/pasarela'

/**
 * The sandbox's credentials: Transbank's published integration commerce code and API key for
 * Webpay Plus (the SDK's IntegrationCommerceCodes.WEBPAY_PLUS and IntegrationApiKeys.WEBPAY), so
 * code written against Transbank's integration environment works against the sandbox unchanged.
 */
export const CREDENCIALES_SANDBOX = {
  codigoComercio: '597055555532',
  apiKey: '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C',
} as const

/** Webpay's integration cards. */
export const TARJETA_APROBADA = '4051885600446623'
export const TARJETA_RECHAZADA = '5186059559590568'

/** A payment the payer finished must be committed within this time; later, it is reversed. */
export const PLAZO_CONFIRMACION_MS = 5 * 60_000

type Fila = Selectable<PasarelaSandboxTable>

const transcurrido = (desde: string, ahora: Date) => ahora.getTime() - Date.parse(desde)

/** Webpay's way of refusing: a status and `error_message`. */
const rechazo = (c: Context<EntornoApp>, status: 401 | 404 | 422, mensaje: string) =>
  c.json({ error_message: mensaje }, status)

/**
 * How long the sandbox takes to commit and to refund, as a real gateway takes hundreds of
 * milliseconds: set by tests that race two requests (config.pasarela.latenciaMs); none otherwise.
 */
async function latencia(c: Context<EntornoApp>): Promise<void> {
  const { pasarela } = c.var.deps.config
  const ms = pasarela.tipo === 'sandbox' ? (pasarela.latenciaMs ?? 0) : 0
  if (ms > 0) await new Promise((r) => setTimeout(r, ms))
}

async function leerJson(c: Context<EntornoApp>): Promise<Record<string, unknown> | null> {
  try {
    const cuerpo: unknown = await c.req.json()
    return cuerpo && typeof cuerpo === 'object' && !Array.isArray(cuerpo) ? (cuerpo as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/**
 * Webpay Plus REST, as the sandbox answers it: mounted at RUTA_SANDBOX + RUTA_TRANSACCIONES_WEBPAY
 * on the portal (for any HTTP client, Transbank's SDK included) and reached in process by the
 * portal's own Webpay client (app.ts).
 */
export const apiWebpaySandbox = new Hono<EntornoApp>()
  .use(async (c, next) => {
    if (
      c.req.header('tbk-api-key-id') !== CREDENCIALES_SANDBOX.codigoComercio ||
      c.req.header('tbk-api-key-secret') !== CREDENCIALES_SANDBOX.apiKey
    )
      return rechazo(c, 401, 'Not Authorized')
    await next()
  })
  .post('/', async (c) => {
    const { db, clock, config } = c.var.deps
    const cuerpo = await leerJson(c)
    if (!cuerpo) return rechazo(c, 422, 'Invalid request body')
    const { buy_order: ordenCompra, session_id: idSesion, amount: monto, return_url: urlRetorno } = cuerpo
    if (typeof ordenCompra !== 'string' || !ordenCompra || ordenCompra.length > LARGO_ORDEN_COMPRA)
      return rechazo(c, 422, 'Invalid value for parameter: buy_order')
    if (typeof idSesion !== 'string' || !idSesion || idSesion.length > LARGO_ID_SESION)
      return rechazo(c, 422, 'Invalid value for parameter: session_id')
    if (typeof monto !== 'number' || !Number.isInteger(monto) || monto <= 0)
      return rechazo(c, 422, 'Invalid value for parameter: amount')
    if (typeof urlRetorno !== 'string' || !/^https?:\/\//.test(urlRetorno))
      return rechazo(c, 422, 'Invalid value for parameter: return_url')
    const repetida = await db
      .selectFrom('pasarela_sandbox')
      .select('token')
      .where('orden_compra', '=', ordenCompra)
      .executeTakeFirst()
    if (repetida) return rechazo(c, 422, 'Invalid value for parameter: buy_order (repeated)')
    const token = randomBytes(32).toString('hex')
    await db
      .insertInto('pasarela_sandbox')
      .values({
        token,
        orden_compra: ordenCompra,
        id_sesion: idSesion,
        monto,
        url_retorno: urlRetorno,
        creada_en: clock().toISOString(),
        resultado_pagador: null,
        pagada_en: null,
        ultimos_digitos: null,
        numero_cuotas: null,
        codigo_autorizacion: null,
        confirmada_en: null,
        reembolsado: 0,
        tipo_reembolso: null,
      })
      .execute()
    return c.json({ token, url: `${config.publicUrl}${RUTA_SANDBOX}/pagar` })
  })
  .put('/:token', async (c) => {
    const { db, clock } = c.var.deps
    const token = c.req.param('token')
    await latencia(c)
    const t = await db.selectFrom('pasarela_sandbox').selectAll().where('token', '=', token).executeTakeFirst()
    if (!t) return rechazo(c, 404, 'Transaction not found')
    const ahora = clock()
    if (t.confirmada_en) return rechazo(c, 422, 'Transaction already locked')
    if (!t.resultado_pagador)
      return rechazo(
        c,
        422,
        transcurrido(t.creada_en, ahora) > VIGENCIA_TOKEN_MS
          ? 'Transaction token has expired'
          : 'Invalid status for transaction while authorizing',
      )
    if (t.resultado_pagador !== 'aprobada' && t.resultado_pagador !== 'rechazada')
      return rechazo(c, 422, 'Transaction was aborted by the card holder')
    if (t.pagada_en && transcurrido(t.pagada_en, ahora) > PLAZO_CONFIRMACION_MS)
      return rechazo(c, 422, 'Transaction has an invalid finished status')
    // One commit wins, even two at the same moment on two servers.
    const confirmada = await db
      .updateTable('pasarela_sandbox')
      .set({ confirmada_en: ahora.toISOString() })
      .where('token', '=', token)
      .where('confirmada_en', 'is', null)
      .executeTakeFirst()
    if (Number(confirmada.numUpdatedRows) !== 1) return rechazo(c, 422, 'Transaction already locked')
    return c.json(respuesta({ ...t, confirmada_en: ahora.toISOString() }, ahora))
  })
  .get('/:token', async (c) => {
    const { db, clock } = c.var.deps
    const t = await db
      .selectFrom('pasarela_sandbox')
      .selectAll()
      .where('token', '=', c.req.param('token'))
      .executeTakeFirst()
    if (!t) return rechazo(c, 404, 'Transaction not found')
    return c.json(respuesta(t, clock()))
  })
  .post('/:token/refunds', async (c) => {
    const { db, clock } = c.var.deps
    const token = c.req.param('token')
    const cuerpo = await leerJson(c)
    const monto = cuerpo?.amount
    if (typeof monto !== 'number' || !Number.isInteger(monto) || monto <= 0)
      return rechazo(c, 422, 'Invalid value for parameter: amount')
    await latencia(c)
    const t = await db.selectFrom('pasarela_sandbox').selectAll().where('token', '=', token).executeTakeFirst()
    if (!t) return rechazo(c, 404, 'Transaction not found')
    const ahora = clock()
    if (!t.confirmada_en || t.resultado_pagador !== 'aprobada' || !t.pagada_en)
      return rechazo(c, 422, 'Invalid status for transaction while nullifying')
    if (monto > t.monto - t.reembolsado) return rechazo(c, 422, 'Amount to nullify exceeds the balance')
    // The whole amount, untouched, on the day it was paid: the charge is reversed.
    const tipo: RespuestaReembolso['type'] =
      t.reembolsado === 0 && monto === t.monto && fechaEnChile(new Date(t.pagada_en)) === fechaEnChile(ahora)
        ? 'REVERSED'
        : 'NULLIFIED'
    // Applied once within what remains, even with two refunds at the same moment on two servers.
    const aplicado = await db
      .updateTable('pasarela_sandbox')
      .set((eb) => ({ reembolsado: eb('reembolsado', '+', monto), tipo_reembolso: tipo }))
      .where('token', '=', token)
      .where('reembolsado', '=', t.reembolsado)
      .executeTakeFirst()
    if (Number(aplicado.numUpdatedRows) !== 1) return rechazo(c, 422, 'Amount to nullify exceeds the balance')
    if (tipo === 'REVERSED') return c.json({ type: tipo } satisfies RespuestaReembolso)
    return c.json({
      type: tipo,
      authorization_code: String(randomInt(100_000, 1_000_000)),
      authorization_date: ahora.toISOString(),
      nullified_amount: monto,
      balance: t.monto - t.reembolsado - monto,
      response_code: 0,
    } satisfies RespuestaReembolso)
  })

/** What commit and status answer, as Webpay words it. */
function respuesta(t: Fila, ahora: Date): RespuestaTransaccion {
  const base = { amount: t.monto, buy_order: t.orden_compra, session_id: t.id_sesion }
  const terminada = t.resultado_pagador === 'aprobada' || t.resultado_pagador === 'rechazada'
  if (!terminada || !t.pagada_en) {
    const vigente = !t.resultado_pagador && transcurrido(t.creada_en, ahora) <= VIGENCIA_TOKEN_MS
    return vigente ? { ...base, status: 'INITIALIZED' } : { ...base, status: 'FAILED', response_code: -1 }
  }
  // Finished by the payer but never committed in time: the authorization is reversed.
  if (!t.confirmada_en && transcurrido(t.pagada_en, ahora) > PLAZO_CONFIRMACION_MS)
    return { ...base, status: 'FAILED', response_code: -1 }
  const aprobada = t.resultado_pagador === 'aprobada'
  const cuotas = t.numero_cuotas ?? 0
  const autorizada = t.confirmada_en ? (aprobada ? 'AUTHORIZED' : 'FAILED') : 'INITIALIZED'
  // Refunded: reversed or nullified when nothing remains, partially nullified otherwise.
  const status =
    t.reembolsado === 0
      ? autorizada
      : t.reembolsado < t.monto
        ? 'PARTIALLY_NULLIFIED'
        : t.tipo_reembolso === 'REVERSED'
          ? 'REVERSED'
          : 'NULLIFIED'
  return {
    ...base,
    vci: aprobada ? 'TSY' : 'TSN',
    status,
    card_detail: { card_number: t.ultimos_digitos ?? '' },
    accounting_date: fechaEnChile(new Date(t.pagada_en)).slice(5).replace('-', ''),
    transaction_date: t.pagada_en,
    authorization_code: t.codigo_autorizacion ?? '000000',
    payment_type_code: cuotas > 0 ? 'VC' : 'VN',
    response_code: aprobada ? 0 : -1,
    installments_number: cuotas,
    ...(t.reembolsado > 0 ? { balance: t.monto - t.reembolsado } : {}),
  }
}

// ---------------------------------------------------------------------------------------------
// The gateway's pages
// ---------------------------------------------------------------------------------------------

const ESTILO = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f1f7;color:#1d1b20;line-height:1.45}
.aviso{background:#7a2e00;color:#fff;padding:8px 16px;font-weight:600;text-align:center}
main{max-width:28rem;margin:0 auto;padding:16px}
h1{font-size:1.35rem;margin:8px 0 12px}
.caja{background:#fff;border:1px solid #cfc8d8;border-radius:10px;padding:16px;margin-bottom:16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin:12px 0 4px}
input,select{width:100%;font-size:1rem;padding:10px;border:1px solid #6f6878;border-radius:6px}
.fila{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button,.boton{display:block;width:100%;font-size:1rem;font-weight:600;padding:12px;border-radius:6px;border:0;margin-top:16px;cursor:pointer;text-align:center;text-decoration:none}
.primario{background:#3f1d6e;color:#fff}
.secundario{background:#fff;color:#3f1d6e;border:2px solid #3f1d6e}
.error{color:#8c1010;font-weight:600}
.ayuda{font-size:.9rem;color:#4a4452}
`

function pagina(titulo: string, cuerpo: string, { volverAutomatico = false } = {}): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escaparHtml(titulo)} — Pasarela de pruebas</title>
<style>${ESTILO}</style>
${volverAutomatico ? `<script src="${RUTA_SANDBOX}/volver.js" defer></script>` : ''}
</head>
<body>
<p class="aviso" role="note">Pasarela de pruebas: ningún cargo es real.</p>
<main>
${cuerpo}
</main>
</body>
</html>`
}

function resumen(t: Fila): string {
  return `<section class="caja" aria-labelledby="resumen-titulo">
<h2 id="resumen-titulo" style="font-size:1.05rem;margin:0 0 8px">Detalle de la compra</h2>
<dl>
<dt>Comercio</dt><dd>Portal del Estudiante</dd>
<dt>Orden de compra</dt><dd>${escaparHtml(t.orden_compra)}</dd>
<dt>Monto</dt><dd>${escaparHtml(formatearClp(t.monto))}</dd>
</dl>
</section>`
}

/** A form back to the portal with exactly these fields; sent at once by volver.js, or by its button. */
function formularioDeVuelta(t: Fila, metodo: 'post' | 'get', campos: Record<string, string>): string {
  const ocultos = Object.entries(campos)
    .map(([nombre, valor]) => `<input type="hidden" name="${escaparHtml(nombre)}" value="${escaparHtml(valor)}">`)
    .join('\n')
  return `<form id="volver" method="${metodo}" action="${escaparHtml(t.url_retorno)}">
${ocultos}
<button type="submit" class="primario">Volver al comercio</button>
</form>`
}

type Error = { campo: 'numero' | 'vencimiento' | 'cvv'; mensaje: string }

function formularioTarjeta(t: Fila, error?: Error): string {
  const invalido = (campo: Error['campo']) =>
    error?.campo === campo ? ` aria-invalid="true" aria-describedby="error-${campo}"` : ''
  const mensaje = (campo: Error['campo']) =>
    error?.campo === campo ? `<p class="error" id="error-${campo}">${escaparHtml(error.mensaje)}</p>` : ''
  const opcionesCuotas = [0, 2, 3, 4, 5, 6, 10, 12]
    .map((n) => `<option value="${n}">${n === 0 ? 'Sin cuotas' : `${n} cuotas`}</option>`)
    .join('')
  return pagina(
    'Pagar con tarjeta',
    `<h1>Pagar con tarjeta</h1>
${resumen(t)}
<form class="caja" method="post" action="${RUTA_SANDBOX}/autorizar" novalidate>
<input type="hidden" name="token_ws" value="${escaparHtml(t.token)}">
<label for="numero">Número de tarjeta</label>
<input id="numero" name="numero" inputmode="numeric" autocomplete="cc-number" required${invalido('numero')}>
${mensaje('numero')}
<div class="fila">
<div>
<label for="vencimiento">Vencimiento (MM/AA)</label>
<input id="vencimiento" name="vencimiento" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/AA" required${invalido('vencimiento')}>
${mensaje('vencimiento')}
</div>
<div>
<label for="cvv">CVV</label>
<input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required${invalido('cvv')}>
${mensaje('cvv')}
</div>
</div>
<label for="cuotas">Cuotas</label>
<select id="cuotas" name="cuotas">${opcionesCuotas}</select>
<p class="ayuda">Tarjetas de prueba: 4051 8856 0044 6623 (aprobada) y 5186 0595 5959 0568 (rechazada), con cualquier vencimiento futuro y CVV 123.</p>
<button type="submit" class="primario">Pagar ${escaparHtml(formatearClp(t.monto))}</button>
</form>
<form method="post" action="${RUTA_SANDBOX}/anular">
<input type="hidden" name="token_ws" value="${escaparHtml(t.token)}">
<button type="submit" class="secundario">Anular compra y volver al comercio</button>
</form>`,
  )
}

function paginaTiempoAgotado(t: Fila): string {
  return pagina(
    'Tiempo agotado',
    `<h1>Tiempo agotado</h1>
${resumen(t)}
<p>Se agotó el tiempo para pagar esta compra. No se realizó ningún cargo.</p>
${formularioDeVuelta(t, 'get', { TBK_ORDEN_COMPRA: t.orden_compra, TBK_ID_SESION: t.id_sesion })}`,
    { volverAutomatico: true },
  )
}

function paginaSinTransaccion(): string {
  return pagina(
    'Transacción no válida',
    `<h1>Transacción no válida</h1>
<p>Esta transacción no existe. Vuelva al portal e inicie el pago nuevamente.</p>`,
  )
}

function paginaYaProcesada(): string {
  return pagina(
    'Transacción ya procesada',
    `<h1>Transacción ya procesada</h1>
<p>Esta compra ya fue pagada o anulada en la pasarela. Vuelva al portal para ver su resultado.</p>`,
  )
}

/** token_ws from a posted form or from the query (the portal's form posts it; a link may carry it). */
async function leerCampos(c: Context<EntornoApp>): Promise<Record<string, string>> {
  const campos: Record<string, string> = { ...c.req.query() }
  if (c.req.method === 'POST') {
    const tipo = c.req.header('content-type') ?? ''
    if (tipo.startsWith('application/x-www-form-urlencoded') || tipo.startsWith('multipart/form-data')) {
      const cuerpo = await c.req.parseBody().catch(() => ({}))
      for (const [k, valor] of Object.entries(cuerpo)) if (typeof valor === 'string') campos[k] = valor
    }
  }
  return campos
}

async function transaccion(c: Context<EntornoApp>, token: string | undefined): Promise<Fila | undefined> {
  if (!token || !/^[0-9a-f]{64}$/.test(token)) return undefined
  return c.var.deps.db.selectFrom('pasarela_sandbox').selectAll().where('token', '=', token).executeTakeFirst()
}

/** Digits only: the payer may type spaces or dashes between groups. */
const soloDigitos = (texto: string | undefined) => (texto ?? '').replace(/[\s-]/g, '')

function errorDeTarjeta(campos: Record<string, string>, ahora: Date): Error | null {
  const numero = soloDigitos(campos.numero)
  if (!/^\d{13,19}$/.test(numero))
    return { campo: 'numero', mensaje: 'Ingrese el número de la tarjeta (13 a 19 dígitos).' }
  const venc = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec((campos.vencimiento ?? '').trim())
  if (!venc) return { campo: 'vencimiento', mensaje: 'Ingrese el vencimiento como MM/AA.' }
  const fin = new Date(Date.UTC(2000 + Number(venc[2]), Number(venc[1]), 1))
  if (fin <= ahora) return { campo: 'vencimiento', mensaje: 'La tarjeta está vencida.' }
  if (!/^\d{3,4}$/.test((campos.cvv ?? '').trim()))
    return { campo: 'cvv', mensaje: 'Ingrese el código de seguridad (3 o 4 dígitos).' }
  return null
}

/**
 * The sandbox's pages, mounted at RUTA_SANDBOX when the sandbox is the configured gateway. Their
 * forms are bounded like the API's before anything reads them.
 */
export const rutasPasarelaSandbox = new Hono<EntornoApp>()
  .use(limiteDeCuerpo)
  .use(limiteDeCampos)
  .route(RUTA_TRANSACCIONES_WEBPAY, apiWebpaySandbox)
  .get('/volver.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8')
    c.header('Cache-Control', 'no-cache')
    // The gateway takes the browser back by itself, as Webpay does; the button stays for a
    // browser without script.
    return c.body("document.getElementById('volver')?.submit()\n")
  })
  .on(['GET', 'POST'], '/pagar', async (c) => {
    c.header('Cache-Control', 'no-store')
    const t = await transaccion(c, (await leerCampos(c)).token_ws)
    if (!t) return c.html(paginaSinTransaccion(), 404)
    if (t.resultado_pagador) return c.html(paginaYaProcesada(), 409)
    if (transcurrido(t.creada_en, c.var.deps.clock()) > VIGENCIA_TOKEN_MS) return c.html(paginaTiempoAgotado(t))
    return c.html(formularioTarjeta(t))
  })
  .post('/autorizar', async (c) => {
    c.header('Cache-Control', 'no-store')
    const { db, clock } = c.var.deps
    const campos = await leerCampos(c)
    const t = await transaccion(c, campos.token_ws)
    if (!t) return c.html(paginaSinTransaccion(), 404)
    if (t.resultado_pagador) return c.html(paginaYaProcesada(), 409)
    const ahora = clock()
    if (transcurrido(t.creada_en, ahora) > VIGENCIA_TOKEN_MS) return c.html(paginaTiempoAgotado(t))
    const error = errorDeTarjeta(campos, ahora)
    if (error) return c.html(formularioTarjeta(t, error), 400)
    const numero = soloDigitos(campos.numero)
    const resultado = numero === TARJETA_APROBADA ? 'aprobada' : numero === TARJETA_RECHAZADA ? 'rechazada' : 'error'
    const cuotas = Number(campos.cuotas)
    // The payer acts once: a second submit (double click, another tab) finds the result set.
    const marcada = await db
      .updateTable('pasarela_sandbox')
      .set({
        resultado_pagador: resultado,
        pagada_en: ahora.toISOString(),
        ultimos_digitos: numero.slice(-4),
        numero_cuotas: Number.isInteger(cuotas) && cuotas >= 0 && cuotas <= 48 ? cuotas : 0,
        codigo_autorizacion: resultado === 'aprobada' ? String(randomInt(100_000, 1_000_000)) : null,
      })
      .where('token', '=', t.token)
      .where('resultado_pagador', 'is', null)
      .executeTakeFirst()
    if (Number(marcada.numUpdatedRows) !== 1) return c.html(paginaYaProcesada(), 409)
    if (resultado === 'error') {
      // Webpay's error page: its 'volver' sends every field, token_ws included.
      return c.html(
        pagina(
          'Tarjeta no válida',
          `<h1>Ocurrió un error con su tarjeta</h1>
${resumen(t)}
<p class="error">La tarjeta ingresada no está habilitada en la pasarela de pruebas. No se realizó ningún cargo.</p>
${formularioDeVuelta(t, 'post', { token_ws: t.token, TBK_TOKEN: t.token, TBK_ORDEN_COMPRA: t.orden_compra, TBK_ID_SESION: t.id_sesion })}`,
        ),
      )
    }
    return c.html(
      pagina(
        'Volviendo al comercio',
        `<h1>${resultado === 'aprobada' ? 'Transacción autorizada' : 'Transacción rechazada'}</h1>
${resumen(t)}
<p>Lo estamos llevando de vuelta al portal para terminar.</p>
${formularioDeVuelta(t, 'post', { token_ws: t.token })}`,
        { volverAutomatico: true },
      ),
    )
  })
  .post('/anular', async (c) => {
    c.header('Cache-Control', 'no-store')
    const t = await transaccion(c, (await leerCampos(c)).token_ws)
    if (!t) return c.html(paginaSinTransaccion(), 404)
    const marcada = await c.var.deps.db
      .updateTable('pasarela_sandbox')
      .set({ resultado_pagador: 'anulada', pagada_en: c.var.deps.clock().toISOString() })
      .where('token', '=', t.token)
      .where('resultado_pagador', 'is', null)
      .executeTakeFirst()
    if (Number(marcada.numUpdatedRows) !== 1) return c.html(paginaYaProcesada(), 409)
    return c.html(
      pagina(
        'Compra anulada',
        `<h1>Compra anulada</h1>
${resumen(t)}
<p>Anuló la compra. No se realizó ningún cargo.</p>
${formularioDeVuelta(t, 'post', { TBK_TOKEN: t.token, TBK_ORDEN_COMPRA: t.orden_compra, TBK_ID_SESION: t.id_sesion })}`,
        { volverAutomatico: true },
      ),
    )
  })

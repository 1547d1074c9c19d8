// Refunds by the school's staff, on SQLite and PostgreSQL, against the portal's sandbox gateway
// (reached through the Webpay client, as Transbank would be) taking 400 ms to refund as a real
// gateway takes hundreds: a payment refunded whole (REVERSED the same day) or in parts
// (NULLIFIED), never beyond what remains; the installment unpaid again once nothing remains; the
// student told; a signed receipt; the audit trail; a request sent twice or two at once applied
// once; the gateway's refusal and a lost reply; who may do what.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MENSAJE_SIN_PERMISO } from '../src/domain/personal.ts'
import { MENSAJE_PAGO_NO_ENCONTRADO } from '../src/domain/pagos.ts'
import {
  MENSAJE_FALTA_CLAVE_REEMBOLSO,
  MENSAJE_MONTO_REEMBOLSO,
  MENSAJE_MOTIVO_REEMBOLSO,
  MENSAJE_NADA_POR_REEMBOLSAR,
  MENSAJE_PAGO_NO_REEMBOLSABLE,
  MENSAJE_REEMBOLSO_EN_CURSO,
  MENSAJE_REEMBOLSO_SIN_RESPUESTA,
  mensajeMontoExcede,
  mensajeReembolsoRechazado,
  type ReembolsoVista,
} from '../src/domain/reembolsos.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'
import { ErrorPasarela } from './pagos/pasarela.ts'
import { RUTA_SANDBOX, TARJETA_APROBADA } from './pagos/pasarela-sandbox.ts'

const INSCRIPCION = 'INS-26-40018'
const LATENCIA_MS = 400

let servidor: ServidorDePrueba
let admin: ClienteDePrueba
let coordinacion: ClienteDePrueba
let asistente: ClienteDePrueba
let estudiante: ClienteDePrueba
/** The next refund's reply from the gateway is lost after the gateway applied it. */
let perderRespuesta = false
/** Installment numbers of this file, one per payment. */
let siguienteCuota = 301

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({
    throttle: 'off',
    config: { pasarela: { tipo: 'sandbox', latenciaMs: LATENCIA_MS } },
    pasarela: (configurada) => ({
      ...configurada,
      async reembolsar(token, monto) {
        const respuesta = await configurada.reembolsar(token, monto)
        if (perderRespuesta) {
          perderRespuesta = false
          throw new ErrorPasarela('Webpay no respondió: socket hang up', null)
        }
        return respuesta
      },
    }),
  })
  admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  coordinacion = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.coordinacion)
  asistente = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.herrera)
  estudiante = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
}, 60_000)
afterAll(() => servidor?.close())

/** An installment of this file's own, paid by the student through the sandbox: its payment's id. */
async function pagoAprobado(monto: number): Promise<{ id: string; numero: number; token: string }> {
  const numero = siguienteCuota++
  await consultarDb(
    servidor.dataDir,
    'insert into cuotas (codigo_inscripcion, numero, monto, vencimiento, pago_id) values (?, ?, ?, ?, null)',
    INSCRIPCION,
    numero,
    monto,
    '2027-03-05',
  )
  const creado = await estudiante.post('/api/pagos', { concepto: 'cuota', referencia: `${INSCRIPCION}/${numero}` })
  expect(creado.status).toBe(201)
  const { token } = (await creado.json()) as { token: string }
  const pagado = await fetch(`${servidor.url}${RUTA_SANDBOX}/autorizar`, {
    method: 'POST',
    body: new URLSearchParams({
      token_ws: token,
      numero: TARJETA_APROBADA,
      vencimiento: '12/39',
      cvv: '123',
      cuotas: '0',
    }),
  })
  expect(pagado.status).toBe(200)
  const vuelta = await fetch(`${servidor.url}/api/pagos/retorno`, {
    method: 'POST',
    body: new URLSearchParams({ token_ws: token }),
    redirect: 'manual',
  })
  expect(vuelta.status).toBe(303)
  const [pago] = await consultarDb<{ id: string; estado: string }>(
    servidor.dataDir,
    'select id, estado from pagos where token = ?',
    token,
  )
  expect(pago?.estado).toBe('aprobado')
  return { id: pago!.id, numero, token }
}

let claves = 0
const nuevaClave = () => `clave-reembolso-${Date.now()}-${claves++}`

function pedirReembolso(
  cliente: ClienteDePrueba,
  pagoId: string,
  cuerpo: unknown,
  clave: string | null = nuevaClave(),
): Promise<Response> {
  return cliente.post(`/api/admin/pagos/${pagoId}/reembolsos`, cuerpo, clave ? { 'Idempotency-Key': clave } : {})
}

async function reembolsoDe(res: Response): Promise<ReembolsoVista> {
  return ((await res.json()) as { reembolso: ReembolsoVista }).reembolso
}

async function estadoPago(id: string) {
  const [fila] = await consultarDb<{ estado: string }>(servidor.dataDir, 'select estado from pagos where id = ?', id)
  return fila?.estado
}

async function pagoDeCuota(numero: number) {
  const [fila] = await consultarDb<{ pago_id: string | null }>(
    servidor.dataDir,
    'select pago_id from cuotas where codigo_inscripcion = ? and numero = ?',
    INSCRIPCION,
    numero,
  )
  return fila?.pago_id
}

async function reembolsadoEnPasarela(token: string) {
  const [fila] = await consultarDb<{ reembolsado: number }>(
    servidor.dataDir,
    'select reembolsado from pasarela_sandbox where token = ?',
    token,
  )
  return Number(fila?.reembolsado)
}

test('a whole payment refunded the same day: REVERSED, the installment unpaid again and payable, the student told, a signed receipt, the audit trail; the same request again changes nothing', async () => {
  const pago = await pagoAprobado(150_000)
  const clave = nuevaClave()
  const cuerpo = { monto: 150_000, motivo: 'Retiro en la primera semana' }
  const res = await pedirReembolso(admin, pago.id, cuerpo, clave)
  expect(res.status, await res.clone().text()).toBe(201)
  const reembolso = await reembolsoDe(res)
  expect(reembolso).toMatchObject({
    pagoId: pago.id,
    monto: 150_000,
    motivo: 'Retiro en la primera semana',
    estado: 'aplicado',
    tipo: 'REVERSED',
    saldo: 0,
    personal: expect.any(String),
  })
  expect(reembolso.comprobante).toMatch(/^\/api\/documentos-emitidos\//)
  expect(await reembolsadoEnPasarela(pago.token)).toBe(150_000)
  expect(await estadoPago(pago.id)).toBe('reembolsado')
  expect(await pagoDeCuota(pago.numero)).toBeNull()

  // The student: told, the receipt theirs to download, the installment payable again.
  const avisos = await consultarDb<{ titulo: string; cuerpo: string }>(
    servidor.dataDir,
    "select titulo, cuerpo from notificaciones where alumno_id = 'alumno-estudiante' and tipo = 'pago-reembolsado' and ocasion = ?",
    reembolso.id,
  )
  expect(avisos).toHaveLength(1)
  expect(avisos[0]!.cuerpo).toContain('$150.000')
  const pdf = await estudiante.get(reembolso.comprobante!)
  expect(pdf.status).toBe(200)
  expect(pdf.headers.get('content-type')).toBe('application/pdf')
  expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
  const otraVez = await estudiante.post('/api/pagos', {
    concepto: 'cuota',
    referencia: `${INSCRIPCION}/${pago.numero}`,
  })
  expect(otraVez.status).toBe(201)

  const auditoria = await consultarDb<{ accion: string; despues: string }>(
    servidor.dataDir,
    "select accion, despues from auditoria where entidad = 'pago' and entidad_id = ?",
    pago.id,
  )
  expect(auditoria.map((a) => a.accion)).toEqual(['pago.reembolsar'])
  expect(JSON.parse(auditoria[0]!.despues)).toMatchObject({ monto: 150_000, tipo: 'REVERSED', estado: 'reembolsado' })

  // The same request again (a retry, a second click that got through): the same refund, once.
  const repetida = await pedirReembolso(admin, pago.id, cuerpo, clave)
  expect(repetida.status).toBe(201)
  expect(repetida.headers.get('Idempotency-Replayed')).toBe('true')
  expect((await reembolsoDe(repetida)).id).toBe(reembolso.id)
  expect(await reembolsadoEnPasarela(pago.token)).toBe(150_000)
  // Another request for it: nothing remains.
  const otra = await pedirReembolso(admin, pago.id, { monto: 1, motivo: 'Otra vez' })
  expect(otra.status).toBe(422)
  expect(await otra.json()).toEqual({ error: MENSAJE_NADA_POR_REEMBOLSAR })
})

test('a payment refunded in parts: NULLIFIED with what remains, never beyond it, the installment unpaid only once nothing remains; the list says what remains', async () => {
  const pago = await pagoAprobado(300_000)
  const primera = await pedirReembolso(admin, pago.id, { monto: 100_000, motivo: 'Descuento acordado' })
  expect(primera.status).toBe(201)
  expect(await reembolsoDe(primera)).toMatchObject({ estado: 'aplicado', tipo: 'NULLIFIED', saldo: 200_000 })
  expect(await estadoPago(pago.id)).toBe('aprobado')
  expect(await pagoDeCuota(pago.numero)).toBe(pago.id)

  const demasiado = await pedirReembolso(admin, pago.id, { monto: 200_001, motivo: 'Más de lo que queda' })
  expect(demasiado.status).toBe(422)
  expect(await demasiado.json()).toEqual({ error: mensajeMontoExcede(200_000) })

  const lista = await asistente.get(`/api/admin/pagos/${pago.id}/reembolsos`)
  expect(lista.status).toBe(200)
  const { reembolsos, reembolsable } = (await lista.json()) as { reembolsos: ReembolsoVista[]; reembolsable: number }
  expect(reembolsable).toBe(200_000)
  expect(reembolsos.map((r) => [r.monto, r.estado])).toEqual([[100_000, 'aplicado']])

  const resto = await pedirReembolso(admin, pago.id, { monto: 200_000, motivo: 'Retiro del programa' })
  expect(resto.status).toBe(201)
  expect(await reembolsoDe(resto)).toMatchObject({ tipo: 'NULLIFIED', saldo: 0 })
  expect(await estadoPago(pago.id)).toBe('reembolsado')
  expect(await pagoDeCuota(pago.numero)).toBeNull()
  expect(await reembolsadoEnPasarela(pago.token)).toBe(300_000)
  const despues = (await (await admin.get(`/api/admin/pagos/${pago.id}/reembolsos`)).json()) as {
    reembolsos: ReembolsoVista[]
    reembolsable: number
  }
  expect(despues.reembolsable).toBe(0)
  expect(despues.reembolsos).toHaveLength(2)
  expect(despues.reembolsos.every((r) => r.comprobante !== null)).toBe(true)
})

test('two refunds of the same payment at once (two tabs, two staff): one applied, the other refused while it is in course; the gateway refunds once', async () => {
  for (let ensayo = 0; ensayo < 4; ensayo++) {
    const pago = await pagoAprobado(80_000)
    const cuerpo = { monto: 80_000, motivo: 'Retiro' }
    const respuestas = await Promise.all([
      pedirReembolso(admin, pago.id, cuerpo),
      pedirReembolso(admin, pago.id, cuerpo),
    ])
    expect(respuestas.map((r) => r.status).sort()).toEqual([201, 409])
    const rechazada = respuestas.find((r) => r.status === 409)!
    expect(await rechazada.json()).toEqual({ error: MENSAJE_REEMBOLSO_EN_CURSO })
    expect(await reembolsadoEnPasarela(pago.token)).toBe(80_000)
    const filas = await consultarDb(servidor.dataDir, 'select id from reembolsos where pago_id = ?', pago.id)
    expect(filas).toHaveLength(1)
  }
}, 60_000)

test('the same request twice at once (a double click): applied once; the second is told it is in course, and its retry gets the first reply', async () => {
  const pago = await pagoAprobado(90_000)
  const clave = nuevaClave()
  const cuerpo = { monto: 40_000, motivo: 'Ajuste de arancel' }
  const respuestas = await Promise.all([
    pedirReembolso(admin, pago.id, cuerpo, clave),
    pedirReembolso(admin, pago.id, cuerpo, clave),
  ])
  expect(respuestas.map((r) => r.status).sort()).toEqual([201, 409])
  const aplicada = await reembolsoDe(respuestas.find((r) => r.status === 201)!)
  const reintento = await pedirReembolso(admin, pago.id, cuerpo, clave)
  expect(reintento.status).toBe(201)
  expect((await reembolsoDe(reintento)).id).toBe(aplicada.id)
  expect(await reembolsadoEnPasarela(pago.token)).toBe(40_000)
})

test("the gateway's refusal: nothing given back, the refusal kept and audited, the same request answered the same without asking the gateway again", async () => {
  const pago = await pagoAprobado(50_000)
  // Refunded at the gateway by other means (the commerce's own Transbank portal).
  await consultarDb(servidor.dataDir, 'update pasarela_sandbox set reembolsado = monto where token = ?', pago.token)
  const clave = nuevaClave()
  const cuerpo = { monto: 50_000, motivo: 'Retiro' }
  const res = await pedirReembolso(admin, pago.id, cuerpo, clave)
  expect(res.status).toBe(502)
  const esperado = mensajeReembolsoRechazado('Amount to nullify exceeds the balance')
  expect(await res.json()).toEqual({ error: esperado })
  expect(await estadoPago(pago.id)).toBe('aprobado')
  const [fila] = await consultarDb<{ estado: string; detalle: string }>(
    servidor.dataDir,
    'select estado, detalle from reembolsos where pago_id = ?',
    pago.id,
  )
  expect(fila).toEqual({ estado: 'rechazado', detalle: 'Amount to nullify exceeds the balance' })
  const auditoria = await consultarDb<{ accion: string }>(
    servidor.dataDir,
    "select accion from auditoria where entidad = 'pago' and entidad_id = ?",
    pago.id,
  )
  expect(auditoria.map((a) => a.accion)).toEqual(['pago.reembolso-rechazado'])
  const otraVez = await pedirReembolso(admin, pago.id, cuerpo, clave)
  expect(otraVez.status).toBe(502)
  expect(await otraVez.json()).toEqual({ error: esperado })
  expect(await consultarDb(servidor.dataDir, 'select id from reembolsos where pago_id = ?', pago.id)).toHaveLength(1)
})

test("a refund whose reply was lost is settled from the gateway's status on the next read: applied once, not sent again", async () => {
  const pago = await pagoAprobado(70_000)
  perderRespuesta = true
  const clave = nuevaClave()
  const cuerpo = { monto: 70_000, motivo: 'Retiro' }
  const res = await pedirReembolso(admin, pago.id, cuerpo, clave)
  expect(res.status).toBe(502)
  expect(await res.json()).toEqual({ error: MENSAJE_REEMBOLSO_SIN_RESPUESTA })
  expect(await reembolsadoEnPasarela(pago.token)).toBe(70_000)
  // The same confirmation sent again gets the refund the gateway applied, without a second one.
  const otraVez = await pedirReembolso(admin, pago.id, cuerpo, clave)
  expect(otraVez.status, await otraVez.clone().text()).toBe(200)
  expect(await reembolsoDe(otraVez)).toMatchObject({ monto: 70_000, estado: 'aplicado', saldo: 0 })
  expect(await reembolsadoEnPasarela(pago.token)).toBe(70_000)
  const lista = (await (await admin.get(`/api/admin/pagos/${pago.id}/reembolsos`)).json()) as {
    reembolsos: ReembolsoVista[]
    reembolsable: number
  }
  expect(lista.reembolsos.map((r) => [r.monto, r.estado, r.saldo])).toEqual([[70_000, 'aplicado', 0]])
  expect(lista.reembolsable).toBe(0)
  expect(await estadoPago(pago.id)).toBe('reembolsado')
  expect(await pagoDeCuota(pago.numero)).toBeNull()
  expect(await reembolsadoEnPasarela(pago.token)).toBe(70_000)
})

test('bad requests get a Spanish reason and change nothing', async () => {
  const pago = await pagoAprobado(60_000)
  for (const monto of [0, -5, 1.5, '100']) {
    const res = await pedirReembolso(admin, pago.id, { monto, motivo: 'Motivo' })
    expect(res.status, String(monto)).toBe(400)
    expect(((await res.json()) as { campos: Record<string, string> }).campos.monto).toBe(MENSAJE_MONTO_REEMBOLSO)
  }
  const sinMotivo = await pedirReembolso(admin, pago.id, { monto: 1000, motivo: '   ' })
  expect(sinMotivo.status).toBe(400)
  expect(((await sinMotivo.json()) as { campos: Record<string, string> }).campos.motivo).toBe(MENSAJE_MOTIVO_REEMBOLSO)
  const sinClave = await pedirReembolso(admin, pago.id, { monto: 1000, motivo: 'Motivo' }, null)
  expect(sinClave.status).toBe(400)
  expect(await sinClave.json()).toEqual({ error: MENSAJE_FALTA_CLAVE_REEMBOLSO })
  const desconocido = await pedirReembolso(admin, 'no-existe', { monto: 1000, motivo: 'Motivo' })
  expect(desconocido.status).toBe(404)
  expect(await desconocido.json()).toEqual({ error: MENSAJE_PAGO_NO_ENCONTRADO })
  // A payment not approved (still at the gateway) cannot be refunded.
  const numero = siguienteCuota++
  await consultarDb(
    servidor.dataDir,
    'insert into cuotas (codigo_inscripcion, numero, monto, vencimiento, pago_id) values (?, ?, ?, ?, null)',
    INSCRIPCION,
    numero,
    10_000,
    '2027-03-05',
  )
  await estudiante.post('/api/pagos', { concepto: 'cuota', referencia: `${INSCRIPCION}/${numero}` })
  const [pendiente] = await consultarDb<{ id: string }>(
    servidor.dataDir,
    "select id from pagos where referencia = ? and estado = 'pendiente'",
    `${INSCRIPCION}/${numero}`,
  )
  const noAprobado = await pedirReembolso(admin, pendiente!.id, { monto: 10_000, motivo: 'Motivo' })
  expect(noAprobado.status).toBe(422)
  expect(await noAprobado.json()).toEqual({ error: MENSAJE_PAGO_NO_REEMBOLSABLE })
  expect(
    await consultarDb(servidor.dataDir, 'select id from reembolsos where pago_id in (?, ?)', pago.id, pendiente!.id),
  ).toEqual([])
  expect(await reembolsadoEnPasarela(pago.token)).toBe(0)
})

test('only who may refund refunds: coordination and assistants read the refunds but may not make one', async () => {
  const pago = await pagoAprobado(20_000)
  for (const cliente of [coordinacion, asistente]) {
    const res = await pedirReembolso(cliente, pago.id, { monto: 20_000, motivo: 'Retiro' })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: MENSAJE_SIN_PERMISO })
    expect((await cliente.get(`/api/admin/pagos/${pago.id}/reembolsos`)).status).toBe(200)
  }
  expect((await estudiante.get(`/api/admin/pagos/${pago.id}/reembolsos`)).status).toBe(401)
  expect(await reembolsadoEnPasarela(pago.token)).toBe(0)
})

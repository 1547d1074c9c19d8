// A suppression's answer reaches the student only by e-mail, at the address they had. With the
// mail server down when the school answers, it is not lost: it waits on the request, the school
// sees why, the periodic run sends it once the server is back (once, with two servers running
// it at the same moment), and then the address and the text are gone from the row. Given up
// after the sixth try, the school may try again (audited). On SQLite and PostgreSQL.
import { createServer, type Server } from 'node:net'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ETIQUETAS_ACCION } from '../src/domain/palabras-auditoria.ts'
import { opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import type { Mensaje } from './correo.ts'
import { abrirBaseDeDatos } from './db/connection.ts'
import type { Database } from './db/schema.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'
import { ESPERAS_MS, MAX_INTENTOS } from './notificaciones/programador.ts'
import { enviarRespuestasPorCorreo } from './privacidad/respuesta-por-correo.ts'

/** A mail server that is down: it answers every connection, a real server's 300 ms later, with 421. */
function servidorDeCorreoCaido(): Promise<{ url: string; servidor: Server }> {
  const servidor = createServer((socket) => {
    socket.on('error', () => {})
    setTimeout(() => socket.end('421 4.3.2 Servicio no disponible\r\n'), 300)
  })
  return new Promise((resolve) =>
    servidor.listen(0, '127.0.0.1', () => {
      const { port } = servidor.address() as { port: number }
      resolve({ url: `smtp://127.0.0.1:${port}`, servidor })
    }),
  )
}

/** A working mail server's double: it takes 300 ms per message and keeps what it was given. */
function correoQueFunciona() {
  const enviados: Mensaje[] = []
  return {
    enviados,
    correo: {
      enviar: async (m: Mensaje) => {
        await new Promise((r) => setTimeout(r, 300))
        enviados.push(m)
      },
    },
  }
}

let caido: { url: string; servidor: Server }
let servidor: ServidorDePrueba
let delegado: ClienteDePrueba
let db: Kysely<Database>

beforeAll(async () => {
  caido = await servidorDeCorreoCaido()
  servidor = await iniciarServidorDePrueba({ throttle: 'off', config: { smtpUrl: caido.url } })
  delegado = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.delegado)
  db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(servidor.dataDir))
}, 120_000)
afterAll(async () => {
  await db?.destroy()
  await servidor?.close()
  caido?.servidor.close()
})

type Detalle = {
  correoRespuesta: { estado: string; para: string | null; intentos: number; error: string | null } | null
}
const detalle = async (id: string) =>
  (await (await delegado.get(`/api/admin/privacidad/solicitudes/${id}`)).json()) as Detalle

/** A student asks for suppression and the delegate approves it: the request's id and number. */
async function suprimir(email: string): Promise<{ id: string; numero: string }> {
  const alumno = await iniciarSesion(servidor.url, email)
  const pedida = await alumno.post('/api/privacidad/mis-datos/solicitudes', {
    derecho: 'supresion',
    confirmaLoQueSeConserva: true,
  })
  expect(pedida.status).toBe(201)
  const solicitud = (await pedida.json()) as { id: string; numero: string }
  const aprobada = await delegado.post(`/api/admin/privacidad/solicitudes/${solicitud.id}/respuesta`, {
    decision: 'aprobar',
  })
  expect(aprobada.status, await aprobada.clone().text()).toBe(200)
  return solicitud
}

const dentroDe = (ms: number) => () => new Date(Date.now() + ms)

test('with the mail server down, the answer waits with its reason, and is sent once when it is back; then the address is gone', async () => {
  const { id, numero } = await suprimir(DEMO_CUENTAS.extranjera)
  // The try right after the answer failed: the school reads where it stands and why.
  await expect
    .poll(async () => (await detalle(id)).correoRespuesta, { timeout: 15_000 })
    .toMatchObject({
      estado: 'pendiente',
      para: DEMO_CUENTAS.extranjera,
      intentos: 1,
      error: expect.stringMatching(/421/),
    })

  // Before the first wait is over, the run leaves it alone.
  const { enviados, correo } = correoQueFunciona()
  const deps = { db, correo, log: () => {} }
  await enviarRespuestasPorCorreo({ ...deps, clock: dentroDe(ESPERAS_MS[0]! - 5_000) })
  expect(enviados).toEqual([])

  // Then two servers run it at the same moment: one sends it.
  const luego = dentroDe(ESPERAS_MS[0]! + 1_000)
  await Promise.all([
    enviarRespuestasPorCorreo({ ...deps, clock: luego }),
    enviarRespuestasPorCorreo({ ...deps, clock: luego }),
  ])
  expect(enviados.map((m) => m.to)).toEqual([DEMO_CUENTAS.extranjera])
  expect(enviados[0]!.subject).toBe(`Respondimos su solicitud N° ${numero}`)
  expect(enviados[0]!.text).toContain('Se eliminó o anonimizó')
  const [fila] = await consultarDb<Record<string, unknown>>(
    servidor.dataDir,
    'select correo_respuesta, correo_respuesta_estado, correo_respuesta_enviado_en from solicitudes_derechos where id = ?',
    id,
  )
  expect(fila).toMatchObject({ correo_respuesta: null, correo_respuesta_estado: 'enviado' })
  expect(fila!.correo_respuesta_enviado_en).toBeTruthy()
  expect((await detalle(id)).correoRespuesta).toMatchObject({ estado: 'enviado', para: null })
})

test('given up after the last try, the school sees it and tries again (audited); only a given-up e-mail can be tried again', async () => {
  const { id } = await suprimir(DEMO_CUENTAS.sinSolicitudes)
  await expect
    .poll(async () => (await detalle(id)).correoRespuesta, { timeout: 15_000 })
    .toMatchObject({ intentos: 1, error: expect.stringMatching(/421/) })

  // The other tries fail too, each after its wait.
  const fallas = { db, log: () => {}, correo: { enviar: () => Promise.reject(new Error('Connection refused')) } }
  let espera = 0
  for (const ms of ESPERAS_MS) {
    espera += ms
    await enviarRespuestasPorCorreo({ ...fallas, clock: dentroDe(espera + 1_000) })
  }
  expect((await detalle(id)).correoRespuesta).toMatchObject({
    estado: 'fallido',
    intentos: MAX_INTENTOS,
    para: DEMO_CUENTAS.sinSolicitudes,
    error: 'Connection refused',
  })
  // Nothing more is tried by the run.
  await enviarRespuestasPorCorreo({ ...fallas, clock: dentroDe(espera + 30 * 86_400_000) })
  expect((await detalle(id)).correoRespuesta?.intentos).toBe(MAX_INTENTOS)

  const asistente = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.herrera)
  expect((await asistente.post(`/api/admin/privacidad/solicitudes/${id}/correo-respuesta`, {})).status).toBe(403)

  const otraVez = await delegado.post(`/api/admin/privacidad/solicitudes/${id}/correo-respuesta`, {})
  expect(otraVez.status).toBe(200)
  const auditoria = await consultarDb<{ accion: string }>(
    servidor.dataDir,
    "select accion from auditoria where entidad_id = ? and accion = 'privacidad.reintentar-correo'",
    id,
  )
  expect(auditoria).toHaveLength(1)
  expect(ETIQUETAS_ACCION['privacidad.reintentar-correo']).toBeTruthy()
  // Back in the queue and tried at once (the mail server is still down: one failed try, to come again).
  await expect
    .poll(async () => (await detalle(id)).correoRespuesta, { timeout: 15_000 })
    .toMatchObject({ estado: 'pendiente', intentos: 1, error: expect.stringMatching(/421/) })
  const yaNo = await delegado.post(`/api/admin/privacidad/solicitudes/${id}/correo-respuesta`, {})
  expect(yaNo.status).toBe(409)
  expect(((await yaNo.json()) as { error: string }).error).toBe(
    'El correo de esta respuesta no está entre los que no se pudieron enviar.',
  )
})

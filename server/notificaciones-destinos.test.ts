// Where the server posts a student's pushes, under attack: a subscription's address comes from the
// browser, so a hostile one names this machine, the private network or the cloud's metadata
// service, or a push service that redirects there. On a published portal each name is resolved
// and every address checked, at subscription and again before each message; the message goes to
// the address just checked; a redirect is never followed. This machine has no DNS for the
// Internet, so the servers are given a resolver that answers for the names below, as the
// Internet's DNS would (127.0.0.1.nip.io does resolve to 127.0.0.1 there).
import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import { createServer as servidorHttp, type Server } from 'node:http'
import { createServer as servidorTcp, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MENSAJE_SUSCRIPCION } from '../src/domain/notificaciones.ts'
import { opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import {
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { construirConfig } from './config.ts'
import { crearCorreo } from './correo.ts'
import { abrirBaseDeDatos, type Db } from './db/connection.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { notificar } from './notificaciones/notificar.ts'
import { enviarPendientes } from './notificaciones/programador.ts'
import { comprobarDestinoPush, enviarPush, type ResolverDns } from './notificaciones/push.ts'
import { clavesVapid } from './notificaciones/vapid.ts'
import { MENSAJE_SUSCRIPCION_NO_COMPROBADA } from './notificaciones/alumno.ts'

const PUBLICADA = 'https://portal.escuela.cl'
const GOOGLE = ['142.250.79.42', '2800:3f0:4003:c00::5f']

/** What the Internet's DNS answers for each name (and a name whose answer changes, below). */
const NOMBRES: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  'metadata.google.internal': ['169.254.169.254'],
  'fcm.googleapis.com': GOOGLE,
  'updates.push.services.mozilla.com': ['34.117.65.55'],
  // The same attacks under names that do not give themselves away.
  'metadatos.ejemplo.cl': ['169.254.169.254'],
  'metadatos-v6.ejemplo.cl': ['fd00:ec2::254'],
  'mapeada.ejemplo.cl': ['::ffff:127.0.0.1'],
  'nat64.ejemplo.cl': ['64:ff9b::a9fe:a9fe'],
  'privada.ejemplo.cl': ['10.0.0.7'],
  'cgnat.ejemplo.cl': ['100.64.3.1'],
  'unica-local.ejemplo.cl': ['fd12:3456::1'],
  'enlace-local.ejemplo.cl': ['fe80::1'],
  'mixta.ejemplo.cl': ['142.250.79.42', '192.168.1.10'],
  // A local push service double named as a real one would be (127.0.0.1, as on this machine).
  'push.prueba.cl': ['127.0.0.1'],
}

const consultas: string[] = []
/** The next answer for a name, ahead of the table: a name whose DNS changes its answer (rebinding). */
const proximas = new Map<string, string[][]>()

const resolver: ResolverDns = async (nombre) => {
  consultas.push(nombre)
  const respuesta = proximas.get(nombre)?.shift() ?? NOMBRES[nombre]
  if (nombre === 'dns-caido.ejemplo.cl')
    throw Object.assign(new Error(`getaddrinfo EAI_AGAIN ${nombre}`), { code: 'EAI_AGAIN' })
  if (!respuesta) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${nombre}`), { code: 'ENOTFOUND' })
  return respuesta.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
}

/** A device's keys, as a browser makes them (an uncompressed P-256 point and 16 random bytes). */
function clavesDeDispositivo() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') }
}

let publicado: ServidorDePrueba
let local: ServidorDePrueba
let dbPublicado: Db
let dbLocal: Db
let enPublicado: ClienteDePrueba
let enLocal: ClienteDePrueba

beforeAll(async () => {
  ;[publicado, local] = await Promise.all([
    iniciarServidorDePrueba({ config: { publicUrl: PUBLICADA }, resolverDns: resolver }),
    iniciarServidorDePrueba({ resolverDns: resolver }),
  ])
  dbPublicado = abrirBaseDeDatos(await opcionesDeBaseDePrueba(publicado.dataDir))
  dbLocal = abrirBaseDeDatos(await opcionesDeBaseDePrueba(local.dataDir))
  ;[enPublicado, enLocal] = await Promise.all([
    iniciarSesion(publicado.url, DEMO_CUENTAS.estudiante),
    iniciarSesion(local.url, DEMO_CUENTAS.estudiante),
  ])
}, 60_000)

afterAll(async () => {
  await dbPublicado?.destroy()
  await dbLocal?.destroy()
  await publicado?.close()
  await local?.close()
})

const suscripciones = (servidor: ServidorDePrueba) =>
  consultarDb<{ endpoint: string }>(servidor.dataDir, 'select endpoint from suscripciones_push order by endpoint')

/** 12:00 in Chile, outside the default quiet hours: the scheduler sends pushes at once. */
const MEDIODIA = new Date('2030-01-15T15:00:00Z')

/** A rejected document's notice for the demo student, and one run of the scheduler as that server. */
async function avisarYEnviar(db: Db, servidor: ServidorDePrueba, publicUrl: string) {
  const ocasion = randomUUID()
  await notificar(db, {
    alumnoId: 'alumno-estudiante',
    tipo: 'documento-rechazado',
    ocasion,
    aviso: { titulo: 'Documento rechazado', cuerpo: `Prueba ${ocasion}`, ruta: '/info/solicitudes' },
    ahora: MEDIODIA,
  })
  const log = () => undefined
  const config = construirConfig({})
  await enviarPendientes({
    db,
    clock: () => MEDIODIA,
    log,
    correo: crearCorreo({ smtpUrl: null, mailFrom: config.mailFrom, dataDir: servidor.dataDir, log }),
    config: { publicUrl, notificaciones: config.notificaciones },
    resolverDns: resolver,
  })
  const [envio] = await consultarDb<{ estado: string; detalle: string | null; ultimo_error: string | null }>(
    servidor.dataDir,
    `select e.estado, e.detalle, e.ultimo_error from envios_notificacion e
     join notificaciones n on n.id = e.notificacion_id where n.ocasion = ? and e.canal = 'push'`,
    ocasion,
  )
  return envio!
}

/** A server that counts every connection made to it and every request it reads. */
async function escucha(responder: (res: import('node:http').ServerResponse) => void = (res) => res.end()) {
  const peticiones: string[] = []
  let conexiones = 0
  const servidor: Server = servidorHttp((req, res) => {
    peticiones.push(`${req.method} ${req.url}`)
    responder(res)
  })
  servidor.on('connection', () => conexiones++)
  await new Promise<void>((listo) => servidor.listen(0, '127.0.0.1', listo))
  return {
    puerto: (servidor.address() as AddressInfo).port,
    peticiones,
    conexiones: () => conexiones,
    cerrar: () => new Promise<void>((listo) => servidor.close(() => listo())),
  }
}

test('a published portal accepts only an https push service on the Internet, by name, and checks every address it resolves to', async () => {
  const comprobar = async (endpoint: string, publicUrl = PUBLICADA) =>
    (await comprobarDestinoPush(endpoint, { publicUrl, resolver })).permitido

  expect(await comprobar('https://fcm.googleapis.com/fcm/send/abc')).toBe(true)
  expect(await comprobar('https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true)
  for (const endpoint of [
    // The attacks as they were made.
    'https://localhost./x',
    'https://127.0.0.1.nip.io/x',
    'https://metadata.google.internal/computeMetadata/v1/',
    // Each kind of address that is not the Internet, behind an innocent name.
    'https://metadatos.ejemplo.cl/latest/meta-data',
    'https://metadatos-v6.ejemplo.cl/latest/meta-data',
    'https://mapeada.ejemplo.cl/x',
    'https://nat64.ejemplo.cl/x',
    'https://privada.ejemplo.cl/x',
    'https://cgnat.ejemplo.cl/x',
    'https://unica-local.ejemplo.cl/x',
    'https://enlace-local.ejemplo.cl/x',
    // One internal address among public ones is enough to refuse it.
    'https://mixta.ejemplo.cl/x',
    // Addresses written as such, however they are spelt, and names that never lead out.
    'https://169.254.169.254/latest/meta-data',
    'https://2130706433/x',
    'https://0x7f.1/x',
    'https://[::1]/x',
    'https://[::ffff:a9fe:a9fe]/x',
    'https://localhost:9200/x',
    'https://metadata/computeMetadata/v1/',
    'https://servicio.local/x',
    // Not https, credentials in the address, a name that does not exist.
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://usuario:clave@fcm.googleapis.com/fcm/send/abc',
    'https://no-existe.ejemplo.cl/x',
  ])
    expect({ endpoint, permitido: await comprobar(endpoint) }).toEqual({ endpoint, permitido: false })

  const caido = await comprobarDestinoPush('https://dns-caido.ejemplo.cl/x', { publicUrl: PUBLICADA, resolver })
  expect(caido).toMatchObject({ permitido: false, causa: 'dns-temporal' })

  // A portal on this machine (development, these tests) takes a local push service, never the
  // cloud's metadata service.
  expect(await comprobar('http://127.0.0.1:4000/notify/x', 'http://127.0.0.1:8080')).toBe(true)
  expect(await comprobar('http://push.prueba.cl:4000/notify/x', 'http://127.0.0.1:8080')).toBe(true)
  expect(await comprobar('http://169.254.169.254/latest/meta-data', 'http://127.0.0.1:8080')).toBe(false)
  expect(await comprobar('http://metadata.google.internal/computeMetadata/v1/', 'http://127.0.0.1:8080')).toBe(false)
})

test('a published portal refuses to subscribe a device whose push service leads inside, in Spanish, and stores nothing', async () => {
  const keys = clavesDeDispositivo()
  for (const endpoint of [
    'https://localhost./wpush/v2/x',
    'https://127.0.0.1.nip.io/wpush/v2/x',
    'https://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token',
  ]) {
    const res = await enPublicado.post('/api/notificaciones/suscripciones', { endpoint, keys })
    expect({ endpoint, status: res.status }).toEqual({ endpoint, status: 400 })
    expect(await res.json()).toEqual({ error: MENSAJE_SUSCRIPCION, campos: { endpoint: MENSAJE_SUSCRIPCION } })
  }
  expect(await suscripciones(publicado)).toEqual([])

  // A resolver that does not answer just now: try again later, the device is not at fault.
  const caido = await enPublicado.post('/api/notificaciones/suscripciones', {
    endpoint: 'https://dns-caido.ejemplo.cl/x',
    keys,
  })
  expect(caido.status).toBe(503)
  expect(await caido.json()).toEqual({ error: MENSAJE_SUSCRIPCION_NO_COMPROBADA })

  const real = await enPublicado.post('/api/notificaciones/suscripciones', {
    endpoint: 'https://fcm.googleapis.com/fcm/send/dispositivo-real',
    keys,
  })
  expect(real.status).toBe(201)
  expect(await suscripciones(publicado)).toEqual([{ endpoint: 'https://fcm.googleapis.com/fcm/send/dispositivo-real' }])
  await consultarDb(publicado.dataDir, 'delete from suscripciones_push')
})

test('a name that resolved to the Internet at subscription and leads inside at send time gets nothing, and the subscription goes', async () => {
  // Where a connection would land if the portal followed the name's new answer.
  const interno = servidorTcp()
  let conexiones = 0
  interno.on('connection', (s) => {
    conexiones++
    s.destroy()
  })
  await new Promise<void>((listo) => interno.listen(0, '127.0.0.1', listo))
  const puerto = (interno.address() as AddressInfo).port
  try {
    const endpoint = `https://cambiante.ejemplo.cl:${puerto}/wpush/v2/x`
    proximas.set('cambiante.ejemplo.cl', [['34.117.65.55'], ['127.0.0.1'], ['127.0.0.1']])
    const alta = await enPublicado.post('/api/notificaciones/suscripciones', { endpoint, keys: clavesDeDispositivo() })
    expect(alta.status).toBe(201)

    const antes = consultas.length
    const envio = await avisarYEnviar(dbPublicado, publicado, PUBLICADA)
    // Resolved again before sending, refused, and nothing reached the address it now names.
    expect(consultas.slice(antes)).toContain('cambiante.ejemplo.cl')
    expect(conexiones).toBe(0)
    expect(envio.estado).toBe('omitido')
    expect(envio.detalle).toContain('1 suscripción(es) apuntaba(n) a una dirección no permitida y se eliminaron.')
    expect(await suscripciones(publicado)).toEqual([])
  } finally {
    proximas.delete('cambiante.ejemplo.cl')
    await new Promise<void>((listo) => interno.close(() => listo()))
  }
})

test('a name that cannot be resolved at send time is a failed try, to be retried: the subscription stays', async () => {
  const endpoint = 'https://sin-dns.ejemplo.cl/wpush/v2/x'
  // Resolved when the device subscribed; no answer for it afterwards (ENOTFOUND, as a resolver
  // in trouble may also say).
  proximas.set('sin-dns.ejemplo.cl', [['34.117.65.55']])
  try {
    const alta = await enPublicado.post('/api/notificaciones/suscripciones', { endpoint, keys: clavesDeDispositivo() })
    expect(alta.status).toBe(201)
    const envio = await avisarYEnviar(dbPublicado, publicado, PUBLICADA)
    expect(envio).toMatchObject({
      estado: 'pendiente',
      ultimo_error: 'no se pudo resolver sin-dns.ejemplo.cl (ENOTFOUND)',
    })
    expect(await suscripciones(publicado)).toEqual([{ endpoint }])
  } finally {
    proximas.delete('sin-dns.ejemplo.cl')
    await consultarDb(publicado.dataDir, 'delete from suscripciones_push')
  }
})

test("a push service's redirect is never followed: the place it points to receives nothing", async () => {
  const destino = await escucha()
  const estado = { status: 302 }
  const servicio = await escucha((res) => {
    res.writeHead(estado.status, { Location: `http://127.0.0.1:${destino.puerto}/computeMetadata/v1/` })
    res.end()
  })
  try {
    const keys = clavesDeDispositivo()
    // Named, not by address: the name resolved once and the message sent to that very address.
    const endpoint = `http://push.prueba.cl:${servicio.puerto}/notify/${randomUUID()}`
    const vapid = await clavesVapid(dbLocal, construirConfig({}).notificaciones, MEDIODIA)
    for (const status of [301, 302, 303, 307, 308]) {
      estado.status = status
      const antes = consultas.length
      const respuesta = await enviarPush(
        { endpoint, ...keys },
        { id: 'x', titulo: 'Prueba', cuerpo: 'Prueba', ruta: '/' },
        { vapid, tema: 'prueba', publicUrl: local.url, resolver },
      )
      expect(respuesta).toBe(status)
      expect(consultas.slice(antes)).toEqual(['push.prueba.cl'])
    }
    expect(servicio.peticiones).toHaveLength(5)
    expect(servicio.peticiones.every((p) => p.startsWith('POST /notify/'))).toBe(true)

    // The same through the scheduler: a failed try, to be retried, and still nothing followed.
    estado.status = 302
    const alta = await enLocal.post('/api/notificaciones/suscripciones', { endpoint, keys })
    expect(alta.status).toBe(201)
    const envio = await avisarYEnviar(dbLocal, local, local.url)
    expect(envio).toMatchObject({
      estado: 'pendiente',
      ultimo_error: 'el servicio de push respondió 302 (una redirección, que no se sigue)',
    })
    expect(servicio.peticiones).toHaveLength(6)
    expect(destino.peticiones).toEqual([])
    expect(destino.conexiones()).toBe(0)
  } finally {
    await servicio.cerrar()
    await destino.cerrar()
  }
})

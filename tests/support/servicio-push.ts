// A local Web Push service for tests: web-push-testing's, which checks every message as a real push
// service would (the VAPID signature against the subscription's applicationServerKey, the TTL, the
// aes128gcm encryption) and keeps what it decrypted. It listens on 127.0.0.1 only. On top of it the
// test can read each request's headers, expire a subscription (the service then answers 410) or
// make the next requests fail with a status of its choosing, as a push service in trouble would.
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
// The package's `main` points at a file that does not exist: its modules are loaded by path.
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => ModeloPush }
const ServidorPush = require('web-push-testing/src/server.js') as new (
  modelo: ModeloPush,
  puerto: number,
) => ServidorInterno

type ModeloPush = {
  notifyUrl: string
  subscribe(opciones: { userVisibleOnly: string; applicationServerKey: string }): Promise<SuscripcionDePrueba>
  getNotifications(cuerpo: { clientHash: string }): { messages: string[] }
  expireSubscription(clientHash: string): void
}

type ServidorInterno = {
  _app: {
    use(fn: (req: PeticionExpress, res: RespuestaExpress, next: () => void) => void): void
    listen(puerto: number, host: string, listo: () => void): Server
  }
  setRequestHandlers(): void
}
type PeticionExpress = { method: string; path: string; headers: Record<string, string | undefined> }
type RespuestaExpress = { status(n: number): { send(cuerpo: string): void } }

export type SuscripcionDePrueba = { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string }

export type ServicioPush = {
  /** A device's subscription, made with the server's public key as applicationServerKey. */
  suscribir(clavePublica: string): Promise<SuscripcionDePrueba>
  /** What reached a subscription, decrypted and parsed (JSON), oldest first. */
  mensajes(s: SuscripcionDePrueba): unknown[]
  /** From now on the service answers 410 Gone for it. */
  expirar(s: SuscripcionDePrueba): void
  /** The next `n` messages are answered with `status` and not delivered. */
  fallar(n: number, status: number): void
  /** The headers of every message request that reached the service. */
  cabeceras: Record<string, string | undefined>[]
  cerrar(): Promise<void>
}

export async function iniciarServicioPush(): Promise<ServicioPush> {
  const modelo = new PushApiModel()
  const servidor = new ServidorPush(modelo, 0)
  const cabeceras: Record<string, string | undefined>[] = []
  let fallos: { n: number; status: number } = { n: 0, status: 500 }
  servidor._app.use((req, res, next) => {
    if (req.method !== 'POST' || !req.path.startsWith('/notify/')) return next()
    cabeceras.push({ ...req.headers })
    if (fallos.n > 0) {
      fallos.n--
      return res.status(fallos.status).send('fallo de prueba')
    }
    next()
  })
  servidor.setRequestHandlers()
  const http = await new Promise<Server>((listo) => {
    const s = servidor._app.listen(0, '127.0.0.1', () => listo(s))
  })
  const { port } = http.address() as AddressInfo
  modelo.notifyUrl = `http://127.0.0.1:${port}/notify/`
  return {
    suscribir: (clavePublica) => modelo.subscribe({ userVisibleOnly: 'true', applicationServerKey: clavePublica }),
    mensajes: (s) =>
      modelo.getNotifications({ clientHash: s.clientHash }).messages.map((m) => JSON.parse(m) as unknown),
    expirar: (s) => modelo.expireSubscription(s.clientHash),
    fallar(n, status) {
      fallos = { n, status }
    },
    cabeceras,
    cerrar: () => new Promise((listo) => http.close(() => listo())),
  }
}

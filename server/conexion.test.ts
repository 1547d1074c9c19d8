// Keep-alive and request bodies: a reply that leaves part of the body unread closes the
// connection and says so; a reply to a body read in full keeps the connection for the next request.
import { connect } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { iniciarServidorDePrueba, type ServidorDePrueba } from '../tests/support/servidor.ts'

let servidor: ServidorDePrueba
beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
})
afterAll(() => servidor.close())

const SIGUIENTE = 'GET /api/salud HTTP/1.1\r\nHost: portal\r\n\r\n'

/** Writes `peticion` and then `SIGUIENTE` on one socket; everything read until it closes (or 1.5 s). */
function enUnaConexion(peticion: Buffer): Promise<string> {
  const { hostname, port } = new URL(servidor.url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(Buffer.concat([peticion, Buffer.from(SIGUIENTE)])),
    )
    let respuesta = ''
    socket.setEncoding('utf8')
    socket.on('data', (trozo: string) => (respuesta += trozo))
    socket.on('error', reject)
    socket.on('close', () => resolve(respuesta))
    setTimeout(() => socket.destroy(), 1500).unref()
  })
}

function post(ruta: string, cabeceras: string[], cuerpo: Buffer): Buffer {
  const inicio = [
    `POST ${ruta} HTTP/1.1`,
    'Host: portal',
    ...cabeceras,
    `Content-Length: ${cuerpo.length}`,
    '',
    '',
  ].join('\r\n')
  return Buffer.concat([Buffer.from(inicio), cuerpo])
}

const XSRF = ['Cookie: XSRF-TOKEN=prueba-xsrf', 'X-XSRF-TOKEN: prueba-xsrf']

test.each([
  [
    'an upload without a session (401)',
    post(
      '/api/alumno/documentos',
      ['Content-Type: multipart/form-data; boundary=x', ...XSRF],
      Buffer.alloc(1_000_000, 'a'),
    ),
  ],
  [
    'an upload without the XSRF token (403)',
    post('/api/alumno/documentos', ['Content-Type: multipart/form-data; boundary=x'], Buffer.alloc(1_000_000, 'a')),
  ],
  [
    'a body that is not JSON (415)',
    post('/api/auth/login', ['Content-Type: text/plain', ...XSRF], Buffer.alloc(90_000, 'a')),
  ],
])(
  '%s is answered with Connection: close, since the rest of its body is still on the socket',
  async (_caso, peticion) => {
    const respuesta = await enUnaConexion(peticion)
    const primera = respuesta.split('\r\n\r\n')[0] ?? ''
    expect(primera).toMatch(/^HTTP\/1\.1 4\d\d /)
    expect(primera).toMatch(/^connection: close$/im)
  },
)

test('a body read in full keeps the connection: the next request on it is answered', async () => {
  const cuerpo = Buffer.from(JSON.stringify({ email: 'nadie@demo.cl', password: 'Mala2026' }))
  const respuesta = await enUnaConexion(post('/api/auth/login', ['Content-Type: application/json', ...XSRF], cuerpo))
  expect(respuesta.match(/HTTP\/1\.1 \d+/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200'])
  expect(respuesta).not.toMatch(/^connection: close$/im)
})

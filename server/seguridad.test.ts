// The findings of a security review at the HTTP layer, kept as regressions: one test per finding,
// then the XSRF, malformed-body, upload and oversized-form probes as tables over every endpoint
// (tests/support/endpoints-alumno.ts). All of it is refused or answered before a handler reads the
// database, so it runs on SQLite only (vitest.config.ts); what reaches the data, one student's kept
// from another's, the throttles and the idempotency store, is in seguridad-datos.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, expect, test, vi } from 'vitest'
import { MENSAJE_UN_SOLO_ARCHIVO } from '../src/domain/documentos.ts'
import { MENSAJE_SESION_EXPIRADA } from '../src/domain/errores-api.ts'
import {
  clienteDePrueba,
  consultarDb,
  esperarCorreo,
  iniciarSesion,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import {
  conCuerpo,
  ENDPOINTS,
  enviar,
  estadoDeDatos,
  formulario,
  nombre,
  noGet,
  pdf,
  prepararDosEstudiantes,
  servidoresDeCadaPrueba,
  url,
} from '../tests/support/endpoints-alumno.ts'
import { rutasApi } from './app.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { MENSAJE_DEMASIADOS_CAMPOS } from './middleware/limite-campos.ts'
import { MENSAJE_XSRF } from './middleware/xsrf.ts'
import { MENSAJE_SOLO_JSON, MENSAJE_SOLO_MULTIPART } from './http/validacion.ts'

const preparado = prepararDosEstudiantes()
let comun: ServidorDePrueba
let estudiante: ClienteDePrueba
let otra: ClienteDePrueba
beforeAll(() => {
  ;({ servidor: comun, estudiante, otra } = preparado)
})
const { arrancar } = servidoresDeCadaPrueba()

test('hashed assets carry no cookie (a CDN keeps them); the page does', async () => {
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'))
  try {
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
    writeFileSync(join(dist, 'assets', 'app-Zx81qA.js'), 'console.log(1)')
    const servidor = await arrancar({ throttle: 'off', distDir: dist })
    const script = await fetch(`${servidor.url}/assets/app-Zx81qA.js`)
    expect(script.status).toBe(200)
    expect(script.headers.getSetCookie()).toEqual([])
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await fetch(`${servidor.url}/login`)).headers.getSetCookie().some((c) => c.startsWith('XSRF-TOKEN='))).toBe(
      true,
    )
  } finally {
    rmSync(dist, { recursive: true, force: true })
  }
})

test('a request cannot forge log lines: every line is one JSON event with control and bidirectional characters escaped', async () => {
  const servidor = await arrancar({ throttle: 'off' })
  const rutaHostil = '/api/nada%0A%7B%22mensaje%22:%22falso%22%7D%1B[31m%E2%80%AE%E2%80%8B'
  const res = await fetch(`${servidor.url}${rutaHostil}`)
  expect(res.status).toBe(404)
  for (const linea of servidor.logs) {
    expect(linea).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u)
    expect(() => JSON.parse(linea)).not.toThrow()
  }
  const eventos = servidor.eventos()
  expect(eventos.some((e) => e.mensaje === 'falso')).toBe(false)
  const peticion = eventos.find((e) => e.mensaje === 'petición' && String(e.ruta).startsWith('/api/nada'))
  expect(peticion).toMatchObject({
    metodo: 'GET',
    status: 404,
    id: res.headers.get('x-request-id'),
    ms: expect.any(Number),
  })
})

test('the log holds no e-mail address, not even the recipient of a saved reset e-mail', async () => {
  const servidor = await arrancar({ throttle: 'off' })
  const cliente = clienteDePrueba(servidor.url)
  await cliente.post('/api/auth/password/request', { email: DEMO_CUENTAS.extranjera })
  await cliente.post('/api/auth/login', { email: DEMO_CUENTAS.estudiante, password: 'Equivocada1' })
  await esperarCorreo(servidor.dataDir, DEMO_CUENTAS.extranjera)
  await vi.waitFor(() =>
    expect(servidor.eventos().some((e) => String(e.mensaje).startsWith('correo guardado en '))).toBe(true),
  )
  const todo = servidor.logs.join('\n')
  expect(todo).not.toContain('@')
  expect(todo).not.toContain('extranjera')
})

/** Sends raw HTTP/1.1 on one socket and collects what comes back until the server closes it. */
function peticionCruda(url: string, texto: string): Promise<{ respuesta: string; cerrada: boolean }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(texto))
    let respuesta = ''
    socket.setEncoding('utf8')
    socket.on('data', (trozo: string) => (respuesta += trozo))
    socket.on('error', reject)
    socket.on('close', () => resolve({ respuesta, cerrada: true }))
    setTimeout(() => {
      socket.destroy()
      resolve({ respuesta, cerrada: false })
    }, 3000).unref()
  })
}

test('a body refused early for its size is answered with Connection: close, and the socket is closed', async () => {
  const servidor = await arrancar({ throttle: 'off' })
  for (const ruta of ['/api/auth/login', '/api/alumno/documentos']) {
    const { respuesta, cerrada } = await peticionCruda(
      servidor.url,
      [
        `POST ${ruta} HTTP/1.1`,
        'Host: portal',
        'Content-Type: application/json',
        'Cookie: XSRF-TOKEN=prueba-xsrf',
        'X-XSRF-TOKEN: prueba-xsrf',
        `Content-Length: ${50 * 1024 * 1024}`,
        '',
        '{"email":',
      ].join('\r\n'),
    )
    expect(respuesta, ruta).toMatch(/^HTTP\/1\.1 413 /)
    expect(respuesta).toMatch(/^connection: close$/im)
    expect(cerrada).toBe(true)
  }
})

test.each(
  conCuerpo('json').flatMap((e) =>
    [
      ['text/plain', '{"email":"a@b.cl"}'],
      ['application/x-www-form-urlencoded', 'email=a%40b.cl&password=x'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
      [undefined, '{"email":"a@b.cl"}'],
    ].map(([tipo, cuerpo]) => ({ e, tipo, cuerpo })),
  ),
)('$e.metodo $e.ruta accepts only application/json (here: $tipo)', async ({ e, tipo, cuerpo }) => {
  const res = await enviar(estudiante, comun, e, cuerpo, tipo)
  expect(res.status).toBe(415)
  expect(await res.json()).toMatchObject({ error: MENSAJE_SOLO_JSON })
})

test.each(conCuerpo('multipart'))(
  '$metodo $ruta accepts only multipart/form-data, or JSON naming a finished upload of the student',
  async (e) => {
    const res = await enviar(estudiante, comun, e, JSON.stringify({ codTipoDocumento: '20' }), 'text/plain')
    expect(res.status).toBe(415)
    expect(await res.json()).toMatchObject({ error: MENSAJE_SOLO_MULTIPART })
    // JSON that names no upload of hers: refused in Spanish, nothing kept.
    const antes = await estadoDeDatos(comun)
    const sinSubida = await enviar(estudiante, comun, e, JSON.stringify({ codTipoDocumento: '20' }), 'application/json')
    expect(sinSubida.status).toBe(400)
    expect((await sinSubida.json()).error).not.toMatch(DEFAULT_EN_INGLES)
    const ajena = await enviar(
      estudiante,
      comun,
      e,
      JSON.stringify({ codTipoDocumento: '20', subida: '0'.repeat(32) }),
      'application/json',
    )
    expect(ajena.status).toBe(400)
    expect(await estadoDeDatos(comun)).toEqual(antes)
  },
)

test.each(conCuerpo('pdf'))('$metodo $ruta reads only a PDF sent as application/pdf', async (e) => {
  const pdfValido = new TextEncoder().encode('%PDF-1.4\n%%EOF\n')
  for (const [tipo, cuerpo, status] of [
    ['text/plain', pdfValido, 415],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', 415],
    ['application/x-www-form-urlencoded', 'a=1', 415],
    [undefined, pdfValido, 415],
    ['application/pdf', '<html><script>alert(1)</script></html>', 415],
    ['application/pdf', '', 400],
    ['application/pdf', pdfValido, 200],
  ] as const) {
    const res = await enviar(otra, comun, e, cuerpo, tipo)
    expect(res.status, `${tipo}`).toBe(status)
    const respuesta = (await res.json()) as { msg: string }
    expect(respuesta.msg).toMatch(/^[A-ZÁÉÍÓÚÑ¡¿].*\S/)
    expect(JSON.stringify(respuesta)).not.toMatch(DEFAULT_EN_INGLES)
  }
})

test('an upload with more than one file is refused, not half kept', async () => {
  const pdf = (texto: string) =>
    new File([`%PDF-1.4\n% ${texto}\n%%EOF\n`], `${texto}.pdf`, { type: 'application/pdf' })
  const antes = await consultarDb(
    comun.dataDir,
    "select id from archivos_personales where alumno_id = 'alumno-estudiante'",
  )
  const dosEnUnCampo = new FormData()
  dosEnUnCampo.set('codTipoDocumento', '20')
  dosEnUnCampo.append('archivo', pdf('primero'))
  dosEnUnCampo.append('archivo', pdf('segundo'))
  const dosCampos = new FormData()
  dosCampos.set('codTipoDocumento', '20')
  dosCampos.set('archivo', pdf('primero'))
  dosCampos.set('otro', pdf('segundo'))
  for (const form of [dosEnUnCampo, dosCampos]) {
    const res = await estudiante.request('POST', '/api/alumno/documentos', form)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: MENSAJE_UN_SOLO_ARCHIVO })
  }
  expect(
    await consultarDb(comun.dataDir, "select id from archivos_personales where alumno_id = 'alumno-estudiante'"),
  ).toEqual(antes)
})

// The tables: every endpoint, probed as an attacker would.

test('the tables list every API endpoint (the staff endpoints under /admin have their own, in admin-seguridad.test.ts)', () => {
  const rutas = new Set(
    rutasApi.routes
      .filter((r) => r.method !== 'ALL' && !r.path.startsWith('/admin'))
      .map((r) => `${r.method} ${r.path}`),
  )
  expect([...rutas].sort()).toEqual(ENDPOINTS.map(nombre).sort())
})

test.each(ENDPOINTS)('$metodo $ruta: the reply is never stored by a cache', async (e) => {
  // A student of its own: one of the rows is the logout.
  const cliente = await iniciarSesion(comun.url, DEMO_CUENTAS.sinSolicitudes)
  const res = await enviar(
    cliente,
    comun,
    e,
    e.cuerpo === 'json' ? '{}' : undefined,
    e.cuerpo === 'json' ? 'application/json' : undefined,
  )
  expect(res.status).toBeLessThan(500)
  expect(res.headers.get('cache-control')).toMatch(/no-store/)
})

test.each(ENDPOINTS.filter((e) => e.sesion))('$metodo $ruta without a session: 401 and nothing else', async (e) => {
  const anonimo = clienteDePrueba(comun.url)
  await anonimo.get('/api/sesion')
  const res = await enviar(anonimo, comun, e, undefined)
  expect(res.status).toBe(401)
  expect(await res.json()).toEqual({ error: MENSAJE_SESION_EXPIRADA })
})

/** What a page on another site, or a script with a stolen or planted token, could send. */
const INTENTOS_XSRF: { caso: string; cabeceras: (cliente: ClienteDePrueba) => Record<string, string> }[] = [
  { caso: 'no header', cabeceras: (c) => ({ cookie: galletas(c) }) },
  {
    caso: 'a header that differs from the cookie',
    cabeceras: (c) => ({ cookie: galletas(c), 'x-xsrf-token': 'otro-valor' }),
  },
  {
    caso: 'a header and no cookie',
    cabeceras: (c) => ({ cookie: galletas(c, ['XSRF-TOKEN']), 'x-xsrf-token': c.cookies.get('XSRF-TOKEN') ?? '' }),
  },
  {
    caso: 'a planted pair beside the session',
    cabeceras: (c) => ({ cookie: `${galletas(c, ['XSRF-TOKEN'])}; XSRF-TOKEN=plantado`, 'x-xsrf-token': 'plantado' }),
  },
  {
    caso: "another session's token",
    cabeceras: (c) => ({
      cookie: `${galletas(c, ['XSRF-TOKEN'])}; XSRF-TOKEN=${otra.cookies.get('XSRF-TOKEN')}`,
      'x-xsrf-token': otra.cookies.get('XSRF-TOKEN') ?? '',
    }),
  },
]

function galletas(cliente: ClienteDePrueba, sin: string[] = []): string {
  return [...cliente.cookies]
    .filter(([k]) => !sin.includes(k))
    .map(([k, v]) => `${k}=${v}`)
    .join('; ')
}

test.each(noGet.flatMap((e) => INTENTOS_XSRF.map((i) => ({ e, ...i }))))(
  '$e.metodo $e.ruta refuses $caso with 403 and changes nothing',
  async ({ e, cabeceras }) => {
    const antes = await estadoDeDatos(comun)
    const res = await fetch(`${comun.url}${url(e)}`, {
      method: e.metodo,
      headers: {
        ...cabeceras(estudiante),
        'content-type': e.cuerpo === 'multipart' ? 'multipart/form-data; boundary=x' : 'application/json',
      },
      body: e.cuerpo === 'multipart' ? '--x--\r\n' : '{}',
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: MENSAJE_XSRF })
    expect(await estadoDeDatos(comun)).toEqual(antes)
    expect((await estudiante.get('/api/alumno')).status).toBe(200)
  },
)

/** How the validation library words its own messages, which no reply may show. */
const DEFAULT_EN_INGLES = /\b(Invalid|Expected|received)\b/

/** Bodies that are not what any JSON endpoint takes: each gets a Spanish 400 (413 when too big). */
const CUERPOS_MALFORMADOS: { caso: string; cuerpo: BodyInit; status: number }[] = [
  { caso: 'broken JSON', cuerpo: '{"email":', status: 400 },
  { caso: 'an object without fields', cuerpo: '{}', status: 400 },
  { caso: 'an empty body', cuerpo: '', status: 400 },
  { caso: 'null', cuerpo: 'null', status: 400 },
  { caso: 'an array', cuerpo: '[{"email":"a@b.cl"}]', status: 400 },
  { caso: 'a number', cuerpo: '42', status: 400 },
  { caso: 'a string', cuerpo: '"texto"', status: 400 },
  {
    caso: 'fields of the wrong type',
    cuerpo: JSON.stringify({ email: 123, password: [], token: {}, codValidador: 7, nombres: null }),
    status: 400,
  },
  { caso: 'a prototype key', cuerpo: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}', status: 400 },
  { caso: 'deep nesting', cuerpo: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, status: 400 },
  { caso: 'bytes that are not UTF-8', cuerpo: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), status: 400 },
  { caso: 'a body over the size limit', cuerpo: JSON.stringify({ email: 'a'.repeat(200 * 1024) }), status: 413 },
]

test.each(conCuerpo('json').flatMap((e) => CUERPOS_MALFORMADOS.map((m) => ({ e, ...m }))))(
  '$e.metodo $e.ruta answers $caso with $status in Spanish and changes nothing',
  async ({ e, cuerpo, status }) => {
    const antes = await estadoDeDatos(comun)
    const res = await enviar(otra, comun, e, cuerpo, 'application/json')
    expect(res.status).toBe(status)
    const respuesta = (await res.json()) as { error: string }
    expect(respuesta.error).toMatch(/^[A-ZÁÉÍÓÚÑ¡¿].*\S/)
    expect(JSON.stringify(respuesta)).not.toMatch(DEFAULT_EN_INGLES)
    expect(await estadoDeDatos(comun)).toEqual(antes)
  },
)

/** Hostile uploads: each is refused, in Spanish, and nothing is stored. */
const SUBIDAS_HOSTILES: {
  caso: string
  cambiar: (campos: Record<string, unknown>, campoArchivo: string) => Record<string, unknown> | BodyInit
  status: number
}[] = [
  {
    caso: 'an HTML page named .pdf',
    cambiar: (c, a) => ({ ...c, [a]: new File(['<html><script>alert(1)</script>'], 'a.pdf') }),
    status: 415,
  },
  {
    caso: 'a PNG named .pdf',
    cambiar: (c, a) => ({
      ...c,
      [a]: new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'a.pdf'),
    }),
    status: 415,
  },
  { caso: 'a PDF named .exe', cambiar: (c, a) => ({ ...c, [a]: pdf('x', 'programa.exe') }), status: 415 },
  { caso: 'a PDF named .svg', cambiar: (c, a) => ({ ...c, [a]: pdf('x', 'imagen.svg') }), status: 415 },
  { caso: 'an empty file', cambiar: (c, a) => ({ ...c, [a]: new File([], 'vacio.pdf') }), status: 415 },
  { caso: 'no file', cambiar: (c, a) => Object.fromEntries(Object.entries(c).filter(([k]) => k !== a)), status: 400 },
  { caso: 'text where the file goes', cambiar: (c, a) => ({ ...c, [a]: '%PDF-1.4 no soy un archivo' }), status: 400 },
  { caso: 'the other fields missing', cambiar: (c, a) => ({ [a]: c[a] }), status: 400 },
  { caso: 'a second file', cambiar: (c) => ({ ...c, segundo: pdf('y', 'otro.pdf') }), status: 400 },
  {
    caso: 'a field sent twice',
    cambiar: (c) => {
      const form = formulario(c)
      form.append('codTipoDocumento', '20')
      return form
    },
    status: 400,
  },
  {
    caso: 'a broken multipart body',
    cambiar: () => '--limite\r\nContent-Disposition: form-data; name="archivo"; filename="a.pdf"\r\n\r\n%PDF',
    status: 400,
  },
]

test.each(conCuerpo('multipart').flatMap((e) => SUBIDAS_HOSTILES.map((s) => ({ e, ...s }))))(
  '$e.metodo $e.ruta refuses $caso with $status and stores nothing',
  async ({ e, cambiar, status }) => {
    expect(e.valido && e.campoArchivo, 'a multipart row gives a valid form and its file field').toBeTruthy()
    const antes = await estadoDeDatos(comun)
    const cambiado = cambiar(await e.valido!(otra), e.campoArchivo!)
    const res =
      typeof cambiado === 'string'
        ? await enviar(otra, comun, e, cambiado, 'multipart/form-data; boundary=limite')
        : await otra.request(
            e.metodo,
            url(e),
            cambiado instanceof FormData ? cambiado : formulario(cambiado as Record<string, unknown>),
          )
    expect(res.status).toBe(status)
    const { error } = (await res.json()) as { error: string }
    expect(error).toMatch(/^[A-ZÁÉÍÓÚÑ¡¿].*\S/)
    expect(await estadoDeDatos(comun)).toEqual(antes)
  },
)

/**
 * A form of `n` fields, urlencoded or multipart, as raw text. Only its beginning is sent: the
 * server must refuse it from the parts it has counted, never waiting for (or parsing) the rest.
 */
function formularioDeCampos(tipo: 'urlencoded' | 'multipart', n: number): { contentType: string; cuerpo: string } {
  if (tipo === 'urlencoded')
    return {
      contentType: 'application/x-www-form-urlencoded',
      cuerpo: Array.from({ length: n }, (_, i) => `c${i}=1`).join('&'),
    }
  const parte = (i: number) => `--limite\r\nContent-Disposition: form-data; name="c${i}"\r\n\r\n1\r\n`
  return {
    contentType: 'multipart/form-data; boundary=limite',
    cuerpo: `${Array.from({ length: n }, (_, i) => parte(i)).join('')}--limite--\r\n`,
  }
}

/** The pages of the sandbox gateway that read a form, besides the API's endpoints. */
const FORMULARIOS_SANDBOX = ['/sandbox/pasarela/pagar', '/sandbox/pasarela/autorizar', '/sandbox/pasarela/anular']

/**
 * Sends the first tenth of a form of thousands of fields, declaring the whole length: the reply
 * must come without the rest, which never arrives.
 */
async function formularioEnorme(
  ruta: string,
  tipo: 'urlencoded' | 'multipart',
  campos: number,
  metodo = 'POST',
  cabeceras: string[] = [],
) {
  const { contentType, cuerpo } = formularioDeCampos(tipo, campos)
  const cookies = [...otra.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  return peticionCruda(
    comun.url,
    [
      `${metodo} ${ruta} HTTP/1.1`,
      'Host: portal',
      `Content-Type: ${contentType}`,
      `Cookie: ${cookies}`,
      `X-XSRF-TOKEN: ${otra.cookies.get('XSRF-TOKEN')}`,
      `Content-Length: ${Buffer.byteLength(cuerpo)}`,
      ...cabeceras,
      '',
      cuerpo.slice(0, Math.floor(cuerpo.length / 10)),
    ].join('\r\n'),
  )
}

const TIPOS_FORMULARIO = ['urlencoded', 'multipart'] as const

test.each([
  // Within each endpoint's size limit: 10,000 fields fit in an upload's, about 1,500 multipart
  // fields in the 100 KB of the others. An upload takes multipart only.
  ...conCuerpo('multipart').map((e) => ({ ruta: url(e), nombre: nombre(e), subida: true, tipo: 'multipart' as const })),
  ...[
    ...conCuerpo('formulario').map((e) => ({ ruta: url(e), nombre: nombre(e) })),
    ...FORMULARIOS_SANDBOX.map((ruta) => ({ ruta, nombre: `POST ${ruta}` })),
  ].flatMap((e) => TIPOS_FORMULARIO.map((tipo) => ({ ...e, subida: false, tipo }))),
])(
  '$nombre refuses a $tipo form of thousands of fields with 413, from the first parts, without parsing it',
  async ({ ruta, tipo, subida }) => {
    const antes = await estadoDeDatos(comun)
    const { respuesta, cerrada } = await formularioEnorme(ruta, tipo, tipo === 'multipart' && !subida ? 1_500 : 10_000)
    expect(respuesta).toMatch(/^HTTP\/1\.1 413 /)
    expect(respuesta).toContain(JSON.stringify({ error: MENSAJE_DEMASIADOS_CAMPOS }))
    expect(respuesta).toMatch(/^connection: close$/im)
    expect(cerrada).toBe(true)
    expect(await estadoDeDatos(comun)).toEqual(antes)
  },
)

test.each([
  ...[...conCuerpo('json'), ...conCuerpo('pdf')].flatMap((e) => TIPOS_FORMULARIO.map((tipo) => ({ e, tipo }))),
  ...conCuerpo('multipart').map((e) => ({ e, tipo: 'urlencoded' as const })),
])(
  '$e.metodo $e.ruta, which reads no such form, refuses a $tipo form of thousands of fields before reading it',
  async ({ e, tipo }) => {
    const antes = await estadoDeDatos(comun)
    const { respuesta, cerrada } = await formularioEnorme(
      url(e),
      tipo,
      tipo === 'multipart' && e.cuerpo !== 'pdf' ? 1_500 : 10_000,
      e.metodo,
    )
    expect(respuesta).toMatch(/^HTTP\/1\.1 415 /)
    expect(respuesta).toMatch(/^connection: close$/im)
    expect(cerrada).toBe(true)
    expect(await estadoDeDatos(comun)).toEqual(antes)
  },
)

test('an upload of thousands of fields sent through the outbox (with an Idempotency-Key) is refused the same, and no reply is stored for its key', async () => {
  const antes = await estadoDeDatos(comun)
  const { respuesta } = await formularioEnorme('/api/alumno/documentos', 'multipart', 10_000, 'POST', [
    'Idempotency-Key: clave-formulario-enorme',
  ])
  expect(respuesta).toMatch(/^HTTP\/1\.1 413 /)
  expect(respuesta).toContain(JSON.stringify({ error: MENSAJE_DEMASIADOS_CAMPOS }))
  expect(await estadoDeDatos(comun)).toEqual(antes)
  expect(comun.logs.join('\n')).not.toContain('"mensaje":"error en POST /api/alumno/documentos"')
})

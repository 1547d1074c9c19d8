// The findings of a security review, kept as regressions: one test per finding, then the
// cross-student, XSRF, malformed-body and upload probes as tables over every endpoint (a new
// endpoint joins them with one row).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { MENSAJE_UN_SOLO_ARCHIVO } from '../src/domain/documentos.ts'
import { encuestaCompleta } from '../tests/support/encuesta.ts'
import { MENSAJE_SESION_EXPIRADA } from '../src/domain/errores-api.ts'
import { MENSAJE_CARACTERES_INVISIBLES } from '../src/domain/validacion.ts'
import { canalesPorDefecto } from '../src/domain/notificaciones.ts'
import { reglamentoDe } from '../src/domain/reglamentos.ts'
import {
  clienteDePrueba,
  consultarDb,
  esperarCorreo,
  iniciarSesion,
  iniciarServidorDePrueba,
  tokenDeRecuperacion,
  type ClienteDePrueba,
  type ServidorDePrueba,
  type OpcionesServidorDePrueba,
  personaEditable,
} from '../tests/support/servidor.ts'
import { rutasApi } from './app.ts'
import { construirConfig } from './config.ts'
import { DEMO_CERTIFICADO_VALIDO, DEMO_CUENTAS } from './db/seed/demo.ts'
import { MENSAJE_DEMASIADOS_CAMPOS } from './middleware/limite-campos.ts'
import { MENSAJE_XSRF } from './middleware/xsrf.ts'
import { MENSAJE_SOLO_JSON, MENSAJE_SOLO_MULTIPART } from './routes/validacion.ts'
import { hashearPassword } from './seguridad/password.ts'

// Every call to the password hash is counted, to show which requests reach it.
vi.mock('./seguridad/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./seguridad/password.ts')>()
  return { ...real, hashearPassword: vi.fn(real.hashearPassword) }
})

const DEMASIADOS = 'Demasiados intentos. Espere unos minutos e intente nuevamente.'

/**
 * Every API endpoint, as Hono names its route under /api: what its body is and whether it needs a
 * signed-in student; `url` when the route has parameters (it may name another student's
 * resource). An endpoint that changes a student's data gives a body it accepts (`valido`, JSON
 * or a form's fields around one file), so the cross-student table can send it on another
 * student's behalf. A new endpoint joins with one row (the coverage test fails until it does),
 * and every table then covers it.
 */
type Endpoint = {
  metodo: 'GET' | 'POST' | 'PUT'
  ruta: string
  /**
   * 'pdf': the body is a PDF file itself (Content-Type: application/pdf); 'formulario': a form
   * posted by another site's page (the payment gateway's return).
   */
  cuerpo: 'ninguno' | 'json' | 'multipart' | 'pdf' | 'formulario'
  sesion: boolean
  /**
   * Exempt from the XSRF check: only the payment gateway's return, which the gateway's page posts
   * from its own site and which acts on no session.
   */
  sinXsrf?: true
  url?: (ajenos: Ajenos) => string
  valido?: (cliente: ClienteDePrueba) => Promise<Record<string, unknown>>
  /** Multipart only: the field that carries the file. */
  campoArchivo?: string
  /** Headers a valid request carries besides its body (the tus protocol's, for /subidas). */
  cabeceras?: Record<string, string>
}

/** What belongs to the signed-in student `estudiante`, which `otra` must never reach. */
type Ajenos = {
  documento: string
  solicitud: string
  documentoSolicitud: string
  /** The contest whose fee `estudiante` has paid, and a file of her application to it. */
  concurso: string
  documentoPostulacion: string
  /** A payment of hers (a seeded installment payment). */
  pago: string
}

const personaDe = personaEditable

const ENDPOINTS: Endpoint[] = [
  { metodo: 'GET', ruta: '/sesion', cuerpo: 'ninguno', sesion: false },
  { metodo: 'GET', ruta: '/salud', cuerpo: 'ninguno', sesion: false },
  { metodo: 'POST', ruta: '/auth/login', cuerpo: 'json', sesion: false },
  { metodo: 'POST', ruta: '/auth/logout', cuerpo: 'ninguno', sesion: false },
  { metodo: 'POST', ruta: '/auth/password/request', cuerpo: 'json', sesion: false },
  { metodo: 'POST', ruta: '/auth/password/verify', cuerpo: 'json', sesion: false },
  { metodo: 'POST', ruta: '/auth/password/set', cuerpo: 'json', sesion: false },
  { metodo: 'POST', ruta: '/auth/register', cuerpo: 'json', sesion: false },
  { metodo: 'GET', ruta: '/lookups/paises', cuerpo: 'ninguno', sesion: true },
  { metodo: 'GET', ruta: '/lookups/profesiones', cuerpo: 'ninguno', sesion: true },
  { metodo: 'GET', ruta: '/lookups/universidades', cuerpo: 'ninguno', sesion: true },
  { metodo: 'GET', ruta: '/lookups/regiones', cuerpo: 'ninguno', sesion: true },
  { metodo: 'GET', ruta: '/lookups/comunas', cuerpo: 'ninguno', sesion: true, url: () => '/lookups/comunas?region=13' },
  { metodo: 'GET', ruta: '/lookups/ciudades', cuerpo: 'ninguno', sesion: true },
  { metodo: 'GET', ruta: '/alumno/persona', cuerpo: 'ninguno', sesion: true },
  { metodo: 'PUT', ruta: '/alumno/persona', cuerpo: 'json', sesion: true, valido: personaDe },
  { metodo: 'GET', ruta: '/alumno/documentos', cuerpo: 'ninguno', sesion: true },
  {
    metodo: 'POST',
    ruta: '/alumno/documentos',
    cuerpo: 'multipart',
    sesion: true,
    campoArchivo: 'archivo',
    valido: async () => ({ codTipoDocumento: '21', archivo: pdf('otra', 'trabajo.pdf') }),
  },
  {
    metodo: 'GET',
    ruta: '/alumno/documentos/:id',
    cuerpo: 'ninguno',
    sesion: true,
    url: (ajenos) => `/alumno/documentos/${ajenos.documento}`,
  },
  {
    // The beginning of a resumable upload: what it is for travels in tus headers, not a body.
    // HEAD, PATCH and DELETE on /subidas/:id are tested in subidas.test.ts.
    metodo: 'POST',
    ruta: '/subidas',
    cuerpo: 'ninguno',
    sesion: true,
    cabeceras: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': '100',
      'Upload-Metadata': ['destino /api/alumno/documentos', 'codTipoDocumento 21', 'filename trabajo.pdf']
        .map((par) => par.replace(/ (.*)$/, (_, valor: string) => ` ${Buffer.from(valor).toString('base64')}`))
        .join(','),
    },
    valido: async () => ({}),
  },
  { metodo: 'GET', ruta: '/alumno/pendientes', cuerpo: 'ninguno', sesion: true },
  { metodo: 'GET', ruta: '/alumno', cuerpo: 'ninguno', sesion: true },
  { metodo: 'POST', ruta: '/certificados/validar', cuerpo: 'json', sesion: false },
  { metodo: 'POST', ruta: '/certificados/verificar-archivo', cuerpo: 'pdf', sesion: false },
  { metodo: 'GET', ruta: '/solicitudes', cuerpo: 'ninguno', sesion: true },
  {
    metodo: 'GET',
    ruta: '/solicitudes/:codigo/encuesta',
    cuerpo: 'ninguno',
    sesion: true,
    url: (ajenos) => `/solicitudes/${ajenos.solicitud}/encuesta`,
  },
  {
    metodo: 'POST',
    ruta: '/solicitudes/:codigo/encuesta',
    cuerpo: 'json',
    sesion: true,
    url: () => `/solicitudes/${SOLICITUD_OTRA}/encuesta`,
    valido: async () => encuestaCompleta(),
  },
  {
    metodo: 'GET',
    ruta: '/solicitudes/:codigo/documentos',
    cuerpo: 'ninguno',
    sesion: true,
    url: (ajenos) => `/solicitudes/${ajenos.solicitud}/documentos`,
  },
  {
    metodo: 'POST',
    ruta: '/solicitudes/:codigo/documentos',
    cuerpo: 'multipart',
    sesion: true,
    campoArchivo: 'archivo',
    url: () => `/solicitudes/${SOLICITUD_OTRA}/documentos`,
    valido: async () => ({ codTipoDocumento: '41', archivo: pdf('otra', 'carta.pdf') }),
  },
  {
    metodo: 'GET',
    ruta: '/solicitudes/:codigo/documentos/:id',
    cuerpo: 'ninguno',
    sesion: true,
    url: (ajenos) => `/solicitudes/${ajenos.solicitud}/documentos/${ajenos.documentoSolicitud}`,
  },
  {
    metodo: 'POST',
    ruta: '/solicitudes/:codigo/condiciones',
    cuerpo: 'json',
    sesion: true,
    url: () => `/solicitudes/${SOLICITUD_OTRA}/condiciones`,
    valido: async () => ({ decision: 'aceptadas' }),
  },
  {
    metodo: 'POST',
    ruta: '/solicitudes/:codigo/reglamento',
    cuerpo: 'json',
    sesion: true,
    url: () => `/solicitudes/${SOLICITUD_OTRA}/reglamento`,
    // Her group asks for the survey first (sent here unless an earlier row already did).
    valido: async (cliente) => {
      await cliente.post(`/api/solicitudes/${SOLICITUD_OTRA}/encuesta`, encuestaCompleta())
      return { version: reglamentoDe('Diplomado').version }
    },
  },
  {
    metodo: 'GET',
    ruta: '/documentos-emitidos/:codigo',
    cuerpo: 'ninguno',
    sesion: true,
    url: () => `/documentos-emitidos/${DEMO_CERTIFICADO_VALIDO}`,
  },
  { metodo: 'GET', ruta: '/concursos', cuerpo: 'ninguno', sesion: true },
  {
    metodo: 'GET',
    ruta: '/concursos/:id',
    cuerpo: 'ninguno',
    sesion: true,
    url: (ajenos) => `/concursos/${ajenos.concurso}`,
  },
  {
    metodo: 'POST',
    ruta: '/concursos/:id/postulacion',
    cuerpo: 'ninguno',
    sesion: true,
    url: () => `/concursos/${CONCURSO_OTRA}/postulacion`,
    valido: async () => ({}),
  },
  {
    metodo: 'GET',
    ruta: '/concursos/:id/postulacion',
    cuerpo: 'ninguno',
    sesion: true,
    url: (ajenos) => `/concursos/${ajenos.concurso}/postulacion`,
  },
  {
    metodo: 'POST',
    ruta: '/concursos/:id/postulacion/documentos',
    cuerpo: 'multipart',
    sesion: true,
    campoArchivo: 'archivo',
    url: () => `/concursos/${CONCURSO_OTRA}/postulacion/documentos`,
    valido: async () => ({ codTipoDocumento: '52', archivo: pdf('otra', 'seguro-extranjero.pdf') }),
  },
  {
    metodo: 'GET',
    ruta: '/concursos/:id/postulacion/documentos/:archivo',
    cuerpo: 'ninguno',
    sesion: true,
    url: (ajenos) => `/concursos/${ajenos.concurso}/postulacion/documentos/${ajenos.documentoPostulacion}`,
  },
  { metodo: 'GET', ruta: '/ofertas', cuerpo: 'ninguno', sesion: true },
  { metodo: 'GET', ruta: '/ofertas/mosaico', cuerpo: 'ninguno', sesion: true },
  { metodo: 'GET', ruta: '/pagos/retorno', cuerpo: 'ninguno', sesion: false, sinXsrf: true },
  { metodo: 'POST', ruta: '/pagos/retorno', cuerpo: 'formulario', sesion: false, sinXsrf: true },
  {
    metodo: 'GET',
    ruta: '/pagos/cuotas/:codigo',
    cuerpo: 'ninguno',
    sesion: true,
    url: (ajenos) => `/pagos/cuotas/${ajenos.solicitud}`,
  },
  {
    metodo: 'POST',
    ruta: '/pagos',
    cuerpo: 'json',
    sesion: true,
    valido: async () => ({ concepto: 'cuota', referencia: `${SOLICITUD_OTRA}/2` }),
  },
  { metodo: 'GET', ruta: '/pagos/:id', cuerpo: 'ninguno', sesion: true, url: (ajenos) => `/pagos/${ajenos.pago}` },
  { metodo: 'GET', ruta: '/notificaciones', cuerpo: 'ninguno', sesion: true },
  { metodo: 'POST', ruta: '/notificaciones/leidas', cuerpo: 'ninguno', sesion: true, valido: async () => ({}) },
  {
    metodo: 'POST',
    ruta: '/notificaciones/:id/leida',
    cuerpo: 'ninguno',
    sesion: true,
    // Her own notice: marking it read must leave `estudiante`'s unread.
    url: () => `/notificaciones/${avisoDeOtra}/leida`,
    valido: async () => ({}),
  },
  { metodo: 'GET', ruta: '/notificaciones/preferencias', cuerpo: 'ninguno', sesion: true },
  {
    metodo: 'PUT',
    ruta: '/notificaciones/preferencias',
    cuerpo: 'json',
    sesion: true,
    valido: async () => ({ canales: canalesPorDefecto(), silencio: { desde: '23:00', hasta: '07:00' } }),
  },
  {
    metodo: 'POST',
    ruta: '/notificaciones/suscripciones',
    cuerpo: 'json',
    sesion: true,
    valido: async () => ({
      endpoint: 'https://push.example.org/dispositivo-de-otra',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    }),
  },
  {
    metodo: 'POST',
    ruta: '/notificaciones/suscripciones/baja',
    cuerpo: 'json',
    sesion: true,
    valido: async () => ({ endpoint: 'https://push.example.org/dispositivo-de-otra' }),
  },
]

/** A notice of `otra`'s own (set once the server is up). */
let avisoDeOtra = ''

/** `otra`'s own enrolment, where her submissions go. */
const SOLICITUD_OTRA = 'INS-25-30688'

/** The open contest `otra` has applied to (seeded), where her application's submissions go. */
const CONCURSO_OTRA = '10'

function pdf(texto: string, nombre: string): File {
  return new File([`%PDF-1.4\n% ${texto}\n%%EOF\n`], nombre, { type: 'application/pdf' })
}

const url = (e: Endpoint) => `/api${e.url?.(ajenos) ?? e.ruta}`
const nombre = (e: Endpoint) => `${e.metodo} ${e.ruta}`
const conCuerpo = (tipo: Endpoint['cuerpo']) => ENDPOINTS.filter((e) => e.cuerpo === tipo)
const noGet = ENDPOINTS.filter((e) => e.metodo !== 'GET' && !e.sinXsrf)

/** A form with these fields; a File value becomes a file part. */
function formulario(campos: Record<string, unknown>): FormData {
  const form = new FormData()
  for (const [nombre, valor] of Object.entries(campos))
    form.append(nombre, valor instanceof File ? valor : String(valor))
  return form
}

/**
 * A server for the tables, with two signed-in students: `estudiante`, who has uploaded a document
 * whose contents and name mark it, and `otra`, who probes.
 */
let comun: ServidorDePrueba
let estudiante: ClienteDePrueba
let otra: ClienteDePrueba
const ajenos: Ajenos = {
  documento: '',
  solicitud: 'INS-26-40018',
  documentoSolicitud: '',
  concurso: '9',
  documentoPostulacion: '',
  pago: 'pago-demo-INS-26-40018-1',
}
const MARCA_DOCUMENTO = 'contenido-privado-de-camila'
beforeAll(async () => {
  comun = await iniciarServidorDePrueba({ throttle: 'off' })
  estudiante = await iniciarSesion(comun.url, DEMO_CUENTAS.estudiante)
  otra = await iniciarSesion(comun.url, DEMO_CUENTAS.extranjera)
  const subida = await estudiante.request(
    'POST',
    '/api/alumno/documentos',
    formulario({ codTipoDocumento: '20', archivo: pdf(MARCA_DOCUMENTO, 'titulo-de-camila.pdf') }),
  )
  expect(subida.status).toBe(201)
  ajenos.documento = ((await subida.json()) as { data: { id: string } }).data.id
  const deSolicitud = await estudiante.request(
    'POST',
    `/api/solicitudes/${ajenos.solicitud}/documentos`,
    formulario({ codTipoDocumento: '41', archivo: pdf(MARCA_DOCUMENTO, 'carta-de-camila.pdf') }),
  )
  expect(deSolicitud.status).toBe(201)
  ajenos.documentoSolicitud = ((await deSolicitud.json()) as { data: { id: string } }).data.id
  const dePostulacion = await estudiante.request(
    'POST',
    `/api/concursos/${ajenos.concurso}/postulacion/documentos`,
    formulario({ codTipoDocumento: '46', archivo: pdf(MARCA_DOCUMENTO, 'poliza-de-camila.pdf') }),
  )
  expect(dePostulacion.status).toBe(201)
  ajenos.documentoPostulacion = ((await dePostulacion.json()) as { data: { id: string } }).data.id
  const avisos = (await (await otra.get('/api/notificaciones')).json()) as {
    data: { notificaciones: { id: string }[] }
  }
  avisoDeOtra = avisos.data.notificaciones[0]!.id
})
afterAll(() => comun.close())

/** What identifies `estudiante` in any reply. */
const MARCAS_ESTUDIANTE = [
  'carta-de-camila',
  'poliza-de-camila',
  'postulacion-estudiante-9',
  DEMO_CUENTAS.estudiante,
  '16789432-1',
  'AL20180457',
  'Camila Andrea',
  MARCA_DOCUMENTO,
  'titulo-de-camila',
  'INS-26-40018',
]

/** Rows counted in the tables a request could change. */
async function estadoDeDatos(servidor: ServidorDePrueba): Promise<unknown[]> {
  const tablas = [
    'alumnos',
    'sesiones',
    'tokens_recuperacion',
    'historial_persona',
    'archivos_personales',
    'idempotencia',
    'encuestas',
    'condiciones',
    'archivos_solicitud',
    'pagos',
    'cuotas',
    'pagos_fisicos',
    'postulaciones',
    'archivos_postulacion',
    'suscripciones_push',
    'subidas',
    'preferencias_notificacion',
  ]
  return Promise.all(
    tablas.map(
      async (t) => (await consultarDb<{ n: number }>(servidor.dataDir, `select count(*) as n from ${t}`))[0]?.n,
    ),
  )
}

/** A raw body with the client's cookies and XSRF header: what a page could send with fetch. */
function enviar(
  cliente: ClienteDePrueba,
  servidor: ServidorDePrueba,
  e: Endpoint,
  cuerpo: BodyInit | undefined,
  contentType?: string,
): Promise<Response> {
  const headers: Record<string, string> = {
    cookie: [...cliente.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': cliente.cookies.get('XSRF-TOKEN') ?? '',
  }
  if (contentType) headers['content-type'] = contentType
  return fetch(`${servidor.url}${url(e)}`, { method: e.metodo, headers, body: cuerpo })
}

const abiertos: ServidorDePrueba[] = []
afterEach(async () => {
  await Promise.all(abiertos.splice(0).map((s) => s.close()))
})

async function arrancar(opciones: OpcionesServidorDePrueba = {}): Promise<ServidorDePrueba> {
  const servidor = await iniciarServidorDePrueba(opciones)
  abiertos.push(servidor)
  return servidor
}

/** A server with these throttle limits (env syntax N/M), every other one as configured by default. */
function conLimites(env: Record<string, string>): Promise<ServidorDePrueba> {
  return arrancar({ config: { limites: construirConfig(env).limites } })
}

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

test('a certificate keeps the name it certified when the student renames themselves; names refuse invisible characters', async () => {
  const servidor = await arrancar({ throttle: 'off' })
  const cliente = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
  const propia = await personaDe(cliente)
  const invertido = await cliente.put('/api/alumno/persona', { ...propia, nombres: 'Camila\u202Eogeid' })
  expect(invertido.status).toBe(400)
  expect(await invertido.json()).toMatchObject({
    error: MENSAJE_CARACTERES_INVISIBLES,
    campos: { nombres: MENSAJE_CARACTERES_INVISIBLES },
  })
  const registro = await clienteDePrueba(servidor.url).post('/api/auth/register', {
    nombres: 'Ana\u200B',
    apellidos: 'Pérez',
    tipoDocumento: 'RUT',
    documento: '11.111.111-1',
    email: 'ana@ejemplo.cl',
    telefono: '+56 9 1111 2222',
    password: 'Clave2026',
    confirmacion: 'Clave2026',
  })
  expect(registro.status).toBe(400)
  expect((await registro.json()).campos).toEqual({ nombres: MENSAJE_CARACTERES_INVISIBLES })

  expect(
    (await cliente.put('/api/alumno/persona', { ...propia, nombres: 'Impostora', apPaterno: 'Cualquiera' })).status,
  ).toBe(200)
  const validacion = await clienteDePrueba(servidor.url).post('/api/certificados/validar', {
    codValidador: DEMO_CERTIFICADO_VALIDO,
  })
  const { data } = (await validacion.json()) as { data: { msgvalido: string } }
  expect(data.msgvalido).toContain('Camila Andrea Rojas Soto')
  expect(data.msgvalido).not.toContain('Impostora')
})

test('checking and using reset links is throttled per IP once too many were refused', async () => {
  const servidor = await conLimites({ THROTTLE_RECUPERACION_TOKEN_IP: '3/15' })
  const cliente = clienteDePrueba(servidor.url)
  for (let i = 0; i < 3; i++)
    expect((await cliente.post('/api/auth/password/verify', { token: `falso-${i}` })).status).toBe(400)
  const verificar = await cliente.post('/api/auth/password/verify', { token: 'falso-3' })
  expect(verificar.status).toBe(429)
  expect(await verificar.json()).toMatchObject({ error: DEMASIADOS, status: 'error', message: DEMASIADOS })
  const crear = await cliente.post('/api/auth/password/set', {
    token: 'falso-4',
    password: 'Nueva2026',
    confirmacion: 'Nueva2026',
  })
  expect(crear.status).toBe(429)
  expect(Number(crear.headers.get('retry-after'))).toBeGreaterThan(0)
})

test('a bogus reset token is refused before any password is hashed', async () => {
  const servidor = await arrancar({ throttle: 'off' })
  const cliente = clienteDePrueba(servidor.url)
  vi.mocked(hashearPassword).mockClear()
  const intentos = Array.from({ length: 16 }, (_, i) =>
    cliente.post('/api/auth/password/set', { token: `falso-${i}`, password: 'Nueva2026', confirmacion: 'Nueva2026' }),
  )
  for (const res of await Promise.all(intentos)) expect(res.status).toBe(400)
  expect(hashearPassword).not.toHaveBeenCalled()

  // A real link does reach the hash: the spy sees what the server does.
  await cliente.post('/api/auth/password/request', { email: DEMO_CUENTAS.sinSolicitudes })
  const token = tokenDeRecuperacion(await esperarCorreo(servidor.dataDir, DEMO_CUENTAS.sinSolicitudes))
  expect(
    (await cliente.post('/api/auth/password/set', { token, password: 'Nueva2026', confirmacion: 'Nueva2026' })).status,
  ).toBe(200)
  expect(hashearPassword).toHaveBeenCalledTimes(1)
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

test('a logout replayed with the Idempotency-Key of an earlier logout still ends the session', async () => {
  const cliente = await iniciarSesion(comun.url, DEMO_CUENTAS.sinSolicitudes)
  const clave = 'salir-0000-clave-repetida'
  expect((await cliente.post('/api/auth/logout', undefined, { 'Idempotency-Key': clave })).status).toBe(204)
  expect((await cliente.get('/api/alumno')).status).toBe(401)
  // The same student signs in again; the outbox-like client sends the same key.
  const otraVez = await cliente.post('/api/auth/login', { email: DEMO_CUENTAS.sinSolicitudes, password: 'Demo2026' })
  expect((await otraVez.json()).codRetorno).toBe(0)
  const salir = await cliente.post('/api/auth/logout', undefined, { 'Idempotency-Key': clave })
  expect(salir.status).toBe(204)
  expect(salir.headers.get('idempotency-replayed')).toBeNull()
  expect((await cliente.get('/api/alumno')).status).toBe(401)
})

test('with a session, only the XSRF token bound to it is accepted, not any matching cookie and header pair', async () => {
  const cliente = await iniciarSesion(comun.url, DEMO_CUENTAS.extranjera)
  const sesion = cliente.cookies.get('portal_sesion') ?? ''
  // A planted pair: cookie and header agree, as a double submit alone would accept.
  const plantado = await fetch(`${comun.url}/api/certificados/validar`, {
    method: 'POST',
    headers: {
      cookie: `portal_sesion=${sesion}; XSRF-TOKEN=plantado`,
      'x-xsrf-token': 'plantado',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ codValidador: 'ABC' }),
  })
  expect(plantado.status).toBe(403)
  // The reply hands the browser the session's own token, so the real page recovers at once.
  const renovada = plantado.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))
  expect(renovada).toBeDefined()
  expect(renovada).toContain(`XSRF-TOKEN=${cliente.cookies.get('XSRF-TOKEN')};`)
  expect((await cliente.post('/api/certificados/validar', { codValidador: 'ABC' })).status).toBe(200)
  // Signing in hands out the token of the new session: the one from before no longer passes.
  const previo = cliente.cookies.get('XSRF-TOKEN') ?? ''
  await cliente.post('/api/auth/login', { email: DEMO_CUENTAS.extranjera, password: 'Demo2026' })
  expect(cliente.cookies.get('XSRF-TOKEN')).not.toBe(previo)
  const viejo = await fetch(`${comun.url}/api/certificados/validar`, {
    method: 'POST',
    headers: {
      cookie: `portal_sesion=${cliente.cookies.get('portal_sesion')}; XSRF-TOKEN=${previo}`,
      'x-xsrf-token': previo,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ codValidador: 'ABC' }),
  })
  expect(viejo.status).toBe(403)
})

test('the per-IP login limit counts failures only: many students signing in from one address are not locked out', async () => {
  const servidor = await conLimites({ THROTTLE_LOGIN_IP: '3/15' })
  for (let i = 0; i < 6; i++) {
    const email = [DEMO_CUENTAS.estudiante, DEMO_CUENTAS.extranjera, DEMO_CUENTAS.sinSolicitudes][i % 3]
    const res = await clienteDePrueba(servidor.url).post('/api/auth/login', { email, password: 'Demo2026' })
    expect((await res.json()).codRetorno).toBe(0)
  }
  const cliente = clienteDePrueba(servidor.url)
  for (let i = 0; i < 3; i++)
    expect((await cliente.post('/api/auth/login', { email: `nadie${i}@demo.cl`, password: 'Mala2026' })).status).toBe(
      200,
    )
  const bloqueado = await cliente.post('/api/auth/login', { email: DEMO_CUENTAS.estudiante, password: 'Demo2026' })
  expect(bloqueado.status).toBe(429)
  expect(await bloqueado.json()).toEqual({ error: DEMASIADOS })
})

test('trying passport numbers other than one own is throttled per student, and a refused number is kept nowhere', async () => {
  const servidor = await conLimites({ THROTTLE_DOCUMENTO_ALUMNO: '2/60' })
  const registro = await clienteDePrueba(servidor.url).post('/api/auth/register', {
    nombres: 'Lucía',
    apellidos: 'Fernández Díaz',
    tipoDocumento: 'PASAPORTE',
    documento: 'PAS778899',
    email: 'lucia@ejemplo.cl',
    telefono: '+56 9 3333 4444',
    password: 'Clave2026',
    confirmacion: 'Clave2026',
  })
  expect(registro.status).toBe(201)
  const cliente = await iniciarSesion(servidor.url, DEMO_CUENTAS.extranjera)
  const {
    codPersona: _c,
    email: _e,
    rut: _r,
    ...propia
  } = ((await (await cliente.get('/api/alumno/persona')).json()) as { data: Record<string, string> }).data
  const probar = (numeroDocumento: string, clave: string) =>
    cliente.put('/api/alumno/persona', { ...propia, numeroDocumento }, { 'Idempotency-Key': clave })

  expect((await probar('PAS778899', 'probar-documento-1')).status).toBe(400)
  expect((await probar('PAS778898', 'probar-documento-2')).status).toBe(200)
  const bloqueado = await probar('PAS778899', 'probar-documento-3')
  expect(bloqueado.status).toBe(429)
  expect(await bloqueado.json()).toEqual({ error: DEMASIADOS })
  // Her own number is not a probe: saving it still works.
  expect((await probar('PAS778898', 'probar-documento-4')).status).toBe(200)

  const ajenas = JSON.stringify([
    await consultarDb(servidor.dataDir, "select * from alumnos where email <> 'lucia@ejemplo.cl'"),
    await consultarDb(servidor.dataDir, 'select * from historial_persona'),
    await consultarDb(servidor.dataDir, 'select * from idempotencia'),
    await consultarDb(servidor.dataDir, 'select * from limites'),
  ])
  expect(ajenas).not.toContain('PAS778899')
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

test.each(ENDPOINTS.filter((e) => e.sesion && e.metodo === 'GET'))(
  "$metodo $ruta never shows another student's data",
  async (e) => {
    const res = await otra.get(url(e))
    expect(res.status).toBeLessThan(500)
    const texto = await res.text()
    for (const marca of MARCAS_ESTUDIANTE) expect(texto, marca).not.toContain(marca)
  },
)

test.each(ENDPOINTS.filter((e) => e.sesion && e.metodo !== 'GET'))(
  "$metodo $ruta acts on the session's student only, whatever ids the body names",
  async (e) => {
    expect(e.valido, 'a row that changes data gives a body it accepts').toBeDefined()
    const suyo = async () =>
      Promise.all(
        [
          '/api/alumno/persona',
          '/api/alumno/documentos',
          '/api/solicitudes',
          '/api/concursos',
          `/api/concursos/${ajenos.concurso}/postulacion`,
          '/api/notificaciones',
          '/api/notificaciones/preferencias',
        ].map(async (ruta) => (await estudiante.get(ruta)).text()),
      )
    const antes = await suyo()
    const cuerpo = {
      ...(await e.valido!(otra)),
      alumnoId: 'alumno-estudiante',
      alumno_id: 'alumno-estudiante',
      codPersona: 'AL20180457',
      email: DEMO_CUENTAS.estudiante,
      rut: '16789432-1',
    }
    const res = await otra.request(
      e.metodo,
      url(e),
      e.cuerpo === 'multipart' ? formulario(cuerpo) : cuerpo,
      e.cabeceras,
    )
    expect(res.status).toBeLessThan(300)
    expect(await suyo()).toEqual(antes)
  },
)

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

test('a form within the field limit still reaches its endpoint: the gateway return and an upload', async () => {
  const retorno = await fetch(`${comun.url}/api/pagos/retorno`, {
    method: 'POST',
    body: new URLSearchParams({ token_ws: 'f'.repeat(64) }),
    redirect: 'manual',
  })
  expect(retorno.status).toBe(404)
  const subida = await otra.request(
    'POST',
    '/api/alumno/documentos',
    formulario({ codTipoDocumento: '21', archivo: pdf('otra', 'limite.pdf') }),
  )
  expect(subida.status).toBe(201)
})

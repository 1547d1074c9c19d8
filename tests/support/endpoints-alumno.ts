// The student API's endpoints as a table, for the security tests that probe every one of them as
// an attacker would: seguridad.test.ts (the HTTP layer, refused before any handler reads the
// database; SQLite only) and seguridad-datos.test.ts (one student's data kept from another, the
// throttles, the idempotency store; both engines). A new endpoint joins with one row (the coverage
// test fails until it does), and every table then covers it.
import { expect, afterAll, afterEach, beforeAll } from 'vitest'
import { canalesPorDefecto } from '../../src/domain/notificaciones.ts'
import { reglamentoDe } from '../../src/domain/reglamentos.ts'
import { construirConfig } from '../../server/config.ts'
import { DEMO_CERTIFICADO_VALIDO, DEMO_CUENTAS } from '../../server/db/seed/demo.ts'
import { encuestaCompleta } from './encuesta.ts'
import {
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  personaEditable,
  type ClienteDePrueba,
  type OpcionesServidorDePrueba,
  type ServidorDePrueba,
} from './servidor.ts'

export const DEMASIADOS = 'Demasiados intentos. Espere unos minutos e intente nuevamente.'

/**
 * Every API endpoint, as Hono names its route under /api: what its body is and whether it needs a
 * signed-in student; `url` when the route has parameters (it may name another student's
 * resource). An endpoint that changes a student's data gives a body it accepts (`valido`, JSON
 * or a form's fields around one file), so the cross-student table can send it on another
 * student's behalf. A new endpoint joins with one row (the coverage test fails until it does),
 * and every table then covers it.
 */
export type Endpoint = {
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
export type Ajenos = {
  documento: string
  solicitud: string
  documentoSolicitud: string
  /** The contest whose fee `estudiante` has paid, and a file of her application to it. */
  concurso: string
  documentoPostulacion: string
  /** A payment of hers (a seeded installment payment). */
  pago: string
  /** That payment's tax document (seeded, issued by the sandbox). */
  documentoTributario: string
  /** And a notice of `otra`'s own, where her requests about notices go. */
  avisoDeOtra: string
  /** A copy of `estudiante`'s data, ready to download. */
  exportacion: string
}

export const ENDPOINTS: Endpoint[] = [
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
  { metodo: 'PUT', ruta: '/alumno/persona', cuerpo: 'json', sesion: true, valido: personaEditable },
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
  {
    metodo: 'GET',
    ruta: '/pagos/:id/documentos-tributarios',
    cuerpo: 'ninguno',
    sesion: true,
    url: (ajenos) => `/pagos/${ajenos.pago}/documentos-tributarios`,
  },
  {
    metodo: 'GET',
    ruta: '/documentos-tributarios/:id/pdf',
    cuerpo: 'ninguno',
    sesion: true,
    url: (ajenos) => `/documentos-tributarios/${ajenos.documentoTributario}/pdf`,
  },
  {
    metodo: 'GET',
    ruta: '/documentos-tributarios/:id/xml',
    cuerpo: 'ninguno',
    sesion: true,
    url: (ajenos) => `/documentos-tributarios/${ajenos.documentoTributario}/xml`,
  },
  { metodo: 'GET', ruta: '/notificaciones', cuerpo: 'ninguno', sesion: true },
  { metodo: 'POST', ruta: '/notificaciones/leidas', cuerpo: 'ninguno', sesion: true, valido: async () => ({}) },
  {
    metodo: 'POST',
    ruta: '/notificaciones/:id/leida',
    cuerpo: 'ninguno',
    sesion: true,
    // Her own notice: marking it read must leave `estudiante`'s unread.
    url: (ajenos) => `/notificaciones/${ajenos.avisoDeOtra}/leida`,
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
    // A local push service, by address: the server resolves a push service's name when a device
    // subscribes, and this machine resolves no name on the Internet.
    valido: async () => ({
      endpoint: 'http://127.0.0.1:9/push/dispositivo-de-otra',
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
    valido: async () => ({ endpoint: 'http://127.0.0.1:9/push/dispositivo-de-otra' }),
  },
  { metodo: 'GET', ruta: '/privacidad', cuerpo: 'ninguno', sesion: false },
  { metodo: 'GET', ruta: '/privacidad/versiones', cuerpo: 'ninguno', sesion: false },
  {
    metodo: 'GET',
    ruta: '/privacidad/versiones/:version',
    cuerpo: 'ninguno',
    sesion: false,
    url: () => '/privacidad/versiones/1',
  },
  { metodo: 'GET', ruta: '/privacidad/aviso', cuerpo: 'ninguno', sesion: true },
  { metodo: 'POST', ruta: '/privacidad/aviso', cuerpo: 'json', sesion: true, valido: async () => ({ version: 1 }) },
  { metodo: 'GET', ruta: '/privacidad/consentimientos', cuerpo: 'ninguno', sesion: true },
  {
    metodo: 'POST',
    ruta: '/privacidad/consentimientos/:finalidad/retirar',
    cuerpo: 'ninguno',
    sesion: true,
    url: () => '/privacidad/consentimientos/encuesta-discapacidad/retirar',
    // `otra` gave this consent (prepararDosEstudiantes), so withdrawing it is accepted.
    valido: async () => ({}),
  },
  { metodo: 'GET', ruta: '/privacidad/lecturas', cuerpo: 'ninguno', sesion: true },
  { metodo: 'GET', ruta: '/privacidad/mis-datos', cuerpo: 'ninguno', sesion: true },
  {
    metodo: 'POST',
    ruta: '/privacidad/mis-datos/exportaciones',
    cuerpo: 'ninguno',
    sesion: true,
    valido: async () => ({}),
  },
  {
    metodo: 'GET',
    ruta: '/privacidad/mis-datos/exportaciones/:id/zip',
    cuerpo: 'ninguno',
    sesion: true,
    url: (ajenos) => `/privacidad/mis-datos/exportaciones/${ajenos.exportacion}/zip`,
  },
  {
    metodo: 'POST',
    ruta: '/privacidad/mis-datos/solicitudes',
    cuerpo: 'json',
    sesion: true,
    valido: async () => ({ derecho: 'acceso' }),
  },
]

/** `otra`'s own enrolment, where her submissions go. */
const SOLICITUD_OTRA = 'INS-25-30688'

/** The open contest `otra` has applied to (seeded), where her application's submissions go. */
const CONCURSO_OTRA = '10'

export function pdf(texto: string, nombre: string): File {
  return new File([`%PDF-1.4\n% ${texto}\n%%EOF\n`], nombre, { type: 'application/pdf' })
}

/** What of `estudiante`'s the probes aim at: the seeded ones here, the rest set by prepararDosEstudiantes. */
const AJENOS_SEMBRADOS: Ajenos = {
  documento: '',
  solicitud: 'INS-26-40018',
  documentoSolicitud: '',
  concurso: '9',
  documentoPostulacion: '',
  pago: 'pago-demo-INS-26-40018-1',
  documentoTributario: 'dte-demo-INS-26-40018-1',
  avisoDeOtra: '',
  exportacion: 'ninguna',
}

/** The running file's: a worker runs its files one at a time, and each file's setup fills it again. */
export const ajenos: Ajenos = { ...AJENOS_SEMBRADOS }

export const url = (e: Endpoint) => `/api${e.url?.(ajenos) ?? e.ruta}`
export const nombre = (e: Endpoint) => `${e.metodo} ${e.ruta}`
export const conCuerpo = (tipo: Endpoint['cuerpo']) => ENDPOINTS.filter((e) => e.cuerpo === tipo)
export const noGet = ENDPOINTS.filter((e) => e.metodo !== 'GET' && !e.sinXsrf)

/** A form with these fields; a File value becomes a file part. */
export function formulario(campos: Record<string, unknown>): FormData {
  const form = new FormData()
  for (const [nombre, valor] of Object.entries(campos))
    form.append(nombre, valor instanceof File ? valor : String(valor))
  return form
}

export const MARCA_DOCUMENTO = 'contenido-privado-de-camila'

export type DosEstudiantes = { servidor: ServidorDePrueba; estudiante: ClienteDePrueba; otra: ClienteDePrueba }

/**
 * A server for the tables, with two signed-in students: `estudiante`, who has uploaded a document
 * whose contents and name mark it, and `otra`, who probes. Ready in the file's beforeAll.
 */
export function prepararDosEstudiantes(): DosEstudiantes {
  const dos = {} as DosEstudiantes
  beforeAll(async () => {
    Object.assign(ajenos, AJENOS_SEMBRADOS)
    dos.servidor = await iniciarServidorDePrueba({ throttle: 'off' })
    dos.estudiante = await iniciarSesion(dos.servidor.url, DEMO_CUENTAS.estudiante)
    dos.otra = await iniciarSesion(dos.servidor.url, DEMO_CUENTAS.extranjera)
    const subida = await dos.estudiante.request(
      'POST',
      '/api/alumno/documentos',
      formulario({ codTipoDocumento: '20', archivo: pdf(MARCA_DOCUMENTO, 'titulo-de-camila.pdf') }),
    )
    expect(subida.status).toBe(201)
    ajenos.documento = ((await subida.json()) as { data: { id: string } }).data.id
    const deSolicitud = await dos.estudiante.request(
      'POST',
      `/api/solicitudes/${ajenos.solicitud}/documentos`,
      formulario({ codTipoDocumento: '41', archivo: pdf(MARCA_DOCUMENTO, 'carta-de-camila.pdf') }),
    )
    expect(deSolicitud.status).toBe(201)
    ajenos.documentoSolicitud = ((await deSolicitud.json()) as { data: { id: string } }).data.id
    const dePostulacion = await dos.estudiante.request(
      'POST',
      `/api/concursos/${ajenos.concurso}/postulacion/documentos`,
      formulario({ codTipoDocumento: '46', archivo: pdf(MARCA_DOCUMENTO, 'poliza-de-camila.pdf') }),
    )
    expect(dePostulacion.status).toBe(201)
    ajenos.documentoPostulacion = ((await dePostulacion.json()) as { data: { id: string } }).data.id
    const avisos = (await (await dos.otra.get('/api/notificaciones')).json()) as {
      data: { notificaciones: { id: string }[] }
    }
    ajenos.avisoDeOtra = avisos.data.notificaciones[0]!.id
    const exportacion = await dos.estudiante.post('/api/privacidad/mis-datos/exportaciones', {})
    expect(exportacion.status).toBe(201)
    ajenos.exportacion = ((await exportacion.json()) as { id: string }).id
    // `otra` consented to the survey's disability questions, so she has a consent to withdraw.
    await consultarDb(
      dos.servidor.dataDir,
      `insert into consentimientos (id, alumno_id, finalidad, estado, version_politica, en, origen, codigo_inscripcion)
       select 'consentimiento-de-otra', id, 'encuesta-discapacidad', 'otorgado', 1, ?, 'encuesta', null
       from alumnos where email = ?`,
      new Date().toISOString(),
      DEMO_CUENTAS.extranjera,
    )
  })
  afterAll(() => dos.servidor?.close())
  return dos
}

/** What identifies `estudiante` in any reply. */
export const MARCAS_ESTUDIANTE = [
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
export async function estadoDeDatos(servidor: ServidorDePrueba): Promise<unknown[]> {
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
export function enviar(
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

/** Servers of a single test, closed after it: `arrancar` with options, `conLimites` with throttle limits (env syntax N/M). */
export function servidoresDeCadaPrueba() {
  const abiertos: ServidorDePrueba[] = []
  afterEach(async () => {
    await Promise.all(abiertos.splice(0).map((s) => s.close()))
  })
  async function arrancar(opciones: OpcionesServidorDePrueba = {}): Promise<ServidorDePrueba> {
    const servidor = await iniciarServidorDePrueba(opciones)
    abiertos.push(servidor)
    return servidor
  }
  const conLimites = (env: Record<string, string>) => arrancar({ config: { limites: construirConfig(env).limites } })
  return { arrancar, conLimites }
}

// Server configuration from environment variables. `construirConfig` takes the env object as an
// argument so tests can build their own without touching process.env.
import { resolve } from 'node:path'
import {
  BLOQUEO_ALUMNO_CUENTA,
  BLOQUEO_PERSONAL_CUENTA,
  BLOQUEO_PERSONAL_DIRECCION,
  type ReglaBloqueo,
} from '../src/domain/bloqueo-ingreso.ts'
import { TAMANO_MAXIMO_MB } from '../src/domain/documentos.ts'
import { MENSAJE_HORA, type Silencio } from '../src/domain/notificaciones.ts'
import type { DatosResponsable } from '../src/domain/politica-privacidad.ts'
import { PLAZO_DOCUMENTO_PENDIENTE_HORAS, type Emisor } from '../src/domain/documento-tributario.ts'
import { normalizarRut, rutValido } from '../src/domain/rut.ts'
import { NOMBRE_ESCUELA } from '../src/domain/portal.ts'
import { PLAZO_DESHACER_RECHAZO_MS } from '../src/domain/revision-documentos.ts'

/** At most `max` events per window of `ventanaMs` milliseconds. */
export type Limite = { max: number; ventanaMs: number }

export type Config = {
  port: number
  host: string
  dataDir: string
  /** PostgreSQL (`postgres://…`) instead of the SQLite file under dataDir; null: SQLite. */
  databaseUrl: string | null
  /** Most connections each server opens to PostgreSQL. */
  databasePoolMax: number
  /** Uploaded files in an S3-compatible bucket instead of dataDir/archivos; null: on disk. */
  s3: ConfigS3 | null
  /** Built PWA served on `/`; missing is allowed (the API still works). */
  distDir: string
  /** Base of links in e-mails. null: http://HOST:PORT as actually bound (known only after listen). */
  publicUrl: string | null
  smtpUrl: string | null
  mailFrom: string
  /** The portal's own account: an assistant with this e-mail is hidden on the home page. */
  serviceAccountEmail: string
  sessionTtlHours: number
  /** Staff sessions, shorter than students'. */
  adminSessionTtlHours: number
  resetTokenTtlMinutes: number
  /** Largest personal document accepted, in MB (MiB). */
  uploadMaxMb: number
  /** The enrolment list shows its certificate column (CERTIFICADOS_ACTIVOS=0 hides it). */
  certificadosActivos: boolean
  /**
   * The school's signing certificate (PKCS#12) for every issued document. p12 null: a self-signed
   * one is created under dataDir on first start (fine for a demo, not for real paper).
   */
  firma: { p12: string | null; passphrase: string }
  /**
   * Seed the demo (students, staff, contests…) into a new database (DATOS_DEMO=1; `npm start`
   * sets it). Off by default, so a real portal never holds the demo accounts.
   */
  datosDemo: boolean
  /**
   * The home page shows the 'Ofertas Laborales' tile (OFERTAS_LABORALES_VISIBLES=1); hidden by
   * default. Only the default: once the school sets the tile on /admin/ofertas, its choice (in the
   * database) is what counts (server/ofertas/mosaico.ts).
   */
  ofertasLaboralesVisibles: boolean
  /**
   * The payment gateway: the sandbox served by the portal itself (default), or Transbank's
   * Webpay Plus REST API with the commerce's credentials.
   */
  pasarela: ConfigPasarela
  /**
   * Tax documents: who issues them (EMISOR_TRIBUTARIO), the school as issuer, the UF
   * value for the 135 UF rule, and how long one may stay pending before staff are told.
   */
  tributario: ConfigTributario
  /** Notices: Web Push's keys and contact, the digest's hour, the default quiet hours, the scheduler's pace. */
  notificaciones: ConfigNotificaciones
  /**
   * The retention run (server/privacidad/retencion.ts): months without movement after which an
   * applicant who never enrolled is due for suppression (RETENCION_POSTULANTES_MESES, default 12).
   */
  retencionPostulantesMeses: number
  /**
   * How long a reviewer may undo a document's rejection before the student is told, in ms
   * (PLAZO_DESHACER_RECHAZO_MS). Only tests change it: 0 tells the student at once, with nothing
   * to undo.
   */
  plazoDeshacerRechazoMs: number
  /** Only behind a proxy we run: otherwise anyone could forge X-Forwarded-For to dodge throttling. */
  trustProxy: boolean
  /** Prometheus metrics (server/metricas/): off unless a port or a token is set. */
  metricas: ConfigMetricas
  /**
   * The controller the privacy policy names (Ley 21.719, art. 14 ter) and where the file store
   * is: PRIVACIDAD_RESPONSABLE, PRIVACIDAD_DOMICILIO, PRIVACIDAD_CORREO, ALMACEN_PAIS.
   */
  privacidad: DatosResponsable
  limites: {
    /** Failed logins per account and IP. */
    loginCuentaIp: Limite
    /** Failed logins per IP, whatever the account. */
    loginIp: Limite
    recuperacionEmail: Limite
    recuperacionIp: Limite
    /** Reset links refused (unknown, used or expired) per IP, when checked or used. */
    recuperacionTokenIp: Limite
    validacionIp: Limite
    registroIp: Limite
    /** Checks of a passport or DNI number other than the student's own, per student. */
    documentoAlumno: Limite
    /** New payments (gateway transactions) per student. */
    pagosAlumno: Limite
    /** Calls of the integration API per API key. */
    integracionClave: Limite
  }
  /**
   * Sign-in locks after too many failures (the rule and its reasons: src/domain/bloqueo-ingreso.ts),
   * its defaults unless the environment says otherwise.
   */
  bloqueos: {
    /** A staff e-mail's failed passwords and codes, from any address. */
    personalCuenta: ReglaBloqueo
    /** One address's failed staff passwords and codes, whatever the account. */
    personalDireccion: ReglaBloqueo
    /** A student e-mail's failed passwords, from any address. */
    alumnoCuenta: ReglaBloqueo
  }
}

export type ConfigS3 = {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

export type ConfigPasarela =
  | {
      tipo: 'sandbox'
      /** How long the sandbox takes to commit and refund; only tests set it (a gateway's latency). */
      latenciaMs?: number
    }
  | { tipo: 'webpay'; host: string; codigoComercio: string; apiKey: string }

/**
 * 'openfactura': Haulmer's REST API at OPENFACTURA_URL with OPENFACTURA_APIKEY; 'sandbox': the
 * portal's own stand-in (server/tributario/sandbox.ts), reached through the same client; 'erp':
 * the school's billing system pushes each document through the integration API.
 */
export type ConfigTributario = {
  modo: 'openfactura' | 'sandbox' | 'erp'
  /** Only for 'openfactura'. */
  openfactura: { url: string; apiKey: string } | null
  emisor: Emisor
  /** CLP per UF (VALOR_UF), for the 135 UF rule. */
  valorUf: number
  /** PLAZO_DOCUMENTO_PENDIENTE_HORAS (default 6; the SII allows 12). */
  plazoPendienteHoras: number
  /** How often each server looks for documents to issue (TRIBUTARIO_INTERVALO_S, default 15). */
  cadaMs: number
  /** How long a call to the provider may take (TRIBUTARIO_TIMEOUT_S, default 30). */
  timeoutMs: number
  /** The first wait after a failed try (TRIBUTARIO_ESPERA_S, default 30); later ones are multiples. */
  esperaMs: number
  /** How long the sandbox provider takes to answer; only tests set it. */
  latenciaSandboxMs?: number
}

export type ConfigMetricas = {
  /** METRICAS_PUERTO: GET /metrics on a listener of its own (no token there), on `host`. */
  puerto: number | null
  /** METRICAS_HOST: that listener's address; 127.0.0.1 unless the operator opens it. */
  host: string
  /** METRICAS_TOKEN: GET /metrics on the public port with `Authorization: Bearer <token>`. */
  token: string | null
}

export type ConfigNotificaciones = {
  /** VAPID key pair (base64url); null: generated once and kept in the database for every server. */
  vapid: { publicKey: string; privateKey: string } | null
  /** Who push services contact about our messages: a real mailto: or https: address. */
  vapidSubject: string
  /** The daily e-mail digest's hour in Chile, 'hh:mm'. */
  resumenHora: string
  /** Quiet hours of push for students who have not chosen theirs (Chile, 'hh:mm'). */
  silencio: Silencio
  /** How often each server looks for notices due to be sent. */
  cadaMs: number
}

type Env = Record<string, string | undefined>

function entero(env: Env, nombre: string, porDefecto: number): number {
  const valor = env[nombre]
  if (valor === undefined || valor === '') return porDefecto
  const n = Number(valor)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${nombre} debe ser un entero no negativo (recibido: ${valor})`)
  return n
}

function positivo(env: Env, nombre: string, porDefecto: number): number {
  const valor = env[nombre]
  if (valor === undefined || valor === '') return porDefecto
  const n = Number(valor)
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${nombre} debe ser un número positivo (recibido: ${valor})`)
  return n
}

/** 'N/M': N events per M minutes, e.g. THROTTLE_LOGIN_IP=30/15. */
function limite(env: Env, nombre: string, max: number, minutos: number): Limite {
  const valor = env[nombre]
  if (valor === undefined || valor === '') return { max, ventanaMs: minutos * 60_000 }
  const match = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(valor.trim())
  if (!match) throw new Error(`${nombre} debe tener la forma N/M (N intentos cada M minutos), recibido: ${valor}`)
  return { max: Number(match[1]), ventanaMs: Number(match[2]) * 60_000 }
}

/**
 * 'N/M/B': N failures within M minutes lock for B minutes, e.g. BLOQUEO_PERSONAL_CUENTA=10/60/30.
 */
function reglaBloqueo(env: Env, nombre: string, porDefecto: ReglaBloqueo): ReglaBloqueo {
  const valor = env[nombre]
  if (valor === undefined || valor === '') return porDefecto
  const match = /^(\d+)\/(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(valor.trim())
  if (!match || Number(match[1]) < 1 || Number(match[2]) <= 0 || Number(match[3]) <= 0)
    throw new Error(
      `${nombre} debe tener la forma N/M/B (N intentos fallidos en M minutos bloquean por B minutos; N, M y B mayores que 0), recibido: ${valor}`,
    )
  return { fallos: Number(match[1]), ventanaMs: Number(match[2]) * 60_000, bloqueoMs: Number(match[3]) * 60_000 }
}

function tamanoDePool(env: Env): number {
  const n = entero(env, 'DATABASE_POOL_MAX', 10)
  if (n === 0) throw new Error('DATABASE_POOL_MAX debe ser al menos 1')
  return n
}

const VARIABLES_S3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

/** All five S3_* variables, or none: half a configuration would silently keep files on one disk. */
function configS3(env: Env): ConfigS3 | null {
  const faltan = VARIABLES_S3.filter((nombre) => !env[nombre])
  if (faltan.length === VARIABLES_S3.length) return null
  if (faltan.length > 0) throw new Error(`Faltan variables para guardar archivos en S3: ${faltan.join(', ')}`)
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
  }
}

/** A public URL on this machine: where a test gateway is expected, not a real portal. */
export function esUrlLocal(publicUrl: string | null | undefined): boolean {
  if (!publicUrl) return true
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(publicUrl).hostname)
  } catch {
    return false
  }
}

/**
 * PASARELA=sandbox or webpay. Unset, the sandbox only where the portal runs on this machine (no
 * PUBLIC_URL, or a local one): a deployed portal that forgot its gateway must not start taking
 * the sandbox's test card as real payments. webpay needs WEBPAY_HOST, WEBPAY_COMMERCE_CODE and
 * WEBPAY_API_KEY, all three: a half-configured real gateway must stop the start too.
 */
function configPasarela(env: Env): ConfigPasarela {
  const tipo = env.PASARELA || (esUrlLocal(env.PUBLIC_URL) ? 'sandbox' : undefined)
  if (!tipo)
    throw new Error(
      `Falta PASARELA: el portal se publica en ${env.PUBLIC_URL}, así que no usará la pasarela de pruebas sin que se pida. ` +
        'Defina PASARELA=webpay con WEBPAY_HOST, WEBPAY_COMMERCE_CODE y WEBPAY_API_KEY para cobrar de verdad, ' +
        'o PASARELA=sandbox si este portal es de pruebas.',
    )
  if (tipo === 'sandbox') return { tipo }
  if (tipo !== 'webpay') throw new Error(`PASARELA debe ser sandbox o webpay (recibido: ${tipo})`)
  const faltan = ['WEBPAY_HOST', 'WEBPAY_COMMERCE_CODE', 'WEBPAY_API_KEY'].filter((nombre) => !env[nombre])
  if (faltan.length > 0) throw new Error(`Faltan variables para PASARELA=webpay: ${faltan.join(', ')}`)
  let host: URL
  try {
    host = new URL(env.WEBPAY_HOST!)
  } catch {
    throw new Error(`WEBPAY_HOST debe ser una URL (recibido: ${env.WEBPAY_HOST})`)
  }
  return {
    tipo,
    host: host.origin,
    codigoComercio: env.WEBPAY_COMMERCE_CODE!,
    apiKey: env.WEBPAY_API_KEY!,
  }
}

/** The demo school as issuer: what the sandbox prints when EMISOR_* are not set. */
export const EMISOR_DEMO: Emisor = {
  rut: '76000100-7',
  razonSocial: `${NOMBRE_ESCUELA} SpA`,
  giro: 'Enseñanza de postgrado en ciencias de la salud',
  acteco: 854200,
  direccion: 'Av. Libertador Bernardo O’Higgins 1000',
  comuna: 'Santiago',
  ciudad: 'Santiago',
  resolucion: { numero: 0, fecha: '2026-01-01' },
}

const VARIABLES_EMISOR = [
  'EMISOR_RUT',
  'EMISOR_RAZON_SOCIAL',
  'EMISOR_GIRO',
  'EMISOR_ACTECO',
  'EMISOR_DIRECCION',
  'EMISOR_COMUNA',
] as const

function emisor(env: Env, obligatorio: boolean): Emisor {
  const faltan = VARIABLES_EMISOR.filter((nombre) => !env[nombre]?.trim())
  if (faltan.length === VARIABLES_EMISOR.length && !obligatorio) return EMISOR_DEMO
  if (faltan.length > 0)
    throw new Error(`Faltan los datos de la escuela como emisor de documentos tributarios: ${faltan.join(', ')}`)
  const rut = normalizarRut(env.EMISOR_RUT!)
  if (!rutValido(rut)) throw new Error(`EMISOR_RUT no es un RUT válido (recibido: ${env.EMISOR_RUT})`)
  const acteco = Number(env.EMISOR_ACTECO)
  if (!Number.isInteger(acteco) || acteco <= 0)
    throw new Error(`EMISOR_ACTECO debe ser el código de actividad económica del SII (recibido: ${env.EMISOR_ACTECO})`)
  const numero = entero(env, 'EMISOR_RESOLUCION_NUMERO', 0)
  const fecha = env.EMISOR_RESOLUCION_FECHA?.trim() || EMISOR_DEMO.resolucion.fecha
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fecha))
    throw new Error(`EMISOR_RESOLUCION_FECHA debe ser una fecha aaaa-mm-dd (recibido: ${fecha})`)
  return {
    rut,
    razonSocial: env.EMISOR_RAZON_SOCIAL!.trim(),
    giro: env.EMISOR_GIRO!.trim(),
    acteco,
    direccion: env.EMISOR_DIRECCION!.trim(),
    comuna: env.EMISOR_COMUNA!.trim(),
    ciudad: env.EMISOR_CIUDAD?.trim() || env.EMISOR_COMUNA!.trim(),
    resolucion: { numero, fecha },
  }
}

/**
 * EMISOR_TRIBUTARIO=openfactura, sandbox or erp. Unset, the sandbox only where the portal runs on
 * this machine (as PASARELA): a published portal that forgot it must not hand out documents
 * that say 'SIN VALIDEZ TRIBUTARIA' as its boletas.
 */
function configTributario(env: Env): ConfigTributario {
  const modo = env.EMISOR_TRIBUTARIO || (esUrlLocal(env.PUBLIC_URL) ? 'sandbox' : undefined)
  if (!modo)
    throw new Error(
      `Falta EMISOR_TRIBUTARIO: el portal se publica en ${env.PUBLIC_URL}, así que no emitirá boletas ni facturas de prueba sin que se pida. ` +
        'Defina EMISOR_TRIBUTARIO=openfactura con OPENFACTURA_URL, OPENFACTURA_APIKEY y los datos EMISOR_* de la escuela, ' +
        'EMISOR_TRIBUTARIO=erp si el sistema contable de la escuela emite los documentos, ' +
        'o EMISOR_TRIBUTARIO=sandbox si este portal es de pruebas.',
    )
  if (modo !== 'openfactura' && modo !== 'sandbox' && modo !== 'erp')
    throw new Error(`EMISOR_TRIBUTARIO debe ser openfactura, sandbox o erp (recibido: ${modo})`)
  let openfactura: ConfigTributario['openfactura'] = null
  if (modo === 'openfactura') {
    const faltan = ['OPENFACTURA_URL', 'OPENFACTURA_APIKEY'].filter((nombre) => !env[nombre])
    if (faltan.length > 0) throw new Error(`Faltan variables para EMISOR_TRIBUTARIO=openfactura: ${faltan.join(', ')}`)
    let url: URL
    try {
      url = new URL(env.OPENFACTURA_URL!)
    } catch {
      throw new Error(`OPENFACTURA_URL debe ser una URL (recibido: ${env.OPENFACTURA_URL})`)
    }
    openfactura = { url: url.origin, apiKey: env.OPENFACTURA_APIKEY! }
  }
  return {
    modo,
    openfactura,
    emisor: emisor(env, modo === 'openfactura'),
    valorUf: positivo(env, 'VALOR_UF', 39_500),
    plazoPendienteHoras: positivo(env, 'PLAZO_DOCUMENTO_PENDIENTE_HORAS', PLAZO_DOCUMENTO_PENDIENTE_HORAS),
    cadaMs: positivo(env, 'TRIBUTARIO_INTERVALO_S', 15) * 1000,
    timeoutMs: positivo(env, 'TRIBUTARIO_TIMEOUT_S', 30) * 1000,
    esperaMs: positivo(env, 'TRIBUTARIO_ESPERA_S', 30) * 1000,
  }
}

function hora(env: Env, nombre: string, porDefecto: string): string {
  const valor = env[nombre]?.trim() || porDefecto
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(valor)) throw new Error(`${nombre}: ${MENSAJE_HORA} (recibido: ${valor})`)
  return valor
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, both or none. VAPID_SUBJECT defaults to the published
 * https address, else the sender's mailbox: push services (Apple's) refuse a localhost subject.
 */
function configNotificaciones(env: Env, mailFrom: string): ConfigNotificaciones {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim()
  const privateKey = env.VAPID_PRIVATE_KEY?.trim()
  if (Boolean(publicKey) !== Boolean(privateKey))
    throw new Error('VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas: defina ambas o ninguna')
  const remitente = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom
  const publica = env.PUBLIC_URL?.startsWith('https://') ? env.PUBLIC_URL.replace(/\/+$/, '') : null
  const vapidSubject = env.VAPID_SUBJECT?.trim() || publica || `mailto:${remitente.trim()}`
  if (!/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(vapidSubject))
    throw new Error(`VAPID_SUBJECT debe ser una dirección mailto: o https: real (recibido: ${vapidSubject})`)
  const cadaS = positivo(env, 'NOTIFICACIONES_INTERVALO_S', 15)
  return {
    vapid: publicKey && privateKey ? { publicKey, privateKey } : null,
    vapidSubject,
    resumenHora: hora(env, 'RESUMEN_HORA', '09:00'),
    silencio: { desde: hora(env, 'SILENCIO_DESDE', '22:00'), hasta: hora(env, 'SILENCIO_HASTA', '08:00') },
    cadaMs: cadaS * 1000,
  }
}

function configMetricas(env: Env): ConfigMetricas {
  const puerto = env.METRICAS_PUERTO ? entero(env, 'METRICAS_PUERTO', 0) : null
  const token = env.METRICAS_TOKEN?.trim() || null
  if (token !== null && token.length < 16)
    throw new Error('METRICAS_TOKEN debe tener al menos 16 caracteres (por ejemplo: openssl rand -hex 32)')
  return { puerto, host: env.METRICAS_HOST || '127.0.0.1', token }
}

export function construirConfig(env: Env = process.env): Config {
  const port = entero(env, 'PORT', 8080)
  const host = env.HOST || '127.0.0.1'
  const mailFrom = env.MAIL_FROM || 'Portal del Estudiante <no-responder@postgrado-demo.cl>'
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    databasePoolMax: tamanoDePool(env),
    s3: configS3(env),
    distDir: resolve(env.DIST_DIR || './dist'),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom,
    serviceAccountEmail: (env.SERVICE_ACCOUNT_EMAIL || 'portal@postgrado-demo.cl').toLowerCase(),
    sessionTtlHours: entero(env, 'SESSION_TTL_HOURS', 12),
    adminSessionTtlHours: entero(env, 'ADMIN_SESSION_TTL_HOURS', 8),
    resetTokenTtlMinutes: entero(env, 'RESET_TOKEN_TTL_MINUTES', 60),
    uploadMaxMb: positivo(env, 'UPLOAD_MAX_MB', TAMANO_MAXIMO_MB),
    certificadosActivos: env.CERTIFICADOS_ACTIVOS !== '0',
    firma: {
      p12: env.SIGNING_P12 ? resolve(env.SIGNING_P12) : null,
      passphrase: env.SIGNING_P12_PASSPHRASE ?? 'portal-autofirmado',
    },
    ofertasLaboralesVisibles: env.OFERTAS_LABORALES_VISIBLES === '1',
    datosDemo: env.DATOS_DEMO === '1',
    trustProxy: env.TRUST_PROXY === '1',
    metricas: configMetricas(env),
    privacidad: {
      nombre: env.PRIVACIDAD_RESPONSABLE || NOMBRE_ESCUELA,
      domicilio:
        env.PRIVACIDAD_DOMICILIO || 'Av. Libertador Bernardo O’Higgins 1000, Santiago (dirección de demostración)',
      correo: env.PRIVACIDAD_CORREO || 'privacidad@postgrado-demo.cl',
      paisAlmacen: env.ALMACEN_PAIS || 'Chile',
    },
    pasarela: configPasarela(env),
    tributario: configTributario(env),
    notificaciones: configNotificaciones(env, mailFrom),
    retencionPostulantesMeses: entero(env, 'RETENCION_POSTULANTES_MESES', 12),
    plazoDeshacerRechazoMs: PLAZO_DESHACER_RECHAZO_MS,
    limites: {
      loginCuentaIp: limite(env, 'THROTTLE_LOGIN_CUENTA_IP', 10, 15),
      loginIp: limite(env, 'THROTTLE_LOGIN_IP', 30, 15),
      recuperacionEmail: limite(env, 'THROTTLE_RECUPERACION_EMAIL', 3, 60),
      recuperacionIp: limite(env, 'THROTTLE_RECUPERACION_IP', 10, 60),
      recuperacionTokenIp: limite(env, 'THROTTLE_RECUPERACION_TOKEN_IP', 30, 15),
      validacionIp: limite(env, 'THROTTLE_VALIDACION_IP', 20, 10),
      registroIp: limite(env, 'THROTTLE_REGISTRO_IP', 10, 60),
      documentoAlumno: limite(env, 'THROTTLE_DOCUMENTO_ALUMNO', 10, 60),
      pagosAlumno: limite(env, 'THROTTLE_PAGOS_ALUMNO', 10, 10),
      integracionClave: limite(env, 'THROTTLE_INTEGRACION_CLAVE', 120, 1),
    },
    bloqueos: {
      personalCuenta: reglaBloqueo(env, 'BLOQUEO_PERSONAL_CUENTA', BLOQUEO_PERSONAL_CUENTA),
      personalDireccion: reglaBloqueo(env, 'BLOQUEO_PERSONAL_IP', BLOQUEO_PERSONAL_DIRECCION),
      alumnoCuenta: reglaBloqueo(env, 'BLOQUEO_ALUMNO_CUENTA', BLOQUEO_ALUMNO_CUENTA),
    },
  }
}

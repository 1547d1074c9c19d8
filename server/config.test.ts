import { expect, test } from 'vitest'
import {
  BLOQUEO_ALUMNO_CUENTA,
  BLOQUEO_PERSONAL_CUENTA,
  BLOQUEO_PERSONAL_DIRECCION,
} from '../src/domain/bloqueo-ingreso.ts'
import { construirConfig } from './config.ts'

test('defaults follow the design: 127.0.0.1:8080, ./data, 12 h sessions, 60 min reset links', () => {
  const config = construirConfig({})
  expect(config).toMatchObject({
    port: 8080,
    host: '127.0.0.1',
    publicUrl: null,
    smtpUrl: null,
    sessionTtlHours: 12,
    resetTokenTtlMinutes: 60,
    trustProxy: false,
  })
  expect(config.dataDir).toMatch(/\/data$/)
  expect(config.serviceAccountEmail).toBe('portal@postgrado-demo.cl')
  expect(config.limites.loginCuentaIp).toEqual({ max: 10, ventanaMs: 15 * 60_000 })
  expect(config.limites.pagosAlumno).toEqual({ max: 10, ventanaMs: 10 * 60_000 })
  expect(config.uploadMaxMb).toBe(5)
})

test('environment values override the defaults', () => {
  const config = construirConfig({
    PORT: '9090',
    PUBLIC_URL: 'https://portal.ejemplo.cl/',
    PASARELA: 'sandbox',
    EMISOR_TRIBUTARIO: 'sandbox',
    SERVICE_ACCOUNT_EMAIL: 'Portal@Escuela.CL',
    THROTTLE_LOGIN_IP: '5/0.5',
    TRUST_PROXY: '1',
    UPLOAD_MAX_MB: '2.5',
  })
  expect(config.port).toBe(9090)
  expect(config.publicUrl).toBe('https://portal.ejemplo.cl')
  expect(config.serviceAccountEmail).toBe('portal@escuela.cl')
  expect(config.limites.loginIp).toEqual({ max: 5, ventanaMs: 30_000 })
  expect(config.trustProxy).toBe(true)
  expect(config.uploadMaxMb).toBe(2.5)
})

test('malformed values are refused at start with the variable named', () => {
  expect(() => construirConfig({ PORT: 'ocho' })).toThrow(/PORT/)
  expect(() => construirConfig({ THROTTLE_VALIDACION_IP: '20 cada 10' })).toThrow(/THROTTLE_VALIDACION_IP/)
  expect(() => construirConfig({ UPLOAD_MAX_MB: '0' })).toThrow(/UPLOAD_MAX_MB/)
})

test('sign-in locks follow the domain rule unless BLOQUEO_* says N failures in M minutes lock for B minutes', () => {
  expect(construirConfig({}).bloqueos).toEqual({
    personalCuenta: BLOQUEO_PERSONAL_CUENTA,
    personalDireccion: BLOQUEO_PERSONAL_DIRECCION,
    alumnoCuenta: BLOQUEO_ALUMNO_CUENTA,
  })
  expect(BLOQUEO_PERSONAL_CUENTA).toEqual({ fallos: 10, ventanaMs: 60 * 60_000, bloqueoMs: 30 * 60_000 })
  const config = construirConfig({ BLOQUEO_PERSONAL_CUENTA: '5/30/120', BLOQUEO_ALUMNO_CUENTA: ' 20/15/7.5 ' })
  expect(config.bloqueos.personalCuenta).toEqual({ fallos: 5, ventanaMs: 30 * 60_000, bloqueoMs: 120 * 60_000 })
  expect(config.bloqueos.alumnoCuenta).toEqual({ fallos: 20, ventanaMs: 15 * 60_000, bloqueoMs: 7.5 * 60_000 })
  for (const malo of ['10/60', '0/60/30', '10/0/30', 'diez'])
    expect(() => construirConfig({ BLOQUEO_PERSONAL_IP: malo }), malo).toThrow(/BLOQUEO_PERSONAL_IP.*N\/M\/B/)
})

test('PostgreSQL and S3 are off by default and taken from their variables when set', () => {
  expect(construirConfig({})).toMatchObject({ databaseUrl: null, databasePoolMax: 10, s3: null })
  const config = construirConfig({
    DATABASE_URL: 'postgres://portal:clave@db.interna:5432/portal',
    DATABASE_POOL_MAX: '20',
    S3_ENDPOINT: 'https://s3.ejemplo.cl',
    S3_BUCKET: 'portal-archivos',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'clave',
    S3_SECRET_ACCESS_KEY: 'secreto',
  })
  expect(config.databaseUrl).toBe('postgres://portal:clave@db.interna:5432/portal')
  expect(config.databasePoolMax).toBe(20)
  expect(config.s3).toEqual({
    endpoint: 'https://s3.ejemplo.cl',
    bucket: 'portal-archivos',
    region: 'us-east-1',
    accessKeyId: 'clave',
    secretAccessKey: 'secreto',
  })
  expect(() => construirConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/)
  expect(() => construirConfig({ S3_BUCKET: 'portal-archivos' })).toThrow(/S3_ENDPOINT/)
})

test('the payment gateway is the sandbox on this machine; webpay needs its host, commerce code and key, all three', () => {
  expect(construirConfig({}).pasarela).toEqual({ tipo: 'sandbox' })
  for (const local of ['http://127.0.0.1:8080', 'http://localhost:5173/', 'http://[::1]:8080'])
    expect(construirConfig({ PUBLIC_URL: local }).pasarela, local).toEqual({ tipo: 'sandbox' })
  // A published portal takes the test gateway only when it is asked for by name.
  for (const publica of ['https://portal.ejemplo.cl', 'http://10.0.0.5:8080'])
    expect(() => construirConfig({ PUBLIC_URL: publica }), publica).toThrow(
      /Falta PASARELA.*PASARELA=webpay con WEBPAY_HOST, WEBPAY_COMMERCE_CODE y WEBPAY_API_KEY.*PASARELA=sandbox/,
    )
  expect(
    construirConfig({ PUBLIC_URL: 'https://portal.ejemplo.cl', PASARELA: 'sandbox', EMISOR_TRIBUTARIO: 'sandbox' })
      .pasarela,
  ).toEqual({
    tipo: 'sandbox',
  })
  expect(
    construirConfig({
      PASARELA: 'webpay',
      WEBPAY_HOST: 'https://webpay3gint.transbank.cl/',
      WEBPAY_COMMERCE_CODE: '597000000000',
      WEBPAY_API_KEY: 'clave',
    }).pasarela,
  ).toEqual({
    tipo: 'webpay',
    host: 'https://webpay3gint.transbank.cl',
    codigoComercio: '597000000000',
    apiKey: 'clave',
  })
  expect(() => construirConfig({ PASARELA: 'webpay', WEBPAY_HOST: 'https://webpay3g.transbank.cl' })).toThrow(
    /WEBPAY_COMMERCE_CODE, WEBPAY_API_KEY/,
  )
  expect(() => construirConfig({ PASARELA: 'paypal' })).toThrow(/PASARELA/)
})

test("the home page's job-offers tile is hidden unless OFERTAS_LABORALES_VISIBLES is 1", () => {
  expect(construirConfig({}).ofertasLaboralesVisibles).toBe(false)
  expect(construirConfig({ OFERTAS_LABORALES_VISIBLES: '0' }).ofertasLaboralesVisibles).toBe(false)
  expect(construirConfig({ OFERTAS_LABORALES_VISIBLES: '1' }).ofertasLaboralesVisibles).toBe(true)
})

test('notices: VAPID keys both or none, a real mailto: or https: subject, the digest hour and quiet hours in Chile', () => {
  const porDefecto = construirConfig({}).notificaciones
  expect(porDefecto).toEqual({
    vapid: null,
    vapidSubject: 'mailto:no-responder@postgrado-demo.cl',
    resumenHora: '09:00',
    silencio: { desde: '22:00', hasta: '08:00' },
    cadaMs: 15_000,
  })
  expect(
    construirConfig({ PUBLIC_URL: 'https://portal.escuela.cl/', PASARELA: 'sandbox', EMISOR_TRIBUTARIO: 'sandbox' })
      .notificaciones.vapidSubject,
  ).toBe('https://portal.escuela.cl')
  const propia = construirConfig({
    VAPID_PUBLIC_KEY: 'BPub',
    VAPID_PRIVATE_KEY: 'priv',
    VAPID_SUBJECT: 'mailto:soporte@escuela.cl',
    RESUMEN_HORA: '18:30',
    SILENCIO_DESDE: '21:00',
    SILENCIO_HASTA: '07:30',
  }).notificaciones
  expect(propia).toMatchObject({
    vapid: { publicKey: 'BPub', privateKey: 'priv' },
    vapidSubject: 'mailto:soporte@escuela.cl',
    resumenHora: '18:30',
    silencio: { desde: '21:00', hasta: '07:30' },
  })
  expect(() => construirConfig({ VAPID_PUBLIC_KEY: 'BPub' })).toThrow(/VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY/)
  expect(() => construirConfig({ VAPID_SUBJECT: 'http://localhost' })).toThrow(/VAPID_SUBJECT/)
  expect(() => construirConfig({ RESUMEN_HORA: '9' })).toThrow(/RESUMEN_HORA/)
  expect(() => construirConfig({ SILENCIO_DESDE: '24:00' })).toThrow(/SILENCIO_DESDE/)
})

test('tax documents: the sandbox on this machine; a published portal without EMISOR_TRIBUTARIO does not start', () => {
  const local = construirConfig({}).tributario
  expect(local.modo).toBe('sandbox')
  expect(local.emisor.rut).toBe('76000100-7')
  expect(local.plazoPendienteHoras).toBe(6)
  const publicado = { PUBLIC_URL: 'https://portal.ejemplo.cl', PASARELA: 'sandbox' }
  expect(() => construirConfig(publicado)).toThrow(
    /Falta EMISOR_TRIBUTARIO: el portal se publica en https:\/\/portal\.ejemplo\.cl.*EMISOR_TRIBUTARIO=openfactura con OPENFACTURA_URL, OPENFACTURA_APIKEY.*EMISOR_TRIBUTARIO=erp.*EMISOR_TRIBUTARIO=sandbox/,
  )
  expect(construirConfig({ ...publicado, EMISOR_TRIBUTARIO: 'erp' }).tributario.modo).toBe('erp')
  expect(() => construirConfig({ EMISOR_TRIBUTARIO: 'libredte' })).toThrow(
    /EMISOR_TRIBUTARIO debe ser openfactura, sandbox o erp/,
  )
  // OpenFactura needs its URL and key, and the school's data as issuer: a half configuration stops the start.
  expect(() =>
    construirConfig({ EMISOR_TRIBUTARIO: 'openfactura', OPENFACTURA_URL: 'https://api.haulmer.com' }),
  ).toThrow(/Faltan variables para EMISOR_TRIBUTARIO=openfactura: OPENFACTURA_APIKEY/)
  const openfactura = {
    EMISOR_TRIBUTARIO: 'openfactura',
    OPENFACTURA_URL: 'https://api.haulmer.com/',
    OPENFACTURA_APIKEY: 'clave',
  }
  expect(() => construirConfig(openfactura)).toThrow(/Faltan los datos de la escuela como emisor.*EMISOR_RUT/)
  const completa = construirConfig({
    ...openfactura,
    EMISOR_RUT: '76.543.210-3',
    EMISOR_RAZON_SOCIAL: 'Escuela SpA',
    EMISOR_GIRO: 'Enseñanza',
    EMISOR_ACTECO: '854200',
    EMISOR_DIRECCION: 'Calle 1',
    EMISOR_COMUNA: 'Santiago',
    EMISOR_RESOLUCION_NUMERO: '80',
    EMISOR_RESOLUCION_FECHA: '2014-08-22',
    VALOR_UF: '39800',
    PLAZO_DOCUMENTO_PENDIENTE_HORAS: '4',
  }).tributario
  expect(completa).toMatchObject({
    modo: 'openfactura',
    openfactura: { url: 'https://api.haulmer.com', apiKey: 'clave' },
    emisor: { rut: '76543210-3', resolucion: { numero: 80, fecha: '2014-08-22' } },
    valorUf: 39800,
    plazoPendienteHoras: 4,
  })
})

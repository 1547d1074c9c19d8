// Prometheus metrics, on both engines (the gauges read the database): never public by default,
// on the public port only with the bearer token, on their own port without it; requests by route
// pattern (not the raw URL) and status; the database gauges follow the data when scraped.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { construirConfig } from './config.ts'
import {
  clienteDePrueba,
  consultarDb,
  iniciarServidorDePrueba,
  iniciarSesion,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { motorDePrueba } from '../tests/support/base-de-datos.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'

const TOKEN = 'token-de-metricas-de-prueba-0123456789'
let server: ServidorDePrueba

beforeAll(async () => {
  server = await iniciarServidorDePrueba({
    throttle: 'off',
    config: { metricas: { puerto: 0, host: '127.0.0.1', token: TOKEN } },
  })
})
afterAll(() => server.close())

/** The value of one series in Prometheus's text format, or undefined. */
function valor(texto: string, serie: string): number | undefined {
  const linea = texto.split('\n').find((l) => l.startsWith(`${serie} `))
  return linea === undefined ? undefined : Number(linea.slice(serie.length + 1))
}

async function raspar(): Promise<string> {
  const res = await fetch(`${server.urlMetricas}/metrics`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/plain')
  return res.text()
}

test('without METRICAS_PUERTO or METRICAS_TOKEN there are no metrics anywhere; a short token is refused', async () => {
  const sin = await iniciarServidorDePrueba()
  try {
    expect(sin.urlMetricas).toBeNull()
    const res = await fetch(`${sin.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('portal_')
  } finally {
    await sin.close()
  }
  expect(construirConfig({}).metricas).toEqual({ puerto: null, host: '127.0.0.1', token: null })
  expect(() => construirConfig({ METRICAS_TOKEN: 'corto' })).toThrow(/al menos 16 caracteres/)
  expect(construirConfig({ METRICAS_PUERTO: '9464' }).metricas.puerto).toBe(9464)
})

test('on the public port the metrics need the bearer token; on their own port (loopback) they do not', async () => {
  expect(server.urlMetricas).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(server.urlMetricas).not.toBe(server.url)
  for (const cabeceras of [
    {} as Record<string, string>,
    { authorization: 'Bearer otro-token-que-no-es-el-bueno' },
    { authorization: TOKEN },
  ]) {
    const res = await fetch(`${server.url}/metrics`, { headers: cabeceras })
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('portal_http')
  }
  const publica = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  expect(publica.status).toBe(200)
  expect(await publica.text()).toContain('# TYPE portal_http_peticiones_duracion_segundos histogram')
  expect((await fetch(`${server.urlMetricas}/otra-cosa`)).status).toBe(404)
})

test('requests are counted and timed by method, route pattern and status, never by raw URL', async () => {
  const estudiante = await iniciarSesion(server.url, DEMO_CUENTAS.estudiante)
  for (let i = 0; i < 3; i++) expect((await estudiante.get('/api/pagos/cuotas/INS-26-40018')).status).toBe(200)
  expect((await estudiante.get('/api/pagos/cuotas/NO-EXISTE')).status).toBe(404)
  expect((await clienteDePrueba(server.url).get('/api/pagos/cuotas/INS-26-40018')).status).toBe(401)
  const texto = await raspar()
  const serie = (status: number) =>
    `portal_http_peticiones_duracion_segundos_count{metodo="GET",ruta="/api/pagos/cuotas/:codigo",status="${status}"}`
  expect(valor(texto, serie(200))).toBe(3)
  expect(valor(texto, serie(404))).toBe(1)
  expect(valor(texto, serie(401))).toBe(1)
  expect(
    valor(texto, `portal_http_peticiones_duracion_segundos_count{metodo="POST",ruta="/api/auth/login",status="200"}`),
  ).toBeGreaterThanOrEqual(1)
  expect(texto).toContain(
    'portal_http_peticiones_duracion_segundos_bucket{le="0.005",metodo="GET",ruta="/api/pagos/cuotas/:codigo",status="200"}',
  )
  expect(texto).not.toContain('INS-26-40018')
  expect(texto).not.toContain('NO-EXISTE')
  // Node's own: the event loop's delay among them.
  expect(texto).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m)
  expect(texto).toMatch(/^process_resident_memory_bytes \d/m)
})

test('the database gauges are read when scraped and follow the data', async () => {
  const antes = await raspar()
  for (const serie of [
    'portal_pagos_confirmando',
    'portal_pagos_confirmando_antiguedad_segundos',
    'portal_reclamos_vencidos{tipo="pago"}',
    'portal_reclamos_vencidos{tipo="aviso"}',
    'portal_avisos_vencidos',
    'portal_avisos_vencidos_antiguedad_segundos',
    'portal_envios_fallidos{canal="push"}',
    'portal_envios_fallidos{canal="correo"}',
    'portal_subidas_en_curso',
    'portal_idempotencia_filas{estado="completo"}',
    'portal_documentos_tributarios_pendientes{estado="pendiente"}',
    'portal_documentos_tributarios_pendientes{estado="error"}',
    'portal_documentos_tributarios_antiguedad_segundos',
    'portal_solicitudes_derechos_abiertas',
    'portal_metricas_errores_lectura',
  ])
    expect(valor(antes, serie), serie).toBeTypeOf('number')
  expect(valor(antes, 'portal_metricas_errores_lectura')).toBe(0)
  if (motorDePrueba() === 'postgres') {
    expect(valor(antes, 'portal_pg_pool_conexiones{estado="abiertas"}')).toBeGreaterThanOrEqual(1)
    expect(valor(antes, 'portal_pg_pool_conexiones{estado="esperando"}')).toBe(0)
  } else expect(antes).not.toContain('portal_pg_pool_conexiones')

  // A payment stuck in 'confirmando' for two hours, its claim's lease long gone.
  const hace = (minutos: number) => new Date(Date.now() - minutos * 60_000).toISOString()
  const confirmando = valor(antes, 'portal_pagos_confirmando') ?? 0
  await consultarDb(
    server.dataDir,
    "update pagos set estado = 'confirmando', creado_en = ?, confirmando_hasta = ? where id = 'pago-demo-INS-26-40018-1'",
    hace(120),
    hace(100),
  )
  // A tax document the provider refused two hours ago.
  const refusados = valor(antes, 'portal_documentos_tributarios_pendientes{estado="error"}') ?? 0
  await consultarDb(
    server.dataDir,
    "update documentos_tributarios set estado = 'error', creado_en = ? where id = 'dte-demo-INS-26-40018-1'",
    hace(120),
  )
  // Past the one-second reading shared by a scrape.
  await new Promise((r) => setTimeout(r, 1100))
  const despues = await raspar()
  expect(valor(despues, 'portal_pagos_confirmando')).toBe(confirmando + 1)
  expect(valor(despues, 'portal_reclamos_vencidos{tipo="pago"}')).toBeGreaterThanOrEqual(1)
  expect(valor(despues, 'portal_pagos_confirmando_antiguedad_segundos')).toBeGreaterThanOrEqual(7190)
  expect(valor(despues, 'portal_documentos_tributarios_pendientes{estado="error"}')).toBe(refusados + 1)
  expect(valor(despues, 'portal_documentos_tributarios_antiguedad_segundos')).toBeGreaterThanOrEqual(7190)
})

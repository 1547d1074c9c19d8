// The findings of a security review that reach the data, kept as regressions on both engines: a
// certificate's name, the throttles (counted in the database), the idempotency store, the XSRF
// token bound to the session, and the cross-student tables over every endpoint
// (tests/support/endpoints-alumno.ts): one student never reads or changes another's data, whatever
// ids a request names.
import { beforeAll, expect, test } from 'vitest'
import { MENSAJE_CARACTERES_INVISIBLES } from '../src/domain/validacion.ts'
import {
  clienteDePrueba,
  consultarDb,
  iniciarSesion,
  personaEditable,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import {
  DEMASIADOS,
  ENDPOINTS,
  ajenos,
  formulario,
  MARCAS_ESTUDIANTE,
  pdf,
  prepararDosEstudiantes,
  servidoresDeCadaPrueba,
  url,
} from '../tests/support/endpoints-alumno.ts'
import { DEMO_CERTIFICADO_VALIDO, DEMO_CUENTAS } from './db/seed/demo.ts'

const preparado = prepararDosEstudiantes()
let comun: ServidorDePrueba
let estudiante: ClienteDePrueba
let otra: ClienteDePrueba
beforeAll(() => {
  ;({ servidor: comun, estudiante, otra } = preparado)
})
const { arrancar, conLimites } = servidoresDeCadaPrueba()

test('a certificate keeps the name it certified when the student renames themselves; names refuse invisible characters', async () => {
  const servidor = await arrancar({ throttle: 'off' })
  const cliente = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
  const propia = await personaEditable(cliente)
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

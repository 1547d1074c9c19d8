// The integration API for the CRM and its keys: an admin creates a key (shown once, kept hashed),
// the CRM calls with it and no cookie, each call is audited as the key; a revoked or unknown key,
// a key without the endpoint's scope and a key over its throttle are refused in Spanish; the reads
// give what changed since a moment, a page at a time; the OpenAPI document lists every endpoint.
// Loads follow the import's rules: a sign-in e-mail changes only with its own scope, and names with
// invisible characters are refused with the student's form's message.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Migrator } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import * as v from 'valibot'
import { mensajeGrupoDesconocido, mensajeFechaInvalida } from '../src/domain/importacion.ts'
import { MENSAJE_RUT_INVALIDO } from '../src/domain/rut.ts'
import {
  MENSAJE_ALCANCE_INSUFICIENTE,
  MENSAJE_CAMBIO_CORREO_SIN_CARGA,
  MENSAJE_CAMBIO_CORREO_SIN_PERMISO,
  MENSAJE_FILAS_LOTE,
  MENSAJE_ALCANCES_CLAVE,
  MENSAJE_CLAVE_INVALIDA,
  MENSAJE_CLAVE_YA_ENTREGADA,
  MENSAJE_CLAVE_YA_REVOCADA,
  MENSAJE_CURSOR_INVALIDO,
  MENSAJE_DESDE_INVALIDO,
  MENSAJE_LIMITE_INVALIDO,
  MENSAJE_NOMBRE_CLAVE,
  type AlcanceIntegracion,
} from '../src/domain/integracion.ts'
import { ETIQUETA_ACTOR_INTEGRACION } from '../src/domain/palabras-auditoria.ts'
import { MENSAJE_CARACTERES_INVISIBLES } from '../src/domain/validacion.ts'
import { borrarBaseDePrueba, opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import { TEXTOS_INVISIBLES } from '../tests/support/textos-invisibles.ts'
import {
  clienteDePrueba,
  consultarDb,
  esperarCorreo,
  iniciarSesion,
  iniciarServidorDePrueba,
  tokenDeRecuperacion,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { construirConfig } from './config.ts'
import { abrirBaseDeDatos, migrar } from './db/connection.ts'
import { proveedorMigraciones } from './db/migrations/index.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'
import { MENSAJE_LIMITE } from './middleware/limites.ts'
import { MENSAJE_SOLO_JSON } from './http/validacion.ts'
import {
  cargaSchema,
  paginaDocumentosSchema,
  previsualizacionSchema,
  paginaEncuestasSchema,
  paginaPagosSchema,
  paginaReglamentosSchema,
} from './integracion/contrato.ts'
import { leerCsv } from './importacion/leer.ts'
import { rutasIntegracion } from './routes/integracion.ts'
import { hashearToken } from './seguridad/tokens.ts'

const API = '/api/integracion/v1'

let servidor: ServidorDePrueba
let admin: ClienteDePrueba

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
})
afterAll(() => servidor.close())

type Clave = { id: string; nombre: string; prefijo: string; alcances: string[]; revocadaEn: string | null }

async function crearClave(nombre: string, alcances: AlcanceIntegracion[], quien = admin) {
  const res = await quien.post('/api/admin/integracion/claves', { nombre, alcances })
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as { clave: Clave; token: string }
}

/** A call as the CRM makes it: the key in the header, no cookie, no XSRF token; a body is POSTed as JSON. */
function llamar(token: string | null, ruta: string, cuerpo?: unknown) {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (cuerpo !== undefined) headers['content-type'] = 'application/json'
  return fetch(`${servidor.url}${API}${ruta}`, {
    method: cuerpo === undefined ? 'GET' : 'POST',
    headers,
    body: cuerpo === undefined ? undefined : JSON.stringify(cuerpo),
  })
}

async function filasAuditoria(actorId: string) {
  return consultarDb<{
    actor_tipo: string
    actor_nombre: string
    actor_rol: string | null
    accion: string
    despues: string
  }>(
    servidor.dataDir,
    'select actor_tipo, actor_nombre, actor_rol, accion, despues from auditoria where actor_id = ? order by en, id',
    actorId,
  )
}

test('an admin creates a key: shown once, stored only as its hash, listed without it, audited', async () => {
  const { clave, token } = await crearClave('CRM producción', ['lectura', 'alumnos.escribir'])
  expect(token).toMatch(/^portal_[A-Za-z0-9_-]{43}$/)
  expect(clave).toMatchObject({ nombre: 'CRM producción', alcances: ['alumnos.escribir', 'lectura'], revocadaEn: null })
  expect(token.startsWith(clave.prefijo)).toBe(true)
  const [fila] = await consultarDb<Record<string, unknown>>(
    servidor.dataDir,
    'select * from claves_integracion where id = ?',
    clave.id,
  )
  expect(fila?.token_hash).toBe(hashearToken(token))
  expect(JSON.stringify(fila)).not.toContain(token)
  const lista = await (await admin.get('/api/admin/integracion/claves')).json()
  expect(JSON.stringify(lista)).not.toContain(token)
  expect(JSON.stringify(lista)).not.toContain(hashearToken(token))
  expect(lista.claves.find((c: Clave) => c.id === clave.id)).toMatchObject({ nombre: 'CRM producción' })
  const [auditada] = await consultarDb<{ accion: string; actor_tipo: string; despues: string }>(
    servidor.dataDir,
    "select accion, actor_tipo, despues from auditoria where entidad_id = ? and accion = 'integracion.crear-clave'",
    clave.id,
  )
  expect(auditada?.actor_tipo).toBe('personal')
  expect(auditada?.despues).not.toContain(token)
})

test('a key created with an Idempotency-Key is made once and never kept in clear: a repeat is refused in Spanish, without the key', async () => {
  const clave = crypto.randomUUID()
  const cuerpo = { nombre: 'CRM con reintento', alcances: ['lectura'] }
  const contar = async () =>
    (await consultarDb<{ n: number }>(servidor.dataDir, 'select count(*) as n from claves_integracion'))[0]!.n
  const antes = await contar()
  const primera = await admin.post('/api/admin/integracion/claves', cuerpo, { 'Idempotency-Key': clave })
  expect(primera.status).toBe(201)
  const { token } = (await primera.json()) as { token: string }
  expect(token).toMatch(/^portal_/)

  // The reply lost and the request sent again, as a client that retries does: no second key, and
  // the first one's value is not given again, from anywhere.
  const segunda = await admin.post('/api/admin/integracion/claves', cuerpo, { 'Idempotency-Key': clave })
  expect(segunda.status).toBe(410)
  expect(segunda.headers.get('idempotency-replayed')).toBe('true')
  const texto = await segunda.text()
  expect(JSON.parse(texto)).toEqual({ error: MENSAJE_CLAVE_YA_ENTREGADA })
  expect(texto).not.toContain(token)
  expect(await contar()).toBe(antes + 1)
  // The same key with another body is another request: refused as anywhere else, nothing made.
  const otra = await admin.post(
    '/api/admin/integracion/claves',
    { ...cuerpo, nombre: 'Otro CRM' },
    { 'Idempotency-Key': clave },
  )
  expect(otra.status).toBe(422)
  expect(await contar()).toBe(antes + 1)

  const guardadas = await consultarDb<Record<string, unknown>>(servidor.dataDir, 'select * from idempotencia')
  expect(guardadas.length).toBeGreaterThan(0)
  expect(JSON.stringify(guardadas)).not.toContain(token)
  expect(JSON.stringify(guardadas)).not.toContain(token.slice('portal_'.length))
  // The key still works: it was made, only its value is not kept.
  expect((await llamar(token, '/pagos')).status).toBe(200)
  // A refusal carries no secret, and is kept and replayed as every other reply.
  const mala = crypto.randomUUID()
  const rechazo = await admin.post(
    '/api/admin/integracion/claves',
    { nombre: '', alcances: ['lectura'] },
    {
      'Idempotency-Key': mala,
    },
  )
  expect(rechazo.status).toBe(400)
  const rechazoOtraVez = await admin.post(
    '/api/admin/integracion/claves',
    { nombre: '', alcances: ['lectura'] },
    {
      'Idempotency-Key': mala,
    },
  )
  expect(rechazoOtraVez.status).toBe(400)
  expect(rechazoOtraVez.headers.get('idempotency-replayed')).toBe('true')
})

test("the migration deletes the new keys' replies the idempotency store kept before, and nothing else", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-migracion-idempotencia-'))
  const db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(dataDir))
  try {
    const previa = await new Migrator({ db, provider: proveedorMigraciones }).migrateTo('0023-subidas-reanudables')
    expect(previa.error).toBeUndefined()
    const fila = (actor: string, clave: string, cuerpo: string) => ({
      actor,
      clave,
      huella: 'h',
      estado: 'completo' as const,
      status: 201,
      cuerpo,
      content_type: 'application/json',
      creado_en: '2026-11-01T10:00:00.000Z',
    })
    const conClave = JSON.stringify({
      clave: { id: 'c1', nombre: 'CRM', prefijo: 'portal_AbCdEf' },
      token: 'portal_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd',
    })
    await db
      .insertInto('idempotencia')
      .values([
        fila('personal:admin', 'clave-con-secreto', conClave),
        fila('personal:admin', 'otra-cosa-del-personal', JSON.stringify({ cuenta: { id: 'p2' } })),
        fila('alumno:alumno-estudiante', 'del-estudiante', JSON.stringify({ status: 'ok', data: {} })),
      ])
      .execute()

    await migrar(db)
    const quedan = await db.selectFrom('idempotencia').select('clave').orderBy('clave').execute()
    expect(quedan).toEqual([{ clave: 'del-estudiante' }, { clave: 'otra-cosa-del-personal' }])
  } finally {
    await db.destroy()
    await borrarBaseDePrueba(dataDir)
    rmSync(dataDir, { recursive: true, force: true })
  }
})

test('a key needs a name and at least one known scope: Spanish errors, nothing created', async () => {
  const antes = await consultarDb<{ n: number }>(servidor.dataDir, 'select count(*) as n from claves_integracion')
  for (const [cuerpo, campo, mensaje] of [
    [{ nombre: '', alcances: ['lectura'] }, 'nombre', MENSAJE_NOMBRE_CLAVE],
    [{ nombre: 'CRM', alcances: [] }, 'alcances', MENSAJE_ALCANCES_CLAVE],
    [{ nombre: 'CRM', alcances: ['todo'] }, 'alcances.0', MENSAJE_ALCANCES_CLAVE],
  ] as const) {
    const res = await admin.post('/api/admin/integracion/claves', cuerpo)
    expect(res.status).toBe(400)
    const respuesta = await res.json()
    expect(respuesta.error).toBe(mensaje)
    expect(Object.values(respuesta.campos)).toContain(mensaje)
    expect(campo).toBeTruthy()
  }
  expect(await consultarDb(servidor.dataDir, 'select count(*) as n from claves_integracion')).toEqual(antes)
})

test('the API answers a key and no cookie; its last use is recorded; every call is audited as the key', async () => {
  const { clave, token } = await crearClave('CRM lectura', ['lectura'])
  const res = await llamar(token, '/pagos')
  expect(res.status).toBe(200)
  expect(res.headers.get('cache-control')).toBe('no-store')
  expect(res.headers.get('set-cookie')).toBeNull()
  const [fila] = await consultarDb<{ ultimo_uso_en: string | null }>(
    servidor.dataDir,
    'select ultimo_uso_en from claves_integracion where id = ?',
    clave.id,
  )
  expect(fila?.ultimo_uso_en).not.toBeNull()
  await llamar(token, '/encuestas?desde=2025-01-01T00:00:00Z')
  const filas = await filasAuditoria(clave.id)
  expect(filas.map((f) => f.accion)).toEqual(['integracion.pagos', 'integracion.encuestas'])
  for (const f of filas)
    expect(f).toMatchObject({ actor_tipo: 'integracion', actor_nombre: 'CRM lectura', actor_rol: null })
  expect(JSON.parse(filas[1]!.despues)).toMatchObject({ desde: '2025-01-01T00:00:00.000Z', filas: 2 })

  // The log as the admins read it names the key as what it is.
  const log = await (await admin.get('/api/admin/auditoria?accion=integracion.encuestas')).json()
  expect(log.eventos[0].actor).toMatchObject({
    tipo: 'integracion',
    id: clave.id,
    nombre: 'CRM lectura',
    etiquetaRol: ETIQUETA_ACTOR_INTEGRACION,
  })
})

test('without a key, with an unknown one or with a revoked one: 401 in Spanish, nothing read, nothing audited', async () => {
  const { clave, token } = await crearClave('CRM a revocar', ['lectura'])
  expect((await llamar(token, '/reglamentos')).status).toBe(200)
  const revocada = await admin.post(`/api/admin/integracion/claves/${clave.id}/revocar`)
  expect(revocada.status).toBe(200)
  expect((await revocada.json()).clave.revocadaEn).not.toBeNull()
  const otraVez = await admin.post(`/api/admin/integracion/claves/${clave.id}/revocar`)
  expect(otraVez.status).toBe(409)
  expect(await otraVez.json()).toEqual({ error: MENSAJE_CLAVE_YA_REVOCADA })

  const antes = await filasAuditoria(clave.id)
  for (const intento of [
    llamar(token, '/reglamentos'),
    llamar(null, '/reglamentos'),
    llamar(`${token.slice(0, -1)}x`, '/reglamentos'),
    llamar('otra-cosa', '/reglamentos'),
    fetch(`${servidor.url}${API}/reglamentos`, { headers: { authorization: `Basic ${btoa(`x:${token}`)}` } }),
  ]) {
    const res = await intento
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect(await res.json()).toEqual({ error: MENSAJE_CLAVE_INVALIDA })
  }
  expect(await filasAuditoria(clave.id)).toEqual(antes)
})

test('a staff session is no key: the admin’s own cookies do not open the API', async () => {
  const res = await admin.get(`${API}/pagos`)
  expect(res.status).toBe(401)
})

test('a key without the endpoint’s scope is refused with 403', async () => {
  const { clave, token } = await crearClave('CRM solo escritura', ['alumnos.escribir'])
  for (const ruta of ['/encuestas', '/reglamentos', '/documentos', '/pagos']) {
    const res = await llamar(token, ruta)
    expect(res.status, ruta).toBe(403)
    expect(await res.json()).toEqual({ error: MENSAJE_ALCANCE_INSUFICIENTE })
  }
  expect(await filasAuditoria(clave.id)).toEqual([])
})

test('the survey answers, sensitive data, come only to a key with their own scope', async () => {
  const { token: sin } = await crearClave('CRM sin respuestas', ['lectura'])
  const { token: con } = await crearClave('CRM con respuestas', ['lectura', 'encuestas.respuestas'])
  const [a, b] = await Promise.all([
    llamar(sin, '/encuestas').then((r) => r.json()),
    llamar(con, '/encuestas').then((r) => r.json()),
  ])
  expect(a.datos.length).toBeGreaterThan(0)
  for (const e of a.datos) expect(e).not.toHaveProperty('respuestas')
  for (const e of b.datos) expect(e.respuestas).toBeTypeOf('object')
})

test('a bad query is refused in Spanish: a moment without its zone, a limit out of range, a forged cursor', async () => {
  const { token } = await crearClave('CRM consultas', ['lectura'])
  for (const [consulta, mensaje] of [
    ['desde=2026-01-01', MENSAJE_DESDE_INVALIDO],
    ['desde=2026-01-01T10:00:00', MENSAJE_DESDE_INVALIDO],
    ['desde=2026-02-30T10:00:00Z', MENSAJE_DESDE_INVALIDO],
    ['limite=0', MENSAJE_LIMITE_INVALIDO],
    ['limite=501', MENSAJE_LIMITE_INVALIDO],
    ['cursor=abc', MENSAJE_CURSOR_INVALIDO],
  ] as const) {
    const res = await llamar(token, `/pagos?${consulta}`)
    expect(res.status, consulta).toBe(400)
    expect((await res.json()).error, consulta).toBe(mensaje)
  }
})

/** Every page of a read, following its cursors. */
async function todasLasPaginas(token: string, ruta: string, consulta: string) {
  const filas: unknown[] = []
  let cursor: string | null = null
  let paginas = 0
  do {
    const extra: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    const res = await llamar(token, `${ruta}?${consulta}${extra}`)
    expect(res.status).toBe(200)
    const pagina = (await res.json()) as { datos: unknown[]; siguiente: string | null }
    filas.push(...pagina.datos)
    cursor = pagina.siguiente
    paginas++
  } while (cursor)
  return { filas, paginas }
}

test('payments settled since a moment, a page at a time: every one once, in order, none before it', async () => {
  const { token } = await crearClave('CRM pagos', ['lectura'])
  const todos = await consultarDb<{ id: string; resuelto_en: string }>(
    servidor.dataDir,
    'select id, resuelto_en from pagos where resuelto_en is not null order by resuelto_en, id',
  )
  expect(todos.length).toBeGreaterThan(3)
  const todas = await todasLasPaginas(token, '/pagos', 'limite=2')
  expect(todas.paginas).toBe(Math.ceil(todos.length / 2))
  expect(todas.filas.map((f) => (f as { id: string }).id)).toEqual(todos.map((p) => p.id))
  for (const f of todas.filas) expect(v.is(paginaPagosSchema.pipe[0].entries.datos.item, f)).toBe(true)

  const medio = todos[Math.floor(todos.length / 2)]!.resuelto_en
  const desde = await todasLasPaginas(token, '/pagos', `limite=3&desde=${encodeURIComponent(medio)}`)
  expect(desde.filas.map((f) => (f as { id: string }).id)).toEqual(
    todos.filter((p) => p.resuelto_en >= medio).map((p) => p.id),
  )
  // The same moment said in Chile's offset is the same instant.
  const chile = new Date(Date.parse(medio) - 3 * 3_600_000).toISOString().replace('Z', '-03:00')
  const enChile = await todasLasPaginas(token, '/pagos', `limite=3&desde=${encodeURIComponent(chile)}`)
  expect(enChile.filas).toEqual(desde.filas)
})

test('surveys sent and regulations signed since a moment', async () => {
  const { token } = await crearClave('CRM encuestas', ['lectura'])
  const encuestas = await (await llamar(token, `/encuestas?desde=${encodeURIComponent('2025-05-06T12:03:00Z')}`)).json()
  expect(v.is(paginaEncuestasSchema, encuestas)).toBe(true)
  expect(encuestas.datos.map((e: { codigoInscripcion: string }) => e.codigoInscripcion)).toEqual([
    'INS-25-30290',
    'INS-26-40018',
  ])
  expect(encuestas.datos[0].alumno).toMatchObject({ rut: '16789432-1', documento: null })

  const firmados = await consultarDb<{ codigo: string; emitido_en: string }>(
    servidor.dataDir,
    "select codigo, emitido_en from documentos_emitidos where cod_tipo_documento = '6' order by emitido_en, codigo",
  )
  expect(firmados.length).toBeGreaterThan(0)
  const reglamentos = await (await llamar(token, '/reglamentos')).json()
  expect(v.is(paginaReglamentosSchema, reglamentos)).toBe(true)
  expect(reglamentos.datos.map((r: { codigo: string }) => r.codigo)).toEqual(firmados.map((f) => f.codigo))
  const despues = new Date(Date.parse(firmados.at(-1)!.emitido_en) + 1).toISOString()
  expect((await (await llamar(token, `/reglamentos?desde=${despues}`)).json()).datos).toEqual([])
})

test('documents approved since a moment: one approved now is read, one still in review is not', async () => {
  const { token } = await crearClave('CRM documentos', ['lectura'])
  const antes = new Date().toISOString()
  const enEspera = await consultarDb<{ id: string; codigo_inscripcion: string }>(
    servidor.dataDir,
    "select id, codigo_inscripcion from archivos_solicitud where alumno_id = 'alumno-extranjera' and estado_revision = 'en-revision'",
  )
  expect(enEspera.length).toBeGreaterThan(0)
  const codigo = enEspera[0]!.codigo_inscripcion
  const aprobados = enEspera.filter((f) => f.codigo_inscripcion === codigo).map((f) => f.id)
  const aprobacion = await admin.post(`/api/admin/documentos/solicitud/${codigo}/decision`, {
    decision: 'aprobar',
    documentos: aprobados,
  })
  expect(aprobacion.status, await aprobacion.clone().text()).toBe(200)
  const pagina = await (await llamar(token, `/documentos?desde=${antes}`)).json()
  expect(v.is(paginaDocumentosSchema, pagina)).toBe(true)
  expect(pagina.datos.map((d: { id: string }) => d.id).sort()).toEqual([...aprobados].sort())
  for (const d of pagina.datos)
    expect(d).toMatchObject({
      origen: 'solicitud',
      codigoInscripcion: codigo,
      concursoId: null,
      alumno: { id: 'alumno-extranjera', rut: null, documento: { tipo: 'PASAPORTE', numero: 'AAF482913' } },
    })
  const enRevision = await consultarDb<{ id: string }>(
    servidor.dataDir,
    "select id from archivos_solicitud where estado_revision = 'en-revision'",
  )
  const ids = (await todasLasPaginas(token, '/documentos', 'limite=500')).filas.map((d) => (d as { id: string }).id)
  for (const { id } of enRevision) expect(ids).not.toContain(id)
})

test('the OpenAPI document is public, valid JSON, and lists every endpoint with its schemas', async () => {
  const res = await fetch(`${servidor.url}${API}/openapi.json`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  const doc = JSON.parse(await res.text())
  expect(doc.openapi).toBe('3.1.0')
  expect(doc.servers).toEqual([{ url: API }])
  expect(doc.components.securitySchemes.claveApi).toMatchObject({ type: 'http', scheme: 'bearer' })
  const rutas = [
    ...new Set(
      rutasIntegracion.routes
        .filter((r) => r.method !== 'ALL')
        .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
    ),
  ].sort()
  const documentadas = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
    .flatMap(([ruta, metodos]) => Object.keys(metodos).map((m) => `${m} ${ruta}`))
    .sort()
  expect(documentadas).toEqual(rutas)
  expect(rutas.length).toBeGreaterThanOrEqual(5)
  const pagos = doc.paths['/pagos'].get
  expect(pagos.security).toEqual([{ claveApi: [] }])
  expect(pagos.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['cursor', 'desde', 'limite'])
  expect(Object.keys(pagos.responses).sort()).toEqual(['200', '400', '401', '403', '429'])
  // A load's body is described from the import's columns, each with what it holds.
  const carga = doc.paths['/inscripciones'].post
  const fila = carga.requestBody.content['application/json'].schema.properties.filas.items
  expect(Object.keys(fila.properties)).toContain('codigo_inscripcion')
  expect(fila.properties.cod_grupo.description).toMatch(/Grupo del programa/)
  expect(carga.responses['200'].content['application/json'].schema).toBeTruthy()
  // Changing a sign-in e-mail is said, with the scope it needs, and so is the outcome that shows it.
  expect(carga.description).toContain('«alumnos.cambiar-correo»')
  expect(doc.components.schemas.ResultadoFila.anyOf[0].properties.cambioCorreo.description).toMatch(
    /correo con que el alumno ingresa/,
  )
})

test('a key over its throttle gets 429 with Retry-After and a Spanish message; another key is not held back', async () => {
  const base = construirConfig({})
  const limitado = await iniciarServidorDePrueba({
    config: { limites: { ...base.limites, integracionClave: { max: 3, ventanaMs: 60_000 } } },
  })
  try {
    const quien = await iniciarSesionPersonal(limitado, DEMO_PERSONAL.admin)
    const crear = async (nombre: string) => {
      const res = await quien.post('/api/admin/integracion/claves', { nombre, alcances: ['lectura'] })
      return (await res.json()) as { clave: Clave; token: string }
    }
    const [una, otra] = [await crear('CRM apurado'), await crear('CRM tranquilo')]
    const llamarA = (token: string) =>
      fetch(`${limitado.url}${API}/pagos`, { headers: { authorization: `Bearer ${token}` } })
    for (let i = 0; i < 3; i++) expect((await llamarA(una.token)).status).toBe(200)
    const res = await llamarA(una.token)
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(await res.json()).toEqual({ error: MENSAJE_LIMITE })
    expect((await llamarA(otra.token)).status).toBe(200)
    // Refused calls read nothing and are not audited: only the three accepted ones are.
    const filas = await consultarDb<{ n: number }>(
      limitado.dataDir,
      "select count(*) as n from auditoria where actor_tipo = 'integracion' and actor_id = ?",
      una.clave.id,
    )
    expect(filas[0]?.n).toBe(3)
  } finally {
    await limitado.close()
  }
})

// Loading students and enrolments: the import's rows and rules, through the API.

let secuencia = 0
/** A row of a new student (with a passport) and enrolment, unique to each call unless told. */
function fila(cambios: Record<string, string | number | boolean | null> = {}) {
  const n = ++secuencia
  return {
    codigo_inscripcion: `CRM-${n}`,
    email: `crm${n}@demo.cl`,
    rut: null,
    pasaporte: `PC${String(n).padStart(6, '0')}`,
    nombres: 'Desde el CRM',
    apellidos: `Número ${n}`,
    cod_grupo: '5',
    curso: 'CCRM',
    nombre_curso: 'Curso Cargado por el CRM',
    tipo_curso: 'Curso',
    fecha_inicio: '2026-03-02',
    horas: 20,
    arancel: 300000,
    habilita_pago: false,
    cod_prospecto: `PRO-C${n}`,
    asistente_email: 'francisca.herrera@postgrado-demo.cl',
    ...cambios,
  }
}

/** What a load could change: the students and enrolments, whole. */
async function datosCargados() {
  return Promise.all([
    consultarDb(servidor.dataDir, 'select * from alumnos order by id'),
    consultarDb(servidor.dataDir, 'select * from solicitudes order by codigo_inscripcion'),
  ])
}

test('the same rows twice: created, then nothing changes; new students get their invitation; audited as the key', async () => {
  const { clave, token } = await crearClave('CRM carga', ['alumnos.escribir'])
  const filas = [
    fila(),
    fila(),
    fila({
      codigo_inscripcion: 'CRM-RUT-1',
      rut: '16.789.432-1',
      pasaporte: null,
      email: 'estudiante@demo.cl',
      nombres: 'Camila Andrea',
      apellidos: 'Rojas Soto',
    }),
  ]
  const primera = await llamar(token, '/inscripciones', { filas })
  expect(primera.status, await primera.clone().text()).toBe(200)
  const r1 = await primera.json()
  expect(v.is(cargaSchema, r1)).toBe(true)
  expect(r1.resultados.map((r: { resultado: string }) => r.resultado)).toEqual(['se creará', 'se creará', 'se creará'])
  expect(r1.invitados).toBe(2)
  // The invitation's link is the students' password flow's.
  const correo = await esperarCorreo(servidor.dataDir, filas[0]!.email)
  const verificacion = await clienteDePrueba(servidor.url).post('/api/auth/password/verify', {
    token: tokenDeRecuperacion(correo),
  })
  expect(verificacion.status).toBe(200)

  const antes = await datosCargados()
  const segunda = await (await llamar(token, '/inscripciones', { filas })).json()
  expect(segunda.conteo).toEqual({ 'se creará': 0, 'se actualizará': 0, 'sin cambios': 3, error: 0 })
  expect(segunda.invitados).toBe(0)
  expect(await datosCargados()).toEqual(antes)

  const auditadas = await consultarDb<{ actor_tipo: string; actor_id: string; actor_nombre: string; accion: string }>(
    servidor.dataDir,
    'select actor_tipo, actor_id, actor_nombre, accion from auditoria where actor_id = ? order by en',
    clave.id,
  )
  expect(auditadas).toHaveLength(2)
  for (const a of auditadas)
    expect(a).toEqual({
      actor_tipo: 'integracion',
      actor_id: clave.id,
      actor_nombre: 'CRM carga',
      accion: 'alumnos.importar',
    })
})

test('bad rows get the import’s Spanish errors and write nothing; the good ones are written', async () => {
  const { token } = await crearClave('CRM errores', ['alumnos.escribir'])
  const buena = fila()
  const malas = [
    fila({ rut: '12.345.678-9', pasaporte: null }),
    fila({ cod_grupo: '7' }),
    fila({ fecha_inicio: '31-02-2026' }),
  ]
  const antes = await datosCargados()
  const previa = await llamar(token, '/inscripciones/previsualizar', { filas: [...malas, buena] })
  expect(previa.status).toBe(200)
  const p = await previa.json()
  expect(v.is(previsualizacionSchema, p)).toBe(true)
  expect(await datosCargados()).toEqual(antes)

  const res = await (await llamar(token, '/inscripciones', { filas: [...malas, buena] })).json()
  expect(res.resultados).toEqual(p.resultados)
  expect(res.resultados.slice(0, 3)).toEqual([
    {
      fila: 1,
      codigoInscripcion: malas[0]!.codigo_inscripcion,
      resultado: 'error',
      errores: [{ columna: 'rut', mensaje: MENSAJE_RUT_INVALIDO }],
    },
    {
      fila: 2,
      codigoInscripcion: malas[1]!.codigo_inscripcion,
      resultado: 'error',
      errores: [{ columna: 'cod_grupo', mensaje: mensajeGrupoDesconocido('7') }],
    },
    {
      fila: 3,
      codigoInscripcion: malas[2]!.codigo_inscripcion,
      resultado: 'error',
      errores: [{ columna: 'fecha_inicio', mensaje: mensajeFechaInvalida('31-02-2026') }],
    },
  ])
  expect(res.resultados[3]).toMatchObject({ fila: 4, resultado: 'se creará' })
  const escritas = await consultarDb<{ codigo_inscripcion: string }>(
    servidor.dataDir,
    'select codigo_inscripcion from solicitudes where codigo_inscripcion in (?, ?, ?, ?)',
    ...[...malas, buena].map((f) => f.codigo_inscripcion),
  )
  expect(escritas.map((e) => e.codigo_inscripcion)).toEqual([buena.codigo_inscripcion])
  const alumnos = await consultarDb(
    servidor.dataDir,
    'select id from alumnos where email in (?, ?, ?)',
    ...malas.map((f) => f.email),
  )
  expect(alumnos).toEqual([])
})

test('a load is refused whole when it is not a list of rows, not JSON, or the key may only read', async () => {
  const { token } = await crearClave('CRM carga mal formada', ['alumnos.escribir'])
  const { token: lectura } = await crearClave('CRM que solo lee', ['lectura'])
  const antes = await datosCargados()
  const sinFilas = await llamar(token, '/inscripciones', {})
  expect(sinFilas.status).toBe(400)
  expect((await sinFilas.json()).campos).toHaveProperty('filas')
  for (const cuerpo of [{ filas: [] }, { filas: 'x' }, { filas: Array.from({ length: 1001 }, () => ({})) }]) {
    const res = await llamar(token, '/inscripciones', cuerpo)
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe(MENSAJE_FILAS_LOTE)
  }
  const texto = await fetch(`${servidor.url}${API}/inscripciones`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
    body: JSON.stringify({ filas: [fila()] }),
  })
  expect(texto.status).toBe(415)
  expect((await texto.json()).error).toBe(MENSAJE_SOLO_JSON)
  for (const ruta of ['/inscripciones', '/inscripciones/previsualizar']) {
    const res = await llamar(lectura, ruta, { filas: [fila()] })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: MENSAJE_ALCANCE_INSUFICIENTE })
  }
  expect(await datosCargados()).toEqual(antes)
})

test('the sample file through the API: the rows the import reads from it get the outcomes the import gives them', async () => {
  const { token } = await crearClave('CRM muestra', ['alumnos.escribir'])
  const leido = await leerCsv(new Uint8Array(readFileSync(new URL('../docs/importacion-ejemplo.csv', import.meta.url))))
  if (!leido.ok) throw new Error(leido.errores.join('; '))
  const previa = await (await llamar(token, '/inscripciones/previsualizar', { filas: leido.filas })).json()
  // The same four creations server/admin-importacion.test.ts expects of the file's preview.
  expect(
    previa.resultados.map((r: { codigoInscripcion: string; resultado: string }) => [r.codigoInscripcion, r.resultado]),
  ).toEqual([
    ['INS-27-50001', 'se creará'],
    ['INS-27-50002', 'se creará'],
    ['INS-27-50003', 'se creará'],
    ['INS-27-50004', 'se creará'],
  ])
  const carga = await (await llamar(token, '/inscripciones', { filas: leido.filas })).json()
  expect(carga.conteo).toEqual({ 'se creará': 4, 'se actualizará': 0, 'sin cambios': 0, error: 0 })
  const otraVez = await (await llamar(token, '/inscripciones', { filas: leido.filas })).json()
  expect(otraVez.conteo).toEqual({ 'se creará': 0, 'se actualizará': 0, 'sin cambios': 4, error: 0 })
})

// A change of sign-in e-mail through the API needs its own scope.

/** A student loaded through the API who created her password and is signed in. */
async function alumnaConSesion(token: string, email: string, pasaporte: string) {
  const alta = await (await llamar(token, '/inscripciones', { filas: [fila({ email, pasaporte })] })).json()
  expect(alta.invitados).toBe(1)
  const invitacion = tokenDeRecuperacion(await esperarCorreo(servidor.dataDir, email))
  const creada = await clienteDePrueba(servidor.url).post('/api/auth/password/set', {
    token: invitacion,
    password: 'Cargada2027',
    confirmacion: 'Cargada2027',
  })
  expect(creada.status).toBe(200)
  const sesion = await iniciarSesion(servidor.url, email, 'Cargada2027')
  expect((await sesion.get('/api/solicitudes')).status).toBe(200)
  const [alumna] = await consultarDb<{ id: string }>(servidor.dataDir, 'select id from alumnos where email = ?', email)
  return { id: alumna!.id, sesion }
}

test('a key without its scope cannot change a sign-in e-mail: the row is refused, without the address on record, and nothing changes', async () => {
  const { token } = await crearClave('CRM sin cambio de correo', ['alumnos.escribir'])
  const { id, sesion } = await alumnaConSesion(token, 'api.antes@demo.cl', 'PAPI0001')
  const cambio = fila({ email: 'api.despues@demo.cl', pasaporte: 'PAPI0001' })
  const esperado = [
    {
      fila: 1,
      codigoInscripcion: cambio.codigo_inscripcion,
      resultado: 'error',
      errores: [{ columna: 'email', mensaje: MENSAJE_CAMBIO_CORREO_SIN_PERMISO }],
    },
  ]
  const antes = await datosCargados()
  const previa = await (await llamar(token, '/inscripciones/previsualizar', { filas: [cambio] })).json()
  expect(previa.resultados).toEqual(esperado)
  expect(JSON.stringify(previa)).not.toContain('api.antes@demo.cl')
  const carga = await (await llamar(token, '/inscripciones', { filas: [cambio] })).json()
  expect(carga.resultados).toEqual(esperado)
  expect(carga.correosCambiados).toBe(0)
  expect(await datosCargados()).toEqual(antes)
  expect((await sesion.get('/api/solicitudes')).status).toBe(200)
  const auditadas = await consultarDb(
    servidor.dataDir,
    "select id from auditoria where accion = 'alumnos.cambiar-correo' and alumno_id = ?",
    id,
  )
  expect(auditadas).toEqual([])
})

test('a key with its scope changes a sign-in e-mail: shown in the preview, the old address told, sessions ended, audited as the key', async () => {
  const { clave, token } = await crearClave('CRM con cambio de correo', ['alumnos.escribir', 'alumnos.cambiar-correo'])
  expect(clave.alcances).toEqual(['alumnos.escribir', 'alumnos.cambiar-correo'])
  const { id, sesion } = await alumnaConSesion(token, 'api2.antes@demo.cl', 'PAPI0002')
  const cambio = fila({ email: 'api2.despues@demo.cl', pasaporte: 'PAPI0002' })
  const previa = await (await llamar(token, '/inscripciones/previsualizar', { filas: [cambio] })).json()
  expect(v.is(previsualizacionSchema, previa)).toBe(true)
  expect(previa.resultados[0]).toMatchObject({
    resultado: 'se creará',
    alumno: 'actualizado',
    cambioCorreo: { antes: 'api2.antes@demo.cl', despues: 'api2.despues@demo.cl' },
  })
  const res = await (await llamar(token, '/inscripciones', { filas: [cambio] })).json()
  expect(v.is(cargaSchema, res)).toBe(true)
  expect(res.resultados).toEqual(previa.resultados)
  expect(res.correosCambiados).toBe(1)
  const [alumna] = await consultarDb<{ email: string }>(servidor.dataDir, 'select email from alumnos where id = ?', id)
  expect(alumna?.email).toBe('api2.despues@demo.cl')
  expect((await sesion.get('/api/solicitudes')).status).toBe(401)
  const aviso = await esperarCorreo(servidor.dataDir, 'api2.antes@demo.cl', 2)
  expect(aviso.subject).toBe('Cambió el correo con que ingresa al Portal del Estudiante')
  const auditadas = await consultarDb<{ actor_tipo: string; actor_id: string; antes: string }>(
    servidor.dataDir,
    "select actor_tipo, actor_id, antes from auditoria where accion = 'alumnos.cambiar-correo' and alumno_id = ?",
    id,
  )
  expect(auditadas).toEqual([
    { actor_tipo: 'integracion', actor_id: clave.id, antes: JSON.stringify({ email: 'api2.antes@demo.cl' }) },
  ])
})

test('the scope to change a sign-in e-mail is refused without the scope that loads', async () => {
  const res = await admin.post('/api/admin/integracion/claves', {
    nombre: 'Solo correo',
    alcances: ['alumnos.cambiar-correo'],
  })
  expect(res.status).toBe(400)
  expect((await res.json()).campos).toEqual({ alcances: MENSAJE_CAMBIO_CORREO_SIN_CARGA })
})

let claveInvisibles: ReturnType<typeof crearClave> | undefined
test.each(TEXTOS_INVISIBLES)(
  'a loaded name with %s is the row’s error, with the form’s message; nothing is written',
  async (_caso, texto) => {
    const { token } = await (claveInvisibles ??= crearClave('CRM invisibles', ['alumnos.escribir']))
    const filas = [fila({ nombres: texto }), fila({ apellidos: texto }), fila({ nombre_curso: texto })]
    const antes = await datosCargados()
    const res = await (await llamar(token, '/inscripciones', { filas })).json()
    expect(res.resultados.map((r: { errores?: unknown }) => r.errores)).toEqual([
      [{ columna: 'nombres', mensaje: MENSAJE_CARACTERES_INVISIBLES }],
      [{ columna: 'apellidos', mensaje: MENSAJE_CARACTERES_INVISIBLES }],
      [{ columna: 'nombre_curso', mensaje: MENSAJE_CARACTERES_INVISIBLES }],
    ])
    expect(await datosCargados()).toEqual(antes)
  },
)

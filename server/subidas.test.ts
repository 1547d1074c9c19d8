import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MENSAJE_ARCHIVO_OBLIGATORIO, MENSAJE_TIPO_ARCHIVO, mensajeArchivoMuyGrande } from '../src/domain/documentos.ts'
import {
  MAXIMO_SUBIDAS_EN_CURSO,
  MENSAJE_DEMASIADAS_SUBIDAS,
  MENSAJE_SUBIDA_NO_ENCONTRADA,
  VIGENCIA_SUBIDA_MS,
} from '../src/domain/subidas.ts'
import { opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import {
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { abrirBaseDeDatos, type Db } from './db/connection.ts'
import { purgarCaducados } from './db/purga.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { MENSAJE_NO_ENCONTRADO } from '../src/domain/errores-api.ts'
import {
  almacenDeSubidas,
  MENSAJE_METADATOS_SUBIDA,
  MENSAJE_OFFSET_DISTINTO,
  MENSAJE_OFFSET_FALTANTE,
  MENSAJE_PROTOCOLO_TUS,
  MENSAJE_SUBIDA_TERMINADA,
  MENSAJE_TAMANO_SUBIDA,
  MENSAJE_TIPO_CONTENIDO_SUBIDA,
} from './subidas/tus.ts'
import { cabeceras, crear, enviarTrozo, hacerDocumento, offsetEn, patchQueSeCorta, pdf } from '../tests/support/tus.ts'

// Resumable uploads (tus) against real servers on either engine, spoken as the protocol itself:
// POST creates an upload, PATCH sends bytes from an offset, HEAD tells how many the server has.
// A cut is a PATCH whose connection dies part-way; "the other server" is a second server process
// on the same database and store, as behind a load balancer.

let adelantoMs = 0
const reloj = () => new Date(Date.now() + adelantoMs)

let a: ServidorDePrueba
let b: ServidorDePrueba
let db: Db
let estudiante: ClienteDePrueba
let extranjera: ClienteDePrueba

beforeAll(async () => {
  a = await iniciarServidorDePrueba({ throttle: 'off', clock: reloj })
  // The second server: the same data directory (tus store) and database, its own lock client.
  b = await iniciarServidorDePrueba({ throttle: 'off', clock: reloj, dataDir: a.dataDir })
  db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(a.dataDir))
  estudiante = await iniciarSesion(a.url, DEMO_CUENTAS.estudiante)
  extranjera = await iniciarSesion(a.url, DEMO_CUENTAS.extranjera)
})
afterAll(async () => {
  await db.destroy()
  await b.close()
  await a.close()
})

const archivosEnDisco = () =>
  existsSync(join(a.dataDir, 'subidas'))
    ? readdirSync(join(a.dataDir, 'subidas')).filter((n) => !n.startsWith('.'))
    : []

test('an upload cut part-way resumes from the last byte the server has, and becomes the document once', async () => {
  const archivo = pdf(600 * 1024, 'cortado-y-reanudado')
  const { res, ubicacion } = await crear(a, estudiante, archivo.length)
  expect(res.status).toBe(201)
  expect(ubicacion).toMatch(/^\/api\/subidas\/[0-9a-f]{32}$/)
  expect(res.headers.get('cache-control')).toMatch(/no-store/)

  const corte = await patchQueSeCorta(a, estudiante, ubicacion, 0, archivo, 250 * 1024)
  await corte.cortar()
  const { offset } = await offsetEn(a, estudiante, ubicacion)
  expect(offset).toBeGreaterThan(0)
  expect(offset).toBeLessThanOrEqual(250 * 1024)

  // Only the rest travels: what the server had plus what followed is the file, byte for byte.
  const resto = await enviarTrozo(a, estudiante, ubicacion, offset, archivo.slice(offset))
  expect(resto.status).toBe(204)
  expect(Number(resto.headers.get('upload-offset'))).toBe(archivo.length)

  const clave = crypto.randomUUID()
  const hecho = await hacerDocumento(a, estudiante, ubicacion, { clave })
  expect(hecho.res.status).toBe(201)
  const descarga = await estudiante.get(hecho.cuerpo.data!.enlace)
  expect(Buffer.from(await descarga.arrayBuffer()).equals(archivo)).toBe(true)
  // The reply lost and the submission sent again: the same document, not a second one.
  const otraVez = await hacerDocumento(a, estudiante, ubicacion, { clave })
  expect(otraVez.res.status).toBe(201)
  expect(otraVez.res.headers.get('idempotency-replayed')).toBe('true')
  expect(otraVez.cuerpo.data!.id).toBe(hecho.cuerpo.data!.id)
  // Used once: it is gone, bytes and all, and cannot be made a document again.
  expect((await offsetEn(a, estudiante, ubicacion)).res.status).toBe(404)
  const denuevo = await hacerDocumento(a, estudiante, ubicacion)
  expect(denuevo.res.status).toBe(400)
  expect(denuevo.cuerpo.error).toBe(MENSAJE_SUBIDA_NO_ENCONTRADA)
  const filas = await consultarDb(
    a.dataDir,
    "select id from archivos_personales where alumno_id = 'alumno-estudiante' and cod_documento = '21'",
  )
  expect(filas).toHaveLength(1)
  expect(archivosEnDisco().filter((n) => n.startsWith(ubicacion.split('/').pop()!))).toEqual([])
})

test('an upload begun on one server is resumed on the other, which takes the lock from the first', async () => {
  const archivo = pdf(400 * 1024, 'dos-servidores')
  const { ubicacion } = await crear(a, estudiante, archivo.length, { cod: '20' })
  // Server A holds the upload's lock for a PATCH whose connection went quiet (a half-open TCP
  // connection): server B must get the upload all the same, from where A got to.
  const colgado = await patchQueSeCorta(a, estudiante, ubicacion, 0, archivo, 150 * 1024)
  const { res, offset } = await offsetEn(b, estudiante, ubicacion)
  expect(res.status).toBe(200)
  expect(offset).toBeGreaterThan(0)
  expect(offset).toBeLessThanOrEqual(150 * 1024)
  await colgado.cortar()

  const resto = await enviarTrozo(b, estudiante, ubicacion, offset, archivo.slice(offset))
  expect(resto.status).toBe(204)
  const hecho = await hacerDocumento(b, estudiante, ubicacion, { cod: '20' })
  expect(hecho.res.status).toBe(201)
  const descarga = await estudiante.get(hecho.cuerpo.data!.enlace)
  expect(Buffer.from(await descarga.arrayBuffer()).equals(archivo)).toBe(true)
  expect(await consultarDb(a.dataDir, 'select id from bloqueos_subida')).toEqual([])
})

test('a file that is not what its name says is refused after its last byte, and nothing of it is kept', async () => {
  const html = new TextEncoder().encode(`<html><script>alert(1)</script>${' '.repeat(2000)}</html>`)
  const { ubicacion } = await crear(a, estudiante, html.length, { nombre: 'titulo.pdf' })
  const mitad = await enviarTrozo(a, estudiante, ubicacion, 0, html.slice(0, 1000))
  expect(mitad.status).toBe(204)
  const ultimo = await enviarTrozo(a, estudiante, ubicacion, 1000, html.slice(1000))
  expect(ultimo.status).toBe(415)
  expect(await ultimo.json()).toEqual({ error: MENSAJE_TIPO_ARCHIVO, campos: { archivo: MENSAJE_TIPO_ARCHIVO } })
  const id = ubicacion.split('/').pop()!
  expect(await consultarDb(a.dataDir, 'select id from subidas where id = ?', id)).toEqual([])
  expect(archivosEnDisco().filter((n) => n.startsWith(id))).toEqual([])
  expect((await offsetEn(a, estudiante, ubicacion)).res.status).toBe(404)
  expect((await hacerDocumento(a, estudiante, ubicacion)).res.status).toBe(400)
})

test("another student's upload is answered like one that does not exist, and is left as it was", async () => {
  const archivo = pdf(50 * 1024, 'ajena')
  const { ubicacion } = await crear(a, estudiante, archivo.length, { cod: '20' })
  expect((await enviarTrozo(a, estudiante, ubicacion, 0, archivo.slice(0, 10_000))).status).toBe(204)
  const cabeza = await offsetEn(a, extranjera, ubicacion)
  expect(cabeza.res.status).toBe(404)
  const parche = await enviarTrozo(a, extranjera, ubicacion, 10_000, archivo.slice(10_000))
  expect(parche.status).toBe(404)
  expect(await parche.json()).toEqual({ error: MENSAJE_NO_ENCONTRADO })
  const borrado = await fetch(`${a.url}${ubicacion}`, { method: 'DELETE', headers: cabeceras(extranjera) })
  expect(borrado.status).toBe(404)
  expect((await offsetEn(a, estudiante, ubicacion)).offset).toBe(10_000)
  // Finished by its owner, it still cannot become the other student's document.
  expect((await enviarTrozo(a, estudiante, ubicacion, 10_000, archivo.slice(10_000))).status).toBe(204)
  const robo = await hacerDocumento(a, extranjera, ubicacion, { cod: '20' })
  expect(robo.res.status).toBe(400)
  expect(robo.cuerpo.error).toBe(MENSAJE_SUBIDA_NO_ENCONTRADA)
  // Nor a document of another kind or for another endpoint.
  expect((await hacerDocumento(a, estudiante, ubicacion, { cod: '21' })).res.status).toBe(400)
  expect(
    (await hacerDocumento(a, estudiante, ubicacion, { destino: '/api/solicitudes/INS-26-40018/documentos', cod: '20' }))
      .res.status,
  ).toBe(400)
  expect((await hacerDocumento(a, estudiante, ubicacion, { cod: '20' })).res.status).toBe(201)
})

test('PATCH without the XSRF token is refused and writes nothing', async () => {
  const archivo = pdf(20 * 1024)
  const { ubicacion } = await crear(a, estudiante, archivo.length)
  const { 'x-xsrf-token': _token, ...sinToken } = cabeceras(estudiante)
  const res = await fetch(`${a.url}${ubicacion}`, {
    method: 'PATCH',
    headers: { ...sinToken, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' },
    body: archivo as Uint8Array<ArrayBuffer>,
  })
  expect(res.status).toBe(403)
  expect((await offsetEn(a, estudiante, ubicacion)).offset).toBe(0)
  const sinSesion = await fetch(`${a.url}${ubicacion}`, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } })
  expect(sinSesion.status).toBe(401)
})

test('limits: the size is checked before any byte, and a student has at most three uploads under way', async () => {
  const cliente = await iniciarSesion(a.url, DEMO_CUENTAS.sinSolicitudes)
  const grande = await crear(a, cliente, 5 * 1024 * 1024 + 1, { cod: '20' })
  expect(grande.res.status).toBe(413)
  expect((await grande.res.json()).error).toBe(mensajeArchivoMuyGrande(5))
  const html = await crear(a, cliente, 100, { cod: '20', nombre: 'pagina.html' })
  expect(html.res.status).toBe(415)

  const primera = await crear(a, cliente, 1000, { cod: '20' })
  expect(primera.res.status).toBe(201)
  // The same document again (another file chosen): it replaces the unfinished one.
  const reemplazo = await crear(a, cliente, 1000, { cod: '20' })
  expect(reemplazo.res.status).toBe(201)
  expect((await offsetEn(a, cliente, primera.ubicacion)).res.status).toBe(404)
  expect((await crear(a, cliente, 1000, { cod: '21' })).res.status).toBe(201)
  expect(
    (await crear(a, cliente, 1000, { destino: '/api/concursos/9/postulacion/documentos', cod: '46' })).res.status,
  ).toBe(201)
  const cuarta = await crear(a, cliente, 1000, { destino: '/api/concursos/10/postulacion/documentos', cod: '46' })
  expect(cuarta.res.status).toBe(429)
  expect(await cuarta.res.json()).toEqual({ error: MENSAJE_DEMASIADAS_SUBIDAS, campos: {} })
  // Metadata naming something that is no document endpoint is refused.
  const destinoAjeno = await crear(a, cliente, 1000, { destino: '/api/auth/logout', cod: '20' })
  expect(destinoAjeno.res.status).toBe(400)
})

test("every refusal of the upload endpoint is JSON in Spanish, tus's own included", async () => {
  const archivo = pdf(20 * 1024, 'rechazos')
  const { ubicacion } = await crear(a, estudiante, archivo.length, { cod: '20' })
  const url = `${a.url}${ubicacion}`
  const base = cabeceras(estudiante)
  const { 'Tus-Resumable': _version, ...sinVersion } = base
  const b64 = (texto: string) => Buffer.from(texto).toString('base64')
  const metadatos = `destino ${b64('/api/alumno/documentos')},codTipoDocumento ${b64('20')},filename ${b64('a.pdf')}`
  const bytes = (desde: number, hasta: number) => archivo.slice(desde, hasta) as Uint8Array<ArrayBuffer>
  const casos: [string, () => Promise<Response>, number, string, Record<string, string>?][] = [
    [
      'no protocol version',
      () => fetch(`${a.url}/api/subidas`, { method: 'POST', headers: { ...sinVersion, 'Upload-Length': '10' } }),
      412,
      MENSAJE_PROTOCOLO_TUS,
    ],
    [
      'another protocol version',
      () =>
        fetch(`${a.url}/api/subidas`, {
          method: 'POST',
          headers: { ...base, 'Tus-Resumable': '0.2.2', 'Upload-Length': '10', 'Upload-Metadata': metadatos },
        }),
      400,
      MENSAJE_PROTOCOLO_TUS,
    ],
    [
      'no size',
      () => fetch(`${a.url}/api/subidas`, { method: 'POST', headers: { ...base, 'Upload-Metadata': metadatos } }),
      400,
      MENSAJE_TAMANO_SUBIDA,
    ],
    [
      'metadata that is not base64 pairs',
      () =>
        fetch(`${a.url}/api/subidas`, {
          method: 'POST',
          headers: { ...base, 'Upload-Length': '10', 'Upload-Metadata': 'destino /api/alumno/documentos,,' },
        }),
      400,
      MENSAJE_METADATOS_SUBIDA,
    ],
    [
      'a size still to come',
      () =>
        fetch(`${a.url}/api/subidas`, {
          method: 'POST',
          headers: { ...base, 'Upload-Defer-Length': '1', 'Upload-Metadata': metadatos },
        }),
      400,
      MENSAJE_ARCHIVO_OBLIGATORIO,
      { archivo: MENSAJE_ARCHIVO_OBLIGATORIO },
    ],
    [
      'bytes without their offset',
      () =>
        fetch(url, {
          method: 'PATCH',
          headers: { ...base, 'Content-Type': 'application/offset+octet-stream' },
          body: bytes(0, 100),
        }),
      403,
      MENSAJE_OFFSET_FALTANTE,
    ],
    [
      'bytes of another type',
      () =>
        fetch(url, {
          method: 'PATCH',
          headers: { ...base, 'Content-Type': 'application/pdf', 'Upload-Offset': '0' },
          body: bytes(0, 100),
        }),
      400,
      MENSAJE_TIPO_CONTENIDO_SUBIDA,
    ],
    [
      'bytes from the wrong offset',
      () => enviarTrozo(a, estudiante, ubicacion, 500, archivo.slice(500, 600)),
      409,
      MENSAJE_OFFSET_DISTINTO,
    ],
    [
      'more bytes than the file',
      () => enviarTrozo(a, estudiante, ubicacion, 0, pdf(archivo.length + 10)),
      413,
      mensajeArchivoMuyGrande(5),
      { archivo: mensajeArchivoMuyGrande(5) },
    ],
  ]
  for (const [caso, pedir, status, error, campos] of casos) {
    const res = await pedir()
    expect({ caso, status: res.status }).toEqual({ caso, status })
    expect(res.headers.get('content-type'), caso).toMatch(/^application\/json/)
    expect(await res.json(), caso).toEqual(campos ? { error, campos } : { error })
  }

  // Finished, an upload cannot be cancelled: said in Spanish too.
  expect((await enviarTrozo(a, estudiante, ubicacion, 0, archivo)).status).toBe(204)
  const cancelar = await fetch(url, { method: 'DELETE', headers: base })
  expect(cancelar.status).toBe(400)
  expect(cancelar.headers.get('content-type')).toMatch(/^application\/json/)
  expect(await cancelar.json()).toEqual({ error: MENSAJE_SUBIDA_TERMINADA })
  // The hooks' own refusals leave as JSON too, not as text that happens to be JSON.
  const html = await crear(a, estudiante, 100, { cod: '20', nombre: 'pagina.html' })
  expect(html.res.status).toBe(415)
  expect(html.res.headers.get('content-type')).toMatch(/^application\/json/)
})

test('an upload cancelled before it finishes (DELETE) frees its place at once, bytes and all', async () => {
  const cliente = await iniciarSesion(a.url, DEMO_CUENTAS.estudiante)
  const destino = (n: number | string) => ({ destino: `/api/solicitudes/INS-CANCELADA-${n}/documentos`, cod: '41' })
  // As many as the limit allows, whatever this student already had under way.
  const creadas: string[] = []
  for (let n = 0; n < MAXIMO_SUBIDAS_EN_CURSO; n++) {
    const { res, ubicacion } = await crear(a, cliente, 30 * 1024, destino(n))
    if (res.status === 429) break
    expect(res.status).toBe(201)
    creadas.push(ubicacion)
  }
  expect(creadas.length).toBeGreaterThan(0)
  const lleno = await crear(a, cliente, 30 * 1024, destino('otra'))
  expect(lleno.res.status).toBe(429)
  expect((await lleno.res.json()).error).toBe(MENSAJE_DEMASIADAS_SUBIDAS)

  const cancelada = creadas.at(-1)!
  const id = cancelada.split('/').pop()!
  expect((await enviarTrozo(a, cliente, cancelada, 0, pdf(30 * 1024).slice(0, 4000))).status).toBe(204)
  const borrado = await fetch(`${a.url}${cancelada}`, { method: 'DELETE', headers: cabeceras(cliente) })
  expect(borrado.status).toBe(204)
  expect(await consultarDb(a.dataDir, 'select id from subidas where id = ?', id)).toEqual([])
  expect(archivosEnDisco().filter((n) => n.startsWith(id))).toEqual([])
  // Its place is free now, not in 24 hours; the cancelled one is gone for good.
  expect((await crear(a, cliente, 30 * 1024, destino('otra'))).res.status).toBe(201)
  const otraVez = await fetch(`${a.url}${cancelada}`, { method: 'DELETE', headers: cabeceras(cliente) })
  expect(otraVez.status).toBe(404)
  expect(await otraVez.json()).toEqual({ error: MENSAJE_NO_ENCONTRADO })
})

test('an unfinished upload expires after 24 hours and the purge deletes it, bytes and all', async () => {
  const archivo = pdf(30 * 1024)
  const cliente = await iniciarSesion(a.url, DEMO_CUENTAS.extranjera)
  const { ubicacion } = await crear(a, cliente, archivo.length, { cod: '20' })
  expect((await enviarTrozo(a, cliente, ubicacion, 0, archivo.slice(0, 5000))).status).toBe(204)
  const id = ubicacion.split('/').pop()!
  expect(archivosEnDisco().some((n) => n.startsWith(id))).toBe(true)
  const almacen = almacenDeSubidas({ dataDir: a.dataDir, s3: null })

  await purgarCaducados(db, new Date(Date.now() + VIGENCIA_SUBIDA_MS - 60_000), { subidas: almacen })
  expect(archivosEnDisco().some((n) => n.startsWith(id))).toBe(true)

  adelantoMs = VIGENCIA_SUBIDA_MS + 60_000
  try {
    const despues = await iniciarSesion(a.url, DEMO_CUENTAS.extranjera)
    expect((await offsetEn(a, despues, ubicacion)).res.status).toBe(404)
    await purgarCaducados(db, reloj(), { subidas: almacen })
  } finally {
    adelantoMs = 0
  }
  expect(await consultarDb(a.dataDir, 'select id from subidas where id = ?', id)).toEqual([])
  expect(archivosEnDisco().filter((n) => n.startsWith(id))).toEqual([])
})

import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  clienteDePrueba,
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { contentDisposition, sanearNombreArchivo } from './archivos/nombre.ts'

// A small limit so "too big" stays small: 20 KB (JSON and multipart framing get their own margin).
const LIMITE_MB = 20 / 1024
const MENSAJE_MUY_GRANDE = `El archivo supera el tamaño máximo permitido de ${LIMITE_MB} MB.`
const MENSAJE_TIPO = 'El archivo debe ser PDF, JPG o PNG, y su contenido debe corresponder a su extensión.'

let server: ServidorDePrueba
let estudiante: ClienteDePrueba
let extranjera: ClienteDePrueba

beforeAll(async () => {
  server = await iniciarServidorDePrueba({ throttle: 'off', config: { uploadMaxMb: LIMITE_MB } })
  estudiante = await iniciarSesion(server.url, DEMO_CUENTAS.estudiante)
  extranjera = await iniciarSesion(server.url, DEMO_CUENTAS.extranjera)
})
afterAll(() => server.close())

function pdf(texto: string): Uint8Array {
  return new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${texto}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  )
}
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])

function formulario(codTipoDocumento: string, bytes: Uint8Array, nombre: string, tipo = 'application/pdf'): FormData {
  const form = new FormData()
  form.set('codTipoDocumento', codTipoDocumento)
  form.set('archivo', new File([bytes as Uint8Array<ArrayBuffer>], nombre, { type: tipo }))
  return form
}

type Archivo = {
  id: string
  codDocumento: string
  nombre: string
  enlace: string
  tipoArchivo: string
  tamanno: number
  subidoEn: string
}
type Lista = {
  requeridos: {
    Cod_Documento__c: string
    Documento__c: string
    SeccionPortal__c: string
    Info__c: string
    obligatorio: boolean
  }[]
  archivos: Archivo[]
  tamanoMaximoMb: number
}

async function lista(cliente: ClienteDePrueba): Promise<Lista> {
  const res = await cliente.get('/api/alumno/documentos')
  expect(res.status).toBe(200)
  const cuerpo = (await res.json()) as { status: string; data: Lista }
  expect(cuerpo.status).toBe('ok')
  return cuerpo.data
}

async function subir(cliente: ClienteDePrueba, form: FormData, headers?: Record<string, string>) {
  const res = await cliente.request('POST', '/api/alumno/documentos', form, headers)
  return {
    res,
    cuerpo: (await res.json()) as { status?: string; data?: Archivo; error?: string; campos?: Record<string, string> },
  }
}

const carpeta = () => join(server.dataDir, 'archivos')
const blobs = () => (existsSync(carpeta()) ? readdirSync(carpeta()) : [])
const filas = (alumnoId: string) =>
  consultarDb<{
    id: string
    blob_clave: string
    nombre_original: string
    id_inscripcion: number
    id_grupo: number
    content_type: string
  }>(server.dataDir, 'select * from archivos_personales where alumno_id = ?', alumnoId)

test('the list says which personal documents each student must upload', async () => {
  const suya = await lista(estudiante)
  expect(suya.requeridos).toEqual([
    expect.objectContaining({
      Cod_Documento__c: '20',
      Documento__c: 'Certificado de Licenciatura o Título',
      SeccionPortal__c: 'Documentos Personales',
      obligatorio: true,
    }),
    expect.objectContaining({
      Cod_Documento__c: '21',
      Documento__c: 'Certificado de Trabajo',
      SeccionPortal__c: 'Documentos Personales',
      obligatorio: true,
    }),
  ])
  expect(suya.archivos).toEqual([])
  expect(suya.tamanoMaximoMb).toBe(LIMITE_MB)
  expect((await lista(extranjera)).requeridos.map((r) => [r.Cod_Documento__c, r.obligatorio])).toEqual([
    ['20', true],
    ['21', false],
  ])
  const sinSolicitudes = await iniciarSesion(server.url, DEMO_CUENTAS.sinSolicitudes)
  expect((await lista(sinSolicitudes)).requeridos.every((r) => !r.obligatorio)).toBe(true)
})

test('without a session: 401 for list, upload and download', async () => {
  const anonimo = clienteDePrueba(server.url)
  expect((await anonimo.get('/api/alumno/documentos')).status).toBe(401)
  expect((await anonimo.request('POST', '/api/alumno/documentos', formulario('20', pdf('x'), 'a.pdf'))).status).toBe(
    401,
  )
  expect((await anonimo.get('/api/alumno/documentos/cualquiera')).status).toBe(401)
})

test('a PDF is uploaded, listed and downloaded byte for byte as an attachment', async () => {
  const bytes = pdf('licenciatura')
  const { res, cuerpo } = await subir(estudiante, formulario('20', bytes, 'Título profesional.pdf'))
  expect(res.status).toBe(201)
  expect(cuerpo.status).toBe('ok')
  const archivo = cuerpo.data as Archivo
  expect(archivo).toMatchObject({
    codDocumento: '20',
    nombre: 'Título profesional.pdf',
    tipoArchivo: 'pdf',
    tamanno: bytes.length,
  })
  expect(archivo.enlace).toBe(`/api/alumno/documentos/${archivo.id}`)
  expect((await lista(estudiante)).archivos).toEqual([archivo])
  expect(await filas('alumno-estudiante')).toEqual([
    expect.objectContaining({ id_inscripcion: 0, id_grupo: 1, content_type: 'application/pdf' }),
  ])

  const descarga = await estudiante.get(archivo.enlace)
  expect(descarga.status).toBe(200)
  expect(new Uint8Array(await descarga.arrayBuffer())).toEqual(bytes)
  expect(descarga.headers.get('content-type')).toBe('application/pdf')
  expect(descarga.headers.get('content-disposition')).toBe(
    `attachment; filename="Titulo profesional.pdf"; filename*=UTF-8''T%C3%ADtulo%20profesional.pdf`,
  )
  expect(descarga.headers.get('x-content-type-options')).toBe('nosniff')
  expect(descarga.headers.get('cache-control')).toBe('private, no-store')
})

test('the file is stored under a random name the server chose, never the client name', async () => {
  const { res } = await subir(estudiante, formulario('21', pdf('trabajo'), '../../../etc/trabajo.pdf'))
  expect(res.status).toBe(201)
  const nombres = blobs()
  expect(nombres.length).toBeGreaterThan(0)
  for (const nombre of nombres) expect(nombre).toMatch(/^[0-9a-f]{32}$/)
  const fila = (await filas('alumno-estudiante')).find((f) => f.nombre_original === 'trabajo.pdf')
  expect(fila).toBeDefined()
  expect(nombres).toContain(fila?.blob_clave)
  expect(existsSync(join(server.dataDir, '..', 'etc', 'trabajo.pdf'))).toBe(false)
})

test('a new upload of the same type replaces the old one: one file, the old blob deleted', async () => {
  const antes = (await lista(estudiante)).archivos.find((a) => a.codDocumento === '20') as Archivo
  const blobAnterior = (await filas('alumno-estudiante')).find((f) => f.id === antes.id)?.blob_clave as string
  expect(blobs()).toContain(blobAnterior)
  const nuevo = pdf('licenciatura corregida')
  const { res, cuerpo } = await subir(estudiante, formulario('20', nuevo, 'licenciatura-v2.pdf'))
  expect(res.status).toBe(201)
  const delTipo = (await lista(estudiante)).archivos.filter((a) => a.codDocumento === '20')
  expect(delTipo).toEqual([cuerpo.data])
  expect(blobs()).not.toContain(blobAnterior)
  // Every stored file belongs to a row: the student's personal documents, the demo's enrolment
  // documents, its issued PDFs and tax documents, nothing left behind by the replaced upload.
  const deSolicitudes = await consultarDb(server.dataDir, 'select id from archivos_solicitud')
  const emitidos = await consultarDb(
    server.dataDir,
    'select codigo from documentos_emitidos where blob_clave is not null',
  )
  // The tax documents' PDF and XML, and the sandbox issuer's own copies.
  const [tributarios] = await consultarDb<{ n: number }>(
    server.dataDir,
    `select (select count(pdf_blob) + count(xml_blob) from documentos_tributarios)
          + (select count(pdf_blob) from sandbox_dte) as n`,
  )
  expect(blobs()).toHaveLength(
    (await filas('alumno-estudiante')).length + deSolicitudes.length + emitidos.length + Number(tributarios?.n),
  )
  expect((await estudiante.get(antes.enlace)).status).toBe(404)
  const descarga = await estudiante.get(delTipo[0]?.enlace ?? '')
  expect(new Uint8Array(await descarga.arrayBuffer())).toEqual(nuevo)
})

test("another student's file id is a 404, the same as an id that does not exist", async () => {
  const suyo = (await lista(estudiante)).archivos[0] as Archivo
  const ajeno = await extranjera.get(suyo.enlace)
  expect(ajeno.status).toBe(404)
  expect(await ajeno.json()).toEqual({ error: 'Recurso no encontrado' })
  expect(await (await extranjera.get('/api/alumno/documentos/no-existe')).json()).toEqual({
    error: 'Recurso no encontrado',
  })
})

test('a PNG named .pdf, an executable or an HTML page: 415 in Spanish, nothing stored', async () => {
  const antes = blobs().length
  const casos: [Uint8Array, string, string][] = [
    [PNG, 'titulo.pdf', 'application/pdf'],
    [new TextEncoder().encode('MZ\x90\x00\x03\x00\x00\x00'), 'programa.exe', 'application/octet-stream'],
    [new TextEncoder().encode('<!doctype html><script>alert(1)</script>'), 'pagina.html', 'text/html'],
    [new TextEncoder().encode('<!doctype html><script>alert(1)</script>'), 'foto.jpg', 'image/jpeg'],
    [pdf('disfrazado'), 'pagina.html', 'text/html'],
    [pdf('sin extension'), 'documento', 'application/pdf'],
    [new Uint8Array(), 'vacio.pdf', 'application/pdf'],
  ]
  for (const [bytes, nombre, tipo] of casos) {
    const { res, cuerpo } = await subir(extranjera, formulario('20', bytes, nombre, tipo))
    expect(res.status, nombre).toBe(415)
    expect(cuerpo).toEqual({ error: MENSAJE_TIPO, campos: { archivo: MENSAJE_TIPO } })
  }
  expect(blobs()).toHaveLength(antes)
  expect(await filas('alumno-extranjera')).toEqual([])
})

test('a real PNG named .png is accepted and served as image/png', async () => {
  const { res, cuerpo } = await subir(extranjera, formulario('21', PNG, 'certificado.PNG', 'image/png'))
  expect(res.status).toBe(201)
  const descarga = await extranjera.get(cuerpo.data?.enlace ?? '')
  expect(descarga.headers.get('content-type')).toBe('image/png')
})

test('over the size limit: 413 in Spanish, whether the file or the whole body is too big, declared or streamed', async () => {
  const antes = blobs().length
  // Over the file limit but within the body margin: refused after parsing.
  const poco = await subir(extranjera, formulario('20', pdf('x'.repeat(21 * 1024)), 'grande.pdf'))
  expect(poco.res.status).toBe(413)
  expect(poco.cuerpo).toEqual({ error: MENSAJE_MUY_GRANDE, campos: { archivo: MENSAJE_MUY_GRANDE } })
  // Far over: refused from its Content-Length, before the body is read.
  const mucho = await subir(extranjera, formulario('20', pdf('x'.repeat(200 * 1024)), 'enorme.pdf'))
  expect(mucho.res.status).toBe(413)
  expect(mucho.cuerpo).toEqual({ error: MENSAJE_MUY_GRANDE })
  // No Content-Length (chunked): counted as it arrives.
  const multipart = new Response(formulario('20', pdf('x'.repeat(200 * 1024)), 'enorme.pdf'))
  const res = await fetch(`${server.url}/api/alumno/documentos`, {
    method: 'POST',
    headers: {
      cookie: [...extranjera.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': extranjera.cookies.get('XSRF-TOKEN') ?? '',
      'content-type': multipart.headers.get('content-type') ?? '',
    },
    body: multipart.body,
    duplex: 'half',
  } as RequestInit)
  expect(res.status).toBe(413)
  expect(await res.json()).toEqual({ error: MENSAJE_MUY_GRANDE })
  expect(blobs()).toHaveLength(antes)
})

test('an unknown document type, or no file: 400; neither a form nor JSON naming an upload: 415', async () => {
  const tipo = await subir(extranjera, formulario('6', pdf('x'), 'a.pdf'))
  expect(tipo.res.status).toBe(400)
  expect(tipo.cuerpo).toEqual({
    error: 'El tipo de documento no es válido.',
    campos: { codTipoDocumento: 'El tipo de documento no es válido.' },
  })
  const form = new FormData()
  form.set('codTipoDocumento', '20')
  const sinArchivo = await subir(extranjera, form)
  expect(sinArchivo.res.status).toBe(400)
  expect(sinArchivo.cuerpo.error).toBe('Seleccione el archivo que desea subir.')
  const texto = await extranjera.request('POST', '/api/alumno/documentos', new Blob(['codTipoDocumento=20']), {
    'content-type': 'text/plain',
  })
  expect(texto.status).toBe(415)
  // JSON names a finished resumable upload (server/subidas.test.ts): without one, a Spanish 400.
  const json = await extranjera.post('/api/alumno/documentos', { codTipoDocumento: '20' })
  expect(json.status).toBe(400)
  expect((await json.json()).error).toBe('Campo obligatorio y debe ser válido')
})

test('an upload replayed with its Idempotency-Key (new multipart boundary) is stored once', async () => {
  const sinSolicitudes = await iniciarSesion(server.url, DEMO_CUENTAS.sinSolicitudes)
  const clave = crypto.randomUUID()
  const bytes = pdf('una sola vez')
  const primera = await subir(sinSolicitudes, formulario('20', bytes, 'titulo.pdf'), { 'Idempotency-Key': clave })
  const segunda = await subir(sinSolicitudes, formulario('20', bytes, 'titulo.pdf'), { 'Idempotency-Key': clave })
  expect(primera.res.status).toBe(201)
  expect(segunda.res.status).toBe(201)
  expect(segunda.res.headers.get('idempotency-replayed')).toBe('true')
  expect(segunda.cuerpo).toEqual(primera.cuerpo)
  const suyas = await filas('alumno-sinsolicitudes')
  expect(suyas).toHaveLength(1)
  expect(readFileSync(join(carpeta(), suyas[0]?.blob_clave ?? ''))).toEqual(Buffer.from(bytes))
  // Other content under the same key is another request.
  const otra = await subir(sinSolicitudes, formulario('20', pdf('otra'), 'titulo.pdf'), { 'Idempotency-Key': clave })
  expect(otra.res.status).toBe(422)
})

test('file names are kept as plain data', () => {
  expect(sanearNombreArchivo('C:\\Users\\ana\\Título.pdf')).toBe('Título.pdf')
  expect(sanearNombreArchivo('../../secreto.pdf')).toBe('secreto.pdf')
  expect(sanearNombreArchivo('..\u0000oculto\r\n".pdf')).toBe('oculto.pdf')
  expect(sanearNombreArchivo('a<b>c|d?.png')).toBe('abcd.png')
  const largo = sanearNombreArchivo(`${'ñ'.repeat(300)}.pdf`)
  expect([...largo]).toHaveLength(150)
  expect(largo.endsWith('.pdf')).toBe(true)
  expect(contentDisposition('informe "final" 100%.pdf')).toBe(
    `attachment; filename="informe _final_ 100_.pdf"; filename*=UTF-8''informe%20%22final%22%20100%25.pdf`,
  )
})

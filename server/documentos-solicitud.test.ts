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

// A small limit so "too big" stays small: 20 KB.
const LIMITE_MB = 20 / 1024
const MENSAJE_TIPO = 'El archivo debe ser PDF, JPG o PNG, y su contenido debe corresponder a su extensión.'
const CODIGO = 'INS-24-20117'

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
  return new TextEncoder().encode(`%PDF-1.4\n% ${texto}\ntrailer << /Root 1 0 R >>\n%%EOF\n`)
}

function formulario(codTipoDocumento: string, bytes: Uint8Array, nombre: string): FormData {
  const form = new FormData()
  form.set('codTipoDocumento', codTipoDocumento)
  form.set('archivo', new File([bytes as Uint8Array<ArrayBuffer>], nombre, { type: 'application/pdf' }))
  return form
}

type Lista = {
  requeridos: { Cod_Documento__c: string }[]
  archivos: { id: string; codDocumento: string; nombre: string; enlace: string }[]
}

async function lista(cliente: ClienteDePrueba, codigo = CODIGO) {
  const res = await cliente.get(`/api/solicitudes/${codigo}/documentos`)
  return { status: res.status, cuerpo: (await res.json()) as { data: Lista } }
}

async function filasDeArchivos(): Promise<number> {
  const [fila] = await consultarDb<{ n: number }>(server.dataDir, 'SELECT COUNT(*) AS n FROM archivos_solicitud')
  return Number(fila?.n)
}

test("an upload is stored under a 'Pro-' name, listed, downloadable by its owner only, and a second one replaces it", async () => {
  const { cuerpo } = await lista(estudiante)
  const cod = cuerpo.data.requeridos[0]!.Cod_Documento__c
  const primero = await estudiante.post(
    `/api/solicitudes/${CODIGO}/documentos`,
    formulario(cod, pdf('uno'), 'mi archivo.pdf'),
  )
  expect(primero.status).toBe(201)
  const segundo = await estudiante.post(
    `/api/solicitudes/${CODIGO}/documentos`,
    formulario(cod, pdf('dos'), 'otro.pdf'),
  )
  expect(segundo.status).toBe(201)
  const despues = (await lista(estudiante)).cuerpo.data.archivos.filter((a) => a.codDocumento === cod)
  expect(despues).toHaveLength(1)
  expect(despues[0]!.nombre.startsWith(`Pro-${CODIGO}`)).toBe(true)
  const bajada = await estudiante.get(despues[0]!.enlace)
  expect(bajada.status).toBe(200)
  expect(await bajada.text()).toContain('dos')
  expect((await extranjera.get(despues[0]!.enlace)).status).toBe(404)
})

test("another student's enrolment answers 404 to its list and its upload, and nothing is stored", async () => {
  const antes = await filasDeArchivos()
  expect((await lista(extranjera)).status).toBe(404)
  const res = await extranjera.post(`/api/solicitudes/${CODIGO}/documentos`, formulario('1', pdf('ajeno'), 'a.pdf'))
  expect(res.status).toBe(404)
  expect(await filasDeArchivos()).toBe(antes)
})

test('uploads too big, or whose content is not what the extension says, are refused in Spanish and nothing is stored', async () => {
  const cod = (await lista(estudiante)).cuerpo.data.requeridos[0]!.Cod_Documento__c
  const antes = await filasDeArchivos()
  const grande = await estudiante.post(
    `/api/solicitudes/${CODIGO}/documentos`,
    formulario(cod, pdf('x'.repeat(25 * 1024)), 'grande.pdf'),
  )
  expect(grande.status).toBe(413)
  const falso = await estudiante.post(
    `/api/solicitudes/${CODIGO}/documentos`,
    formulario(cod, new TextEncoder().encode('no soy un pdf'), 'falso.pdf'),
  )
  expect(falso.status).toBe(415)
  expect(((await falso.json()) as { error: string }).error).toBe(MENSAJE_TIPO)
  const ajeno = await estudiante.post(
    `/api/solicitudes/${CODIGO}/documentos`,
    formulario('no-existe', pdf('t'), 't.pdf'),
  )
  expect(ajeno.status).toBe(400)
  expect(await filasDeArchivos()).toBe(antes)
})

test('without a session the documents answer 401', async () => {
  const anonimo = clienteDePrueba(server.url)
  expect((await anonimo.get(`/api/solicitudes/${CODIGO}/documentos`)).status).toBe(401)
})

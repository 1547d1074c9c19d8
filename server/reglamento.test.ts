import { createHash } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  MENSAJE_REGLAMENTO_CAMBIO,
  MENSAJE_REGLAMENTO_NO_REQUERIDO,
  MENSAJE_REGLAMENTO_SIN_ENCUESTA,
  MENSAJE_REGLAMENTO_SIN_RUT,
  MENSAJE_REGLAMENTO_YA_ACEPTADO,
  reglamentoDe,
  textoReglamento,
} from '../src/domain/reglamentos.ts'
import { MENSAJE_SOLICITUD_NO_ENCONTRADA } from '../src/domain/solicitudes.ts'
import { firmaValida, textoDePdf } from '../tests/support/firma-pdf.ts'
import {
  clienteDePrueba,
  consultarDb,
  esperarCorreo,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CERTIFICADO_VALIDO, DEMO_CUENTAS } from './db/seed/demo.ts'

let server: ServidorDePrueba
let estudiante: ClienteDePrueba
let extranjera: ClienteDePrueba

beforeAll(async () => {
  server = await iniciarServidorDePrueba({ throttle: 'off' })
  estudiante = await iniciarSesion(server.url, DEMO_CUENTAS.estudiante)
  extranjera = await iniciarSesion(server.url, DEMO_CUENTAS.extranjera)
})
afterAll(() => server.close())

const VERSION = reglamentoDe('Diplomado').version

const aceptar = (cliente: ClienteDePrueba, codigo: string, version = VERSION, clave = crypto.randomUUID()) =>
  cliente.post(`/api/solicitudes/${codigo}/reglamento`, { version }, { 'Idempotency-Key': clave })

type Emitido = { idInscripcion: string; codTipoDocumento: string; nombre: string; enlace: string }

async function emitidos(cliente: ClienteDePrueba): Promise<Emitido[]> {
  const res = await cliente.get('/api/solicitudes')
  return ((await res.json()) as { data: { emitidos: Emitido[] } }).data.emitidos
}

const filasReglamento = (codigo: string) =>
  consultarDb<{ codigo: string; sha256: string; titular_nombre: string; titular_documento: string }>(
    server.dataDir,
    "select codigo, sha256, titular_nombre, titular_documento from documentos_emitidos where codigo_inscripcion = ? and cod_tipo_documento = '6'",
    codigo,
  )

test('accepting the regulations issues one signed PDF recording the student, the program, the assistant and the text, and tells the assistant', async () => {
  const res = await aceptar(estudiante, 'INS-26-40018')
  expect(res.status).toBe(201)
  const { data } = (await res.json()) as { data: Emitido }
  expect(data).toMatchObject({ idInscripcion: 'INS-26-40018', codTipoDocumento: '6', nombre: 'Reglamento Firmado' })

  const pdf = await estudiante.get(data.enlace)
  expect(pdf.status).toBe(200)
  expect(pdf.headers.get('content-type')).toBe('application/pdf')
  const bytes = new Uint8Array(await pdf.arrayBuffer())
  expect(firmaValida(bytes)).toBe(true)
  const [fila] = await filasReglamento('INS-26-40018')
  expect(fila).toMatchObject({ titular_nombre: 'Camila Andrea Rojas Soto', titular_documento: '16789432-1' })
  expect(fila?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
  // What it records is in the signed document itself.
  const texto = textoDePdf(bytes)
  const hashTexto = createHash('sha256')
    .update(textoReglamento(reglamentoDe('Diplomado')), 'utf8')
    .digest('hex')
  // A hash is longer than a line: it is cut across two.
  expect(texto.replaceAll('\n', '')).toContain(hashTexto)
  expect(texto).toContain('Tomás Muñoz Araya (tomas.munoz@postgrado-demo.cl)')
  expect(texto).toContain('Diplomado en Cuidados Paliativos y Manejo del Dolor')
  expect(texto).toContain('16789432-1')
  expect(texto).toContain('estudiante@demo.cl')

  expect((await emitidos(estudiante)).filter((e) => e.idInscripcion === 'INS-26-40018')).toEqual([data])
  const correo = await esperarCorreo(server.dataDir, 'tomas.munoz@postgrado-demo.cl')
  expect(correo.subject).toBe('Reglamento firmado: solicitud INS-26-40018')
  expect(correo.text).toContain('Camila Andrea Rojas Soto')
})

test('the regulations cannot be accepted twice; a replayed acceptance gets the first reply', async () => {
  const clave = crypto.randomUUID()
  const primera = await aceptar(estudiante, 'INS-25-30021', VERSION, clave)
  expect(primera.status).toBe(201)
  const repetida = await aceptar(estudiante, 'INS-25-30021', VERSION, clave)
  expect(repetida.status).toBe(201)
  expect(await repetida.json()).toEqual(await primera.json())
  const segunda = await aceptar(estudiante, 'INS-25-30021')
  expect(segunda.status).toBe(422)
  expect(await segunda.json()).toEqual({ error: MENSAJE_REGLAMENTO_YA_ACEPTADO })
  expect(await filasReglamento('INS-25-30021')).toHaveLength(1)
})

test('two acceptances at the same moment produce one document', async () => {
  const respuestas = await Promise.all([aceptar(estudiante, 'INS-24-20388'), aceptar(estudiante, 'INS-24-20388')])
  expect(respuestas.map((r) => r.status).sort()).toEqual([201, 422])
  expect(await filasReglamento('INS-24-20388')).toHaveLength(1)
})

test('groups 1 and 5 accept only after the survey; a derived program accepts none; an old version is refused', async () => {
  const sinEncuesta = await aceptar(estudiante, 'INS-25-30477')
  expect(sinEncuesta.status).toBe(422)
  expect(await sinEncuesta.json()).toEqual({ error: MENSAJE_REGLAMENTO_SIN_ENCUESTA })

  await consultarDb(
    server.dataDir,
    "update solicitudes set tipo_curso = 'Derivada' where codigo_inscripcion = 'INS-25-30145'",
  )
  const derivada = await aceptar(estudiante, 'INS-25-30145')
  expect(derivada.status).toBe(422)
  expect(await derivada.json()).toEqual({ error: MENSAJE_REGLAMENTO_NO_REQUERIDO })

  const antigua = await aceptar(estudiante, 'INS-26-40033', '2020-1')
  expect(antigua.status).toBe(422)
  expect(await antigua.json()).toEqual({ error: MENSAJE_REGLAMENTO_CAMBIO })
  const sinVersion = await estudiante.post('/api/solicitudes/INS-26-40033/reglamento', {})
  expect(sinVersion.status).toBe(400)
  for (const codigo of ['INS-25-30477', 'INS-25-30145', 'INS-26-40033']) {
    expect(await filasReglamento(codigo)).toEqual([])
  }
})

test('without a RUT or passport the regulations cannot be accepted', async () => {
  await consultarDb(server.dataDir, "update alumnos set numero_documento = null where id = 'alumno-extranjera'")
  try {
    const res = await aceptar(extranjera, 'INS-25-30688')
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ error: MENSAJE_REGLAMENTO_SIN_RUT })
  } finally {
    await consultarDb(
      server.dataDir,
      "update alumnos set numero_documento = 'AAF482913' where id = 'alumno-extranjera'",
    )
  }
})

test("another student's enrolment and documents answer like missing ones; signed out, 401", async () => {
  const ajena = await aceptar(extranjera, 'INS-25-30290')
  expect(ajena.status).toBe(404)
  expect(await ajena.json()).toEqual({ error: MENSAJE_SOLICITUD_NO_ENCONTRADA })

  const propio = await estudiante.get(`/api/documentos-emitidos/${DEMO_CERTIFICADO_VALIDO}`)
  expect(propio.status).toBe(200)
  expect(firmaValida(new Uint8Array(await propio.arrayBuffer()))).toBe(true)
  const deOtra = await extranjera.get(`/api/documentos-emitidos/${DEMO_CERTIFICADO_VALIDO}`)
  expect(deOtra.status).toBe(404)
  const inventado = await estudiante.get('/api/documentos-emitidos/NOEXISTE')
  expect(inventado.status).toBe(404)
  const anonimo = await clienteDePrueba(server.url).get(`/api/documentos-emitidos/${DEMO_CERTIFICADO_VALIDO}`)
  expect(anonimo.status).toBe(401)
  const sinSesion = await clienteDePrueba(server.url).post('/api/solicitudes/INS-26-40033/reglamento', {
    version: VERSION,
  })
  expect(sinSesion.status).toBe(401)
})

test('every demo document is a real signed PDF whose stored hash is its own', async () => {
  const lista = await emitidos(estudiante)
  // Certificates of the two finished programs, three invoices, the signed regulations.
  expect(
    lista
      .filter((e) => e.codTipoDocumento === '35')
      .map((e) => e.idInscripcion)
      .sort(),
  ).toEqual(['INS-24-20117', 'INS-24-20388'])
  expect(lista.filter((e) => e.codTipoDocumento === '30')).toHaveLength(3)
  for (const documento of lista) {
    const res = await estudiante.get(documento.enlace)
    expect(res.status).toBe(200)
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(firmaValida(bytes)).toBe(true)
    const codigo = decodeURIComponent(documento.enlace.split('/').pop() ?? '')
    const [fila] = await consultarDb<{ sha256: string }>(
      server.dataDir,
      'select sha256 from documentos_emitidos where codigo = ?',
      codigo,
    )
    expect(fila?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
  }
})

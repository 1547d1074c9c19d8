import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  MENSAJE_ENCUESTA_YA_ENVIADA,
  MENSAJE_OBLIGATORIO,
  MENSAJE_PRIMERA_RAZON_CURSA,
  type EncuestaFormulario,
} from '../src/domain/encuesta.ts'
import { MENSAJE_SOLICITUD_NO_ENCONTRADA } from '../src/domain/solicitudes.ts'
import { encuestaCompleta as encuesta } from '../tests/support/encuesta.ts'
import {
  clienteDePrueba,
  consultarDb,
  esperarCorreo,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { MENSAJE_ENCUESTA_NO_REQUERIDA } from './solicitudes/encuesta.ts'

let server: ServidorDePrueba
let estudiante: ClienteDePrueba
let extranjera: ClienteDePrueba

beforeAll(async () => {
  server = await iniciarServidorDePrueba({ throttle: 'off' })
  estudiante = await iniciarSesion(server.url, DEMO_CUENTAS.estudiante)
  extranjera = await iniciarSesion(server.url, DEMO_CUENTAS.extranjera)
})
afterAll(() => server.close())

type Fila = {
  codigoInscripcion: string
  encuesta: string
  condiciones: { decision: string } | null
  reglamento: string
  habilitaTb: boolean
}

async function lista(cliente: ClienteDePrueba) {
  const res = await cliente.get('/api/solicitudes')
  expect(res.status).toBe(200)
  return (
    (await res.json()) as {
      data: { solicitudes: Fila[]; tieneDocumentoIdentidad: boolean; certificadosActivos: boolean }
    }
  ).data
}

const encuestasGuardadas = (codigo: string) =>
  consultarDb(server.dataDir, 'select * from encuestas where codigo_inscripcion = ?', codigo)

test("the list holds only the student's own enrolments, newest first, with each one's survey, regulations and conditions state", async () => {
  const { solicitudes, tieneDocumentoIdentidad, certificadosActivos } = await lista(estudiante)
  expect(solicitudes).toHaveLength(10)
  expect(solicitudes.map((s) => s.codigoInscripcion)).not.toContain('INS-25-30688')
  expect(solicitudes[0]?.codigoInscripcion).toBe('INS-26-40018')
  expect(tieneDocumentoIdentidad).toBe(true)
  expect(certificadosActivos).toBe(true)
  const porCodigo = Object.fromEntries(solicitudes.map((s) => [s.codigoInscripcion, s]))
  expect(porCodigo['INS-26-40018']).toMatchObject({ encuesta: 'enviada', reglamento: 'pendiente' })
  expect(porCodigo['INS-24-20117']).toMatchObject({
    encuesta: 'enviada',
    reglamento: 'firmado',
    condiciones: { decision: 'aceptadas' },
  })
  expect(porCodigo['INS-25-30311']).toMatchObject({ encuesta: 'pendiente', reglamento: 'pendiente' })
  expect(porCodigo['INS-25-30502']).toMatchObject({ encuesta: 'pendiente', condiciones: { decision: 'rechazadas' } })
  expect(porCodigo['INS-25-30021']).toMatchObject({ encuesta: 'no-aplica' })
  const deExtranjera = await lista(extranjera)
  expect(deExtranjera.solicitudes.map((s) => [s.codigoInscripcion, s.encuesta])).toEqual([
    ['INS-25-30688', 'pendiente'],
  ])
  // Her passport counts as her identity document.
  expect(deExtranjera.tieneDocumentoIdentidad).toBe(true)
})

test('the certificate column can be switched off by the server', async () => {
  const otro = await iniciarServidorDePrueba({ throttle: 'off', config: { certificadosActivos: false } })
  try {
    const cliente = await iniciarSesion(otro.url, DEMO_CUENTAS.extranjera)
    expect((await lista(cliente)).certificadosActivos).toBe(false)
  } finally {
    await otro.close()
  }
})

test('a survey not sent yet reads as such; a sent one comes with its answers', async () => {
  const pendiente = await extranjera.get('/api/solicitudes/INS-25-30688/encuesta')
  expect(await pendiente.json()).toEqual({ status: 'ok', data: { requerida: true, enviadaEn: null, respuestas: null } })
  const enviada = (await (await estudiante.get('/api/solicitudes/INS-24-20117/encuesta')).json()) as {
    data: { enviadaEn: string; respuestas: EncuestaFormulario }
  }
  expect(enviada.data.enviadaEn).toBe('2024-04-02T15:10:00.000Z')
  expect(enviada.data.respuestas.razon_cursa_1).toBe('Actualizar conocimientos')
})

test("another student's enrolment, or a missing one, answers 404 and changes nothing", async () => {
  for (const [metodo, ruta, cuerpo] of [
    ['GET', '/api/solicitudes/INS-25-30688/encuesta', undefined],
    ['POST', '/api/solicitudes/INS-25-30688/encuesta', encuesta()],
    ['POST', '/api/solicitudes/INS-25-30688/condiciones', { decision: 'rechazadas' }],
    ['POST', '/api/solicitudes/NO-EXISTE/encuesta', encuesta()],
  ] as const) {
    const res = await estudiante.request(metodo, ruta, cuerpo)
    expect(res.status, ruta).toBe(404)
    expect(await res.json()).toEqual({ error: MENSAJE_SOLICITUD_NO_ENCONTRADA })
  }
  expect(await encuestasGuardadas('INS-25-30688')).toHaveLength(0)
  expect(
    await consultarDb(server.dataDir, 'select * from condiciones where codigo_inscripcion = ?', 'INS-25-30688'),
  ).toHaveLength(0)
})

test('an incomplete survey is refused with each missing answer named, and nothing is stored', async () => {
  const res = await estudiante.post(
    '/api/solicitudes/INS-25-30311/encuesta',
    encuesta({ trabaja_area: '', razon_cursa_1: '' }),
  )
  expect(res.status).toBe(400)
  const cuerpo = (await res.json()) as { campos: Record<string, string> }
  expect(cuerpo.campos).toEqual({ trabaja_area: MENSAJE_OBLIGATORIO, razon_cursa_1: MENSAJE_PRIMERA_RAZON_CURSA })
  expect(await encuestasGuardadas('INS-25-30311')).toHaveLength(0)
})

test('a survey is sent once: a replay of the same submission gets the first reply, another send is refused', async () => {
  const clave = crypto.randomUUID()
  const primera = await estudiante.post(
    '/api/solicitudes/INS-25-30311/encuesta',
    encuesta({ identidadGenero: 'Mujer' }),
    { 'Idempotency-Key': clave },
  )
  expect(primera.status).toBe(201)
  const cuerpoPrimera = await primera.json()
  const repetida = await estudiante.post(
    '/api/solicitudes/INS-25-30311/encuesta',
    encuesta({ identidadGenero: 'Mujer' }),
    { 'Idempotency-Key': clave },
  )
  expect(repetida.status).toBe(201)
  expect(await repetida.json()).toEqual(cuerpoPrimera)
  const otra = await estudiante.post(
    '/api/solicitudes/INS-25-30311/encuesta',
    encuesta({ identidadGenero: 'Otra cosa' }),
    { 'Idempotency-Key': crypto.randomUUID() },
  )
  expect(otra.status).toBe(409)
  expect(await otra.json()).toEqual({ error: MENSAJE_ENCUESTA_YA_ENVIADA })
  const guardadas = await encuestasGuardadas('INS-25-30311')
  expect(guardadas).toHaveLength(1)
  expect(JSON.parse(String(guardadas[0]?.respuestas)).identidadGenero).toBe('Mujer')
  expect((await lista(estudiante)).solicitudes.find((s) => s.codigoInscripcion === 'INS-25-30311')?.encuesta).toBe(
    'enviada',
  )
})

test('a group that does not answer the survey cannot send one', async () => {
  const res = await estudiante.post('/api/solicitudes/INS-25-30021/encuesta', encuesta())
  expect(res.status).toBe(409)
  expect(await res.json()).toEqual({ error: MENSAJE_ENCUESTA_NO_REQUERIDA })
})

test('conditions: accepted, then rejected (the assistant is told by e-mail), then accepted again', async () => {
  const aceptar = await estudiante.post('/api/solicitudes/INS-25-30145/condiciones', { decision: 'aceptadas' })
  expect(aceptar.status).toBe(200)
  expect(((await aceptar.json()) as { data: { decision: string } }).data.decision).toBe('aceptadas')

  const rechazar = await estudiante.post('/api/solicitudes/INS-25-30145/condiciones', { decision: 'rechazadas' })
  expect(rechazar.status).toBe(200)
  const correo = await esperarCorreo(server.dataDir, 'francisca.herrera@postgrado-demo.cl')
  expect(correo.subject).toBe('Condiciones rechazadas: solicitud INS-25-30145')
  expect(correo.text).toContain('Camila')
  expect(
    (await lista(estudiante)).solicitudes.find((s) => s.codigoInscripcion === 'INS-25-30145')?.condiciones?.decision,
  ).toBe('rechazadas')

  await estudiante.post('/api/solicitudes/INS-25-30145/condiciones', { decision: 'aceptadas' })
  expect(
    (await lista(estudiante)).solicitudes.find((s) => s.codigoInscripcion === 'INS-25-30145')?.condiciones?.decision,
  ).toBe('aceptadas')
})

test('a decision other than accept or reject is refused', async () => {
  const res = await estudiante.post('/api/solicitudes/INS-25-30145/condiciones', { decision: 'quizás' })
  expect(res.status).toBe(400)
})

test('without a session every endpoint answers 401', async () => {
  const anonimo = clienteDePrueba(server.url)
  expect((await anonimo.get('/api/solicitudes')).status).toBe(401)
  expect((await anonimo.get('/api/solicitudes/INS-24-20117/encuesta')).status).toBe(401)
})

test('a student with neither RUT nor passport on record is told so by the list', async () => {
  await consultarDb(
    server.dataDir,
    'update alumnos set rut = ?, numero_documento = null where email = ?',
    '0-0',
    DEMO_CUENTAS.sinSolicitudes,
  )
  const cliente = await iniciarSesion(server.url, DEMO_CUENTAS.sinSolicitudes)
  expect(await lista(cliente)).toMatchObject({ solicitudes: [], tieneDocumentoIdentidad: false })
})

test("the demo's group-1 enrolment has two of its four documents uploaded, and their files open", async () => {
  const fila = (await lista(estudiante)).solicitudes.find((s) => s.codigoInscripcion === 'INS-26-40018') as Fila & {
    documentos: { subidos: number; requeridos: number }
  }
  // Both waiting for the school's review.
  expect(fila.documentos).toEqual({ subidos: 2, requeridos: 4, enRevision: 2, aprobados: 0, rechazados: 0 })
  const { urlPortal, documentos } = (await (await estudiante.get('/api/solicitudes')).json()).data as {
    urlPortal: string
    documentos: { codigoInscripcion: string; codTipoDocumento: string; enlace: string }[]
  }
  expect(urlPortal).toBe(server.url)
  expect(
    documentos
      .filter((d) => d.codigoInscripcion === 'INS-26-40018')
      .map((d) => d.codTipoDocumento)
      .sort(),
  ).toEqual(['41', '42'])
  const { data } = (await (await estudiante.get('/api/solicitudes/INS-26-40018/documentos')).json()) as {
    data: { archivos: { enlace: string; nombre: string }[] }
  }
  expect(data.archivos.map((a) => a.nombre)).toEqual([
    'Pro-INS-26-40018-carta-intencion.pdf',
    'Pro-INS-26-40018-hepatitis-b.pdf',
  ])
  const descarga = await estudiante.get(data.archivos[0]?.enlace ?? '')
  expect(descarga.status).toBe(200)
  expect((await descarga.text()).startsWith('%PDF-')).toBe(true)
})

test('an enrolment document of a few megabytes is accepted like a personal one (uploads get the upload limit, not the JSON one)', async () => {
  const grande = new Uint8Array(2 * 1024 * 1024)
  grande.set(new TextEncoder().encode('%PDF-1.4\n'))
  const form = new FormData()
  form.set('codTipoDocumento', '45')
  form.set('archivo', new File([grande], 'eunacom.pdf', { type: 'application/pdf' }))
  const res = await estudiante.request('POST', '/api/solicitudes/INS-25-30145/documentos', form)
  expect(res.status).toBe(201)
})

import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Pendiente } from '../src/domain/pendientes.ts'
import {
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'

let server: ServidorDePrueba
let estudiante: ClienteDePrueba
let extranjera: ClienteDePrueba

beforeAll(async () => {
  server = await iniciarServidorDePrueba({ throttle: 'off' })
  estudiante = await iniciarSesion(server.url, DEMO_CUENTAS.estudiante)
  extranjera = await iniciarSesion(server.url, DEMO_CUENTAS.extranjera)
})
afterAll(() => server.close())

type Respuesta = { pendientes: Pendiente[]; conteo: Record<string, number>; hoy: string }

async function pendientes(cliente: ClienteDePrueba): Promise<Respuesta> {
  const res = await cliente.get('/api/alumno/pendientes')
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: Respuesta }).data
}

const claves = (r: Respuesta) => r.pendientes.map((p) => p.clave)

const pdf = (nombre: string) =>
  new File([new TextEncoder().encode('%PDF-1.4\n% prueba\n%%EOF\n')], nombre, { type: 'application/pdf' })

function formulario(codTipoDocumento: string, archivo: File): FormData {
  const form = new FormData()
  form.append('codTipoDocumento', codTipoDocumento)
  form.append('archivo', archivo)
  return form
}

test("the demo student's pending actions: the oldest overdue installment first, then the contest, then what each program asks", async () => {
  const r = await pendientes(estudiante)
  expect(claves(r).slice(0, 3)).toEqual([
    'cuota:INS-26-40018/2',
    'cuota:INS-25-30290/3',
    // Contest 9 is paid and open, with none of its documents yet.
    'postulacion-documentos:9',
  ])
  expect(r.pendientes[0]).toMatchObject({ tipo: 'cuota', numero: 2, monto: 450_000, vencida: true })
  // Installments not due within a week are not asked yet.
  expect(claves(r)).not.toContain('cuota:INS-26-40018/3')
  // The survey is asked where it is missing; the regulations where they are not signed.
  expect(claves(r)).toEqual(
    expect.arrayContaining([
      'encuesta:INS-25-30311',
      'encuesta:INS-25-30477',
      'reglamento:INS-26-40018',
      'documentos:INS-26-40018',
      'documentos-personales',
    ]),
  )
  // Signed regulations, and programs whose certificate was issued, ask for nothing more.
  expect(claves(r)).not.toContain('reglamento:INS-25-30290')
  expect(claves(r).filter((c) => c.endsWith('INS-24-20117') || c.endsWith('INS-24-20388'))).toEqual([])
  expect(r.pendientes.find((p) => p.clave === 'documentos:INS-26-40018')).toMatchObject({
    faltantes: ['Seguro de Salud', 'Certificado RNPI'],
  })
  // Nothing was rejected yet.
  expect(r.pendientes.filter((p) => p.tipo === 'documento-rechazado')).toEqual([])
  expect(r.conteo).toEqual({
    solicitudes: r.pendientes.filter((p) => p.seccion === 'solicitudes').length,
    concursos: 1,
    personal: 1,
  })
})

test('each student sees only their own; a student with nothing to do gets an empty list', async () => {
  const r = await pendientes(extranjera)
  expect(claves(r)).toEqual([
    'cuota:INS-25-30688/1',
    'postulacion-pago:10',
    'encuesta:INS-25-30688',
    'reglamento:INS-25-30688',
    'documentos:INS-25-30688',
    'documentos-personales',
  ])
  const sin = await pendientes(await iniciarSesion(server.url, DEMO_CUENTAS.sinSolicitudes))
  expect(sin.pendientes).toEqual([])
  expect(sin.conteo).toEqual({ solicitudes: 0, concursos: 0, personal: 0 })
})

test("what the student does takes its item away: an installment paid, an enrolment's document uploaded, a contest's documents all uploaded", async () => {
  const cliente = await iniciarSesion(server.url, DEMO_CUENTAS.estudiante)
  await consultarDb(
    server.dataDir,
    "update cuotas set pago_id = 'pago-demo-INS-25-30290-1' where codigo_inscripcion = 'INS-25-30290' and numero = 3",
  )
  expect(claves(await pendientes(cliente))).not.toContain('cuota:INS-25-30290/3')

  const subida = await cliente.request(
    'POST',
    '/api/solicitudes/INS-26-40018/documentos',
    formulario('43', pdf('s.pdf')),
  )
  expect(subida.status).toBe(201)
  const documentos = (await pendientes(cliente)).pendientes.find((p) => p.clave === 'documentos:INS-26-40018')
  expect(documentos).toMatchObject({ faltantes: ['Certificado RNPI'] })

  expect((await pendientes(cliente)).conteo.concursos).toBe(1)
  const requeridos = (
    (await (await cliente.get('/api/concursos/9/postulacion')).json()) as {
      data: { requeridos: { codDocumento: string }[] }
    }
  ).data.requeridos
  for (const { codDocumento } of requeridos) {
    const res = await cliente.request(
      'POST',
      '/api/concursos/9/postulacion/documentos',
      formulario(codDocumento, pdf(`${codDocumento}.pdf`)),
    )
    expect(res.status).toBe(201)
  }
  expect((await pendientes(cliente)).conteo.concursos).toBe(0)
})

test('a rejected document is the first document action, with its reason and where it is replaced; a replacement takes it away', async () => {
  const cliente = await iniciarSesion(server.url, DEMO_CUENTAS.extranjera)
  await consultarDb(
    server.dataDir,
    `update archivos_solicitud set estado_revision = 'rechazado', motivo_rechazo = ?
     where codigo_inscripcion = 'INS-25-30688' and cod_documento = '41'`,
    'La carta no tiene firma.',
  )
  const personal = await cliente.request('POST', '/api/alumno/documentos', formulario('20', pdf('titulo.pdf')))
  expect(personal.status).toBe(201)
  await consultarDb(
    server.dataDir,
    `update archivos_personales set estado_revision = 'rechazado', motivo_rechazo = 'Documento ilegible'
     where alumno_id = 'alumno-extranjera' and cod_documento = '20'`,
  )
  const r = await pendientes(cliente)
  const documentos = r.pendientes.filter((p) =>
    ['documento-rechazado', 'documentos-solicitud', 'documentos-personales', 'postulacion-documentos'].includes(p.tipo),
  )
  expect(documentos.map((p) => p.clave)).toEqual([
    'rechazado:INS-25-30688/41',
    'rechazado:personal/20',
    'documentos:INS-25-30688',
  ])
  // Right after the money and the contest's fee, ahead of the survey and the regulations.
  expect(claves(r).slice(0, 4)).toEqual([
    'cuota:INS-25-30688/1',
    'postulacion-pago:10',
    'rechazado:INS-25-30688/41',
    'rechazado:personal/20',
  ])
  expect(documentos[0]).toEqual({
    clave: 'rechazado:INS-25-30688/41',
    tipo: 'documento-rechazado',
    seccion: 'solicitudes',
    codigoInscripcion: 'INS-25-30688',
    programa: expect.any(String) as unknown,
    codDocumento: '41',
    documento: 'Carta de Intención',
    motivo: 'La carta no tiene firma.',
  })
  expect(documentos[1]).toMatchObject({ seccion: 'personal', codDocumento: '20', motivo: 'Documento ilegible' })
  // The missing ones stay one item, without the rejected one.
  expect(documentos[2]).toMatchObject({ faltantes: ['Certificado de Inmunización Hepatitis B', 'Certificado RNPI'] })
  expect((documentos[2] as { rechazados?: unknown }).rechazados).toBeUndefined()

  const subida = await cliente.request(
    'POST',
    '/api/solicitudes/INS-25-30688/documentos',
    formulario('41', pdf('c.pdf')),
  )
  expect(subida.status).toBe(201)
  expect(claves(await pendientes(cliente))).not.toContain('rechazado:INS-25-30688/41')
})

test('the enrolment list carries the same count per enrolment, and which ones are finished', async () => {
  const res = await extranjera.get('/api/solicitudes')
  const { solicitudes } = (
    (await res.json()) as {
      data: {
        solicitudes: {
          codigoInscripcion: string
          finalizada: boolean
          pendientes: Pendiente[]
          cuotas: { total: number; porPagar: number }
        }[]
      }
    }
  ).data
  expect(solicitudes[0]).toMatchObject({
    codigoInscripcion: 'INS-25-30688',
    finalizada: false,
    cuotas: { total: 3, porPagar: 3, vencidas: 1 },
  })
  expect(solicitudes[0]?.pendientes.map((p) => p.clave)).toEqual([
    'cuota:INS-25-30688/1',
    'encuesta:INS-25-30688',
    'reglamento:INS-25-30688',
    'documentos:INS-25-30688',
  ])
  const propias = (
    (await (await estudiante.get('/api/solicitudes')).json()) as {
      data: { solicitudes: { codigoInscripcion: string; finalizada: boolean; pendientes: Pendiente[] }[] }
    }
  ).data.solicitudes
  expect(propias.filter((s) => s.finalizada).map((s) => s.codigoInscripcion)).toEqual(['INS-24-20388', 'INS-24-20117'])
  expect(propias.find((s) => s.codigoInscripcion === 'INS-24-20388')?.pendientes).toEqual([])
})

test('without a session the pending list is refused', async () => {
  const res = await fetch(`${server.url}/api/alumno/pendientes`)
  expect(res.status).toBe(401)
})

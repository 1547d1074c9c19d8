import { afterAll, beforeAll, expect, test } from 'vitest'
import { MENSAJE_DERECHO_YA_PAGADO, MENSAJE_DOCUMENTOS_CERRADOS } from '../src/domain/concursos.ts'
import { fechaEnChile } from '../src/domain/fechas.ts'
import { MENSAJE_TIPO_DOCUMENTO } from '../src/domain/documentos.ts'
import { opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import {
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { conceptoPostulacion, MENSAJE_POSTULACION_DESCONOCIDA } from './concursos/pago-postulacion.ts'
import { abrirBaseDeDatos, type Db } from './db/connection.ts'
import { CONCURSOS_DEMO } from './db/seed/concursos-ofertas.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'

// Contests, applications and their documents, the contest fee as a payment concept, and the job
// offers, against the real server and its database. The clock can be moved forward to see what
// happens once a contest's application period is over.

const DIA_MS = 86_400_000
let desplazamientoMs = 0
const reloj = () => new Date(Date.now() + desplazamientoMs)

let server: ServidorDePrueba
let db: Db
let estudiante: ClienteDePrueba
let extranjera: ClienteDePrueba

beforeAll(async () => {
  server = await iniciarServidorDePrueba({ throttle: 'off', clock: reloj })
  db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(server.dataDir))
  estudiante = await iniciarSesion(server.url, DEMO_CUENTAS.estudiante)
  extranjera = await iniciarSesion(server.url, DEMO_CUENTAS.extranjera)
})
afterAll(async () => {
  await db.destroy()
  await server.close()
})

type Resumen = {
  id: string
  especialidad: string
  estado: string
  derechoPostulacion: number
  miPostulacion: { pagadaEn: string | null } | null
}
type Archivo = { id: string; codDocumento: string; nombre: string; enlace: string }
type Postulacion = {
  id: string
  concurso: Resumen
  pagadaEn: string | null
  comprobante: string | null
  motivoNoPagable: string | null
  documentosAbiertos: boolean
  requeridos: { codDocumento: string; documento: string }[]
  archivos: Archivo[]
}

async function datos<T>(res: Response, status = 200): Promise<T> {
  expect(res.status).toBe(status)
  return ((await res.json()) as { data: T }).data
}

function pdf(texto: string, nombre: string): File {
  return new File([`%PDF-1.4\n% ${texto}\n%%EOF\n`], nombre, { type: 'application/pdf' })
}

function formulario(codTipoDocumento: string, archivo: File): FormData {
  const form = new FormData()
  form.append('codTipoDocumento', codTipoDocumento)
  form.append('archivo', archivo)
  return form
}

test('the list holds every contest with its state from the dates, and which ones the student applied to and paid', async () => {
  const { concursos } = await datos<{ concursos: Resumen[] }>(await estudiante.get('/api/concursos'))
  const porId = Object.fromEntries(concursos.map((k) => [k.id, k]))
  expect(concursos).toHaveLength(6)
  expect(porId[CONCURSOS_DEMO.abierto]).toMatchObject({
    especialidad: 'Medicina Interna',
    estado: 'abierto',
    derechoPostulacion: 85_000,
    miPostulacion: null,
  })
  expect(porId[CONCURSOS_DEMO.cerrado]?.estado).toBe('cerrado')
  expect(porId[CONCURSOS_DEMO.proximo]?.estado).toBe('proximo')
  expect(porId[CONCURSOS_DEMO.pagado]?.miPostulacion?.pagadaEn).toEqual(expect.any(String))
  // Another student's application is not this one's.
  expect(porId[CONCURSOS_DEMO.deExtranjera]?.miPostulacion).toBeNull()
  const deExtranjera = await datos<{ concursos: Resumen[] }>(await extranjera.get('/api/concursos'))
  expect(deExtranjera.concursos.find((k) => k.id === CONCURSOS_DEMO.deExtranjera)?.miPostulacion).toEqual({
    pagadaEn: null,
  })
  expect(deExtranjera.concursos.find((k) => k.id === CONCURSOS_DEMO.pagado)?.miPostulacion).toBeNull()
})

test("a contest's detail: requirements, calendar and the documents an application needs, by their document types", async () => {
  const detalle = await datos<{
    requisitos: string[]
    calendario: { fecha: string; hito: string }[]
    documentos: { codDocumento: string; documento: string }[]
    motivoNoPagable: string | null
    postulacionHasta: string
  }>(await estudiante.get(`/api/concursos/${CONCURSOS_DEMO.abierto}`))
  expect(detalle.requisitos).toContain('Título de Médico Cirujano otorgado o revalidado en Chile.')
  expect(detalle.calendario.map((h) => h.hito)).toContain('Publicación de resultados')
  expect(detalle.calendario.every((h) => h.fecha > detalle.postulacionHasta)).toBe(true)
  expect(detalle.documentos.map((d) => d.documento)).toEqual([
    'Carta de Intención',
    'Certificado de Inmunización Hepatitis B',
    'Certificado RNPI',
    'Certificado EUNACOM',
    'Certificado de Notas',
    'Ranking de Egreso',
    'Cartas de Recomendación',
  ])
  expect(detalle.motivoNoPagable).toBeNull()
  const pagado = await datos<{ motivoNoPagable: string }>(
    await estudiante.get(`/api/concursos/${CONCURSOS_DEMO.pagado}`),
  )
  expect(pagado.motivoNoPagable).toBe(MENSAJE_DERECHO_YA_PAGADO)
  const cerrado = await datos<{ motivoNoPagable: string }>(
    await estudiante.get(`/api/concursos/${CONCURSOS_DEMO.cerrado}`),
  )
  expect(cerrado.motivoNoPagable).toMatch(/^El período de postulación de este concurso terminó el \d\d-\d\d-\d{4}/)
  const noExiste = await estudiante.get('/api/concursos/999')
  expect(noExiste.status).toBe(404)
  expect(await noExiste.json()).toEqual({ error: 'Concurso no encontrado' })
})

test('applying creates one application per student and contest; applying again answers the same one', async () => {
  const primera = await datos<Postulacion>(
    await estudiante.post(`/api/concursos/${CONCURSOS_DEMO.abiertoConcepcion}/postulacion`),
    201,
  )
  expect(primera).toMatchObject({ pagadaEn: null, comprobante: null, motivoNoPagable: null, documentosAbiertos: true })
  const otraVez = await datos<Postulacion>(
    await estudiante.post(`/api/concursos/${CONCURSOS_DEMO.abiertoConcepcion}/postulacion`),
    200,
  )
  expect(otraVez.id).toBe(primera.id)
  const filas = await consultarDb(
    server.dataDir,
    "select id from postulaciones where alumno_id = 'alumno-estudiante' and concurso_id = ?",
    CONCURSOS_DEMO.abiertoConcepcion,
  )
  expect(filas).toEqual([{ id: primera.id }])
  expect(
    await datos<Postulacion>(await estudiante.get(`/api/concursos/${CONCURSOS_DEMO.abiertoConcepcion}/postulacion`)),
  ).toEqual(primera)
})

test('a contest outside its dates takes no application, in Spanish; an unknown one is a 404', async () => {
  const cerrado = await estudiante.post(`/api/concursos/${CONCURSOS_DEMO.cerrado}/postulacion`)
  expect(cerrado.status).toBe(409)
  expect(((await cerrado.json()) as { error: string }).error).toMatch(
    /^El período de postulación de este concurso terminó el /,
  )
  const proximo = await estudiante.post(`/api/concursos/${CONCURSOS_DEMO.proximo}/postulacion`)
  expect(proximo.status).toBe(409)
  expect(((await proximo.json()) as { error: string }).error).toMatch(/^La postulación a este concurso abre el /)
  expect((await estudiante.post('/api/concursos/999/postulacion')).status).toBe(404)
  const guardadas = await consultarDb(
    server.dataDir,
    'select id from postulaciones where concurso_id in (?, ?, ?)',
    CONCURSOS_DEMO.cerrado,
    CONCURSOS_DEMO.proximo,
    '999',
  )
  expect(guardadas).toEqual([])
})

test("the paid demo application shows its payment; another student's application is never reachable", async () => {
  const suya = await datos<Postulacion>(await estudiante.get(`/api/concursos/${CONCURSOS_DEMO.pagado}/postulacion`))
  expect(suya.id).toBe('postulacion-estudiante-9')
  expect(suya.pagadaEn).toEqual(expect.any(String))
  expect(suya.comprobante).toBeNull()
  expect(suya.motivoNoPagable).toBe(MENSAJE_DERECHO_YA_PAGADO)
  expect(suya.requeridos.map((r) => r.codDocumento)).toEqual(['41', '42', '44', '46', '51'])
  // The same path, asked by another student, is her own application: she has none there.
  const ajena = await extranjera.get(`/api/concursos/${CONCURSOS_DEMO.pagado}/postulacion`)
  expect(ajena.status).toBe(404)
  expect(await ajena.json()).toEqual({ error: 'No tiene una postulación a este concurso.' })
  const propia = await datos<Postulacion>(
    await extranjera.get(`/api/concursos/${CONCURSOS_DEMO.deExtranjera}/postulacion`),
  )
  expect(propia).toMatchObject({ id: 'postulacion-extranjera-10', pagadaEn: null, motivoNoPagable: null })
})

test("documents: an upload lands and replaces the previous one; a document the contest does not ask for, another student's application or file, refused", async () => {
  const ruta = `/api/concursos/${CONCURSOS_DEMO.pagado}/postulacion/documentos`
  const primera = await datos<Archivo>(
    await estudiante.request('POST', ruta, formulario('46', pdf('poliza', 'poliza.pdf'))),
    201,
  )
  expect(primera).toMatchObject({ codDocumento: '46', nombre: 'poliza.pdf' })
  const segunda = await datos<Archivo>(
    await estudiante.request('POST', ruta, formulario('46', pdf('poliza 2026', 'poliza-2026.pdf'))),
    201,
  )
  const { archivos } = await datos<Postulacion>(
    await estudiante.get(`/api/concursos/${CONCURSOS_DEMO.pagado}/postulacion`),
  )
  expect(archivos).toEqual([segunda])
  expect((await estudiante.get(primera.enlace)).status).toBe(404)
  const descarga = await estudiante.get(segunda.enlace)
  expect(descarga.status).toBe(200)
  expect(await descarga.text()).toContain('poliza 2026')

  // A real document is far over the JSON body limit: uploads get the upload limit.
  const grande = new Uint8Array(2 * 1024 * 1024).fill(0x20)
  grande.set(new TextEncoder().encode('%PDF-1.4\n'))
  const carta = await estudiante.request(
    'POST',
    ruta,
    formulario('41', new File([grande], 'carta.pdf', { type: 'application/pdf' })),
  )
  expect(carta.status).toBe(201)

  // EUNACOM is a document type, but not one this contest asks for.
  const noPedido = await estudiante.request('POST', ruta, formulario('45', pdf('eunacom', 'eunacom.pdf')))
  expect(noPedido.status).toBe(400)
  expect(((await noPedido.json()) as { error: string }).error).toBe(MENSAJE_TIPO_DOCUMENTO)

  const ajena = await extranjera.request('POST', ruta, formulario('46', pdf('intrusa', 'intrusa.pdf')))
  expect(ajena.status).toBe(404)
  const descargaAjena = await extranjera.get(segunda.enlace)
  expect(descargaAjena.status).toBe(404)
  expect(await descargaAjena.json()).toEqual({ error: 'Recurso no encontrado' })
  const guardados = await consultarDb<{ nombre_archivo: string; alumno_id: string }>(
    server.dataDir,
    "select nombre_archivo, alumno_id from archivos_postulacion where postulacion_id = 'postulacion-estudiante-9' order by nombre_archivo",
  )
  expect(guardados).toEqual([
    { nombre_archivo: 'carta.pdf', alumno_id: 'alumno-estudiante' },
    { nombre_archivo: 'poliza-2026.pdf', alumno_id: 'alumno-estudiante' },
  ])
})

test("the fee's cobro: the contest's fee for the student's own unpaid application within its dates, else 404 or 409", async () => {
  const ahora = new Date()
  expect(await conceptoPostulacion.cobro(db, 'alumno-extranjera', 'postulacion-extranjera-10', ahora)).toEqual({
    monto: 95_000,
    descripcion: 'Derecho de postulación — Concurso de Psiquiatría Adulto, Campus Oriente',
    codigoInscripcion: null,
    rutaVolver: '/concurso/derechopostulacion/detalle/10',
  })
  // Another student's application, or one that does not exist: the same 404.
  for (const [alumno, referencia] of [
    ['alumno-estudiante', 'postulacion-extranjera-10'],
    ['alumno-extranjera', 'no-existe'],
  ] as const) {
    expect(await conceptoPostulacion.cobro(db, alumno, referencia, ahora)).toEqual({
      error: MENSAJE_POSTULACION_DESCONOCIDA,
      status: 404,
    })
  }
  expect(await conceptoPostulacion.cobro(db, 'alumno-estudiante', 'postulacion-estudiante-9', ahora)).toEqual({
    error: MENSAJE_DERECHO_YA_PAGADO,
    status: 409,
  })
  // Psiquiatría opened three days ago and closes in 27: before and after, refused.
  const antes = await conceptoPostulacion.cobro(
    db,
    'alumno-extranjera',
    'postulacion-extranjera-10',
    new Date(ahora.getTime() - 5 * DIA_MS),
  )
  expect(antes).toMatchObject({ status: 409, error: expect.stringMatching(/^La postulación a este concurso abre el /) })
  const despues = await conceptoPostulacion.cobro(
    db,
    'alumno-extranjera',
    'postulacion-extranjera-10',
    new Date(ahora.getTime() + 40 * DIA_MS),
  )
  expect(despues).toMatchObject({
    status: 409,
    error: expect.stringMatching(/^El período de postulación de este concurso terminó el /),
  })
})

test("alAprobar marks the application paid inside the payment's transaction, once, and only the student's own", async () => {
  const { id } = await datos<Postulacion>(
    await extranjera.post(`/api/concursos/${CONCURSOS_DEMO.abiertoConcepcion}/postulacion`),
    201,
  )
  const fila = async () =>
    (
      await consultarDb<{ pagada_en: string | null; pago_id: string | null }>(
        server.dataDir,
        'select pagada_en, pago_id from postulaciones where id = ?',
        id,
      )
    )[0]

  // A payment transaction that fails after it leaves the application unpaid.
  await expect(
    db.transaction().execute(async (trx) => {
      await conceptoPostulacion.alAprobar(trx, 'alumno-extranjera', id, 'pago-que-falla')
      throw new Error('falla el registro del pago')
    }),
  ).rejects.toThrow('falla el registro del pago')
  expect(await fila()).toEqual({ pagada_en: null, pago_id: null })

  // Another student's payment never marks it, and says so.
  await expect(
    db.transaction().execute((trx) => conceptoPostulacion.alAprobar(trx, 'alumno-estudiante', id, 'pago-ajeno')),
  ).rejects.toThrow(/postulación desconocida/)
  expect(await fila()).toEqual({ pagada_en: null, pago_id: null })

  await db.transaction().execute((trx) => conceptoPostulacion.alAprobar(trx, 'alumno-extranjera', id, 'pago-1'))
  const pagada = await fila()
  expect(pagada).toEqual({ pagada_en: expect.any(String), pago_id: 'pago-1' })
  // Approved again (a repeated return, a second payment): the first stays the one on record.
  await db.transaction().execute((trx) => conceptoPostulacion.alAprobar(trx, 'alumno-extranjera', id, 'pago-2'))
  expect(await fila()).toEqual(pagada)

  const vista = await datos<Postulacion>(
    await extranjera.get(`/api/concursos/${CONCURSOS_DEMO.abiertoConcepcion}/postulacion`),
  )
  expect(vista).toMatchObject({ pagadaEn: pagada?.pagada_en, motivoNoPagable: MENSAJE_DERECHO_YA_PAGADO })
  expect(await conceptoPostulacion.cobro(db, 'alumno-extranjera', id, new Date())).toEqual({
    error: MENSAJE_DERECHO_YA_PAGADO,
    status: 409,
  })
})

test('job offers: the ones listed today, newest first, with their contact; the home tile hidden by default', async () => {
  const { ofertas } = await datos<{
    ofertas: { institucion: string; cierraEl: string; contacto: { email: string } }[]
  }>(await estudiante.get('/api/ofertas'))
  expect(ofertas.map((o) => o.institucion)).toEqual([
    'CESFAM Dr. Salvador Bustos',
    'Hospital Base Valdivia',
    'Clínica Bupa Antofagasta',
    'Hospital Regional de Talca',
  ])
  // Closing today is still listed today.
  expect(ofertas.at(-1)?.cierraEl).toBe(fechaEnChile(reloj()))
  expect(ofertas[0]?.contacto.email).toBe('direccion@cesfam-bustos-demo.cl')
  expect(await datos(await estudiante.get('/api/ofertas/mosaico'))).toEqual({ visible: false })

  const visible = await iniciarServidorDePrueba({ throttle: 'off', config: { ofertasLaboralesVisibles: true } })
  try {
    const cliente = await iniciarSesion(visible.url, DEMO_CUENTAS.sinSolicitudes)
    expect(await datos(await cliente.get('/api/ofertas/mosaico'))).toEqual({ visible: true })
  } finally {
    await visible.close()
  }
})

// Last: it moves the clock past the end of the demo's open contests.
test('once the application period is over: no more documents, no fee, the state reads closed', async () => {
  desplazamientoMs = 40 * DIA_MS
  try {
    const tarde = await iniciarSesion(server.url, DEMO_CUENTAS.estudiante)
    const ruta = `/api/concursos/${CONCURSOS_DEMO.pagado}/postulacion`
    const cerrada = await datos<Postulacion>(await tarde.get(ruta))
    expect(cerrada).toMatchObject({ documentosAbiertos: false, concurso: { estado: 'cerrado' } })
    const subida = await tarde.request('POST', `${ruta}/documentos`, formulario('41', pdf('tarde', 'carta.pdf')))
    expect(subida.status).toBe(409)
    expect(await subida.json()).toEqual({ error: MENSAJE_DOCUMENTOS_CERRADOS })
    const detalle = await datos<{ estado: string; motivoNoPagable: string }>(
      await tarde.get(`/api/concursos/${CONCURSOS_DEMO.abierto}`),
    )
    expect(detalle.estado).toBe('cerrado')
    expect(detalle.motivoNoPagable).toMatch(/^El período de postulación de este concurso terminó el /)
  } finally {
    desplazamientoMs = 0
  }
})

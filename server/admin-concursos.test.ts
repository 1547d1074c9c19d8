// Contests and job offers as the school runs them, on both engines: a contest's life cycle (created
// as a draft students do not see, edited, opened, applied to, closed: no more applications, fee or
// documents, then opened again), bad data refused with its field's message and nothing changed,
// each contest's applications with their payment and documents (which reach the review queue),
// the applicants' spreadsheet read back; job offers created, edited and closed; the students' home
// tile set on the screen, with the environment's value as its default until then.
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MENSAJE_CONCURSO_CERRADO_POR_LA_ESCUELA, MENSAJE_CONCURSO_NO_ENCONTRADO } from '../src/domain/concursos.ts'
import { fechaEnChile, sumarDias } from '../src/domain/fechas.ts'
import {
  MENSAJE_CALENDARIO_FORMATO,
  MENSAJE_CONCURSO_NO_PUBLICADO,
  MENSAJE_CONCURSO_PERIODO_TERMINADO,
  MENSAJE_CONCURSO_YA_PUBLICADO,
  MENSAJE_DERECHO_POSTULACION,
  MENSAJE_DOCUMENTOS_CONCURSO,
  MENSAJE_PERIODO_CONCURSO,
  MENSAJE_VACANTES,
} from '../src/domain/gestion-concursos.ts'
import { MENSAJE_OFERTA_YA_CERRADA, MENSAJE_VIGENCIA_OFERTA } from '../src/domain/gestion-ofertas.ts'
import { MENSAJE_EMAIL_INVALIDO } from '../src/domain/email.ts'
import { opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { conceptoPostulacion } from './concursos/pago-postulacion.ts'
import { abrirBaseDeDatos, type Db } from './db/connection.ts'
import { CONCURSOS_DEMO } from './db/seed/concursos-ofertas.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'

let servidor: ServidorDePrueba
let db: Db
let coordinacion: ClienteDePrueba
let estudiante: ClienteDePrueba
let extranjera: ClienteDePrueba
const hoy = fechaEnChile(new Date())

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(servidor.dataDir))
  coordinacion = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.coordinacion)
  estudiante = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
  extranjera = await iniciarSesion(servidor.url, DEMO_CUENTAS.extranjera)
})
afterAll(async () => {
  await db?.destroy()
  await servidor.close()
})

const nuevoConcurso = () => ({
  especialidad: 'Cirugía General',
  sede: 'Hospital de Prueba',
  ciudad: 'Valparaíso',
  vacantes: 2,
  derechoPostulacion: 90_000,
  postulacionDesde: sumarDias(hoy, -1),
  postulacionHasta: sumarDias(hoy, 30),
  descripcion: 'Programa de cuatro años.',
  requisitos: ['Título de Médico Cirujano.', 'EUNACOM aprobado.'],
  calendario: [{ fecha: sumarDias(hoy, 45), hito: 'Entrevistas' }],
  documentos: ['41', '45'],
})

type ConcursoAdmin = { id: string; publicacion: string; estado: string; especialidad: string; vacantes: number }

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as T
}

async function contar(tabla: string): Promise<number> {
  return Number((await consultarDb<{ n: number }>(servidor.dataDir, `select count(*) as n from ${tabla}`))[0]!.n)
}

async function auditoriaDe(accion: string) {
  return consultarDb<{ entidad_id: string; antes: string | null; despues: string | null; actor_rol: string }>(
    servidor.dataDir,
    'select entidad_id, antes, despues, actor_rol from auditoria where accion = ? order by en',
    accion,
  )
}

async function concursosDelEstudiante(cliente: ClienteDePrueba) {
  const res = await cliente.get('/api/concursos')
  return (await json<{ data: { concursos: { id: string; estado: string }[] } }>(res)).data.concursos
}

test('a contest’s life cycle: draft, edited, opened, applied to, closed, opened again; every step audited', async () => {
  const { concurso } = await json<{ concurso: ConcursoAdmin }>(
    await coordinacion.post('/api/admin/concursos', nuevoConcurso()),
    201,
  )
  expect(concurso).toMatchObject({ publicacion: 'borrador', especialidad: 'Cirugía General', vacantes: 2 })
  const id = concurso.id

  // A draft does not exist for students.
  expect((await concursosDelEstudiante(estudiante)).map((k) => k.id)).not.toContain(id)
  expect(await json(await estudiante.get(`/api/concursos/${id}`), 404)).toEqual({
    error: MENSAJE_CONCURSO_NO_ENCONTRADO,
  })
  expect((await estudiante.post(`/api/concursos/${id}/postulacion`)).status).toBe(404)

  // Edited: the audit row keeps only what changed.
  const editado = await json<{ concurso: ConcursoAdmin }>(
    await coordinacion.put(`/api/admin/concursos/${id}`, { ...nuevoConcurso(), vacantes: 3 }),
  )
  expect(editado.concurso.vacantes).toBe(3)
  const [edicion] = await auditoriaDe('concurso.editar')
  expect(edicion).toMatchObject({ entidad_id: id, actor_rol: 'coordinacion' })
  expect(JSON.parse(edicion!.antes!)).toEqual({ vacantes: 2 })
  expect(JSON.parse(edicion!.despues!)).toEqual({ vacantes: 3 })

  // Opened: students see it open and apply.
  const abierto = await json<{ concurso: ConcursoAdmin }>(await coordinacion.post(`/api/admin/concursos/${id}/abrir`))
  expect(abierto.concurso).toMatchObject({ publicacion: 'publicado', estado: 'abierto' })
  expect(await json(await coordinacion.post(`/api/admin/concursos/${id}/abrir`), 409)).toEqual({
    error: MENSAJE_CONCURSO_YA_PUBLICADO,
  })
  expect((await concursosDelEstudiante(estudiante)).find((k) => k.id === id)?.estado).toBe('abierto')
  const postulacion = await json<{ data: { id: string } }>(
    await estudiante.post(`/api/concursos/${id}/postulacion`),
    201,
  )

  // Closed: shown closed, no new application, no fee, no document.
  await json(await coordinacion.post(`/api/admin/concursos/${id}/cerrar`))
  expect(await json(await coordinacion.post(`/api/admin/concursos/${id}/cerrar`), 409)).toEqual({
    error: MENSAJE_CONCURSO_NO_PUBLICADO,
  })
  expect((await concursosDelEstudiante(extranjera)).find((k) => k.id === id)?.estado).toBe('cerrado')
  const detalle = (
    await json<{ data: { estado: string; motivoNoPagable: string } }>(await extranjera.get(`/api/concursos/${id}`))
  ).data
  expect(detalle).toMatchObject({ estado: 'cerrado', motivoNoPagable: MENSAJE_CONCURSO_CERRADO_POR_LA_ESCUELA })
  expect(await json(await extranjera.post(`/api/concursos/${id}/postulacion`), 409)).toEqual({
    error: MENSAJE_CONCURSO_CERRADO_POR_LA_ESCUELA,
  })
  expect(await conceptoPostulacion.cobro(db, 'alumno-estudiante', postulacion.data.id, new Date())).toEqual({
    error: MENSAJE_CONCURSO_CERRADO_POR_LA_ESCUELA,
    status: 409,
  })
  const form = new FormData()
  form.set('codTipoDocumento', '41')
  form.set('archivo', new File(['%PDF-1.4 carta'], 'carta.pdf', { type: 'application/pdf' }))
  expect((await estudiante.request('POST', `/api/concursos/${id}/postulacion/documentos`, form)).status).toBe(409)

  // Opened again: it takes applications within its dates once more.
  await json(await coordinacion.post(`/api/admin/concursos/${id}/abrir`))
  expect((await extranjera.post(`/api/concursos/${id}/postulacion`)).status).toBe(201)

  const acciones = await consultarDb<{ accion: string }>(
    servidor.dataDir,
    "select accion from auditoria where entidad = 'concurso' and entidad_id = ? order by en",
    id,
  )
  expect(acciones.map((a) => a.accion)).toEqual([
    'concurso.crear',
    'concurso.editar',
    'concurso.abrir',
    'concurso.cerrar',
    'concurso.abrir',
  ])
})

test('two staff closing (or opening) a contest at once: it changes once, with one audit row', async () => {
  const { concurso } = await json<{ concurso: ConcursoAdmin }>(
    await coordinacion.post('/api/admin/concursos', nuevoConcurso()),
    201,
  )
  const admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  for (const accion of ['abrir', 'cerrar'] as const) {
    const estados = (
      await Promise.all([coordinacion, admin].map((c) => c.post(`/api/admin/concursos/${concurso.id}/${accion}`)))
    )
      .map((r) => r.status)
      .sort()
    expect(estados, accion).toEqual([200, 409])
  }
  const filas = await consultarDb<{ accion: string }>(
    servidor.dataDir,
    "select accion from auditoria where entidad = 'concurso' and entidad_id = ? order by en",
    concurso.id,
  )
  expect(filas.map((f) => f.accion)).toEqual(['concurso.crear', 'concurso.abrir', 'concurso.cerrar'])
})

test('a published contest whose period ended cannot be closed (it takes nothing already); nothing is written', async () => {
  const filas = async () =>
    (await consultarDb<{ n: number }>(servidor.dataDir, 'select count(*) as n from auditoria'))[0]!.n
  const antes = await filas()
  const lista = await json<{ concursos: ConcursoAdmin[] }>(await coordinacion.get('/api/admin/concursos'))
  expect(lista.concursos.find((k) => k.id === CONCURSOS_DEMO.cerrado)).toMatchObject({
    publicacion: 'publicado',
    estado: 'cerrado',
  })
  expect(await json(await coordinacion.post(`/api/admin/concursos/${CONCURSOS_DEMO.cerrado}/cerrar`), 409)).toEqual({
    error: MENSAJE_CONCURSO_PERIODO_TERMINADO,
  })
  expect(await filas()).toBe(antes)
})

test('bad contest data is refused with its field’s Spanish message and changes nothing', async () => {
  const antes = [await contar('concursos'), await contar('auditoria')]
  const casos: [Record<string, unknown>, string, string][] = [
    [{ postulacionHasta: sumarDias(hoy, -5) }, 'postulacionHasta', MENSAJE_PERIODO_CONCURSO],
    [{ vacantes: 0 }, 'vacantes', MENSAJE_VACANTES],
    [{ vacantes: 2.5 }, 'vacantes', MENSAJE_VACANTES],
    [{ derechoPostulacion: 85_000.5 }, 'derechoPostulacion', MENSAJE_DERECHO_POSTULACION],
    [{ derechoPostulacion: '85 mil' }, 'derechoPostulacion', MENSAJE_DERECHO_POSTULACION],
    [{ derechoPostulacion: 0 }, 'derechoPostulacion', MENSAJE_DERECHO_POSTULACION],
    [{ documentos: ['41', '999'] }, 'documentos', MENSAJE_DOCUMENTOS_CONCURSO],
    [{ calendario: 'mañana Entrevistas' }, 'calendario', MENSAJE_CALENDARIO_FORMATO],
  ]
  for (const [cambio, campo, mensaje] of casos) {
    const cuerpo = { ...nuevoConcurso(), ...cambio }
    for (const res of [
      await coordinacion.post('/api/admin/concursos', cuerpo),
      await coordinacion.put(`/api/admin/concursos/${CONCURSOS_DEMO.abierto}`, cuerpo),
    ]) {
      const respuesta = await json<{ error: string; campos: Record<string, string> }>(res, 400)
      expect(respuesta.campos[campo], JSON.stringify(cambio)).toBe(mensaje)
    }
  }
  expect([await contar('concursos'), await contar('auditoria')]).toEqual(antes)
  const [demo] = await consultarDb<{ vacantes: number }>(
    servidor.dataDir,
    'select vacantes from concursos where id = ?',
    CONCURSOS_DEMO.abierto,
  )
  expect(Number(demo!.vacantes)).toBe(4)
  expect(await json(await coordinacion.put('/api/admin/concursos/no-existe', nuevoConcurso()), 404)).toEqual({
    error: MENSAJE_CONCURSO_NO_ENCONTRADO,
  })
  expect((await coordinacion.post('/api/admin/concursos/no-existe/cerrar')).status).toBe(404)
})

test('a contest’s applications: payment and documents; an upload reaches the review queue', async () => {
  const form = new FormData()
  form.set('codTipoDocumento', '41')
  form.set('archivo', new File(['%PDF-1.4 intención'], 'intencion.pdf', { type: 'application/pdf' }))
  expect(
    (await estudiante.request('POST', `/api/concursos/${CONCURSOS_DEMO.pagado}/postulacion/documentos`, form)).status,
  ).toBe(201)

  type Detalle = {
    concurso: { id: string; requisitos: string[] }
    postulaciones: {
      id: string
      pagadaEn: string | null
      alumno: { email: string }
      documentos: { requeridos: number; subidos: number; enRevision: number }
      estado: string
    }[]
  }
  const detalle = await json<Detalle>(await coordinacion.get(`/api/admin/concursos/${CONCURSOS_DEMO.pagado}`))
  const propia = detalle.postulaciones.find((p) => p.alumno.email === DEMO_CUENTAS.estudiante)
  expect(propia?.pagadaEn).not.toBeNull()
  expect(propia?.documentos).toMatchObject({ subidos: 1, enRevision: 1 })
  expect(propia?.estado).toMatch(/^Derecho de postulación pagado; faltan/)

  const cola = await json<{ documentos: { origen: string; dueno: string }[] }>(
    await coordinacion.get(`/api/admin/documentos?programa=concurso:${CONCURSOS_DEMO.pagado}`),
  )
  expect(cola.documentos).toContainEqual(expect.objectContaining({ origen: 'postulacion', dueno: propia?.id }))

  const lista = await json<{ concursos: { id: string; postulaciones: number; pagadas: number }[] }>(
    await coordinacion.get('/api/admin/concursos'),
  )
  expect(lista.concursos.find((k) => k.id === CONCURSOS_DEMO.pagado)).toMatchObject({ postulaciones: 1, pagadas: 1 })
  expect((await coordinacion.get('/api/admin/concursos/no-existe')).status).toBe(404)
})

test('the applicants’ spreadsheet: one row per application, dates as dates, the fee as a number; audited', async () => {
  // A name typed like a formula stays text.
  await consultarDb(servidor.dataDir, "update alumnos set nombres = '=HYPERLINK(\"x\")' where id = 'alumno-estudiante'")
  const res = await coordinacion.get(`/api/admin/concursos/${CONCURSOS_DEMO.pagado}/planilla`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  expect(res.headers.get('content-disposition')).toMatch(/postulantes-Medicina-Interna|postulantes-/)
  const libro = new ExcelJS.Workbook()
  await libro.xlsx.load(await res.arrayBuffer())
  const hoja = libro.getWorksheet('Postulantes')!
  expect(hoja.getRow(1).getCell(1).value).toBe('Apellidos')
  expect(hoja.rowCount).toBe(2)
  const fila = hoja.getRow(2)
  expect(fila.getCell(2).value).toBe('\'=HYPERLINK("x")')
  expect(fila.getCell(4).value).toBe(DEMO_CUENTAS.estudiante)
  expect(fila.getCell(5).value).toBeInstanceOf(Date)
  expect(fila.getCell(6).value).toBe('Sí')
  expect(fila.getCell(7).value).toBeInstanceOf(Date)
  expect(typeof fila.getCell(8).value).toBe('number')
  const [exportado] = await auditoriaDe('concurso.exportar')
  expect(exportado).toMatchObject({ entidad_id: CONCURSOS_DEMO.pagado })
  expect(JSON.parse(exportado!.despues!)).toEqual({ filas: 1 })
})

const nuevaOferta = () => ({
  institucion: 'Hospital de Prueba',
  cargo: 'Médico(a) de urgencia',
  ciudad: 'Temuco',
  descripcion: 'Turnos de 24 horas.',
  publicadaEl: hoy,
  cierraEl: sumarDias(hoy, 10),
  contactoNombre: 'Oficina de Personal',
  contactoEmail: 'Personal@Hospital-Prueba.cl',
})

async function ofertasDelEstudiante() {
  const res = await estudiante.get('/api/ofertas')
  return (await json<{ data: { ofertas: { id: string; cargo: string }[] } }>(res)).data.ofertas
}

test('job offers: created (listed to students today), edited, closed (no longer listed); bad data changes nothing', async () => {
  type Oferta = { id: string; cargo: string; estado: string; contactoEmail: string }
  const { oferta } = await json<{ oferta: Oferta }>(await coordinacion.post('/api/admin/ofertas', nuevaOferta()), 201)
  expect(oferta).toMatchObject({ estado: 'vigente', contactoEmail: 'personal@hospital-prueba.cl' })
  expect((await ofertasDelEstudiante()).map((o) => o.id)).toContain(oferta.id)

  const editada = await json<{ oferta: Oferta }>(
    await coordinacion.put(`/api/admin/ofertas/${oferta.id}`, { ...nuevaOferta(), cargo: 'Médico(a) internista' }),
  )
  expect(editada.oferta.cargo).toBe('Médico(a) internista')
  expect((await ofertasDelEstudiante()).find((o) => o.id === oferta.id)?.cargo).toBe('Médico(a) internista')

  const antes = [await contar('ofertas_laborales'), await contar('auditoria')]
  for (const [cambio, campo, mensaje] of [
    [{ cierraEl: sumarDias(hoy, -1) }, 'cierraEl', MENSAJE_VIGENCIA_OFERTA],
    [{ contactoEmail: 'sin-arroba' }, 'contactoEmail', MENSAJE_EMAIL_INVALIDO],
  ] as const) {
    for (const res of [
      await coordinacion.post('/api/admin/ofertas', { ...nuevaOferta(), ...cambio }),
      await coordinacion.put(`/api/admin/ofertas/${oferta.id}`, { ...nuevaOferta(), ...cambio }),
    ]) {
      expect((await json<{ campos: Record<string, string> }>(res, 400)).campos[campo]).toBe(mensaje)
    }
  }
  expect([await contar('ofertas_laborales'), await contar('auditoria')]).toEqual(antes)

  const cerrada = await json<{ oferta: Oferta }>(await coordinacion.post(`/api/admin/ofertas/${oferta.id}/cerrar`))
  expect(cerrada.oferta.estado).toBe('cerrada')
  expect((await ofertasDelEstudiante()).map((o) => o.id)).not.toContain(oferta.id)
  expect(await json(await coordinacion.post(`/api/admin/ofertas/${oferta.id}/cerrar`), 409)).toEqual({
    error: MENSAJE_OFERTA_YA_CERRADA,
  })
  expect((await coordinacion.post('/api/admin/ofertas/no-existe/cerrar')).status).toBe(404)
  const acciones = await consultarDb<{ accion: string }>(
    servidor.dataDir,
    "select accion from auditoria where entidad = 'oferta' and entidad_id = ? order by en",
    oferta.id,
  )
  expect(acciones.map((a) => a.accion)).toEqual(['oferta.crear', 'oferta.editar', 'oferta.cerrar'])
})

async function mosaicoDelEstudiante(cliente: ClienteDePrueba) {
  return (await json<{ data: { visible: boolean } }>(await cliente.get('/api/ofertas/mosaico'))).data.visible
}

test('the home tile: the environment’s value until the school sets it, then the school’s, at once', async () => {
  type Lista = { mosaico: { visible: boolean; origen: string } }
  expect((await json<Lista>(await coordinacion.get('/api/admin/ofertas'))).mosaico).toMatchObject({
    visible: false,
    origen: 'entorno',
  })
  expect(await mosaicoDelEstudiante(estudiante)).toBe(false)
  await json(await coordinacion.put('/api/admin/ofertas/mosaico', { visible: true }))
  expect(await mosaicoDelEstudiante(estudiante)).toBe(true)
  expect((await json<Lista>(await coordinacion.get('/api/admin/ofertas'))).mosaico).toMatchObject({
    visible: true,
    origen: 'escuela',
  })
  const antes = await contar('auditoria')
  expect((await coordinacion.put('/api/admin/ofertas/mosaico', { visible: 'sí' })).status).toBe(400)
  expect(await contar('auditoria')).toBe(antes)
  expect(await mosaicoDelEstudiante(estudiante)).toBe(true)
  const [cambio] = await auditoriaDe('ofertas.mosaico')
  expect(JSON.parse(cambio!.antes!)).toEqual({ visible: false, origen: 'entorno' })

  // A portal whose environment shows the tile: shown until the school hides it.
  const visible = await iniciarServidorDePrueba({ throttle: 'off', config: { ofertasLaboralesVisibles: true } })
  try {
    const alumno = await iniciarSesion(visible.url, DEMO_CUENTAS.estudiante)
    const escuela = await iniciarSesionPersonal(visible, DEMO_PERSONAL.coordinacion)
    expect(await mosaicoDelEstudiante(alumno)).toBe(true)
    await json(await escuela.put('/api/admin/ofertas/mosaico', { visible: false }))
    expect(await mosaicoDelEstudiante(alumno)).toBe(false)
  } finally {
    await visible.close()
  }
})

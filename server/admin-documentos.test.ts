// Document review on the school's side and what the student reads of it: the queue by role and
// reach, its filters, an owner's checklist, the file shown inline, approving, rejecting with a
// reason (the student's e-mail), a replacement back in review, two reviewers at once, a batch,
// and refusals that change nothing. Every kind of upload: enrolment, personal and application.
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  MENSAJE_DETALLE_LARGO,
  MENSAJE_DETALLE_OBLIGATORIO,
  MENSAJE_DOCUMENTO_REEMPLAZADO,
  MENSAJE_DOCUMENTOS_NO_ENCONTRADOS,
  MENSAJE_MOTIVO_OBLIGATORIO,
  MENSAJE_SIN_DOCUMENTOS,
  mensajeYaDecidido,
} from '../src/domain/revision-documentos.ts'
import { MENSAJE_CARACTERES_INVISIBLES } from '../src/domain/validacion.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  consultarDb,
  esperarCorreo,
  iniciarSesion,
  iniciarServidorDePrueba,
  leerCorreos,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { CONCURSOS_DEMO } from './db/seed/concursos-ofertas.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'
import { POLITICA_ARCHIVO_EN_LINEA } from './archivos/enviar.ts'

let server: ServidorDePrueba
let admin: ClienteDePrueba
let coordinacion: ClienteDePrueba
let herrera: ClienteDePrueba
let munoz: ClienteDePrueba
let estudiante: ClienteDePrueba
let extranjera: ClienteDePrueba

/** Ids of the uploads made for these tests, by what they are. */
const subidos = {} as { personalEstudiante: string; postulacion: string; personalExtranjera: string }

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])

function pdf(texto: string): Uint8Array {
  return new TextEncoder().encode(`%PDF-1.4\n% ${texto}\n%%EOF\n`)
}

function formulario(codTipoDocumento: string, bytes: Uint8Array, nombre: string, tipo = 'application/pdf') {
  const form = new FormData()
  form.set('codTipoDocumento', codTipoDocumento)
  form.set('archivo', new File([bytes as Uint8Array<ArrayBuffer>], nombre, { type: tipo }))
  return form
}

async function subir(cliente: ClienteDePrueba, ruta: string, form: FormData): Promise<string> {
  const res = await cliente.post(ruta, form)
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { data: { id: string } }).data.id
}

beforeAll(async () => {
  // No window to undo a rejection here: the student is told at once (admin-documentos-deshacer.test.ts
  // has the window).
  server = await iniciarServidorDePrueba({ throttle: 'off', config: { plazoDeshacerRechazoMs: 0 } })
  // One at a time: a staff code is computed for the current 30-second step just before it is sent.
  admin = await iniciarSesionPersonal(server, DEMO_PERSONAL.admin)
  coordinacion = await iniciarSesionPersonal(server, DEMO_PERSONAL.coordinacion)
  herrera = await iniciarSesionPersonal(server, DEMO_PERSONAL.herrera)
  munoz = await iniciarSesionPersonal(server, DEMO_PERSONAL.munoz)
  estudiante = await iniciarSesion(server.url, DEMO_CUENTAS.estudiante)
  extranjera = await iniciarSesion(server.url, DEMO_CUENTAS.extranjera)
  // One after the other, so the queue's oldest-first order is known.
  subidos.personalEstudiante = await subir(
    estudiante,
    '/api/alumno/documentos',
    formulario('20', pdf('licenciatura'), 'licenciatura.pdf'),
  )
  subidos.postulacion = await subir(
    estudiante,
    `/api/concursos/${CONCURSOS_DEMO.pagado}/postulacion/documentos`,
    formulario('41', pdf('carta'), 'carta.pdf'),
  )
  subidos.personalExtranjera = await subir(
    extranjera,
    '/api/alumno/documentos',
    formulario('21', PNG, 'trabajo.png', 'image/png'),
  )
})
afterAll(() => server.close())

type Cola = {
  documentos: {
    origen: string
    id: string
    dueno: string
    codDocumento: string
    documento: string
    estadoRevision: string
    motivoRechazo: string | null
    alumno: { id: string; nombre: string; identidad: string }
    perteneceA: string
  }[]
  total: number
  pagina: number
  paginas: number
  programas: { valor: string; nombre: string }[]
}

async function cola(cliente: ClienteDePrueba, consulta = ''): Promise<Cola> {
  const res = await cliente.get(`/api/admin/documentos${consulta}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Cola
}

type Decision = { decision: string; documentos: string[]; motivo?: string; detalle?: string }

function decidir(cliente: ClienteDePrueba, origen: string, dueno: string, cuerpo: Decision) {
  return cliente.post(`/api/admin/documentos/${origen}/${encodeURIComponent(dueno)}/decision`, cuerpo)
}

async function filasAuditoria(accion?: string) {
  const filas = await consultarDb<{
    actor_id: string
    accion: string
    entidad: string
    entidad_id: string
    alumno_id: string
    antes: string
    despues: string
  }>(server.dataDir, 'select * from auditoria where accion like ? order by en, id', accion ?? 'documento.%')
  return filas.map((f) => ({ ...f, antes: JSON.parse(f.antes) as unknown, despues: JSON.parse(f.despues) as unknown }))
}

/** Every upload's review, and the audit rows: what a refused decision must leave as it was. */
async function estadoDeRevision() {
  const archivos = await Promise.all(
    ['archivos_solicitud', 'archivos_personales', 'archivos_postulacion'].map((t) =>
      consultarDb(
        server.dataDir,
        `select id, estado_revision, motivo_rechazo, revisado_por, revisado_en from ${t} order by id`,
      ),
    ),
  )
  const [auditoria] = await consultarDb<{ n: number | string }>(server.dataDir, 'select count(*) as n from auditoria')
  return { archivos, auditoria: Number(auditoria?.n), correos: leerCorreos(server.dataDir).length }
}

async function documentosDeSolicitud(cliente: ClienteDePrueba, codigo: string) {
  const res = await cliente.get(`/api/solicitudes/${codigo}/documentos`)
  return (
    (await res.json()) as {
      data: { archivos: { id: string; codDocumento: string; estadoRevision: string; motivoRechazo: string | null }[] }
    }
  ).data.archivos
}

async function filaSolicitud(cliente: ClienteDePrueba, codigo: string) {
  const res = await cliente.get('/api/solicitudes')
  const { data } = (await res.json()) as { data: { solicitudes: { codigoInscripcion: string; documentos: unknown }[] } }
  return data.solicitudes.find((s) => s.codigoInscripcion === codigo)?.documentos
}

test('the queue lists every kind of upload waiting for review, oldest first, with its student, what it belongs to and its type', async () => {
  const { documentos, total, pagina, paginas, programas } = await cola(admin)
  expect(documentos.map((d) => d.id)).toEqual([
    'archivo-30688-41',
    'archivo-30688-43',
    'archivo-40018-41',
    'archivo-40018-42',
    subidos.personalEstudiante,
    subidos.postulacion,
    subidos.personalExtranjera,
  ])
  expect({ total, pagina, paginas }).toEqual({ total: 7, pagina: 1, paginas: 1 })
  expect(documentos[2]).toEqual({
    origen: 'solicitud',
    id: 'archivo-40018-41',
    dueno: 'INS-26-40018',
    codDocumento: '41',
    documento: 'Carta de Intención',
    nombre: 'Pro-INS-26-40018-carta-intencion.pdf',
    subidoEn: expect.any(String),
    estadoRevision: 'en-revision',
    motivoRechazo: null,
    alumno: { id: 'alumno-estudiante', nombre: 'Camila Andrea Rojas Soto', identidad: 'RUT 16789432-1' },
    perteneceA: 'Solicitud INS-26-40018 · Diplomado en Cuidados Paliativos y Manejo del Dolor',
  })
  expect(documentos[4]).toMatchObject({
    origen: 'personal',
    dueno: 'alumno-estudiante',
    documento: 'Certificado de Licenciatura o Título',
    perteneceA: 'Documentos personales',
  })
  expect(documentos[5]).toMatchObject({
    origen: 'postulacion',
    dueno: 'postulacion-estudiante-9',
    documento: 'Carta de Intención',
    perteneceA: 'Concurso: Anestesiología (Hospital Dr. Gustavo Fricke)',
  })
  expect(documentos[6]?.alumno).toEqual({
    id: 'alumno-extranjera',
    nombre: 'Valentina García Pérez',
    identidad: 'PASAPORTE AAF482913',
  })
  expect(programas).toContainEqual({ valor: 'DCPD', nombre: 'Diplomado en Cuidados Paliativos y Manejo del Dolor' })
  expect(programas).toContainEqual({ valor: 'DMUR', nombre: 'Diplomado en Medicina de Urgencia' })
  expect(programas).toContainEqual({
    valor: `concurso:${CONCURSOS_DEMO.pagado}`,
    nombre: 'Concurso: Anestesiología (Hospital Dr. Gustavo Fricke)',
  })
})

test('an assistant’s queue holds only the documents of their own students; coordination sees every one', async () => {
  const deMunoz = await cola(munoz)
  expect(new Set(deMunoz.documentos.map((d) => d.alumno.id))).toEqual(new Set(['alumno-estudiante']))
  expect(deMunoz.total).toBe(4)
  // Not even the name of the other student's program.
  expect(deMunoz.programas.map((p) => p.valor)).not.toContain('DMUR')
  expect((await cola(herrera)).total).toBe(7)
  expect((await cola(coordinacion)).total).toBe(7)
})

test('the queue filters by program, contest, type and state, orders and pages; a bad filter is refused in Spanish', async () => {
  const ids = async (consulta: string) => (await cola(admin, consulta)).documentos.map((d) => d.id)
  expect(await ids('?programa=DCPD')).toEqual(['archivo-40018-41', 'archivo-40018-42'])
  expect(await ids(`?programa=concurso:${CONCURSOS_DEMO.pagado}`)).toEqual([subidos.postulacion])
  expect(await ids('?tipo=41')).toEqual(['archivo-30688-41', 'archivo-40018-41', subidos.postulacion])
  expect(await ids('?tipo=41&programa=DMUR')).toEqual(['archivo-30688-41'])
  expect(await ids('?orden=-subidoEn')).toEqual((await ids('')).reverse())
  expect((await ids('?orden=alumno'))[0]).toBe('archivo-30688-41')
  expect(await ids('?estado=aprobado')).toEqual([])
  const segunda = await cola(admin, '?pagina=2')
  expect({ documentos: segunda.documentos, total: segunda.total, pagina: segunda.pagina }).toEqual({
    documentos: [],
    total: 7,
    pagina: 2,
  })
  for (const [consulta, error] of [
    ['?estado=borrado', 'El estado no es válido.'],
    ['?pagina=0', 'La página no es válida.'],
    ['?pagina=dos', 'La página no es válida.'],
    ['?orden=email', 'El orden no es válido.'],
  ]) {
    const res = await admin.get(`/api/admin/documentos${consulta}`)
    expect(res.status, consulta).toBe(400)
    expect(((await res.json()) as { error: string }).error).toBe(error)
  }
})

type Siguiente = {
  siguiente: { origen: string; id: string; dueno: string; documento: string; alumno: string } | null
  restantes: number
}

async function siguiente(cliente: ClienteDePrueba, consulta: string): Promise<Siguiente> {
  const res = await cliente.get(`/api/admin/documentos/siguiente?${consulta}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Siguiente
}

test('‘Siguiente documento’: the next one waiting after the current, in the queue’s order and filters, then back to the start; none when nothing else waits', async () => {
  const despuesDe = async (cliente: ClienteDePrueba, origen: string, id: string, filtros = '') =>
    (await siguiente(cliente, `origen=${origen}&documento=${encodeURIComponent(id)}${filtros}`)).siguiente?.id
  expect(await siguiente(admin, '')).toEqual({
    siguiente: {
      origen: 'solicitud',
      id: 'archivo-30688-41',
      dueno: 'INS-25-30688',
      documento: 'Carta de Intención',
      alumno: 'Valentina García Pérez',
    },
    restantes: 7,
  })
  // Oldest first: each one leads to the next; past the end, to the first.
  const orden = (await cola(admin)).documentos
  for (const [i, d] of orden.entries())
    expect(await despuesDe(admin, d.origen, d.id), d.id).toBe(orden[(i + 1) % orden.length]!.id)
  expect((await siguiente(admin, 'origen=solicitud&documento=archivo-40018-41')).restantes).toBe(6)
  // The other orders, the direction of each column included.
  expect(await despuesDe(admin, 'solicitud', 'archivo-30688-43', '&orden=-subidoEn')).toBe('archivo-30688-41')
  expect(await despuesDe(admin, 'personal', subidos.personalExtranjera, '&orden=alumno')).toBe('archivo-40018-41')
  expect(await despuesDe(admin, 'solicitud', 'archivo-40018-41', '&orden=-alumno')).toBe('archivo-40018-42')
  expect(await despuesDe(admin, 'postulacion', subidos.postulacion, '&orden=-alumno')).toBe('archivo-30688-41')
  // The filters, and the reviewer's reach.
  expect(await despuesDe(admin, 'solicitud', 'archivo-40018-42', '&programa=DCPD')).toBe('archivo-40018-41')
  expect(await despuesDe(munoz, 'solicitud', 'archivo-40018-42')).toBe(subidos.personalEstudiante)
  expect(await despuesDe(munoz, 'postulacion', subidos.postulacion)).toBe('archivo-40018-41')
  // Nothing else waiting: the one on screen does not count.
  expect(
    await siguiente(
      admin,
      `origen=postulacion&documento=${subidos.postulacion}&programa=concurso:${CONCURSOS_DEMO.pagado}`,
    ),
  ).toEqual({ siguiente: null, restantes: 0 })
  expect(await siguiente(admin, 'tipo=44')).toEqual({ siguiente: null, restantes: 0 })
  // A document out of reach or unknown is no place in the queue: the first one follows.
  expect(await despuesDe(munoz, 'solicitud', 'archivo-30688-41')).toBe('archivo-40018-41')
  for (const [consulta, error] of [
    ['orden=email', 'El orden no es válido.'],
    ['origen=otro&documento=x', 'El documento indicado no es válido.'],
  ]) {
    const res = await admin.get(`/api/admin/documentos/siguiente?${consulta}`)
    expect(res.status, consulta).toBe(400)
    expect(((await res.json()) as { error: string }).error).toBe(error)
  }
})

test('an owner’s checklist: what its program, the student or the contest requires, and each upload’s state', async () => {
  const res = await admin.get('/api/admin/documentos/solicitud/INS-26-40018')
  expect(res.status).toBe(200)
  const expediente = (await res.json()) as {
    titulo: string
    alumno: unknown
    documentos: {
      codDocumento: string
      documento: string
      obligatorio: boolean
      archivo: Record<string, unknown> | null
    }[]
  }
  expect(expediente.titulo).toBe('Solicitud INS-26-40018 · Diplomado en Cuidados Paliativos y Manejo del Dolor')
  expect(expediente.alumno).toEqual({
    id: 'alumno-estudiante',
    nombre: 'Camila Andrea Rojas Soto',
    email: DEMO_CUENTAS.estudiante,
    identidad: 'RUT 16789432-1',
  })
  expect(expediente.documentos.map((d) => [d.codDocumento, d.documento, d.archivo?.estadoRevision ?? null])).toEqual([
    ['41', 'Carta de Intención', 'en-revision'],
    ['42', 'Certificado de Inmunización Hepatitis B', 'en-revision'],
    ['43', 'Seguro de Salud', null],
    ['44', 'Certificado RNPI', null],
  ])
  expect(expediente.documentos[0]?.archivo).toMatchObject({
    id: 'archivo-40018-41',
    nombre: 'Pro-INS-26-40018-carta-intencion.pdf',
    contentType: 'application/pdf',
    revisadoPor: null,
    enlace: '/api/admin/documentos/solicitud/INS-26-40018/archivos/archivo-40018-41',
  })

  const personales = (await (
    await munoz.get('/api/admin/documentos/personal/alumno-estudiante')
  ).json()) as typeof expediente
  expect(personales.documentos.map((d) => [d.codDocumento, d.obligatorio, d.archivo?.id ?? null])).toEqual([
    ['20', true, subidos.personalEstudiante],
    ['21', true, null],
  ])
  const postulacion = (await (
    await munoz.get('/api/admin/documentos/postulacion/postulacion-estudiante-9')
  ).json()) as typeof expediente
  expect(postulacion.documentos.map((d) => d.codDocumento)).toEqual(['41', '42', '44', '46', '51'])
  expect(postulacion.documentos[0]?.archivo?.id).toBe(subidos.postulacion)

  // Out of reach reads exactly like what does not exist.
  for (const ruta of [
    'solicitud/INS-25-30688',
    'personal/alumno-extranjera',
    'postulacion/postulacion-extranjera-10',
    'solicitud/INS-00-00000',
    'otro/INS-26-40018',
  ]) {
    const fuera = await munoz.get(`/api/admin/documentos/${ruta}`)
    expect(fuera.status, ruta).toBe(404)
    expect(await fuera.json()).toEqual({ error: MENSAJE_DOCUMENTOS_NO_ENCONTRADOS })
  }
})

test('the file opens inline, with its own type and a policy that lets only the portal frame it; staff in reach only', async () => {
  const res = await munoz.get('/api/admin/documentos/solicitud/INS-26-40018/archivos/archivo-40018-41')
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/pdf')
  expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="Pro-INS-26-40018-carta-intencion\.pdf"/)
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  expect(res.headers.get('content-security-policy')).toBe(POLITICA_ARCHIVO_EN_LINEA)
  expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe('%PDF-')

  const imagen = await herrera.get(
    `/api/admin/documentos/personal/alumno-extranjera/archivos/${subidos.personalExtranjera}`,
  )
  expect(imagen.headers.get('content-type')).toBe('image/png')
  expect(new Uint8Array(await imagen.arrayBuffer())).toEqual(PNG)

  for (const ruta of [
    // Another student's, out of this assistant's reach.
    'solicitud/INS-25-30688/archivos/archivo-30688-41',
    `personal/alumno-extranjera/archivos/${subidos.personalExtranjera}`,
    // A file of another owner, named under one in reach.
    'solicitud/INS-26-40018/archivos/archivo-30688-41',
    'solicitud/INS-26-40018/archivos/no-existe',
  ]) {
    const fuera = await munoz.get(`/api/admin/documentos/${ruta}`)
    expect(fuera.status, ruta).toBe(404)
    expect(fuera.headers.get('content-type')).toMatch(/^application\/json/)
  }
  // A student's session is no staff session, even for their own file.
  expect((await estudiante.get('/api/admin/documentos/solicitud/INS-26-40018/archivos/archivo-40018-41')).status).toBe(
    401,
  )
})

test('approving: the student reads it as approved on the document and the enrolment; one audit row; no e-mail', async () => {
  const res = await decidir(coordinacion, 'solicitud', 'INS-26-40018', {
    decision: 'aprobar',
    documentos: ['archivo-40018-41'],
  })
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({
    documentos: [
      { id: 'archivo-40018-41', documento: 'Carta de Intención', estadoRevision: 'aprobado', motivoRechazo: null },
    ],
    deshacer: null,
  })
  expect(await filasAuditoria('documento.aprobar')).toEqual([
    expect.objectContaining({
      actor_id: 'personal-coordinacion',
      entidad: 'solicitud',
      entidad_id: 'INS-26-40018',
      alumno_id: 'alumno-estudiante',
      antes: { documentos: [{ id: 'archivo-40018-41', documento: 'Carta de Intención', estado: 'en-revision' }] },
      despues: { documentos: [{ id: 'archivo-40018-41', documento: 'Carta de Intención', estado: 'aprobado' }] },
    }),
  ])
  expect((await documentosDeSolicitud(estudiante, 'INS-26-40018')).find((a) => a.codDocumento === '41')).toMatchObject({
    estadoRevision: 'aprobado',
    motivoRechazo: null,
  })
  expect(await filaSolicitud(estudiante, 'INS-26-40018')).toEqual({
    subidos: 2,
    requeridos: 4,
    enRevision: 1,
    aprobados: 1,
    rechazados: 0,
  })
  expect((await cola(admin, '?estado=aprobado')).documentos.map((d) => d.id)).toEqual(['archivo-40018-41'])
  expect((await cola(admin)).documentos.map((d) => d.id)).not.toContain('archivo-40018-41')
  expect(leerCorreos(server.dataDir).filter((m) => m.to.includes(DEMO_CUENTAS.estudiante))).toEqual([])
})

test('rejecting with a reason: the student reads it and is e-mailed how to replace it; the replacement is back in review', async () => {
  const res = await decidir(munoz, 'solicitud', 'INS-26-40018', {
    decision: 'rechazar',
    documentos: ['archivo-40018-42'],
    motivo: 'Documento ilegible',
  })
  expect(res.status).toBe(200)
  const archivo = (await documentosDeSolicitud(estudiante, 'INS-26-40018')).find((a) => a.codDocumento === '42')
  expect(archivo).toMatchObject({ estadoRevision: 'rechazado', motivoRechazo: 'Documento ilegible' })
  expect(await filaSolicitud(estudiante, 'INS-26-40018')).toMatchObject({ enRevision: 0, aprobados: 1, rechazados: 1 })
  const [fila] = await filasAuditoria('documento.rechazar')
  expect(fila).toMatchObject({
    actor_id: 'personal-munoz',
    alumno_id: 'alumno-estudiante',
    despues: {
      documentos: [
        {
          id: 'archivo-40018-42',
          documento: 'Certificado de Inmunización Hepatitis B',
          estado: 'rechazado',
          motivo: 'Documento ilegible',
        },
      ],
    },
  })

  // The student's notice, e-mailed at once (a rejection does not wait for the digest).
  const correo = await esperarCorreo(server.dataDir, DEMO_CUENTAS.estudiante)
  expect(correo.subject).toBe('Documento rechazado — Portal del Estudiante')
  expect(correo.text).toContain(
    'La escuela rechazó su documento «Certificado de Inmunización Hepatitis B» por este motivo: «Documento ilegible».',
  )
  // Its link opens that very document's replacement: the enrolment's documents, at it.
  const ruta = '/info/solicitudes?solicitud=INS-26-40018&abrir=documentos&documento=42'
  expect(correo.text).toContain(`${server.url}${ruta}`)
  expect(correo.html).toContain(`href="${server.url}${ruta.replaceAll('&', '&#38;')}"`)
  const avisos = (await (await estudiante.get('/api/notificaciones')).json()) as {
    data: { notificaciones: { titulo: string; cuerpo: string; ruta: string }[] }
  }
  expect(avisos.data.notificaciones[0]).toMatchObject({ titulo: 'Documento rechazado', ruta })

  const nuevo = await subir(
    estudiante,
    '/api/solicitudes/INS-26-40018/documentos',
    formulario('42', pdf('legible'), 'hepatitis-b.pdf'),
  )
  expect((await documentosDeSolicitud(estudiante, 'INS-26-40018')).find((a) => a.codDocumento === '42')).toMatchObject({
    id: nuevo,
    estadoRevision: 'en-revision',
    motivoRechazo: null,
  })
  expect((await cola(admin, '?programa=DCPD')).documentos.map((d) => d.id)).toEqual([nuevo])

  // A decision on the file the reviewer saw, now replaced, is not applied to the new one.
  const antes = await estadoDeRevision()
  const tarde = await decidir(admin, 'solicitud', 'INS-26-40018', {
    decision: 'aprobar',
    documentos: ['archivo-40018-42'],
  })
  expect(tarde.status).toBe(409)
  expect(await tarde.json()).toEqual({ error: MENSAJE_DOCUMENTO_REEMPLAZADO })
  expect(await estadoDeRevision()).toEqual(antes)
})

test('two reviewers deciding the same document at once: exactly one decision is kept, the other is told who decided and what', async () => {
  const nombres: Record<string, string> = { aprobar: 'Carolina Vidal Rojas', rechazar: 'Rodrigo Fuentes Lagos' }
  for (let ronda = 0; ronda < 3; ronda++) {
    const id = await subir(
      estudiante,
      '/api/solicitudes/INS-26-40018/documentos',
      formulario('42', pdf(`ronda ${ronda}`), 'hepatitis-b.pdf'),
    )
    const filas = (await filasAuditoria()).length
    const respuestas = await Promise.all([
      decidir(admin, 'solicitud', 'INS-26-40018', { decision: 'aprobar', documentos: [id] }),
      decidir(coordinacion, 'solicitud', 'INS-26-40018', {
        decision: 'rechazar',
        documentos: [id],
        motivo: 'Documento vencido',
      }),
    ])
    expect(respuestas.map((r) => r.status).sort()).toEqual([200, 409])
    const ganadora = respuestas[0]?.status === 200 ? 'aprobar' : 'rechazar'
    const estado = ganadora === 'aprobar' ? 'aprobado' : 'rechazado'
    const motivo = ganadora === 'aprobar' ? null : 'Documento vencido'
    const perdedora = respuestas.find((r) => r.status === 409)!
    expect(await perdedora.json()).toEqual({
      error: mensajeYaDecidido('Certificado de Inmunización Hepatitis B', nombres[ganadora]!, estado, motivo, false),
    })
    const [fila] = await consultarDb(
      server.dataDir,
      'select estado_revision, motivo_rechazo from archivos_solicitud where id = ?',
      id,
    )
    expect(fila).toEqual({ estado_revision: estado, motivo_rechazo: motivo })
    expect((await filasAuditoria()).length).toBe(filas + 1)
  }
})

test('several documents of one enrolment decided together: one audit row listing each, one e-mail naming each', async () => {
  const antes = (await filasAuditoria()).length
  const detalle = 'La carta y el certificado deben venir firmados por el director del servicio.'
  const res = await decidir(herrera, 'solicitud', 'INS-25-30688', {
    decision: 'rechazar',
    documentos: ['archivo-30688-41', 'archivo-30688-43'],
    motivo: 'Otro motivo',
    detalle,
  })
  expect(res.status).toBe(200)
  const filas = await filasAuditoria()
  expect(filas).toHaveLength(antes + 1)
  expect(filas.at(-1)).toMatchObject({
    accion: 'documento.rechazar',
    actor_id: 'personal-herrera',
    alumno_id: 'alumno-extranjera',
    despues: {
      documentos: [
        { id: 'archivo-30688-41', documento: 'Carta de Intención', estado: 'rechazado', motivo: detalle },
        { id: 'archivo-30688-43', documento: 'Seguro de Salud', estado: 'rechazado', motivo: detalle },
      ],
    },
  })
  expect(
    (await documentosDeSolicitud(extranjera, 'INS-25-30688')).map((a) => [
      a.codDocumento,
      a.estadoRevision,
      a.motivoRechazo,
    ]),
  ).toEqual([
    ['41', 'rechazado', detalle],
    ['43', 'rechazado', detalle],
  ])
  // One notice per document, each with the reason.
  await esperarCorreo(server.dataDir, DEMO_CUENTAS.extranjera, 2)
  const textos = leerCorreos(server.dataDir)
    .filter((m) => m.to.includes(DEMO_CUENTAS.extranjera))
    .map((m) => m.text)
  expect(textos.filter((t) => t.includes('«Carta de Intención»') && t.includes(detalle))).toHaveLength(1)
  expect(textos.filter((t) => t.includes('«Seguro de Salud»') && t.includes(detalle))).toHaveLength(1)
})

test('a batch with one document already decided by someone else changes none of them', async () => {
  const carta = await subir(
    extranjera,
    '/api/solicitudes/INS-25-30688/documentos',
    formulario('41', pdf('carta firmada'), 'carta.pdf'),
  )
  const seguro = await subir(
    extranjera,
    '/api/solicitudes/INS-25-30688/documentos',
    formulario('43', pdf('seguro firmado'), 'seguro.pdf'),
  )
  expect((await decidir(admin, 'solicitud', 'INS-25-30688', { decision: 'aprobar', documentos: [carta] })).status).toBe(
    200,
  )
  const antes = await estadoDeRevision()
  const res = await decidir(coordinacion, 'solicitud', 'INS-25-30688', {
    decision: 'rechazar',
    documentos: [seguro, carta],
    motivo: 'Documento vencido',
  })
  expect(res.status).toBe(409)
  expect(await res.json()).toEqual({
    error: mensajeYaDecidido('Carta de Intención', 'Carolina Vidal Rojas', 'aprobado', null, true),
  })
  expect(await estadoDeRevision()).toEqual(antes)
})

test('refused decisions change nothing: a reason not on the list, a missing or too long text, nothing chosen, out of reach, already decided', async () => {
  const [enRevision] = (await cola(admin, '?programa=DMUR')).documentos
  expect(enRevision).toBeDefined()
  const id = enRevision!.id
  const antes = await estadoDeRevision()
  const casos: [
    ClienteDePrueba,
    string,
    string,
    Decision,
    number,
    { error: string; campos?: Record<string, string> },
  ][] = [
    [
      admin,
      'solicitud',
      'INS-25-30688',
      { decision: 'rechazar', documentos: [id], motivo: 'No me gusta' },
      400,
      { error: MENSAJE_MOTIVO_OBLIGATORIO, campos: { motivo: MENSAJE_MOTIVO_OBLIGATORIO } },
    ],
    [
      admin,
      'solicitud',
      'INS-25-30688',
      { decision: 'rechazar', documentos: [id] },
      400,
      { error: MENSAJE_MOTIVO_OBLIGATORIO, campos: { motivo: MENSAJE_MOTIVO_OBLIGATORIO } },
    ],
    [
      admin,
      'solicitud',
      'INS-25-30688',
      { decision: 'rechazar', documentos: [id], motivo: 'Otro motivo', detalle: '   ' },
      400,
      { error: MENSAJE_DETALLE_OBLIGATORIO, campos: { detalle: MENSAJE_DETALLE_OBLIGATORIO } },
    ],
    [
      admin,
      'solicitud',
      'INS-25-30688',
      { decision: 'rechazar', documentos: [id], motivo: 'Otro motivo', detalle: 'x'.repeat(301) },
      400,
      { error: MENSAJE_DETALLE_LARGO, campos: { detalle: MENSAJE_DETALLE_LARGO } },
    ],
    [
      admin,
      'solicitud',
      'INS-25-30688',
      { decision: 'rechazar', documentos: [id], motivo: 'Documento ilegible', detalle: 'mal\u202eescrito' },
      400,
      { error: MENSAJE_CARACTERES_INVISIBLES, campos: { detalle: MENSAJE_CARACTERES_INVISIBLES } },
    ],
    [
      admin,
      'solicitud',
      'INS-25-30688',
      { decision: 'aprobar', documentos: [] },
      400,
      { error: MENSAJE_SIN_DOCUMENTOS, campos: { documentos: MENSAJE_SIN_DOCUMENTOS } },
    ],
    [
      munoz,
      'solicitud',
      'INS-25-30688',
      { decision: 'aprobar', documentos: [id] },
      404,
      {
        error: MENSAJE_DOCUMENTOS_NO_ENCONTRADOS,
      },
    ],
    [
      admin,
      'otro',
      'INS-25-30688',
      { decision: 'aprobar', documentos: [id] },
      404,
      {
        error: MENSAJE_DOCUMENTOS_NO_ENCONTRADOS,
      },
    ],
    [
      admin,
      'solicitud',
      'INS-26-40018',
      { decision: 'aprobar', documentos: ['archivo-40018-41'] },
      409,
      {
        error: mensajeYaDecidido('Carta de Intención', 'Rodrigo Fuentes Lagos', 'aprobado', null, false),
      },
    ],
  ]
  for (const [cliente, origen, dueno, cuerpo, status, respuesta] of casos) {
    const res = await decidir(cliente, origen, dueno, cuerpo)
    expect(res.status, JSON.stringify(cuerpo)).toBe(status)
    expect(await res.json()).toEqual(respuesta)
    expect(await estadoDeRevision()).toEqual(antes)
  }
})

test('personal and contest application documents are reviewed the same way, and their students read the outcome', async () => {
  // The race above may have e-mailed a rejection too, whichever reviewer won it.
  const previos = leerCorreos(server.dataDir).filter((m) => m.to.includes(DEMO_CUENTAS.estudiante)).length
  const rechazo = await decidir(admin, 'personal', 'alumno-estudiante', {
    decision: 'rechazar',
    documentos: [subidos.personalEstudiante],
    motivo: 'Documento vencido',
    detalle: 'El certificado tiene más de 90 días.',
  })
  expect(rechazo.status).toBe(200)
  const personales = (await (await estudiante.get('/api/alumno/documentos')).json()) as {
    data: { archivos: { id: string; estadoRevision: string; motivoRechazo: string | null }[] }
  }
  expect(personales.data.archivos.find((a) => a.id === subidos.personalEstudiante)).toMatchObject({
    estadoRevision: 'rechazado',
    motivoRechazo: 'Documento vencido. El certificado tiene más de 90 días.',
  })
  const correo = await esperarCorreo(server.dataDir, DEMO_CUENTAS.estudiante, previos + 1)
  expect(correo.text).toContain('«Certificado de Licenciatura o Título»')
  expect(correo.text).toContain(`${server.url}/info/personal`)

  const aprobacion = await decidir(admin, 'postulacion', 'postulacion-estudiante-9', {
    decision: 'aprobar',
    documentos: [subidos.postulacion],
  })
  expect(aprobacion.status).toBe(200)
  const postulacion = (await (await estudiante.get(`/api/concursos/${CONCURSOS_DEMO.pagado}/postulacion`)).json()) as {
    data: { archivos: { id: string; estadoRevision: string }[] }
  }
  expect(postulacion.data.archivos).toEqual([
    expect.objectContaining({ id: subidos.postulacion, estadoRevision: 'aprobado' }),
  ])
  expect((await filasAuditoria()).at(-1)).toMatchObject({
    entidad: 'postulacion',
    entidad_id: 'postulacion-estudiante-9',
    alumno_id: 'alumno-estudiante',
  })
  expect((await cola(admin, '?estado=rechazado')).documentos.map((d) => d.id)).toContain(subidos.personalEstudiante)
})

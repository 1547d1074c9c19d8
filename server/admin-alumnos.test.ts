// Students from the school's side: the search (every way a RUT is typed, names without accents or
// case, e-mail, enrolment code, passport, student code), its pages and order, each role's reach,
// the student's page and their history; on SQLite and PostgreSQL alike. Reading writes no audit row.
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  MENSAJE_ALUMNO_NO_ENCONTRADO,
  MENSAJE_ORDEN_INVALIDO,
  MENSAJE_PAGINA_INVALIDA,
} from '../src/domain/busqueda-alumnos.ts'
import { MENSAJE_BUSQUEDA_LARGA } from '../src/domain/busqueda-alumnos.ts'
import { MENSAJE_CARACTERES_INVISIBLES } from '../src/domain/validacion.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  clienteDePrueba,
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  personaEditable,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CERTIFICADO_VALIDO, DEMO_CUENTAS, DEMO_PASSWORD } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'

type Fila = { id: string; nombres: string; apellidos: string; email: string; rut: string | null }
type Busqueda = { alumnos: Fila[]; total: number; pagina: number; paginas: number; tamanoPagina: number }

let servidor: ServidorDePrueba
let admin: ClienteDePrueba
let coordinacion: ClienteDePrueba
let herrera: ClienteDePrueba
let munoz: ClienteDePrueba

/** A student registered here whose RUT ends in K. */
const RUT_CON_K = '20.345.676-K'

async function registrar(nombres: string, apellidos: string, email: string, documento: string, tipo = 'RUT') {
  const res = await clienteDePrueba(servidor.url).post('/api/auth/register', {
    nombres,
    apellidos,
    tipoDocumento: tipo,
    documento,
    email,
    telefono: '+56 9 1234 5678',
    password: DEMO_PASSWORD,
    confirmacion: DEMO_PASSWORD,
  })
  expect(res.status, await res.clone().text()).toBe(201)
}

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  coordinacion = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.coordinacion)
  herrera = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.herrera)
  munoz = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.munoz)
  await registrar('Ñuble Andrés', 'Kast Ibáñez', 'nuble.kast@correo.cl', RUT_CON_K)
})
afterAll(() => servidor.close())

async function buscar(cliente: ClienteDePrueba, q: string, extra = ''): Promise<Busqueda> {
  const res = await cliente.get(`/api/admin/alumnos?q=${encodeURIComponent(q)}${extra}`)
  expect(res.status, `${q}: ${await res.clone().text()}`).toBe(200)
  return (await res.json()) as Busqueda
}

const ids = (b: Busqueda) => b.alumnos.map((a) => a.id).sort()

const auditoria = async () =>
  (await consultarDb<{ n: number }>(servidor.dataDir, 'select count(*) as n from auditoria'))[0]!.n

test('the demo student is found by her RUT however it is typed: dots, no dots, no hyphen, only its first digits', async () => {
  for (const q of ['16.789.432-1', '167894321', '16789432-1', '16789432', '16.789', '16789', ' 16789432 - 1 ']) {
    const b = await buscar(admin, q)
    expect(ids(b), q).toEqual(['alumno-estudiante'])
    expect(b.alumnos[0]!.rut).toBe('16.789.432-1')
  }
  // The first digits of two RUTs find both.
  expect(ids(await buscar(admin, '1'))).toEqual(expect.arrayContaining(['alumno-estudiante', 'alumno-sinsolicitudes']))
})

test('a RUT ending in K is found with a lowercase k, with or without dots and hyphen', async () => {
  for (const q of ['20.345.676-k', '20345676-k', '20345676k', '20.345.676-K', '2034567']) {
    const b = await buscar(admin, q)
    expect(
      b.alumnos.map((a) => a.email),
      q,
    ).toEqual(['nuble.kast@correo.cl'])
    expect(b.alumnos[0]!.rut).toBe(RUT_CON_K)
  }
})

test('by name: any words, in any case, with or without accents', async () => {
  for (const q of ['camila rojas', 'ROJAS', 'Rojas Soto Camila', 'cam roj'])
    expect(ids(await buscar(admin, q)), q).toEqual(['alumno-estudiante'])
  for (const q of ['García', 'garcia', 'GARCÍA PÉREZ', 'valentina perez'])
    expect(ids(await buscar(admin, q)), q).toEqual(['alumno-extranjera'])
  for (const q of ['Joaquin', 'joaquín fuentes'])
    expect(ids(await buscar(admin, q)), q).toEqual(['alumno-sinsolicitudes'])
  expect((await buscar(admin, 'nuble ibanez')).alumnos.map((a) => a.email)).toEqual(['nuble.kast@correo.cl'])
  // Every word must match the same student.
  expect((await buscar(admin, 'camila garcia')).total).toBe(0)
})

test('by e-mail, whole or its beginning, in any case', async () => {
  expect(ids(await buscar(admin, 'estudiante@demo.cl'))).toEqual(['alumno-estudiante'])
  expect(ids(await buscar(admin, 'EXTRANJERA@DEMO.CL'))).toEqual(['alumno-extranjera'])
  expect(ids(await buscar(admin, 'extranjera@'))).toEqual(['alumno-extranjera'])
  expect(ids(await buscar(admin, 'sinsolicitudes'))).toEqual(['alumno-sinsolicitudes'])
  expect((await buscar(admin, 'nuble.kast')).alumnos.map((a) => a.email)).toEqual(['nuble.kast@correo.cl'])
})

test('by enrolment code, passport and student code', async () => {
  expect(ids(await buscar(admin, 'INS-26-40018'))).toEqual(['alumno-estudiante'])
  expect(ids(await buscar(admin, 'ins-25-30688'))).toEqual(['alumno-extranjera'])
  for (const q of ['AAF482913', 'aaf4829']) expect(ids(await buscar(admin, q)), q).toEqual(['alumno-extranjera'])
  expect(ids(await buscar(admin, 'AL20180457'))).toEqual(['alumno-estudiante'])
  const b = await buscar(admin, 'AAF482913')
  expect(b.alumnos[0]).toMatchObject({ rut: null, documento: { tipo: 'PASAPORTE', numero: 'AAF482913' } })
})

test('nothing matches: an empty page, not an error', async () => {
  expect(await buscar(admin, 'zzzzqq')).toMatchObject({ alumnos: [], total: 0, pagina: 1, paginas: 1 })
  expect((await buscar(admin, '99.999.999-9')).total).toBe(0)
})

test('an assistant finds only their own students; another is answered as if she did not exist', async () => {
  // Tomás Muñoz owns only an enrolment of estudiante@demo.cl.
  expect(ids(await buscar(munoz, 'rojas'))).toEqual(['alumno-estudiante'])
  expect(ids(await buscar(munoz, '16.789.432-1'))).toEqual(['alumno-estudiante'])
  for (const q of ['garcia', 'AAF482913', 'extranjera@demo.cl', 'INS-25-30688', 'joaquin'])
    expect((await buscar(munoz, q)).total, q).toBe(0)
  expect(ids(await buscar(munoz, ''))).toEqual(['alumno-estudiante'])
  for (const url of ['/api/admin/alumnos/alumno-extranjera', '/api/admin/alumnos/alumno-extranjera/historial']) {
    const res = await munoz.get(url)
    expect(res.status, url).toBe(404)
    expect(await res.json()).toEqual({ error: MENSAJE_ALUMNO_NO_ENCONTRADO })
  }
  expect((await munoz.get('/api/admin/alumnos/alumno-estudiante')).status).toBe(200)
  // Francisca Herrera owns both demo students, not the one the portal's own account owns.
  expect(ids(await buscar(herrera, ''))).toEqual(['alumno-estudiante', 'alumno-extranjera'])
  expect((await herrera.get('/api/admin/alumnos/alumno-sinsolicitudes')).status).toBe(404)
  // Coordination reaches everyone; a student that does not exist is the same 404.
  expect((await buscar(coordinacion, '')).total).toBe(4)
  expect((await coordinacion.get('/api/admin/alumnos/alumno-no-existe')).status).toBe(404)
})

test('pages and order: 25 a page, by name (without accents), e-mail or registration, either way', async () => {
  for (let i = 0; i < 24; i++)
    await registrar(
      `Persona ${String(i).padStart(2, '0')}`,
      'Ábalos Prueba',
      `persona${i}@pagina.cl`,
      `PAG${1000 + i}`,
      'PASAPORTE',
    )
  const primera = await buscar(admin, '')
  expect(primera).toMatchObject({ total: 28, pagina: 1, paginas: 2, tamanoPagina: 25 })
  expect(primera.alumnos).toHaveLength(25)
  // 'Ábalos' sorts with the a's, not after the z's.
  expect(primera.alumnos[0]).toMatchObject({ apellidos: 'Ábalos Prueba', nombres: 'Persona 00' })
  const segunda = await buscar(admin, '', '&pagina=2')
  expect(new Set([...primera.alumnos, ...segunda.alumnos].map((a) => a.id)).size).toBe(28)
  expect(segunda.alumnos.map((a) => a.apellidos)).toEqual(['García Pérez', 'Kast Ibáñez', 'Rojas Soto'])

  const alReves = await buscar(admin, '', '&orden=-nombre')
  expect(alReves.alumnos.slice(0, 3).map((a) => a.apellidos)).toEqual(['Rojas Soto', 'Kast Ibáñez', 'García Pérez'])
  const porCorreo = await buscar(admin, 'prueba', '&orden=email')
  expect(porCorreo.total).toBe(24)
  const correos = porCorreo.alumnos.map((a) => a.email)
  expect(correos).toEqual(correos.toSorted())
  const recientes = await buscar(admin, '', '&orden=-registro')
  expect(recientes.alumnos[0]!.email).toBe('persona23@pagina.cl')
  // A search narrows the count and the pages too.
  expect(await buscar(admin, 'prueba persona 1')).toMatchObject({ total: 10, paginas: 1 })
})

test('a bad search, page or order is refused in Spanish', async () => {
  const casos: [string, string][] = [
    ['pagina=0', MENSAJE_PAGINA_INVALIDA],
    ['pagina=abc', MENSAJE_PAGINA_INVALIDA],
    ['pagina=-1', MENSAJE_PAGINA_INVALIDA],
    ['orden=rut', MENSAJE_ORDEN_INVALIDO],
    [`q=${'a'.repeat(101)}`, MENSAJE_BUSQUEDA_LARGA],
    [`q=${encodeURIComponent('rojas\u202e')}`, MENSAJE_CARACTERES_INVISIBLES],
  ]
  for (const [consulta, mensaje] of casos) {
    const res = await admin.get(`/api/admin/alumnos?${consulta}`)
    expect(res.status, consulta).toBe(400)
    expect(((await res.json()) as { error: string }).error, consulta).toBe(mensaje)
  }
  const historial = await admin.get('/api/admin/alumnos/alumno-estudiante/historial?pagina=x')
  expect(historial.status).toBe(400)
})

test('a student’s new name or passport is found at once, and the old one no longer', async () => {
  const alumna = await iniciarSesion(servidor.url, DEMO_CUENTAS.extranjera)
  const persona = await personaEditable(alumna)
  const res = await alumna.put('/api/alumno/persona', {
    ...persona,
    nombres: 'Valentina Sofía',
    apPaterno: 'Gómez Pérez',
    numeroDocumento: 'BXR120044',
  })
  expect(res.status, await res.clone().text()).toBe(200)
  expect(ids(await buscar(admin, 'sofia gomez'))).toEqual(['alumno-extranjera'])
  expect(ids(await buscar(admin, 'BXR120044'))).toEqual(['alumno-extranjera'])
  expect((await buscar(admin, 'garcia')).total).toBe(0)
  expect((await buscar(admin, 'AAF482913')).total).toBe(0)
})

test('the student’s page: person, enrolments with survey, conditions, regulations, documents and their review, issued documents and their revocation, installments, payments', async () => {
  // A review and a revocation, as the school's other screens record them.
  await consultarDb(
    servidor.dataDir,
    "update archivos_solicitud set estado_revision = 'rechazado', motivo_rechazo = 'Documento ilegible', revisado_por = 'personal-herrera', revisado_en = ? where id = 'archivo-40018-42'",
    '2026-03-20T14:00:00.000Z',
  )
  await consultarDb(
    servidor.dataDir,
    "update documentos_emitidos set revocado_en = ?, motivo_revocacion = 'Emitido por error', revocado_por = 'personal-coordinacion' where codigo = ?",
    '2026-03-21T10:00:00.000Z',
    DEMO_CERTIFICADO_VALIDO,
  )
  const antes = await auditoria()
  const res = await munoz.get('/api/admin/alumnos/alumno-estudiante')
  expect(res.status).toBe(200)
  const ficha = (await res.json()) as any
  expect(ficha.alumno).toMatchObject({
    id: 'alumno-estudiante',
    codigoAlumno: 'AL20180457',
    email: 'estudiante@demo.cl',
    rut: '16.789.432-1',
    documento: null,
    asistente: { nombre: 'Francisca Herrera Méndez', email: 'francisca.herrera@postgrado-demo.cl' },
  })
  expect(ficha.persona).toMatchObject({
    nombres: 'Camila Andrea',
    apellidos: 'Rojas Soto',
    fechaNacimiento: '1989-07-14',
    region: expect.stringMatching(/Metropolitana/),
    comuna: 'Providencia',
    pais: 'Chile',
    universidad: 'Universidad de Chile',
  })
  expect(ficha.solicitudes).toHaveLength(10)
  expect(ficha.solicitudes[0].codigoInscripcion).toBe('INS-26-40018')

  const actual = ficha.solicitudes.find((s: any) => s.codigoInscripcion === 'INS-26-40018')
  expect(actual).toMatchObject({
    nombreCurso: 'Diplomado en Cuidados Paliativos y Manejo del Dolor',
    asistente: { nombre: 'Tomás Muñoz Araya' },
    encuesta: { estado: 'enviada' },
    reglamento: 'pendiente',
    condiciones: null,
  })
  expect(actual.documentos).toHaveLength(4)
  expect(actual.documentos.find((d: any) => d.codDocumento === '41').archivo).toMatchObject({
    nombre: 'Pro-INS-26-40018-carta-intencion.pdf',
    estadoRevision: 'en-revision',
    motivoRechazo: null,
    revisadoPor: null,
  })
  expect(actual.documentos.find((d: any) => d.codDocumento === '42').archivo).toMatchObject({
    estadoRevision: 'rechazado',
    motivoRechazo: 'Documento ilegible',
    revisadoPor: 'Francisca Herrera Méndez',
    revisadoEn: '2026-03-20T14:00:00.000Z',
  })
  expect(actual.documentos.filter((d: any) => d.archivo === null)).toHaveLength(2)
  expect(actual.cuotas.map((q: any) => q.estado)).toEqual(['pagada', 'vencida', 'pendiente', 'pendiente'])
  expect(actual.cuotas[0]).toMatchObject({ numero: 1, monto: 450_000, pagoId: expect.any(String) })

  const terminado = ficha.solicitudes.find((s: any) => s.codigoInscripcion === 'INS-24-20117')
  expect(terminado).toMatchObject({ reglamento: 'firmado', condiciones: { decision: 'aceptadas' } })
  const certificado = terminado.emitidos.find((d: any) => d.codTipoDocumento === '35')
  expect(certificado).toMatchObject({
    codigo: DEMO_CERTIFICADO_VALIDO,
    tipo: 'Certificado Programa',
    fechaEmision: '2025-01-17',
    revocadoEn: '2026-03-21T10:00:00.000Z',
    motivoRevocacion: 'Emitido por error',
    revocadoPor: 'Rodrigo Fuentes Lagos',
  })
  expect(terminado.emitidos.map((d: any) => d.codTipoDocumento).sort()).toEqual(['30', '35', '6'])
  expect(ficha.solicitudes.find((s: any) => s.codigoInscripcion === 'INS-25-30502').condiciones).toMatchObject({
    decision: 'rechazadas',
  })
  // Derivada and Primaria enrolments ask for no documents.
  expect(ficha.solicitudes.find((s: any) => s.codigoInscripcion === 'INS-25-30311').documentos).toBeNull()

  expect(ficha.documentosPersonales.map((d: any) => [d.codDocumento, d.obligatorio, d.archivo])).toEqual([
    ['20', true, null],
    ['21', true, null],
  ])
  expect(ficha.pagos.length).toBeGreaterThan(0)
  expect(ficha.pagos[0]).toMatchObject({
    estado: 'aprobado',
    estadoEnPalabras: 'Pago aprobado',
    ultimosDigitos: '6623',
  })
  const creados = ficha.pagos.map((p: any) => p.creadoEn)
  expect(creados).toEqual(creados.toSorted().reverse())

  // The foreign student: passport, no RUT, names of her countries.
  const extranjera = (await (await admin.get('/api/admin/alumnos/alumno-extranjera')).json()) as any
  expect(extranjera.alumno).toMatchObject({ rut: null, documento: { tipo: 'PASAPORTE' } })
  expect(extranjera.persona).toMatchObject({ paisOrigen: 'Argentina', universidad: 'Universidad de Buenos Aires' })
  expect(extranjera.persona.tipoResidencia).toMatch(/residencia previa/)

  // The student's own list no longer offers the revoked certificate, and counts the rejected
  // upload as still to deliver.
  const alumna = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
  const lista = (await (await alumna.get('/api/solicitudes')).json()) as any
  expect(lista.data.emitidos.some((d: any) => d.enlace.includes(DEMO_CERTIFICADO_VALIDO))).toBe(false)
  expect(lista.data.solicitudes.find((s: any) => s.codigoInscripcion === 'INS-26-40018').documentos).toEqual({
    subidos: 1,
    requeridos: 4,
    enRevision: 1,
    aprobados: 0,
    rechazados: 1,
  })
  expect(await auditoria()).toBe(antes)
})

test('each file listed on the student’s page opens from there: its link sends the file to the staff in reach, and to no one else', async () => {
  const alumna = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
  const subida = new FormData()
  subida.set('codTipoDocumento', '20')
  subida.set(
    'archivo',
    new File(['%PDF-1.4\n% licenciatura\n%%EOF\n'], 'licenciatura.pdf', { type: 'application/pdf' }),
  )
  expect((await alumna.post('/api/alumno/documentos', subida)).status).toBe(201)

  const antes = await auditoria()
  const ficha = (await (await munoz.get('/api/admin/alumnos/alumno-estudiante')).json()) as any
  const carta = ficha.solicitudes
    .find((s: any) => s.codigoInscripcion === 'INS-26-40018')
    .documentos.find((d: any) => d.codDocumento === '41').archivo
  const licenciatura = ficha.documentosPersonales.find((d: any) => d.codDocumento === '20').archivo
  expect(carta.enlace).toBe('/api/admin/documentos/solicitud/INS-26-40018/archivos/archivo-40018-41')
  expect(licenciatura.enlace).toBe(`/api/admin/documentos/personal/alumno-estudiante/archivos/${licenciatura.id}`)
  for (const { enlace, inicio } of [
    { enlace: carta.enlace, inicio: '%PDF-' },
    { enlace: licenciatura.enlace, inicio: '%PDF-1.4\n% licenciatura' },
  ]) {
    const res = await munoz.get(enlace)
    expect(res.status, enlace).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toMatch(/^inline; /)
    expect((await res.text()).startsWith(inicio)).toBe(true)
  }
  // Another assistant's student's file, by the same kind of link: as if it did not exist.
  const ajena = (await (await admin.get('/api/admin/alumnos/alumno-extranjera')).json()) as any
  const suya = ajena.solicitudes[0].documentos.find((d: any) => d.archivo).archivo.enlace
  expect((await herrera.get(suya)).status).toBe(200)
  expect((await munoz.get(suya)).status).toBe(404)
  expect(await auditoria()).toBe(antes)
})

/** Inserts an audit row as the school's actions write them. */
async function auditar(
  id: string,
  en: string,
  accion: string,
  alumnoId: string | null,
  antes?: object,
  despues?: object,
) {
  await consultarDb(
    servidor.dataDir,
    `insert into auditoria (id, en, actor_tipo, actor_id, actor_nombre, actor_rol, accion, entidad, entidad_id, alumno_id, antes, despues, ip)
     values (?, ?, 'personal', 'personal-herrera', 'Francisca Herrera Méndez', 'asistente', ?, 'archivo_solicitud', 'archivo-40018-42', ?, ?, ?, '127.0.0.1')`,
    id,
    en,
    accion,
    alumnoId,
    antes ? JSON.stringify(antes) : null,
    despues ? JSON.stringify(despues) : null,
  )
}

test('the history lists the audit rows that concern the student, newest first, a page at a time', async () => {
  await auditar(
    'h-1',
    '2026-03-20T14:00:00.000Z',
    'documento.rechazar',
    'alumno-estudiante',
    { estado: 'en-revision' },
    {
      estado: 'rechazado',
      motivo: 'Documento ilegible',
    },
  )
  await auditar('h-2', '2026-03-22T09:00:00.000Z', 'documento.aprobar', 'alumno-estudiante')
  await auditar('h-otra', '2026-03-21T09:00:00.000Z', 'documento.aprobar', 'alumno-extranjera')
  const antes = await auditoria()
  const res = await herrera.get('/api/admin/alumnos/alumno-estudiante/historial')
  expect(res.status).toBe(200)
  const historial = (await res.json()) as any
  expect(historial).toMatchObject({ total: 2, pagina: 1, paginas: 1 })
  expect(historial.eventos.map((e: any) => e.id)).toEqual(['h-2', 'h-1'])
  expect(historial.eventos[1]).toMatchObject({
    en: '2026-03-20T14:00:00.000Z',
    accion: 'documento.rechazar',
    actor: {
      id: 'personal-herrera',
      nombre: 'Francisca Herrera Méndez',
      rol: 'asistente',
      etiquetaRol: 'Asistente comercial',
    },
    entidad: 'archivo_solicitud',
    entidadId: 'archivo-40018-42',
    alumno: { id: 'alumno-estudiante', nombre: 'Camila Andrea Rojas Soto' },
    antes: { estado: 'en-revision' },
    despues: { estado: 'rechazado', motivo: 'Documento ilegible' },
    // The same in words, as the page shows it.
    etiqueta: 'Documento rechazado',
    cambios: [
      { campo: 'Estado', valor: 'de En revisión a Rechazado' },
      { campo: 'Motivo', valor: 'Documento ilegible' },
    ],
    ip: '127.0.0.1',
  })
  // Sign-ins concern no student: they are not in anyone's history.
  expect(historial.eventos.some((e: any) => e.accion.startsWith('sesion.'))).toBe(false)

  for (let i = 0; i < 31; i++)
    await auditar(
      `h-p${String(i).padStart(2, '0')}`,
      `2026-04-01T10:${String(i).padStart(2, '0')}:00.000Z`,
      'documento.aprobar',
      'alumno-estudiante',
    )
  const primera = (await (await admin.get('/api/admin/alumnos/alumno-estudiante/historial')).json()) as any
  expect(primera).toMatchObject({ total: 33, paginas: 2 })
  expect(primera.eventos).toHaveLength(30)
  expect(primera.eventos[0].id).toBe('h-p30')
  const segunda = (await (await admin.get('/api/admin/alumnos/alumno-estudiante/historial?pagina=2')).json()) as any
  expect(segunda.eventos.map((e: any) => e.id)).toEqual(['h-p00', 'h-2', 'h-1'])
  expect(await auditoria()).toBe(antes + 31)
})

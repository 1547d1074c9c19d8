// A student's data and rights (Ley 19.628 as amended by Ley 21.719): the download holds every row
// and file of the student and nothing of another (even one with the same name); it is free once a
// quarter and throttled beyond; requests are acknowledged with their legal deadline, extended once
// with a reason, refused with the Agencia's text, and approving a rectification applies it through
// the student's own form rules; every message sent is kept as proof the database will not change.
import { createHash, randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import yauzl from 'yauzl'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { AGENCIA, MENSAJE_PRORROGA_UNA_VEZ, plazoLegal, mensajeDescargaLimitada } from '../src/domain/derechos.ts'
import { fechaEnChile, sumarDias } from '../src/domain/fechas.ts'
import { REGISTRO_DATOS, type CategoriaDatos } from '../src/domain/registro-datos.ts'
import { opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  clienteDePrueba,
  consultarDb,
  configDePrueba,
  esperarCorreo,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { abrirBaseDeDatos } from './db/connection.ts'
import type { Database } from './db/schema.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'
import { blobStoreEnDisco } from './blobs.ts'
import {
  pedirExportacion,
  prepararExportaciones,
  TABLAS_EXPORTADAS,
  TABLAS_NO_EXPORTADAS,
} from './privacidad/exportacion.ts'
import { revisarPlazosDerechos } from './privacidad/recordatorios-derechos.ts'

const GEMELA = 'gemela@demo.cl'
let servidor: ServidorDePrueba
let camila: ClienteDePrueba
let camilaId: string
let gemelaId: string
const ARCHIVO_GEMELA = Buffer.from('archivo de la otra estudiante, que no debe salir')
let db: Kysely<Database>

/** A second student with the very same name (and password) as the demo student, with a file and a notice. */
async function sembrarGemela() {
  const [fila] = await consultarDb<Record<string, unknown>>(
    servidor.dataDir,
    'select * from alumnos where email = ?',
    DEMO_CUENTAS.estudiante,
  )
  camilaId = String(fila!.id)
  gemelaId = randomUUID()
  const gemela = {
    ...fila,
    id: gemelaId,
    email: GEMELA,
    rut: '11111111-1',
    codigo_alumno: 'GEMELA-1',
    numero_documento: null,
    tipo_documento: null,
  }
  const columnas = Object.keys(gemela)
  await consultarDb(
    servidor.dataDir,
    `insert into alumnos (${columnas.join(', ')}) values (${columnas.map(() => '?').join(', ')})`,
    ...columnas.map((c) => (gemela as Record<string, unknown>)[c]),
  )
  const clave = randomUUID().replaceAll('-', '')
  mkdirSync(join(servidor.dataDir, 'archivos'), { recursive: true })
  writeFileSync(join(servidor.dataDir, 'archivos', clave), ARCHIVO_GEMELA)
  await consultarDb(
    servidor.dataDir,
    `insert into archivos_personales (id, alumno_id, cod_documento, nombre_original, tipo_archivo, content_type,
       tamanno, blob_clave, subido_en, id_inscripcion, id_grupo)
     values (?, ?, 'CI', 'cedula-gemela.pdf', 'pdf', 'application/pdf', ?, ?, ?, 1, 1)`,
    'archivo-gemela',
    gemelaId,
    ARCHIVO_GEMELA.length,
    clave,
    new Date().toISOString(),
  )
  await consultarDb(
    servidor.dataDir,
    `insert into notificaciones (id, alumno_id, tipo, ocasion, tema, titulo, cuerpo, ruta, creada_en)
     values (?, ?, 'documento-aprobado', 'gemela', 'gemela', 'Aviso de la gemela', 'solo suyo', '/home', ?)`,
    'aviso-gemela',
    gemelaId,
    new Date().toISOString(),
  )
}

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  await sembrarGemela()
  camila = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
  db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(servidor.dataDir))
}, 120_000)
afterAll(async () => {
  await db?.destroy()
  await servidor?.close()
})

function leerZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('sin zip'))
      const entradas = new Map<string, Buffer>()
      zip.on('entry', (entrada: yauzl.Entry) => {
        zip.openReadStream(entrada, (e, flujo) => {
          if (e || !flujo) return reject(e ?? new Error('sin flujo'))
          const partes: Buffer[] = []
          flujo.on('data', (p: Buffer) => partes.push(p))
          flujo.on('end', () => {
            entradas.set(entrada.fileName, Buffer.concat(partes))
            zip.readEntry()
          })
        })
      })
      zip.on('end', () => resolve(entradas))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}

type Json = {
  formato: string
  version: number
  alumno_id: string
  categorias: Record<string, { nombre: string; finalidad: string; tablas: Record<string, Record<string, unknown>[]> }>
  archivos: { ruta: string; tabla: string; id: string; nombre: string; bytes: number }[]
}

test('every table of a student’s categories is exported or left out with its reason', () => {
  const deAlumnos = (Object.entries(REGISTRO_DATOS) as [string, CategoriaDatos][])
    .filter(([id]) => id !== 'personal' && id !== 'terceros')
    .flatMap(([, c]) => Object.keys(c.columnas))
  const sinCubrir = [...new Set(deAlumnos)].filter((t) => !(t in TABLAS_EXPORTADAS) && !(t in TABLAS_NO_EXPORTADAS))
  expect(sinCubrir).toEqual([])
})

test('the download holds every row and file of the student, with the registry’s words, and nothing of another student with the same name', async () => {
  // The demo payments' tax documents are issued in the background as the server starts; once
  // issued, their PDF and XML are the student's files too.
  await expect
    .poll(
      async () =>
        (
          await consultarDb<{ n: number }>(
            servidor.dataDir,
            "select count(*) as n from documentos_tributarios where alumno_id = ? and estado = 'pendiente'",
            camilaId,
          )
        )[0]!.n,
      { timeout: 30_000 },
    )
    .toBe(0)
  const pedida = await camila.post('/api/privacidad/mis-datos/exportaciones')
  expect(pedida.status).toBe(201)
  const { id, estado } = (await pedida.json()) as { id: string; estado: string }
  expect(estado).toBe('lista')
  const res = await camila.get(`/api/privacidad/mis-datos/exportaciones/${id}/zip`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/zip')
  const zip = await leerZip(Buffer.from(await res.arrayBuffer()))
  const json = JSON.parse(zip.get('datos.json')!.toString('utf8')) as Json
  expect(json).toMatchObject({ formato: 'portal-estudiantes/mis-datos', version: 1, alumno_id: camilaId })
  expect(json.categorias.identidad?.finalidad).toBe(REGISTRO_DATOS.identidad.finalidad)

  // Every row: the tables read by the student's id, counted here independently.
  const filasEnJson = (tabla: string) =>
    Math.max(0, ...Object.values(json.categorias).map((c) => c.tablas[tabla]?.length ?? 0))
  for (const tabla of [
    'solicitudes',
    'condiciones',
    'encuestas',
    'archivos_solicitud',
    'archivos_personales',
    'documentos_emitidos',
    'documentos_tributarios',
    'pagos',
    'notificaciones',
    'auditoria',
    'exportaciones_datos',
  ]) {
    const [{ n }] = (await consultarDb<{ n: number }>(
      servidor.dataDir,
      `select count(*) as n from ${tabla} where alumno_id = ?`,
      camilaId,
    )) as [{ n: number }]
    expect(filasEnJson(tabla), tabla).toBe(Number(n))
  }
  const [{ n: cuotas }] = (await consultarDb<{ n: number }>(
    servidor.dataDir,
    'select count(*) as n from cuotas where codigo_inscripcion in (select codigo_inscripcion from solicitudes where alumno_id = ?)',
    camilaId,
  )) as [{ n: number }]
  expect(filasEnJson('cuotas')).toBe(Number(cuotas))
  expect(filasEnJson('solicitudes')).toBeGreaterThan(0)
  // Secrets stay out.
  expect(zip.get('datos.json')!.toString('utf8')).not.toContain('password_hash')

  // Every file: uploaded and issued, tax documents' PDF and XML too, the same bytes as stored.
  const archivos = await consultarDb<{ blob_clave: string }>(
    servidor.dataDir,
    `select blob_clave from archivos_solicitud where alumno_id = ? union all
     select blob_clave from archivos_personales where alumno_id = ? union all
     select blob_clave from documentos_emitidos where alumno_id = ? and blob_clave is not null union all
     select pdf_blob as blob_clave from documentos_tributarios where alumno_id = ? and pdf_blob is not null union all
     select xml_blob as blob_clave from documentos_tributarios where alumno_id = ? and xml_blob is not null`,
    camilaId,
    camilaId,
    camilaId,
    camilaId,
    camilaId,
  )
  expect(archivos.length).toBeGreaterThan(0)
  expect(json.archivos).toHaveLength(archivos.length)
  const huella = (b: Buffer) => createHash('sha256').update(b).digest('hex')
  const enZip = new Set(json.archivos.map((a) => huella(zip.get(a.ruta)!)))
  for (const { blob_clave } of archivos)
    expect(enZip.has(huella(readFileSync(join(servidor.dataDir, 'archivos', blob_clave))))).toBe(true)
  for (const a of json.archivos) expect(a.bytes, a.ruta).toBe(zip.get(a.ruta)!.length)
  const tributarios = json.archivos.filter((a) => a.ruta.startsWith('archivos/tributarios/'))
  expect(tributarios.length).toBeGreaterThan(0)
  expect(tributarios.map((a) => a.nombre)).toContainEqual(expect.stringMatching(/^Boleta .* folio \d+\.pdf$/))
  expect(tributarios.map((a) => a.nombre)).toContainEqual(expect.stringMatching(/ folio \d+\.xml$/))
  expect(zip.get('datos.json')!.toString('utf8')).not.toContain('pdf_blob')

  // The readable page, in Spanish, with the registry's explanations.
  const pagina = zip.get('mis-datos.html')!.toString('utf8')
  expect(pagina).toContain('<html lang="es">')
  expect(pagina).toContain(REGISTRO_DATOS.pagos.conservacion.plazo)
  expect(pagina).toContain('Quién lo recibe')

  // Nothing of the other student.
  const todo = [...zip.values()].map((b) => b.toString('latin1')).join('\n')
  expect(todo).not.toContain(gemelaId)
  expect(todo).not.toContain(GEMELA)
  expect(todo).not.toContain('Aviso de la gemela')
  expect([...zip.values()].some((b) => b.equals(ARCHIVO_GEMELA))).toBe(false)

  // Nor can the other student reach this download.
  const gemela = await iniciarSesion(servidor.url, GEMELA)
  expect((await gemela.get(`/api/privacidad/mis-datos/exportaciones/${id}/zip`)).status).toBe(404)
})

test('the first download of the quarter is free; another within 30 days is refused with the date it is free again', async () => {
  const otra = await camila.post('/api/privacidad/mis-datos/exportaciones')
  expect(otra.status).toBe(429)
  const desde = sumarDias(fechaEnChile(new Date()), 30)
  expect(await otra.json()).toEqual({ error: mensajeDescargaLimitada(desde) })
  const estado = (await (await camila.get('/api/privacidad/mis-datos')).json()) as {
    descarga: { permitida: boolean }
    exportaciones: { estado: string; descargable: boolean }[]
  }
  expect(estado.descarga.permitida).toBe(false)
  expect(estado.exportaciones).toHaveLength(1)
  expect(estado.exportaciones[0]).toMatchObject({ estado: 'lista', descargable: true })
})

test('a request is acknowledged at once with its legal deadline, in the app, by e-mail and as proof', async () => {
  const res = await camila.post('/api/privacidad/mis-datos/solicitudes', {
    derecho: 'bloqueo',
    que: 'El envío de mis datos al CRM',
  })
  expect(res.status).toBe(201)
  const { id, numero, plazo, acuse } = (await res.json()) as {
    id: string
    numero: string
    plazo: string
    acuse: string
  }
  expect(plazo).toBe(plazoLegal('bloqueo', fechaEnChile(new Date())))
  expect(acuse).toContain(numero)
  expect(acuse).toContain('2 días hábiles')
  const correo = await esperarCorreo(servidor.dataDir, DEMO_CUENTAS.estudiante)
  expect(correo.text).toContain(numero)
  const pruebas = await consultarDb<{ tipo: string; texto: string }>(
    servidor.dataDir,
    'select tipo, texto from respuestas_derechos where solicitud_id = ?',
    id,
  )
  expect(pruebas).toEqual([{ tipo: 'acuse', texto: acuse }])
  const lista = (await (await camila.get('/api/privacidad/mis-datos')).json()) as {
    solicitudes: { id: string; estado: string; mensajes: { texto: string }[] }[]
  }
  expect(lista.solicitudes.find((s) => s.id === id)).toMatchObject({ estado: 'recibida', mensajes: [{ texto: acuse }] })
})

test('a bad request changes nothing and says why in Spanish', async () => {
  const antes = await consultarDb(servidor.dataDir, 'select id from solicitudes_derechos')
  const res = await camila.post('/api/privacidad/mis-datos/solicitudes', { derecho: 'supresion' })
  expect(res.status).toBe(400)
  expect(((await res.json()) as { error: string }).error).toContain('Confirme')
  expect(await consultarDb(servidor.dataDir, 'select id from solicitudes_derechos')).toEqual(antes)
})

test('the delegate sees the queue by deadline, extends once with a reason (the student is told), and refuses with the Agencia’s text', async () => {
  const delegado = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.delegado)
  const creada = (await (
    await camila.post('/api/privacidad/mis-datos/solicitudes', {
      derecho: 'oposicion',
      que: 'Encuestas de satisfacción',
    })
  ).json()) as { id: string; numero: string }
  const cola = (await (await delegado.get('/api/admin/privacidad/solicitudes')).json()) as {
    solicitudes: { id: string; plazo: string; estado: string; alumno: { nombre: string } }[]
  }
  const abiertas = cola.solicitudes.filter((s) => s.estado === 'recibida')
  expect(abiertas.map((s) => s.plazo)).toEqual(abiertas.map((s) => s.plazo).sort())
  // The blocking request (2 business days) falls due before the opposition (30 days).
  expect(abiertas.at(-1)?.id).toBe(creada.id)

  const prorroga = await delegado.post(`/api/admin/privacidad/solicitudes/${creada.id}/prorroga`, {
    motivo: 'Debemos consultar al CRM.',
  })
  expect(prorroga.status).toBe(200)
  const { plazo } = (await prorroga.json()) as { plazo: string }
  expect(plazo).toBe(sumarDias(plazoLegal('oposicion', fechaEnChile(new Date())), 30))
  const otra = await delegado.post(`/api/admin/privacidad/solicitudes/${creada.id}/prorroga`, { motivo: 'Otra vez.' })
  expect(otra.status).toBe(409)
  expect(await otra.json()).toEqual({ error: MENSAJE_PRORROGA_UNA_VEZ })

  const rechazo = await delegado.post(`/api/admin/privacidad/solicitudes/${creada.id}/respuesta`, {
    decision: 'rechazar',
    texto: 'Las encuestas son parte del contrato de estudios.',
  })
  expect(rechazo.status).toBe(200)
  const mias = (await (await camila.get('/api/privacidad/mis-datos')).json()) as {
    solicitudes: { id: string; estado: string; mensajes: { tipo: string; texto: string }[] }[]
  }
  const leida = mias.solicitudes.find((s) => s.id === creada.id)!
  expect(leida.estado).toBe('rechazada')
  expect(leida.mensajes.map((m) => m.tipo)).toEqual(['acuse', 'prorroga', 'respuesta'])
  expect(leida.mensajes[1]!.texto).toContain('Debemos consultar al CRM.')
  expect(leida.mensajes[2]!.texto).toContain('Las encuestas son parte del contrato de estudios.')
  expect(leida.mensajes[2]!.texto).toContain(AGENCIA)
  expect(leida.mensajes[2]!.texto).toContain('30 días hábiles')

  // Answered once; every step audited.
  const otraVez = await delegado.post(`/api/admin/privacidad/solicitudes/${creada.id}/respuesta`, {
    decision: 'responder',
    texto: 'Otra respuesta.',
  })
  expect(otraVez.status).toBe(409)
  const auditoria = await consultarDb<{ accion: string; actor_rol: string }>(
    servidor.dataDir,
    "select accion, actor_rol from auditoria where entidad = 'solicitud-derecho' and entidad_id = ? order by en",
    creada.id,
  )
  expect(auditoria).toEqual([
    { accion: 'privacidad.prorrogar', actor_rol: 'delegado' },
    { accion: 'privacidad.rechazar', actor_rol: 'delegado' },
  ])
})

test('the answer as sent is kept as proof: text, moment and who, and the database refuses to change or delete it', async () => {
  const [prueba] = await consultarDb<{ id: string; texto: string; por_nombre: string; enviada_en: string }>(
    servidor.dataDir,
    "select id, texto, por_nombre, enviada_en from respuestas_derechos where tipo = 'respuesta'",
  )
  expect(prueba).toMatchObject({ por_nombre: 'Ignacia Soto Valdés' })
  expect(prueba!.enviada_en).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  await expect(
    consultarDb(servidor.dataDir, "update respuestas_derechos set texto = 'otro' where id = ?", prueba!.id),
  ).rejects.toThrow(/no se modifica/)
  await expect(
    consultarDb(servidor.dataDir, 'delete from respuestas_derechos where id = ?', prueba!.id),
  ).rejects.toThrow(/no se modifica/)
})

test('approving a rectification applies it through the rules of the student’s own form', async () => {
  const delegado = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.delegado)
  const malo = (await (
    await camila.post('/api/privacidad/mis-datos/solicitudes', {
      derecho: 'rectificacion',
      campo: 'fechaNac',
      valorCorrecto: '2020-01-01',
    })
  ).json()) as { id: string }
  // Under 18: the form's rule refuses it, and nothing changes.
  const refusada = await delegado.post(`/api/admin/privacidad/solicitudes/${malo.id}/respuesta`, {
    decision: 'aprobar',
  })
  expect(refusada.status).toBe(409)
  expect(((await refusada.json()) as { error: string }).error).toContain('reglas de Información Personal')

  const bueno = (await (
    await camila.post('/api/privacidad/mis-datos/solicitudes', {
      derecho: 'rectificacion',
      campo: 'nombres',
      valorCorrecto: 'Camila Ignacia',
    })
  ).json()) as { id: string }
  const aprobada = await delegado.post(`/api/admin/privacidad/solicitudes/${bueno.id}/respuesta`, {
    decision: 'aprobar',
  })
  expect(aprobada.status, await aprobada.clone().text()).toBe(200)
  expect(((await aprobada.json()) as { texto: string }).texto).toContain('Camila Ignacia')
  const persona = (await (await camila.get('/api/alumno/persona')).json()) as { data: { nombres: string } }
  expect(persona.data.nombres).toBe('Camila Ignacia')
  const historial = await consultarDb<{ campos: string }>(
    servidor.dataDir,
    'select campos from historial_persona where alumno_id = ? order by cambiado_en desc',
    camilaId,
  )
  expect(JSON.parse(historial[0]!.campos)).toEqual(['nombres'])
})

test('an assistant never reaches the queue; the home counts the open requests for those who may answer', async () => {
  const asistente = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.herrera)
  expect((await asistente.get('/api/admin/privacidad/solicitudes')).status).toBe(403)
  const resumenAsistente = (await (await asistente.get('/api/admin/resumen')).json()) as Record<string, unknown>
  expect(resumenAsistente.solicitudesDerechosAbiertas).toBeNull()
  const admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  const [{ n }] = (await consultarDb<{ n: number }>(
    servidor.dataDir,
    "select count(*) as n from solicitudes_derechos where estado = 'recibida'",
  )) as [{ n: number }]
  const resumen = (await (await admin.get('/api/admin/resumen')).json()) as Record<string, unknown>
  expect(resumen.solicitudesDerechosAbiertas).toBe(Number(n))
  expect(Number(n)).toBeGreaterThan(0)
})

test('staff who may answer are reminded 3 days and 1 day before a deadline, once each', async () => {
  const enviados: { to: string; subject: string }[] = []
  const correo = { enviar: async (m: { to: string; subject: string }) => void enviados.push(m) }
  const [abierta] = await consultarDb<{ id: string; numero: string; plazo: string }>(
    servidor.dataDir,
    "select id, numero, plazo from solicitudes_derechos where estado = 'recibida' and derecho = 'bloqueo'",
  )
  const deps = { db, correo, log: () => {}, config: { publicUrl: 'http://portal.test' } }
  const dia = (fecha: string) => () => new Date(`${fecha}T15:00:00Z`)
  await revisarPlazosDerechos({ ...deps, clock: dia(sumarDias(abierta!.plazo, -5)) })
  expect(enviados).toEqual([])
  await revisarPlazosDerechos({ ...deps, clock: dia(sumarDias(abierta!.plazo, -3)) })
  await revisarPlazosDerechos({ ...deps, clock: dia(sumarDias(abierta!.plazo, -2)) })
  const tres = enviados.filter((m) => m.subject.includes(abierta!.numero))
  expect(tres.map((m) => m.to).sort()).toEqual([DEMO_PERSONAL.admin, DEMO_PERSONAL.delegado].sort())
  expect(tres[0]!.subject).toContain('en 3 días')
  await revisarPlazosDerechos({ ...deps, clock: dia(sumarDias(abierta!.plazo, -1)) })
  const todos = enviados.filter((m) => m.subject.includes(abierta!.numero))
  expect(todos).toHaveLength(4)
  expect(todos.at(-1)!.subject).toContain('mañana')
})

test('approving a suppression runs it: the answer lists what was deleted and what was kept and why, sent to the old address; the old sign-in no longer works', async () => {
  const delegado = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.delegado)
  const gemela = await iniciarSesion(servidor.url, GEMELA)
  const pedida = await gemela.post('/api/privacidad/mis-datos/solicitudes', {
    derecho: 'supresion',
    confirmaLoQueSeConserva: true,
  })
  expect(pedida.status).toBe(201)
  const { id, numero } = (await pedida.json()) as { id: string; numero: string }
  const aprobada = await delegado.post(`/api/admin/privacidad/solicitudes/${id}/respuesta`, { decision: 'aprobar' })
  expect(aprobada.status, await aprobada.clone().text()).toBe(200)
  const { texto } = (await aprobada.json()) as { texto: string }
  expect(texto).toContain('Se eliminó o anonimizó')
  expect(texto).toContain('Se conserva')
  expect(texto).toContain(REGISTRO_DATOS.solicitudesDerechos.nombre)
  const correos = await esperarCorreo(servidor.dataDir, GEMELA, 2)
  expect(correos.subject).toContain(numero)
  expect(correos.text).toContain('Se eliminó o anonimizó')
  // Her file is gone from disk; the answer stays as proof.
  const [archivo] = await consultarDb(
    servidor.dataDir,
    "select id from archivos_personales where id = 'archivo-gemela'",
  )
  expect(archivo).toBeUndefined()
  const [prueba] = await consultarDb<{ texto: string }>(
    servidor.dataDir,
    "select texto from respuestas_derechos where solicitud_id = ? and tipo = 'respuesta'",
    id,
  )
  expect(prueba!.texto).toBe(texto)
  const otra = clienteDePrueba(servidor.url)
  await otra.post('/api/auth/login', { email: GEMELA, password: 'Demo2026' })
  expect((await otra.get('/api/alumno/persona')).status).toBe(401)
  // And the session she had is closed.
  expect((await gemela.get('/api/alumno/persona')).status).toBe(401)
})

test('approving a blocking request blocks the student, and she is still told about her request', async () => {
  const delegado = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.delegado)
  const [abierta] = await consultarDb<{ id: string }>(
    servidor.dataDir,
    "select id from solicitudes_derechos where estado = 'recibida' and derecho = 'bloqueo' and alumno_id = ?",
    camilaId,
  )
  const aprobada = await delegado.post(`/api/admin/privacidad/solicitudes/${abierta!.id}/respuesta`, {
    decision: 'aprobar',
  })
  expect(aprobada.status, await aprobada.clone().text()).toBe(200)
  const bloqueos = await consultarDb(
    servidor.dataDir,
    'select id from bloqueos_datos where alumno_id = ? and levantado_en is null',
    camilaId,
  )
  expect(bloqueos).toHaveLength(1)
  const avisos = await consultarDb(
    servidor.dataDir,
    'select id from notificaciones where alumno_id = ? and ocasion = ?',
    camilaId,
    `solicitud:${abierta!.id}:respuesta`,
  )
  expect(avisos).toHaveLength(1)
})

test('a large download is left to the scheduler, which builds it once under its lease and tells the student by a notice', async () => {
  const [alumno] = await consultarDb<{ id: string }>(
    servidor.dataDir,
    'select id from alumnos where email = ?',
    DEMO_CUENTAS.sinSolicitudes,
  )
  const deps = {
    db,
    blobs: blobStoreEnDisco(join(servidor.dataDir, 'archivos')),
    clock: () => new Date(),
    log: () => {},
    config: configDePrueba(servidor.dataDir, null),
  }
  // Every download counts as large here.
  const pedida = await pedirExportacion(deps, alumno!.id, { umbralBytes: -1 })
  expect(pedida).toMatchObject({ estado: 'preparando' })
  if (!('id' in pedida)) throw new Error('sin exportación')
  // Two servers' runs at once: one builds it.
  await Promise.all([prepararExportaciones(deps), prepararExportaciones(deps)])
  const [fila] = await consultarDb<{ estado: string; intentos: number; blob_clave: string }>(
    servidor.dataDir,
    'select estado, intentos, blob_clave from exportaciones_datos where id = ?',
    pedida.id,
  )
  expect(fila).toMatchObject({ estado: 'lista', intentos: 1 })
  expect(
    readFileSync(join(servidor.dataDir, 'archivos', fila!.blob_clave))
      .subarray(0, 2)
      .toString(),
  ).toBe('PK')
  const avisos = await consultarDb<{ titulo: string }>(
    servidor.dataDir,
    'select titulo from notificaciones where alumno_id = ? and ocasion = ?',
    alumno!.id,
    `exportacion:${pedida.id}`,
  )
  expect(avisos).toEqual([{ titulo: 'La copia de sus datos está lista' }])
})

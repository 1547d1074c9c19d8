// Blocking a student's data, on SQLite and PostgreSQL: while the block is in
// force the CRM API leaves the student out of every list, no reminder is made and a delivery
// queued before is closed unsent, the staff read the block on the student's page and cannot change
// anything (423 with the reason in Spanish); lifting it is audited and everything comes back.
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  DETALLE_AVISO_BLOQUEADO,
  MENSAJE_ALUMNO_BLOQUEADO,
  MENSAJE_MOTIVO_LEVANTAR,
  MENSAJE_SIN_BLOQUEO,
  MENSAJE_YA_BLOQUEADO,
} from '../src/domain/bloqueo-datos.ts'
import { MENSAJE_SIN_PERMISO } from '../src/domain/personal.ts'
import { opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  consultarDb,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { construirConfig } from './config.ts'
import type { Mensaje } from './correo.ts'
import { abrirBaseDeDatos, type Db } from './db/connection.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'
import { previsualizar } from './importacion/aplicar.ts'
import { notificar } from './notificaciones/notificar.ts'
import { enviarPendientes } from './notificaciones/programador.ts'
import { revisarRecordatorios } from './notificaciones/recordatorios.ts'
import { bloquearAlumno, bloqueoVigente, levantarBloqueo } from './privacidad/bloqueo.ts'

const ALUMNO = 'alumno-estudiante'
const API = '/api/integracion/v1'

let servidor: ServidorDePrueba
let db: Db
let admin: ClienteDePrueba
let coordinacion: ClienteDePrueba
let token: string

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(servidor.dataDir))
  admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  coordinacion = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.coordinacion)
  const res = await admin.post('/api/admin/integracion/claves', { nombre: 'CRM', alcances: ['lectura'] })
  expect(res.status).toBe(201)
  token = ((await res.json()) as { token: string }).token
}, 60_000)

afterAll(async () => {
  await db?.destroy()
  await servidor?.close()
})

type Pagina = { datos: { alumno: { id: string } }[] }
/** The students each CRM list names, from the beginning. */
async function alumnosEnElCrm(): Promise<Record<string, string[]>> {
  const listas: Record<string, string[]> = {}
  for (const lista of ['encuestas', 'reglamentos', 'documentos', 'pagos']) {
    const res = await fetch(`${servidor.url}${API}/${lista}?desde=2000-01-01T00:00:00Z&limite=500`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.status, lista).toBe(200)
    listas[lista] = [...new Set(((await res.json()) as Pagina).datos.map((d) => d.alumno.id))]
  }
  return listas
}

const auditoria = (accion: string) =>
  consultarDb<{ actor_nombre: string; alumno_id: string; despues: string; antes: string | null }>(
    servidor.dataDir,
    'select actor_nombre, alumno_id, despues, antes from auditoria where accion = ? order by en',
    accion,
  )

async function borrarAvisos() {
  await consultarDb(servidor.dataDir, 'delete from envios_notificacion where alumno_id = ?', ALUMNO)
  await consultarDb(servidor.dataDir, 'delete from notificaciones where alumno_id = ?', ALUMNO)
}
const avisos = () =>
  consultarDb<{ tipo: string }>(servidor.dataDir, 'select tipo from notificaciones where alumno_id = ?', ALUMNO)

const enviados: Mensaje[] = []
const depsAvisos = () => ({
  db,
  clock: () => new Date(),
  log: () => {},
  correo: {
    async enviar(m: Mensaje) {
      enviados.push(m)
    },
  },
  config: { publicUrl: servidor.url, notificaciones: construirConfig({}).notificaciones },
})

test('a block: CRM lists without the student, no reminder, nothing queued sent, staff edits refused; lifting is audited', async () => {
  // One of their documents approved, so the CRM's list of approved documents names them too.
  const aprobado = await admin.post('/api/admin/documentos/solicitud/INS-26-40018/decision', {
    decision: 'aprobar',
    documentos: ['archivo-40018-42'],
  })
  expect(aprobado.status).toBe(200)
  const antes = await alumnosEnElCrm()
  // The demo student is in every list the CRM reads.
  for (const [lista, ids] of Object.entries(antes)) expect(ids, lista).toContain(ALUMNO)

  // A notice queued before the block, with its e-mail due at once.
  await borrarAvisos()
  const aviso = { titulo: 'Pago aprobado', cuerpo: 'Su pago fue aprobado.', ruta: '/pagos' }
  const previo = await notificar(db, {
    alumnoId: ALUMNO,
    tipo: 'pago-aprobado',
    ocasion: 'antes-del-bloqueo',
    aviso,
    ahora: new Date(),
  })
  expect(previo).not.toBeNull()

  // A role without the capability cannot block.
  const sinPermiso = await coordinacion.post(`/api/admin/alumnos/${ALUMNO}/bloqueo`, { motivo: 'x' })
  expect(sinPermiso.status).toBe(403)
  expect(await sinPermiso.json()).toEqual({ error: MENSAJE_SIN_PERMISO })

  const bloqueo = await admin.post(`/api/admin/alumnos/${ALUMNO}/bloqueo`, { motivo: 'Lo pidió el estudiante.' })
  expect(bloqueo.status, await bloqueo.clone().text()).toBe(201)
  expect((await bloqueo.json()).bloqueo).toMatchObject({ motivo: 'Lo pidió el estudiante.' })
  const otraVez = await admin.post(`/api/admin/alumnos/${ALUMNO}/bloqueo`, { motivo: 'Otra vez.' })
  expect(otraVez.status).toBe(409)
  expect(await otraVez.json()).toEqual({ error: MENSAJE_YA_BLOQUEADO })
  expect(await auditoria('privacidad.bloquear')).toEqual([
    expect.objectContaining({ actor_nombre: 'Carolina Vidal Rojas', alumno_id: ALUMNO }),
  ])

  // The CRM reads no row of the student, and the other students' rows as before.
  const durante = await alumnosEnElCrm()
  for (const [lista, ids] of Object.entries(durante)) {
    expect(ids, lista).not.toContain(ALUMNO)
    expect(ids, lista).toEqual(antes[lista]!.filter((id) => id !== ALUMNO))
  }

  // The delivery queued before goes nowhere: closed unsent, with why.
  await enviarPendientes(depsAvisos())
  expect(enviados.filter((m) => m.subject?.includes('Pago aprobado'))).toEqual([])
  expect(
    await consultarDb(
      servidor.dataDir,
      'select estado, detalle from envios_notificacion where notificacion_id = ?',
      previo,
    ),
  ).toEqual([{ estado: 'omitido', detalle: DETALLE_AVISO_BLOQUEADO }])

  // No reminder is made for them, and no other notice either.
  await revisarRecordatorios(db, new Date())
  expect((await avisos()).map((a) => a.tipo)).toEqual(['pago-aprobado'])
  expect(
    await notificar(db, { alumnoId: ALUMNO, tipo: 'documento-aprobado', ocasion: 'durante', aviso, ahora: new Date() }),
  ).toBeNull()

  // The staff's page shows the block; changing their data is refused with the reason.
  const ficha = await (await admin.get(`/api/admin/alumnos/${ALUMNO}`)).json()
  expect(ficha.bloqueo).toMatchObject({ motivo: 'Lo pidió el estudiante.' })
  const cambios = [
    admin.post('/api/admin/documentos/solicitud/INS-26-40018/decision', {
      decision: 'aprobar',
      documentos: ['archivo-40018-41'],
    }),
    admin.post('/api/admin/documentos/solicitud/INS-26-40018/deshacer', { documentos: ['archivo-40018-41'] }),
    admin.post('/api/admin/certificados/solicitudes/INS-26-40018/emitir', { confirmarFaltantes: [] }),
  ]
  const [certificado] = await consultarDb<{ codigo: string }>(
    servidor.dataDir,
    "select codigo from documentos_emitidos where alumno_id = ? and cod_tipo_documento = '35' and revocado_en is null",
    ALUMNO,
  )
  expect(certificado).toBeDefined()
  cambios.push(
    admin.post(`/api/admin/certificados/${certificado!.codigo}/revocar`, { motivo: 'Emitido con un error.' }),
  )
  const cuota = await consultarDb<{ codigo_inscripcion: string; numero: number }>(
    servidor.dataDir,
    `select c.codigo_inscripcion, c.numero from cuotas c join solicitudes s on s.codigo_inscripcion = c.codigo_inscripcion
     where s.alumno_id = ? and c.pago_id is null order by c.vencimiento limit 1`,
    ALUMNO,
  )
  expect(cuota).toHaveLength(1)
  cambios.push(
    admin.post(`/api/admin/pagos/cuotas/${cuota[0]!.codigo_inscripcion}/${cuota[0]!.numero}/presencial`, {
      idPagoFlujo: 'FL-1',
      codPagoFlujo: 'PF-1',
      codFilaWpay: 'WP-1',
      appName: 'Caja Escuela',
    }),
  )
  // A load from the school's file or the CRM does not change them either: their row is an error.
  const [cargada] = await previsualizar(db, [
    {
      codigo_inscripcion: 'IMP-BLOQUEO-1',
      email: 'estudiante@demo.cl',
      rut: '16.789.432-1',
      pasaporte: '',
      nombres: 'Camila Andrea',
      apellidos: 'Rojas Soto',
      cod_grupo: '5',
      curso: 'CIMP',
      nombre_curso: 'Curso Importado',
      tipo_curso: 'Curso',
      fecha_inicio: '02-03-2026',
      fecha_termino: '',
      horas: '20',
      arancel: '300.000',
      habilita_pago: 'No',
      cod_prospecto: 'PRO-BLOQUEO-1',
      asistente_email: 'francisca.herrera@postgrado-demo.cl',
    },
  ])
  expect(cargada).toMatchObject({
    resultado: 'error',
    errores: [{ columna: 'rut', mensaje: MENSAJE_ALUMNO_BLOQUEADO }],
  })
  const cuentaAntes = await consultarDb(servidor.dataDir, 'select count(*) as n from auditoria')
  for (const res of await Promise.all(cambios)) {
    expect(res.status, res.url).toBe(423)
    expect(await res.json()).toEqual({ error: MENSAJE_ALUMNO_BLOQUEADO })
  }
  expect(await consultarDb(servidor.dataDir, 'select count(*) as n from auditoria')).toEqual(cuentaAntes)

  // Lifting asks why; it is audited; lifting twice says there is nothing to lift.
  const sinMotivo = await admin.request('DELETE', `/api/admin/alumnos/${ALUMNO}/bloqueo`, { motivo: ' ' })
  expect(sinMotivo.status).toBe(400)
  expect((await sinMotivo.json()).error).toBe(MENSAJE_MOTIVO_LEVANTAR)
  const levantado = await admin.request('DELETE', `/api/admin/alumnos/${ALUMNO}/bloqueo`, {
    motivo: 'El estudiante retiró su pedido.',
  })
  expect(levantado.status).toBe(200)
  const [fila] = await auditoria('privacidad.levantar-bloqueo')
  expect(fila).toMatchObject({ actor_nombre: 'Carolina Vidal Rojas', alumno_id: ALUMNO })
  expect(JSON.parse(fila!.despues)).toEqual({ motivo: 'El estudiante retiró su pedido.' })
  expect(JSON.parse(fila!.antes!).bloqueadoDesde).toEqual(expect.any(String))
  const nada = await admin.request('DELETE', `/api/admin/alumnos/${ALUMNO}/bloqueo`, { motivo: 'Otra vez.' })
  expect(nada.status).toBe(409)
  expect(await nada.json()).toEqual({ error: MENSAJE_SIN_BLOQUEO })

  // Lifted: the CRM reads the student again, and the reminders due are made.
  expect(await alumnosEnElCrm()).toEqual(antes)
  await revisarRecordatorios(db, new Date())
  expect((await avisos()).length).toBeGreaterThan(1)
  expect((await (await admin.get(`/api/admin/alumnos/${ALUMNO}`)).json()).bloqueo).toBeNull()
})

test('the functions the school’s queue calls: a blocking request approved twice blocks once, with its request', async () => {
  const actor = {
    personal: { id: 'personal-admin', nombre: 'Carolina Vidal Rojas', rol: 'admin' },
    ip: '127.0.0.1',
    ahora: new Date(),
  }
  const alumnoId = 'alumno-extranjera'
  expect(await bloqueoVigente(db, alumnoId)).toBeNull()
  await bloquearAlumno(db, { alumnoId, motivo: 'Solicitud de bloqueo aprobada.', solicitudId: 7, actor })
  await bloquearAlumno(db, { alumnoId, motivo: 'Solicitud de bloqueo aprobada.', solicitudId: 7, actor })
  expect(await bloqueoVigente(db, alumnoId)).toEqual({
    desde: actor.ahora.toISOString(),
    motivo: 'Solicitud de bloqueo aprobada.',
  })
  const filas = await consultarDb<{ solicitud_id: number }>(
    servidor.dataDir,
    'select solicitud_id from bloqueos_datos where alumno_id = ?',
    alumnoId,
  )
  expect(filas.map((f) => Number(f.solicitud_id))).toEqual([7])
  const auditadas = (await auditoria('privacidad.bloquear')).filter((f) => f.alumno_id === alumnoId)
  expect(auditadas.map((f) => JSON.parse(f.despues))).toEqual([
    { motivo: 'Solicitud de bloqueo aprobada.', solicitudPrivacidad: 7 },
  ])
  await levantarBloqueo(db, { alumnoId, actor, motivo: 'Plazo cumplido.' })
  expect(await bloqueoVigente(db, alumnoId)).toBeNull()
})

// The retention run and the breach register through the API, on SQLite and PostgreSQL:
// the school sees a dry run and nothing is deleted until an admin confirms; the
// confirmation deletes what is due and keeps what a kept category needs (an old applicant's
// payment); an incident recorded tells each affected student by notice and e-mail at once.
import { mkdirSync, existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MENSAJE_SIN_PERMISO } from '../src/domain/personal.ts'
import { REGISTRO_DATOS } from '../src/domain/registro-datos.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  clienteDePrueba,
  consultarDb,
  esperarCorreo,
  iniciarServidorDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { nuevaClaveBlob } from './blobs.ts'
import { CONCURSOS_DEMO } from './db/seed/concursos-ofertas.ts'
import { DEMO_CUENTAS, DEMO_PASSWORD } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'
import { MENSAJE_LOTE_NO_PROPUESTO, type LoteRetencion } from './privacidad/retencion.ts'

let servidor: ServidorDePrueba

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
}, 60_000)
afterAll(() => servidor.close())

const POSTULANTE = 'alumno-sinsolicitudes'

async function sembrarVencidos() {
  const db = (sql: string, ...p: unknown[]) => consultarDb(servidor.dataDir, sql, ...p)
  // An applicant who never enrolled, last seen two years ago, who paid a contest's fee.
  await db('delete from historial_persona where alumno_id = ?', POSTULANTE)
  await db("delete from sesiones where actor_tipo = 'alumno' and actor_id = ?", POSTULANTE)
  await db('delete from postulaciones where alumno_id = ?', POSTULANTE)
  await db("update alumnos set creado = '2024-01-01T00:00:00.000Z' where id = ?", POSTULANTE)
  await db(
    `insert into pagos (id, alumno_id, concepto, referencia, monto, descripcion, codigo_inscripcion, ruta_volver,
       orden_compra, id_sesion, token, estado, creado_en, resuelto_en, medio)
     values ('pago-viejo', ?, 'postulacion', 'post-vieja', 85000, 'Derecho de postulación', null, '/concursos',
       'OC-VIEJA', 's', 'tok-vieja', 'aprobado', '2024-01-02T00:00:00.000Z', '2024-01-02T00:00:00.000Z', 'webpay')`,
    POSTULANTE,
  )
  await db(
    `insert into postulaciones (id, concurso_id, alumno_id, creada_en, pagada_en, pago_id)
     values ('post-vieja', ?, ?, '2024-01-02T00:00:00.000Z', '2024-01-02T00:00:00.000Z', 'pago-viejo')`,
    CONCURSOS_DEMO.abierto,
    POSTULANTE,
  )
  // A document rejected long ago, with its file on disk.
  const clave = nuevaClaveBlob()
  mkdirSync(join(servidor.dataDir, 'archivos'), { recursive: true })
  writeFileSync(join(servidor.dataDir, 'archivos', clave), 'rechazado')
  await db(
    `insert into archivos_personales (id, alumno_id, cod_documento, nombre_original, tipo_archivo, content_type,
       tamanno, blob_clave, subido_en, id_inscripcion, id_grupo, estado_revision, motivo_rechazo, revisado_en)
     values ('archivo-rechazado-viejo', 'alumno-estudiante', '99', 'viejo.pdf', 'pdf', 'application/pdf', 9, ?,
       '2025-01-01T00:00:00.000Z', 0, 0, 'rechazado', 'Ilegible', '2025-01-02T00:00:00.000Z')`,
    clave,
  )
  return { clave }
}

const tarea = (lote: LoteRetencion, tipo: string) => lote.tareas.find((t) => t.tipo === tipo)!

test('the school sees a dry run; nothing goes until an admin confirms; an old applicant’s payment is kept', async () => {
  const { clave } = await sembrarVencidos()
  const admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  const revision = await admin.post('/api/admin/privacidad/retencion/revisar')
  expect(revision.status).toBe(200)
  const { propuesto } = (await revision.json()) as { propuesto: LoteRetencion }
  expect(propuesto.estado).toBe('propuesto')
  expect(tarea(propuesto, 'postulantes')).toMatchObject({
    cantidad: 1,
    categoria: REGISTRO_DATOS.inscripciones.nombre,
    ejemplos: [expect.stringContaining(DEMO_CUENTAS.sinSolicitudes)],
  })
  expect(tarea(propuesto, 'documentosRechazados').cantidad).toBe(1)

  // The dry run deleted nothing, and the list reads the same.
  expect(existsSync(join(servidor.dataDir, 'archivos', clave))).toBe(true)
  const [antes] = await consultarDb<{ email: string }>(
    servidor.dataDir,
    'select email from alumnos where id = ?',
    POSTULANTE,
  )
  expect(antes?.email).toBe(DEMO_CUENTAS.sinSolicitudes)
  const lista = (await (await admin.get('/api/admin/privacidad/retencion')).json()) as { propuesto: LoteRetencion }
  expect(lista.propuesto.id).toBe(propuesto.id)

  // Coordination neither sees nor confirms it.
  const coordinacion = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.coordinacion)
  const ajeno = await coordinacion.post(`/api/admin/privacidad/retencion/${propuesto.id}/confirmar`)
  expect(ajeno.status).toBe(403)
  expect(await ajeno.json()).toEqual({ error: MENSAJE_SIN_PERMISO })

  const confirmacion = await admin.post(`/api/admin/privacidad/retencion/${propuesto.id}/confirmar`)
  expect(confirmacion.status, await confirmacion.clone().text()).toBe(200)
  const { lote } = (await confirmacion.json()) as { lote: LoteRetencion }
  expect(lote.estado).toBe('aplicado')
  expect(tarea(lote, 'postulantes').aplicados).toBe(1)

  // The applicant's data is gone; the payment and the paid application it refers to are kept.
  const [despues] = await consultarDb<{ email: string; nombres: string }>(
    servidor.dataDir,
    'select email, nombres from alumnos where id = ?',
    POSTULANTE,
  )
  expect(despues?.nombres).toBe('Datos suprimidos')
  expect(await consultarDb(servidor.dataDir, "select id, monto from pagos where id = 'pago-viejo'")).toEqual([
    { id: 'pago-viejo', monto: 85000 },
  ])
  expect(await consultarDb(servidor.dataDir, "select id from postulaciones where id = 'post-vieja'")).toHaveLength(1)
  // The old rejected document and its file are gone; the student's other documents are not.
  expect(existsSync(join(servidor.dataDir, 'archivos', clave))).toBe(false)
  expect(
    await consultarDb(servidor.dataDir, "select id from archivos_personales where id = 'archivo-rechazado-viejo'"),
  ).toEqual([])
  // The applicant cannot sign in with the old e-mail and password.
  const ingreso = await clienteDePrueba(servidor.url).post('/api/auth/login', {
    email: DEMO_CUENTAS.sinSolicitudes,
    password: DEMO_PASSWORD,
  })
  expect(((await ingreso.json()) as { codRetorno?: number }).codRetorno).not.toBe(0)

  // Audited, and a batch is confirmed once.
  const auditoria = await consultarDb<{ accion: string; actor_nombre: string }>(
    servidor.dataDir,
    "select accion, actor_nombre from auditoria where entidad = 'retencion-lote' and entidad_id = ?",
    propuesto.id,
  )
  expect(auditoria.map((a) => a.accion).sort()).toEqual([
    'privacidad.retencion-confirmar',
    'privacidad.retencion-revisar',
  ])
  const otra = await admin.post(`/api/admin/privacidad/retencion/${propuesto.id}/confirmar`)
  expect(otra.status).toBe(409)
  expect(await otra.json()).toEqual({ error: MENSAJE_LOTE_NO_PROPUESTO })
})

test('an incident recorded tells each affected student by notice and e-mail, in one audited act', async () => {
  const admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  const cuerpo = {
    detectadaEl: '2026-01-02',
    descripcion: 'Un correo con una planilla de alumnos se envió a un destinatario equivocado.',
    categorias: ['contacto', 'documentos'],
    medidas: 'Se pidió al destinatario borrar el correo.',
    alumnos: `${DEMO_CUENTAS.estudiante}\nnadie@ninguna.cl`,
    agenciaInformadaEl: '',
  }
  const contar = async () =>
    (await consultarDb<{ n: number }>(servidor.dataDir, 'select count(*) as n from brechas'))[0]!.n
  // An unknown student: nothing is recorded, and the reply names who.
  const malo = await admin.post('/api/admin/privacidad/brechas', cuerpo)
  expect(malo.status).toBe(422)
  expect(((await malo.json()) as { campos: { alumnos: string } }).campos.alumnos).toContain('nadie@ninguna.cl')
  expect(await contar()).toBe(0)
  // Bad input changes nothing either.
  expect((await admin.post('/api/admin/privacidad/brechas', { ...cuerpo, categorias: [] })).status).toBe(400)

  const res = await admin.post('/api/admin/privacidad/brechas', {
    ...cuerpo,
    alumnos: `${DEMO_CUENTAS.estudiante}, ${DEMO_CUENTAS.extranjera}`,
  })
  expect(res.status, await res.clone().text()).toBe(201)
  const { brecha } = (await res.json()) as { brecha: { id: string; alumnos: number; avisados: number } }
  expect(brecha).toMatchObject({ alumnos: 2, avisados: 2 })
  const avisos = await consultarDb<{ alumno_id: string; titulo: string }>(
    servidor.dataDir,
    "select alumno_id, titulo from notificaciones where tipo = 'incidente-seguridad' and ocasion = ? order by alumno_id",
    brecha.id,
  )
  expect(avisos.map((a) => a.alumno_id)).toEqual(['alumno-estudiante', 'alumno-extranjera'])
  const correo = await esperarCorreo(servidor.dataDir, DEMO_CUENTAS.estudiante)
  expect(correo.subject).toContain('Incidente de seguridad')
  const auditoria = await consultarDb<{ accion: string }>(
    servidor.dataDir,
    "select accion from auditoria where entidad = 'brecha' and entidad_id = ?",
    brecha.id,
  )
  expect(auditoria).toEqual([{ accion: 'privacidad.brecha-registrar' }])

  // When the Agencia was told, recorded later and once.
  const agencia = await admin.post(`/api/admin/privacidad/brechas/${brecha.id}/agencia`, {
    agenciaInformadaEl: '2026-01-03',
  })
  expect(agencia.status).toBe(200)
  expect(
    (await admin.post(`/api/admin/privacidad/brechas/${brecha.id}/agencia`, { agenciaInformadaEl: '2026-01-03' }))
      .status,
  ).toBe(409)
  const lista = (await (await admin.get('/api/admin/privacidad/brechas')).json()) as {
    brechas: { id: string; agenciaInformadaEn: string | null }[]
  }
  expect(lista.brechas.find((b) => b.id === brecha.id)?.agenciaInformadaEn).toBe('2026-01-03T03:00:00.000Z')
})

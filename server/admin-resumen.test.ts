// The staff's home counts: what needs someone today, each within the member's reach and only for
// what their role may do. The demo's dates are set relative to today (and to Chile's week), so
// the file means the same on any day.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fechaEnChile, semanaEnChile } from '../src/domain/fechas.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  clienteDePrueba,
  consultarDb,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'

let servidor: ServidorDePrueba
const personal = {} as Record<keyof typeof DEMO_PERSONAL, ClienteDePrueba>
const ahora = new Date()
const hoy = fechaEnChile(ahora)
const semana = semanaEnChile(ahora)
const antesDeLaSemana = new Date(semana.inicio.getTime() - 1).toISOString()

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  const sql = (consulta: string, ...parametros: unknown[]) => consultarDb(servidor.dataDir, consulta, ...parametros)
  // Documents waiting: the demo's two of INS-26-40018 (the student's) and two of INS-25-30688 (the
  // foreign student's), and one personal document of the foreign student; one of the student's
  // personal documents is reviewed already.
  await sql(
    `insert into archivos_personales (id, alumno_id, cod_documento, nombre_original, tipo_archivo, content_type,
      tamanno, blob_clave, subido_en, id_inscripcion, id_grupo, estado_revision)
     values ('ap-extranjera', 'alumno-extranjera', '20', 'pasaporte.pdf', 'pdf', 'application/pdf', 10, 'clave-ap-1', ?, 0, 1, 'en-revision'),
            ('ap-estudiante', 'alumno-estudiante', '20', 'carnet.pdf', 'pdf', 'application/pdf', 10, 'clave-ap-2', ?, 0, 1, 'aprobado')`,
    ahora.toISOString(),
    ahora.toISOString(),
  )
  // Conditions rejected: the demo's INS-25-30502 (the student's) and the foreign student's enrolment.
  await sql(
    `insert into condiciones (codigo_inscripcion, alumno_id, decision, decidida_en)
     values ('INS-25-30688', 'alumno-extranjera', 'rechazadas', ?)`,
    ahora.toISOString(),
  )
  // This week: the foreign student's survey (now) and regulations (at the week's first moment);
  // the student's survey of INS-25-30311 a moment before the week began does not count.
  await sql(
    `insert into encuestas (codigo_inscripcion, alumno_id, respuestas, enviada_en)
     values ('INS-25-30688', 'alumno-extranjera', '{}', ?), ('INS-25-30311', 'alumno-estudiante', '{}', ?)`,
    ahora.toISOString(),
    antesDeLaSemana,
  )
  await sql(
    `insert into documentos_emitidos (codigo, alumno_id, codigo_inscripcion, cod_tipo_documento, tipo_documento,
      titular_nombre, titular_tipo_documento, titular_documento, programa, cod_prospecto, fecha_emision, emitido_en)
     values ('REGLAMENTOSEMANA000000000001', 'alumno-extranjera', 'INS-25-30688', '6', 'Reglamento Firmado',
      'Valentina García Pérez', 'PASAPORTE', 'AAF482913', 'Diplomado en Medicina de Urgencia', 'PRO-0093310', ?, ?)`,
    hoy,
    semana.inicio.toISOString(),
  )
  // Certificates: every demo program ended but the master's, which ends today; two of the ten that
  // ended have their certificate.
  await sql(`update solicitudes set fecha_termino = ? where codigo_inscripcion = 'INS-25-30021'`, hoy)
  for (const cuenta of Object.keys(DEMO_PERSONAL) as (keyof typeof DEMO_PERSONAL)[])
    personal[cuenta] = await iniciarSesionPersonal(servidor, DEMO_PERSONAL[cuenta])
}, 60_000)
afterAll(() => servidor.close())

async function resumen(cliente: ClienteDePrueba) {
  const res = await cliente.get('/api/admin/resumen')
  expect(res.status, await res.clone().text()).toBe(200)
  return res.json()
}

test('admin and coordination see every count, over every student', async () => {
  const esperado = {
    hoy,
    semana: { desde: semana.desde, hasta: semana.hasta },
    // The demo's two of each student's enrolment, and the foreign student's personal one above.
    documentosEnRevision: 5,
    condicionesRechazadas: 2,
    reglamentosFirmadosSemana: 1,
    encuestasRecibidasSemana: 1,
    certificadosPorEmitir: 8,
  }
  // Privacy requests are administration's and the data protection officer's alone.
  expect(await resumen(personal.admin)).toEqual({ ...esperado, solicitudesDerechosAbiertas: 0 })
  expect(await resumen(personal.coordinacion)).toEqual({ ...esperado, solicitudesDerechosAbiertas: null })
})

test('an assistant sees only their students, and no certificate count', async () => {
  // Francisca Herrera owns both demo students.
  expect(await resumen(personal.herrera)).toMatchObject({
    documentosEnRevision: 5,
    condicionesRechazadas: 2,
    reglamentosFirmadosSemana: 1,
    encuestasRecibidasSemana: 1,
    certificadosPorEmitir: null,
  })
  // Tomás Muñoz reaches the student through one enrolment, not the foreign student.
  expect(await resumen(personal.munoz)).toMatchObject({
    documentosEnRevision: 2,
    condicionesRechazadas: 1,
    reglamentosFirmadosSemana: 0,
    encuestasRecibidasSemana: 0,
    certificadosPorEmitir: null,
  })
})

test('the counts follow the work: a certificate issued is one less to issue', async () => {
  // The enrolment still lacks things: the refusal names them, and issuing confirms exactly those.
  const ruta = '/api/admin/certificados/solicitudes/INS-25-30688/emitir'
  const sinConfirmar = await personal.admin.post(ruta, {})
  expect(sinConfirmar.status).toBe(409)
  const { faltantes } = (await sinConfirmar.json()) as { faltantes: string[] }
  const res = await personal.admin.post(ruta, { confirmarFaltantes: faltantes })
  expect(res.status).toBe(201)
  expect(await resumen(personal.admin)).toMatchObject({ certificadosPorEmitir: 7 })
})

test('without a staff session: 401', async () => {
  expect((await clienteDePrueba(servidor.url).get('/api/admin/resumen')).status).toBe(401)
})

// A contest document the school rejected is not delivered: until the applicant replaces it, the
// application is not complete (the staff's list says what is left) and the 'postulación por
// cerrar' reminder still goes out in the contest's last days. On both engines.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fechaEnChile, sumarDias } from '../src/domain/fechas.ts'
import { opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import { consultarDb, iniciarServidorDePrueba, type ServidorDePrueba } from '../tests/support/servidor.ts'
import { abrirBaseDeDatos, type Db } from './db/connection.ts'
import { CONCURSOS_DEMO } from './db/seed/concursos-ofertas.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'
import { revisarRecordatorios } from './notificaciones/recordatorios.ts'

const CONCURSO = CONCURSOS_DEMO.pagado
const ALUMNO = 'alumno-estudiante'

let servidor: ServidorDePrueba
let db: Db
let postulacionId: string
let pedidos: string[]

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(servidor.dataDir))
  const ahora = new Date()
  // The contest closes tomorrow, in the reminder's last days.
  await db
    .updateTable('concursos')
    .set({ postulacion_hasta: sumarDias(fechaEnChile(ahora), 1) })
    .where('id', '=', CONCURSO)
    .execute()
  const concurso = await db
    .selectFrom('concursos')
    .select('documentos')
    .where('id', '=', CONCURSO)
    .executeTakeFirstOrThrow()
  pedidos = JSON.parse(concurso.documentos) as string[]
  const postulacion = await db
    .selectFrom('postulaciones')
    .select(['id', 'pagada_en'])
    .where('concurso_id', '=', CONCURSO)
    .where('alumno_id', '=', ALUMNO)
    .executeTakeFirstOrThrow()
  expect(postulacion.pagada_en, 'the demo applicant paid the fee').not.toBeNull()
  postulacionId = postulacion.id
  // Every document the contest asks for, uploaded and waiting for review.
  await db
    .insertInto('archivos_postulacion')
    .values(
      pedidos.map((cod) => ({
        id: `rechazo-${cod}`,
        postulacion_id: postulacionId,
        alumno_id: ALUMNO,
        cod_documento: cod,
        nombre_archivo: `documento-${cod}.pdf`,
        tipo_archivo: 'pdf',
        content_type: 'application/pdf',
        tamanno: 1024,
        blob_clave: `rechazo-${cod}`,
        subido_en: ahora.toISOString(),
      })),
    )
    .execute()
}, 60_000)
afterAll(async () => {
  await db.destroy()
  await servidor.close()
})

const avisosPorCerrar = () =>
  consultarDb<{ cuerpo: string }>(
    servidor.dataDir,
    "select cuerpo from notificaciones where alumno_id = ? and tipo = 'concurso-por-cerrar' and ocasion = ?",
    ALUMNO,
    postulacionId,
  )

async function estadoParaLaEscuela(): Promise<string | undefined> {
  const coordinacion = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.coordinacion)
  const res = await coordinacion.get(`/api/admin/concursos/${CONCURSO}`)
  expect(res.status).toBe(200)
  const detalle = (await res.json()) as { postulaciones: { id: string; estado: string }[] }
  return detalle.postulaciones.find((p) => p.id === postulacionId)?.estado
}

test('with every document delivered the application is complete and no reminder goes out', async () => {
  expect(await estadoParaLaEscuela()).toBe('Completa: en revisión por la comisión del concurso')
  await revisarRecordatorios(db, new Date())
  expect(await avisosPorCerrar()).toEqual([])
})

test('a rejected document makes it incomplete again, and the reminder asks for it before the contest closes', async () => {
  await db
    .updateTable('archivos_postulacion')
    .set({ estado_revision: 'rechazado', motivo_rechazo: 'Documento ilegible', revisado_en: new Date().toISOString() })
    .where('id', '=', `rechazo-${pedidos[0]}`)
    .execute()
  expect(await estadoParaLaEscuela()).toBe('Derecho de postulación pagado; 1 documento rechazado por reemplazar')
  await revisarRecordatorios(db, new Date())
  const avisos = await avisosPorCerrar()
  expect(avisos).toHaveLength(1)
  expect(avisos[0]!.cuerpo).toContain('aún le falta subir documentos')
})

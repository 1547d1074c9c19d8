// Seeds run once: each is recorded in `semillas` in the same transaction that inserts its rows,
// so a restart (or a crash half-way) never duplicates or half-applies one. Two lists: what every
// portal needs (reference tables, the portal's own account), and the demo (students, staff,
// contests, payments…), seeded only when asked for (DATOS_DEMO=1) and only into a new database
// or one that already holds the demo: never into a school's real data.
import type { Transaction } from 'kysely'
import { hashearPassword } from '../../seguridad/password.ts'
import type { Db } from '../connection.ts'
import type { Database } from '../schema.ts'
import {
  alumnosDemo,
  archivosDeSolicitudDemo,
  archivosPorRevisarDemo,
  asistentesDemo,
  condicionesDemo,
  DEMO_PASSWORD,
  documentosEmitidosDemo,
  empresasDemo,
  encuestasEnviadasDemo,
  programasDemo,
  respuestasEncuestaDemo,
  solicitudesDemo,
} from './demo.ts'
import { indexarAlumno } from '../../alumnos/busqueda.ts'
import type { BlobStore } from '../../blobs.ts'
import { asistentePortal } from './base.ts'
import { delegadoDemo, personalDemo } from './personal-demo.ts'
import type { CertificadoEscuela } from '../../papel/certificado-escuela.ts'
import { emitirCertificadoPrograma } from '../../papel/plantillas/certificado-programa.ts'
import { emitirComprobantePrograma } from '../../papel/plantillas/comprobante-programa.ts'
import { emitirDocumentosDemo } from '../../tributario/demo.ts'
import { emitirReglamento } from '../../papel/plantillas/reglamento.ts'
import { concursosDemo, ofertasDemo, postulacionesDemo } from './concursos-ofertas.ts'
import { cuotasDemo } from './cuotas.ts'
import { comunas, regiones } from './geografia.ts'
import { paises } from './paises.ts'
import { PROFESIONES_CON_OTRA } from '../../../src/domain/persona.ts'
import { profesiones } from './profesiones.ts'
import { universidades } from './universidades.ts'

/**
 * `blobs` receives the demo's uploaded files and issued documents; `firma` signs those and
 * `urlPublica` is where their QR points.
 */
export type OpcionesSemilla = {
  serviceAccountEmail: string
  ahora: Date
  blobs: BlobStore
  firma: CertificadoEscuela
  urlPublica: string
}

type Semilla = {
  nombre: string
  aplicar: (trx: Transaction<Database>, opciones: OpcionesSemilla) => Promise<void>
}

async function tablasDeReferencia(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto('paises')
    .values(paises.map((p, orden) => ({ cod_pais: p.codPais, pais: p.pais, nacionalidad: p.nacionalidad, orden })))
    .execute()
  await trx
    .insertInto('regiones')
    .values(regiones.map((r, orden) => ({ cod_region: r.codRegion, region: r.region, orden })))
    .execute()
  await trx
    .insertInto('comunas')
    .values(
      comunas.map((c, orden) => ({
        cod_comuna: c.codComuna,
        comuna: c.comuna,
        cod_region: c.codRegion,
        ciudad: c.ciudad,
        orden,
      })),
    )
    .execute()
  const conOtra: readonly string[] = PROFESIONES_CON_OTRA
  await trx
    .insertInto('profesiones')
    .values(
      profesiones.map((p, orden) => ({
        cod_profesion: p.codProfesion,
        profesion: p.profesion,
        requiere_otra: conOtra.includes(p.codProfesion) ? 1 : 0,
        orden,
      })),
    )
    .execute()
  await trx
    .insertInto('universidades')
    .values(universidades.map((universidad, orden) => ({ universidad, orden })))
    .execute()
}

/** The portal's own account as an assistant (already there in a database seeded before it was apart). */
async function cuentaDeServicio(trx: Transaction<Database>, { serviceAccountEmail }: OpcionesSemilla): Promise<void> {
  await trx
    .insertInto('asistentes')
    .values(asistentePortal(serviceAccountEmail))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
}

async function demo(trx: Transaction<Database>, { ahora }: OpcionesSemilla): Promise<void> {
  const creado = ahora.toISOString()
  await trx.insertInto('asistentes').values(asistentesDemo()).execute()
  // One hash per student: same password, but each gets its own salt.
  const alumnos = alumnosDemo('', creado)
  for (const alumno of alumnos) alumno.password_hash = await hashearPassword(DEMO_PASSWORD)
  await trx.insertInto('alumnos').values(alumnos).execute()
  for (const alumno of alumnos) await indexarAlumno(trx, alumno.id)
  await trx.insertInto('solicitudes').values(solicitudesDemo).execute()
}

/** The demo enrolments' surveys and conditions decisions. */
async function encuestasYCondiciones(trx: Transaction<Database>): Promise<void> {
  const respuestas = JSON.stringify(respuestasEncuestaDemo())
  await trx
    .insertInto('encuestas')
    .values(encuestasEnviadasDemo.map((e) => ({ ...e, respuestas })))
    .execute()
  await trx.insertInto('condiciones').values(condicionesDemo).execute()
}

/** Enrolment documents with their files; the bytes first: a row never points at a missing file. */
async function guardarArchivosDeSolicitud(
  trx: Transaction<Database>,
  blobs: BlobStore,
  archivos: ReturnType<typeof archivosDeSolicitudDemo>,
): Promise<void> {
  for (const { bytes, ...fila } of archivos) {
    await blobs.put(fila.blob_clave, bytes)
    await trx.insertInto('archivos_solicitud').values(fila).execute()
  }
}

/** Required documents partly uploaded: real small files, so they open like any upload. */
async function documentosDeSolicitud(trx: Transaction<Database>, { ahora, blobs }: OpcionesSemilla): Promise<void> {
  await guardarArchivosDeSolicitud(trx, blobs, archivosDeSolicitudDemo(ahora.toISOString()))
}

/** More documents waiting for the school's review, of a student an assistant does not reach. */
async function documentosPorRevisar(trx: Transaction<Database>, { ahora, blobs }: OpcionesSemilla): Promise<void> {
  await guardarArchivosDeSolicitud(trx, blobs, archivosPorRevisarDemo(ahora))
}

/**
 * Billing companies, what each program's paper prints, and every demo document issued and
 * signed by the document service. A database from before documents had files keeps the demo
 * certificates' codes without a file: those are issued again, under the same codes.
 */
async function documentosFirmados(trx: Transaction<Database>, opciones: OpcionesSemilla): Promise<void> {
  await trx.insertInto('empresas').values(empresasDemo).execute()
  for (const [codigo, programa] of Object.entries(programasDemo)) {
    await trx.updateTable('solicitudes').set(programa).where('codigo_inscripcion', '=', codigo).execute()
  }
  const { certificados, comprobantesPrograma, reglamentos } = documentosEmitidosDemo
  await trx
    .deleteFrom('documentos_emitidos')
    .where(
      'codigo',
      'in',
      certificados.map((c) => c.codigo),
    )
    .where('blob_clave', 'is', null)
    .execute()
  const papel = (ahora: Date) => ({
    db: trx,
    blobs: opciones.blobs,
    firma: opciones.firma,
    urlPublica: opciones.urlPublica,
    ahora,
  })
  for (const c of certificados) {
    await emitirCertificadoPrograma(papel(opciones.ahora), c.codigoInscripcion, c.fechaEmision, { codigo: c.codigo })
  }
  for (const c of comprobantesPrograma)
    await emitirComprobantePrograma(papel(opciones.ahora), c.codigoInscripcion, c.fechaEmision)
  for (const r of reglamentos) await emitirReglamento(papel(new Date(r.aceptadoEn)), r.codigoInscripcion)
}

/** Contests in every state, a paid and an unpaid application, and job offers, dated from `ahora`. */
async function concursosYOfertas(trx: Transaction<Database>, { ahora }: OpcionesSemilla): Promise<void> {
  await trx.insertInto('concursos').values(concursosDemo(ahora)).execute()
  await trx.insertInto('postulaciones').values(postulacionesDemo(ahora)).execute()
  await trx.insertInto('ofertas_laborales').values(ofertasDemo(ahora)).execute()
}

/** Installments paid, pending and overdue (relative to `ahora`), the paid ones with their payments. */
async function cuotas(trx: Transaction<Database>, { ahora }: OpcionesSemilla): Promise<void> {
  const demo = cuotasDemo(ahora)
  await trx.insertInto('pagos').values(demo.pagos).execute()
  await trx.insertInto('pagos_fisicos').values(demo.pagosFisicos).execute()
  await trx.insertInto('pasarela_sandbox').values(demo.transaccionesSandbox).execute()
  await trx.insertInto('cuotas').values(demo.cuotas).execute()
}

/**
 * The tax documents of the demo's approved payments, issued by the sandbox issuer: a
 * seed of its own, so a demo database seeded before them gets them too.
 */
async function documentosTributarios(trx: Transaction<Database>, { blobs, ahora }: OpcionesSemilla): Promise<void> {
  const pagos = await trx
    .selectFrom('pagos')
    .selectAll()
    .where('estado', '=', 'aprobado')
    .orderBy('resuelto_en')
    .execute()
  await emitirDocumentosDemo(trx, pagos, { blobs, ahora })
}

/** The demo's staff, with the demo password hashed once per account. */
async function personal(trx: Transaction<Database>, { ahora }: OpcionesSemilla): Promise<void> {
  const cuentas = personalDemo('', ahora.toISOString())
  for (const cuenta of cuentas) cuenta.password_hash = await hashearPassword(DEMO_PASSWORD)
  await trx.insertInto('personal').values(cuentas).execute()
}

async function delegado(trx: Transaction<Database>, { ahora }: OpcionesSemilla): Promise<void> {
  await trx
    .insertInto('personal')
    .values(delegadoDemo(await hashearPassword(DEMO_PASSWORD), ahora.toISOString()))
    .execute()
}

const semillasBase: Semilla[] = [
  { nombre: '0001-tablas-de-referencia', aplicar: tablasDeReferencia },
  { nombre: '0008-cuenta-de-servicio', aplicar: cuentaDeServicio },
]

/** The first of these marks a database as a demo one. */
const semillasDemo: Semilla[] = [
  { nombre: '0002-demo', aplicar: demo },
  { nombre: '0003-encuestas-condiciones', aplicar: encuestasYCondiciones },
  { nombre: '0004-documentos-de-solicitud', aplicar: documentosDeSolicitud },
  { nombre: '0005-documentos-firmados', aplicar: documentosFirmados },
  { nombre: '0006-cuotas', aplicar: cuotas },
  { nombre: '0007-concursos-ofertas', aplicar: concursosYOfertas },
  { nombre: '0009-personal-demo', aplicar: personal },
  { nombre: '0015-documentos-por-revisar', aplicar: documentosPorRevisar },
  { nombre: '0033-documentos-tributarios', aplicar: documentosTributarios },
  { nombre: '0035-delegado-demo', aplicar: delegado },
]

/**
 * Applies the seeds not yet applied: always the base ones; the demo's when `demo` is asked for and
 * the database is new or already a demo one. Returns the names applied, and whether the demo was
 * asked for but refused because the database holds other data.
 */
export async function sembrar(db: Db, opciones: OpcionesSemilla & { demo: boolean }) {
  const aplicadas = new Set((await db.selectFrom('semillas').select('nombre').execute()).map((s) => s.nombre))
  const esDemo = aplicadas.size === 0 || aplicadas.has(semillasDemo[0]!.nombre)
  const nuevas: string[] = []
  const semillas = opciones.demo && esDemo ? [...semillasBase, ...semillasDemo] : semillasBase
  for (const semilla of semillas) {
    if (aplicadas.has(semilla.nombre)) continue
    await db.transaction().execute(async (trx) => {
      await semilla.aplicar(trx, opciones)
      await trx
        .insertInto('semillas')
        .values({ nombre: semilla.nombre, aplicada: opciones.ahora.toISOString() })
        .execute()
    })
    nuevas.push(semilla.nombre)
  }
  return { nuevas, demoRechazada: opciones.demo && !esDemo }
}

// What needs someone today, for the staff's home (routes/admin/resumen.ts): each count only for
// what the member's role may do (null otherwise, and its query is not run) and only over the
// students in their reach. The week is Chile's, Monday to Sunday.
import { DOC_REGLAMENTO } from '../../src/domain/documentos-emitidos.ts'
import { fechaEnChile, semanaEnChile } from '../../src/domain/fechas.ts'
import type { Capacidad } from '../../src/domain/personal.ts'
import type { ConfigApp } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import type { Personal } from '../db/schema.ts'
import { contarPorEmitir } from '../papel/gestion-certificados.ts'
import { contarSolicitudesAbiertas } from '../privacidad/derechos.ts'
import { limiteAtraso } from '../tributario/programador.ts'
import { alumnosAlAlcance } from './alcance.ts'
import { personalPuede } from './rol.ts'

type Alcance = Pick<Personal, 'rol' | 'asistente_id'>

/** Uploaded documents (enrolment, personal and contest application ones) waiting for review. */
async function documentosEnRevision(db: Db, personal: Alcance): Promise<number> {
  const tablas = ['archivos_solicitud', 'archivos_personales', 'archivos_postulacion'] as const
  const conteos = await Promise.all(
    tablas.map((tabla) =>
      db
        .selectFrom(tabla)
        .innerJoin('alumnos', 'alumnos.id', `${tabla}.alumno_id`)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(`${tabla}.estado_revision`, '=', 'en-revision')
        .where(alumnosAlAlcance(personal))
        .executeTakeFirst(),
    ),
  )
  return conteos.reduce((suma, fila) => suma + Number(fila?.n ?? 0), 0)
}

/** Enrolments whose conditions the student rejected (and has not accepted since). */
async function condicionesRechazadas(db: Db, personal: Alcance): Promise<number> {
  const fila = await db
    .selectFrom('condiciones')
    .innerJoin('alumnos', 'alumnos.id', 'condiciones.alumno_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('condiciones.decision', '=', 'rechazadas')
    .where(alumnosAlAlcance(personal))
    .executeTakeFirst()
  return Number(fila?.n ?? 0)
}

/** Regulations signed between `desde` and `hasta` (moments, ISO). */
async function reglamentosFirmados(db: Db, personal: Alcance, desde: string, hasta: string): Promise<number> {
  const fila = await db
    .selectFrom('documentos_emitidos')
    .innerJoin('alumnos', 'alumnos.id', 'documentos_emitidos.alumno_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('documentos_emitidos.cod_tipo_documento', '=', DOC_REGLAMENTO)
    .where('documentos_emitidos.emitido_en', '>=', desde)
    .where('documentos_emitidos.emitido_en', '<', hasta)
    .where(alumnosAlAlcance(personal))
    .executeTakeFirst()
  return Number(fila?.n ?? 0)
}

/** Surveys sent between `desde` and `hasta` (moments, ISO). */
async function encuestasRecibidas(db: Db, personal: Alcance, desde: string, hasta: string): Promise<number> {
  const fila = await db
    .selectFrom('encuestas')
    .innerJoin('alumnos', 'alumnos.id', 'encuestas.alumno_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('encuestas.enviada_en', '>=', desde)
    .where('encuestas.enviada_en', '<', hasta)
    .where(alumnosAlAlcance(personal))
    .executeTakeFirst()
  return Number(fila?.n ?? 0)
}

/** Tax documents still not issued (pending or in error) past PLAZO_DOCUMENTO_PENDIENTE_HORAS. */
async function documentosTributariosAtrasados(
  db: Db,
  personal: Alcance,
  config: Pick<ConfigApp, 'tributario'>,
  ahora: Date,
): Promise<number> {
  const fila = await db
    .selectFrom('documentos_tributarios')
    .innerJoin('alumnos', 'alumnos.id', 'documentos_tributarios.alumno_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('documentos_tributarios.estado', 'in', ['pendiente', 'error'])
    .where('documentos_tributarios.creado_en', '<', limiteAtraso(config, ahora))
    .where(alumnosAlAlcance(personal))
    .executeTakeFirst()
  return Number(fila?.n ?? 0)
}

/** The staff home's summary for `personal` at `ahora`, as GET /api/admin/resumen answers it. */
export async function resumenDelDia(
  { db, config }: { db: Db; config: Pick<ConfigApp, 'tributario'> },
  personal: Alcance,
  ahora: Date,
) {
  const semana = semanaEnChile(ahora)
  const [desde, hasta] = [semana.inicio.toISOString(), semana.fin.toISOString()]
  /** The count when the role may act on it, else null (and the query is not run). */
  const si = <T>(capacidad: Capacidad, contar: () => Promise<T>) =>
    personalPuede(personal, capacidad) ? contar() : Promise.resolve(null)
  const [enRevision, rechazadas, reglamentos, encuestas, porEmitir, derechos, atrasados] = await Promise.all([
    si('documentos.revisar', () => documentosEnRevision(db, personal)),
    si('alumnos.ver', () => condicionesRechazadas(db, personal)),
    si('alumnos.ver', () => reglamentosFirmados(db, personal, desde, hasta)),
    si('alumnos.ver', () => encuestasRecibidas(db, personal, desde, hasta)),
    si('certificados.gestionar', () => contarPorEmitir(db, personal, fechaEnChile(ahora))),
    si('privacidad.gestionar', () => contarSolicitudesAbiertas(db)),
    si('pagos.ver', () => documentosTributariosAtrasados(db, personal, config, ahora)),
  ])
  return {
    hoy: fechaEnChile(ahora),
    semana: { desde: semana.desde, hasta: semana.hasta },
    documentosEnRevision: enRevision,
    condicionesRechazadas: rechazadas,
    reglamentosFirmadosSemana: reglamentos,
    encuestasRecibidasSemana: encuestas,
    certificadosPorEmitir: porEmitir,
    solicitudesDerechosAbiertas: derechos,
    documentosTributariosAtrasados: atrasados,
  }
}

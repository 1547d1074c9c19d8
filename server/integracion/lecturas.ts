// What the CRM reads back: surveys sent, regulations signed, documents approved and settled
// payments, each changed at or after a moment (`desde`), oldest first, a page at a time. A page
// ends with a cursor: the last row's moment and id, so the next page starts strictly after it and
// rows sharing a moment are neither skipped nor repeated, whatever arrives in between.
import { sql, type ExpressionBuilder } from 'kysely'
import { respuestasConsentidas } from '../../src/domain/consentimiento.ts'
import type { ConsultaCambios } from '../../src/domain/integracion.ts'
import { RUT_PLACEHOLDER } from '../../src/domain/rut.ts'
import type { Db } from '../db/connection.ts'
import { alumnoSinBloqueo } from '../privacidad/bloqueo.ts'

/** Where a page ended: the last row's moment and its id (for uploads, also its table). */
export type Posicion = { m: string; i: string }

/** The cursor is opaque to the CRM: the position as base64url JSON. */
export function cursorDe(posicion: Posicion): string {
  return Buffer.from(JSON.stringify(posicion)).toString('base64url')
}

/** The position a cursor names, or null when it is not one this server made. */
export function leerCursor(cursor: string): Posicion | null {
  try {
    const valor: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (!valor || typeof valor !== 'object') return null
    const { m, i } = valor as Record<string, unknown>
    return typeof m === 'string' && typeof i === 'string' && !Number.isNaN(Date.parse(m)) ? { m, i } : null
  } catch {
    return null
  }
}

type Fila = { momento: string; clave: string }

/** A page of rows read one more than asked, so the cursor is given only when more follow. */
function pagina<T extends Fila, R>(filas: T[], limite: number, mostrar: (f: T) => R) {
  const hay = filas.length > limite
  const visibles = hay ? filas.slice(0, limite) : filas
  const ultima = visibles.at(-1)
  return {
    datos: visibles.map(mostrar),
    siguiente: hay && ultima ? cursorDe({ m: ultima.momento, i: ultima.clave }) : null,
  }
}

/** The student as the CRM knows them: the portal's id, the student code, RUT or document, e-mail. */
function alumno(f: {
  alumno_id: string
  codigo_alumno: string
  rut: string
  tipo_documento: string | null
  numero_documento: string | null
  email: string
}) {
  return {
    id: f.alumno_id,
    codigoAlumno: f.codigo_alumno,
    rut: f.rut === RUT_PLACEHOLDER ? null : f.rut,
    documento: f.tipo_documento && f.numero_documento ? { tipo: f.tipo_documento, numero: f.numero_documento } : null,
    email: f.email,
  }
}

const COLUMNAS_ALUMNO = [
  'alumnos.codigo_alumno',
  'alumnos.rut',
  'alumnos.tipo_documento',
  'alumnos.numero_documento',
  'alumnos.email',
] as const

/**
 * Rows at or after `desde`, after the cursor's position when there is one, by (moment, key).
 * `momento` and `clave` are SQL expressions of the query's own columns.
 */
function desdePosicion<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  momento: string,
  clave: string,
  consulta: ConsultaCambios,
  posicion: Posicion | null,
) {
  const m = sql.ref<string>(momento)
  const k = sql.ref<string>(clave)
  const condiciones = [eb(m, 'is not', null)]
  if (consulta.desde) condiciones.push(eb(m, '>=', consulta.desde))
  if (posicion)
    condiciones.push(eb.or([eb(m, '>', posicion.m), eb.and([eb(m, '=', posicion.m), eb(k, '>', posicion.i)])]))
  return eb.and(condiciones)
}

export async function encuestasEnviadas(
  db: Db,
  consulta: ConsultaCambios,
  posicion: Posicion | null,
  { conRespuestas }: { conRespuestas: boolean },
) {
  const filas = await db
    .selectFrom('encuestas')
    .innerJoin('alumnos', 'alumnos.id', 'encuestas.alumno_id')
    .innerJoin('solicitudes', 'solicitudes.codigo_inscripcion', 'encuestas.codigo_inscripcion')
    .select([
      'encuestas.codigo_inscripcion as clave',
      'encuestas.enviada_en as momento',
      'encuestas.alumno_id',
      'encuestas.respuestas',
      'solicitudes.cod_prospecto',
      'solicitudes.curso',
      ...COLUMNAS_ALUMNO,
    ])
    .where(alumnoSinBloqueo())
    .where((eb) => desdePosicion(eb, 'encuestas.enviada_en', 'encuestas.codigo_inscripcion', consulta, posicion))
    .orderBy('encuestas.enviada_en')
    .orderBy('encuestas.codigo_inscripcion')
    .limit(consulta.limite + 1)
    .execute()
  return pagina(filas, consulta.limite, (f) => ({
    codigoInscripcion: f.clave,
    codProspecto: f.cod_prospecto,
    programa: f.curso,
    alumno: alumno(f),
    enviadaEn: f.momento,
    // A withdrawn consent's answers are not sent.
    ...(conRespuestas
      ? { respuestas: respuestasConsentidas(JSON.parse(f.respuestas) as Record<string, unknown>) }
      : {}),
  }))
}

/** Signed regulations: the documents of type 6 the portal issued when a student accepted them. */
export async function reglamentosFirmados(db: Db, consulta: ConsultaCambios, posicion: Posicion | null) {
  const filas = await db
    .selectFrom('documentos_emitidos')
    .innerJoin('alumnos', 'alumnos.id', 'documentos_emitidos.alumno_id')
    .select([
      'documentos_emitidos.codigo as clave',
      'documentos_emitidos.emitido_en as momento',
      'documentos_emitidos.alumno_id',
      'documentos_emitidos.codigo_inscripcion',
      'documentos_emitidos.cod_prospecto',
      'documentos_emitidos.programa',
      'documentos_emitidos.fecha_emision',
      'documentos_emitidos.revocado_en',
      ...COLUMNAS_ALUMNO,
    ])
    .where('documentos_emitidos.cod_tipo_documento', '=', '6')
    .where(alumnoSinBloqueo())
    .where((eb) =>
      desdePosicion(eb, 'documentos_emitidos.emitido_en', 'documentos_emitidos.codigo', consulta, posicion),
    )
    .orderBy('documentos_emitidos.emitido_en')
    .orderBy('documentos_emitidos.codigo')
    .limit(consulta.limite + 1)
    .execute()
  return pagina(filas, consulta.limite, (f) => ({
    codigo: f.clave,
    codigoInscripcion: f.codigo_inscripcion,
    codProspecto: f.cod_prospecto,
    programa: f.programa,
    alumno: alumno(f),
    fechaEmision: f.fecha_emision,
    firmadoEn: f.momento,
    revocadoEn: f.revocado_en,
  }))
}

/**
 * Documents the school approved, from the three kinds of uploads: an enrolment's, a student's
 * personal ones and a contest application's. The key is the kind and the upload's id, so the
 * cursor orders them across the three.
 */
export async function documentosAprobados(db: Db, consulta: ConsultaCambios, posicion: Posicion | null) {
  const solicitud = db
    .selectFrom('archivos_solicitud')
    .select([
      sql<string>`'solicitud'`.as('origen'),
      'id',
      'alumno_id',
      'cod_documento',
      sql<string | null>`codigo_inscripcion`.as('codigo_inscripcion'),
      sql<string | null>`null`.as('concurso_id'),
      'revisado_en',
    ])
    .where('estado_revision', '=', 'aprobado')
  const personales = db
    .selectFrom('archivos_personales')
    .select([
      sql<string>`'personal'`.as('origen'),
      'id',
      'alumno_id',
      'cod_documento',
      sql<string | null>`null`.as('codigo_inscripcion'),
      sql<string | null>`null`.as('concurso_id'),
      'revisado_en',
    ])
    .where('estado_revision', '=', 'aprobado')
  const postulacion = db
    .selectFrom('archivos_postulacion')
    .innerJoin('postulaciones', 'postulaciones.id', 'archivos_postulacion.postulacion_id')
    .select([
      sql<string>`'postulacion'`.as('origen'),
      'archivos_postulacion.id',
      'archivos_postulacion.alumno_id',
      'archivos_postulacion.cod_documento',
      sql<string | null>`null`.as('codigo_inscripcion'),
      sql<string | null>`postulaciones.concurso_id`.as('concurso_id'),
      'archivos_postulacion.revisado_en',
    ])
    .where('archivos_postulacion.estado_revision', '=', 'aprobado')
  const todos = solicitud.unionAll(personales).unionAll(postulacion)
  const filas = await db
    .selectFrom(todos.as('u'))
    .innerJoin('alumnos', 'alumnos.id', 'u.alumno_id')
    .where(alumnoSinBloqueo())
    .select([
      sql<string>`u.origen || ':' || u.id`.as('clave'),
      sql<string>`u.revisado_en`.as('momento'),
      'u.origen',
      'u.id',
      'u.alumno_id',
      'u.cod_documento',
      'u.codigo_inscripcion',
      'u.concurso_id',
      ...COLUMNAS_ALUMNO,
    ])
    .where((eb) => {
      const m = eb.ref('u.revisado_en')
      const k = sql<string>`u.origen || ':' || u.id`
      const condiciones = [eb(m, 'is not', null)]
      if (consulta.desde) condiciones.push(eb(m, '>=', consulta.desde))
      if (posicion)
        condiciones.push(eb.or([eb(m, '>', posicion.m), eb.and([eb(m, '=', posicion.m), eb(k, '>', posicion.i)])]))
      return eb.and(condiciones)
    })
    .orderBy('u.revisado_en')
    .orderBy(sql`u.origen || ':' || u.id`)
    .limit(consulta.limite + 1)
    .execute()
  return pagina(
    filas.map((f) => ({ ...f, momento: f.momento })),
    consulta.limite,
    (f) => ({
      origen: f.origen as 'solicitud' | 'personal' | 'postulacion',
      id: f.id,
      codDocumento: f.cod_documento,
      codigoInscripcion: f.codigo_inscripcion,
      concursoId: f.concurso_id,
      alumno: alumno(f),
      aprobadoEn: f.momento,
    }),
  )
}

/** Payments whose outcome is known (approved, rejected, cancelled…), by when it was settled. */
export async function pagosResueltos(db: Db, consulta: ConsultaCambios, posicion: Posicion | null) {
  const filas = await db
    .selectFrom('pagos')
    .innerJoin('alumnos', 'alumnos.id', 'pagos.alumno_id')
    .select([
      'pagos.id as clave',
      'pagos.resuelto_en',
      'pagos.alumno_id',
      'pagos.concepto',
      'pagos.referencia',
      'pagos.monto',
      'pagos.descripcion',
      'pagos.codigo_inscripcion',
      'pagos.orden_compra',
      'pagos.estado',
      'pagos.codigo_autorizacion',
      'pagos.ultimos_digitos',
      'pagos.tipo_pago',
      'pagos.numero_cuotas',
      'pagos.fecha_contable',
      'pagos.creado_en',
      ...COLUMNAS_ALUMNO,
    ])
    .where(alumnoSinBloqueo())
    .where((eb) => desdePosicion(eb, 'pagos.resuelto_en', 'pagos.id', consulta, posicion))
    .orderBy('pagos.resuelto_en')
    .orderBy('pagos.id')
    .limit(consulta.limite + 1)
    .execute()
  return pagina(
    filas.map((f) => ({ ...f, momento: f.resuelto_en ?? '' })),
    consulta.limite,
    (f) => ({
      id: f.clave,
      concepto: f.concepto,
      referencia: f.referencia,
      descripcion: f.descripcion,
      monto: f.monto,
      codigoInscripcion: f.codigo_inscripcion,
      ordenCompra: f.orden_compra,
      estado: f.estado,
      codigoAutorizacion: f.codigo_autorizacion,
      ultimosDigitos: f.ultimos_digitos,
      tipoPago: f.tipo_pago,
      numeroCuotas: f.numero_cuotas,
      fechaContable: f.fecha_contable,
      alumno: alumno(f),
      creadoEn: f.creado_en,
      resueltoEn: f.momento,
    }),
  )
}

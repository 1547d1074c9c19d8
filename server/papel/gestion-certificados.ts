// The school's certificates: which enrolments are due one (their program ended: its last day is
// over in Chile), their certificate's state, issuing one and revoking one. Every query goes
// through the staff member's reach, so a student out of it is answered like one that does not
// exist. Issuing and revoking each write their audit row in the same transaction as the change.
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely'
import { DOC_CERTIFICADO_PROGRAMA, fechaDeRevocacion } from '../../src/domain/documentos-emitidos.ts'
import type { FiltroEstadoCertificado } from '../../src/domain/busqueda-certificados.ts'
import { TAMANO_PAGINA_CERTIFICADOS } from '../../src/domain/gestion-certificados.ts'
import type { Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import type { Database, Personal } from '../db/schema.ts'
import { alumnosAlAlcance } from '../personal/alcance.ts'
import { auditar, type Autor } from '../personal/auditoria.ts'
import { emitirCertificadoPrograma } from './plantillas/certificado-programa.ts'

type Alcance = Pick<Personal, 'rol' | 'asistente_id'>

/** Where a staff member opens a certificate's PDF. */
export function enlacePdfCertificado(codigo: string): string {
  return `/api/admin/certificados/${encodeURIComponent(codigo)}/pdf`
}

type Tablas = Database & { vigente: Database['documentos_emitidos'] }
type ConVigente = ExpressionBuilder<Tablas, 'solicitudes' | 'alumnos' | 'vigente'>

/**
 * Enrolments whose program ended before `hoy`, of students in reach, each with its valid
 * certificate when it has one (at most one: a unique index over the valid ones).
 */
function terminadas(db: Db, personal: Alcance, hoy: string) {
  return db
    .selectFrom('solicitudes')
    .innerJoin('alumnos', 'alumnos.id', 'solicitudes.alumno_id')
    .leftJoin('documentos_emitidos as vigente', (join) =>
      join
        .onRef('vigente.codigo_inscripcion', '=', 'solicitudes.codigo_inscripcion')
        .on('vigente.cod_tipo_documento', '=', DOC_CERTIFICADO_PROGRAMA)
        .on('vigente.revocado_en', 'is', null),
    )
    .where('solicitudes.fecha_termino', '<', hoy)
    .where(alumnosAlAlcance(personal))
}

function conEstado<O>(
  consulta: SelectQueryBuilder<Tablas, 'solicitudes' | 'alumnos' | 'vigente', O>,
  estado: FiltroEstadoCertificado | '',
) {
  switch (estado) {
    case 'emitido':
      return consulta.where('vigente.codigo', 'is not', null)
    case 'por-emitir':
      return consulta.where('vigente.codigo', 'is', null)
    case 'revocado':
      return consulta
        .where('vigente.codigo', 'is', null)
        .where((eb: ConVigente) =>
          eb.exists(
            eb
              .selectFrom('documentos_emitidos as revocado')
              .select('revocado.codigo')
              .whereRef('revocado.codigo_inscripcion', '=', 'solicitudes.codigo_inscripcion')
              .where('revocado.cod_tipo_documento', '=', DOC_CERTIFICADO_PROGRAMA)
              .where('revocado.revocado_en', 'is not', null),
          ),
        )
    case '':
      return consulta
  }
}

export type EstadoCertificado =
  | { estado: 'sin-emitir' }
  | { estado: 'emitido'; codigo: string; fechaEmision: string; enlace: string }
  | { estado: 'revocado'; codigo: string; revocadoEn: string; motivo: string }

export type FiltrosCertificados = { programa: string; estado: FiltroEstadoCertificado | ''; pagina: number }

/** One page of the list, the total, and the programs that ended (for the filter), each with its count. */
export async function listarCertificados(db: Db, personal: Alcance, hoy: string, filtros: FiltrosCertificados) {
  const filtrada = () => {
    const base = terminadas(db, personal, hoy)
    return conEstado(filtros.programa ? base.where('solicitudes.curso', '=', filtros.programa) : base, filtros.estado)
  }
  const [{ total } = { total: 0 }] = await filtrada()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .execute()
  const filas = await filtrada()
    .select([
      'solicitudes.codigo_inscripcion',
      'solicitudes.curso',
      'solicitudes.nombre_curso',
      'solicitudes.fecha_termino',
      'alumnos.id as alumno_id',
      'alumnos.nombres',
      'alumnos.apellidos',
      'alumnos.email',
      'vigente.codigo as vigente_codigo',
      'vigente.fecha_emision as vigente_fecha',
    ])
    .orderBy('solicitudes.fecha_termino', 'desc')
    .orderBy('solicitudes.nombre_curso')
    .orderBy('alumnos.apellidos')
    .orderBy('alumnos.nombres')
    .orderBy('solicitudes.codigo_inscripcion')
    .limit(TAMANO_PAGINA_CERTIFICADOS)
    .offset((filtros.pagina - 1) * TAMANO_PAGINA_CERTIFICADOS)
    .execute()

  // Of the rows without a valid certificate, the last one revoked, if any.
  const sinVigente = filas.filter((f) => f.vigente_codigo === null).map((f) => f.codigo_inscripcion)
  const revocados =
    sinVigente.length === 0
      ? []
      : await db
          .selectFrom('documentos_emitidos')
          .select(['codigo', 'codigo_inscripcion', 'revocado_en', 'motivo_revocacion'])
          .where('cod_tipo_documento', '=', DOC_CERTIFICADO_PROGRAMA)
          .where('revocado_en', 'is not', null)
          .where('codigo_inscripcion', 'in', sinVigente)
          .orderBy('revocado_en', 'desc')
          .execute()

  const programas = await terminadas(db, personal, hoy)
    .select((eb) => [
      'solicitudes.curso',
      eb.fn.max('solicitudes.nombre_curso').as('nombre'),
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('vigente.codigo', 'is', null).then(1).else(0).end()).as('porEmitir'),
    ])
    .groupBy('solicitudes.curso')
    .orderBy('nombre')
    .execute()

  return {
    pagina: filtros.pagina,
    porPagina: TAMANO_PAGINA_CERTIFICADOS,
    total: Number(total),
    hoy,
    filas: filas.map((f) => {
      const revocado = revocados.find((r) => r.codigo_inscripcion === f.codigo_inscripcion)
      const certificado: EstadoCertificado = f.vigente_codigo
        ? {
            estado: 'emitido',
            codigo: f.vigente_codigo,
            fechaEmision: f.vigente_fecha ?? '',
            enlace: enlacePdfCertificado(f.vigente_codigo),
          }
        : revocado?.revocado_en
          ? {
              estado: 'revocado',
              codigo: revocado.codigo,
              revocadoEn: fechaDeRevocacion(revocado.revocado_en),
              motivo: revocado.motivo_revocacion ?? '',
            }
          : { estado: 'sin-emitir' }
      return {
        codigoInscripcion: f.codigo_inscripcion,
        programa: { curso: f.curso, nombre: f.nombre_curso },
        fechaTermino: f.fecha_termino ?? '',
        alumno: { id: f.alumno_id, nombre: `${f.nombres} ${f.apellidos}`, email: f.email },
        certificado,
      }
    }),
    programas: programas.map((p) => ({
      curso: p.curso,
      nombre: p.nombre ?? p.curso,
      total: Number(p.total),
      porEmitir: Number(p.porEmitir),
    })),
  }
}

/** Enrolments in reach whose program ended and that hold no valid certificate. */
export async function contarPorEmitir(db: Db, personal: Alcance, hoy: string): Promise<number> {
  const fila = await conEstado(terminadas(db, personal, hoy), 'por-emitir')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst()
  return Number(fila?.total ?? 0)
}

/** An enrolment of a student in reach, with what issuing its certificate needs to know. */
export async function solicitudAlAlcance(db: Db, personal: Alcance, codigoInscripcion: string) {
  return db
    .selectFrom('solicitudes')
    .innerJoin('alumnos', 'alumnos.id', 'solicitudes.alumno_id')
    .select(['solicitudes.codigo_inscripcion', 'solicitudes.alumno_id', 'solicitudes.fecha_termino'])
    .where('solicitudes.codigo_inscripcion', '=', codigoInscripcion)
    .where(alumnosAlAlcance(personal))
    .executeTakeFirst()
}

/** The enrolment's valid certificate, if it has one. */
export async function certificadoVigente(db: Db, codigoInscripcion: string) {
  return db
    .selectFrom('documentos_emitidos')
    .select(['codigo', 'fecha_emision'])
    .where('codigo_inscripcion', '=', codigoInscripcion)
    .where('cod_tipo_documento', '=', DOC_CERTIFICADO_PROGRAMA)
    .where('revocado_en', 'is', null)
    .executeTakeFirst()
}

/**
 * Issues the enrolment's certificate dated `hoy`, with its audit row in the same transaction as
 * its record. Two at once make one: the document service registers one valid certificate per
 * enrolment, and only the request that registered it gets `nuevo` (and wrote the audit row).
 */
export async function emitirCertificado(
  deps: Pick<Dependencias, 'db' | 'blobs' | 'firma' | 'config'>,
  autor: Autor,
  solicitud: { codigo_inscripcion: string; alumno_id: string },
  hoy: string,
) {
  return emitirCertificadoPrograma(
    { db: deps.db, blobs: deps.blobs, firma: deps.firma, urlPublica: deps.config.publicUrl, ahora: autor.ahora },
    solicitud.codigo_inscripcion,
    hoy,
    {
      alRegistrar: (trx, codigo) =>
        auditar(trx, autor, {
          accion: 'certificado.emitir',
          entidad: 'certificado',
          entidadId: codigo,
          alumnoId: solicitud.alumno_id,
          despues: { codigo, codigoInscripcion: solicitud.codigo_inscripcion, fechaEmision: hoy },
        }),
    },
  )
}

/** A program certificate of a student in reach, valid or revoked. */
export async function certificadoAlAlcance(db: Db, personal: Alcance, codigo: string) {
  return db
    .selectFrom('documentos_emitidos')
    .innerJoin('alumnos', 'alumnos.id', 'documentos_emitidos.alumno_id')
    .select([
      'documentos_emitidos.codigo',
      'documentos_emitidos.alumno_id',
      'documentos_emitidos.codigo_inscripcion',
      'documentos_emitidos.revocado_en',
      'documentos_emitidos.nombre_archivo',
      'documentos_emitidos.blob_clave',
      'documentos_emitidos.tamanno',
    ])
    .where('documentos_emitidos.codigo', '=', codigo.toUpperCase())
    .where('documentos_emitidos.cod_tipo_documento', '=', DOC_CERTIFICADO_PROGRAMA)
    .where(alumnosAlAlcance(personal))
    .executeTakeFirst()
}

export type Revocacion =
  { revocado: true; codigo: string; revocadoEn: string; motivo: string } | { revocado: false; revocadoEn: string }

/**
 * Revokes a valid certificate: one conditional update (only while it is valid) and its audit
 * row, in one transaction. Of two revocations at once, one updates the row; the other finds it
 * already revoked and is told when.
 */
export async function revocarCertificado(
  db: Db,
  autor: Autor,
  certificado: { codigo: string; alumno_id: string },
  motivo: string,
): Promise<Revocacion> {
  const revocadoEn = autor.ahora.toISOString()
  const hecho = await db.transaction().execute(async (trx) => {
    const fila = await trx
      .updateTable('documentos_emitidos')
      .set({ revocado_en: revocadoEn, motivo_revocacion: motivo, revocado_por: autor.personal.id })
      .where('codigo', '=', certificado.codigo)
      .where('revocado_en', 'is', null)
      .returning('codigo')
      .executeTakeFirst()
    if (!fila) return false
    await auditar(trx, autor, {
      accion: 'certificado.revocar',
      entidad: 'certificado',
      entidadId: certificado.codigo,
      alumnoId: certificado.alumno_id,
      antes: { revocadoEn: null, motivoRevocacion: null, revocadoPor: null },
      despues: { revocadoEn, motivoRevocacion: motivo, revocadoPor: autor.personal.id },
    })
    return true
  })
  if (hecho) return { revocado: true, codigo: certificado.codigo, revocadoEn: fechaDeRevocacion(revocadoEn), motivo }
  const actual = await db
    .selectFrom('documentos_emitidos')
    .select('revocado_en')
    .where('codigo', '=', certificado.codigo)
    .executeTakeFirstOrThrow()
  return { revocado: false, revocadoEn: fechaDeRevocacion(actual.revocado_en ?? revocadoEn) }
}

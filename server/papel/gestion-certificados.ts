// The school's certificates: which enrolments are due one (their program ended: its last day is
// over in Chile), their certificate's state, issuing one and revoking one. Every query goes
// through the staff member's reach, so a student out of it is answered like one that does not
// exist. Issuing and revoking each write their audit row in the same transaction as the change.
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely'
import { DOC_CERTIFICADO_PROGRAMA, DOC_REGLAMENTO, fechaDeRevocacion } from '../../src/domain/documentos-emitidos.ts'
import type { FiltroEstadoCertificado } from '../../src/domain/busqueda-certificados.ts'
import { documentosRequeridosDeSolicitud } from '../../src/domain/documentos-solicitud.ts'
import { esEstadoRevision } from '../../src/domain/estado-revision.ts'
import {
  faltantesEnPalabras,
  faltantesParaCertificado,
  TAMANO_PAGINA_CERTIFICADOS,
} from '../../src/domain/gestion-certificados.ts'
import { estadoCuota } from '../../src/domain/pagos.ts'
import type { Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import type { Database, Personal } from '../db/schema.ts'
import { notificarRevocacion } from '../notificaciones/documento-emitido.ts'
import { alumnosAlAlcance } from '../personal/alcance.ts'
import { auditar, type Autor } from '../personal/auditoria.ts'
import { estadoEncuesta, estadoReglamento } from '../solicitudes/consultas.ts'
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

/**
 * What each of these enrolments still lacks before its certificate (installments unpaid,
 * regulations unsigned, documents missing, rejected or in review, the survey unsent), in words,
 * by enrolment code: the shared rule of src/domain/gestion-certificados.ts over its rows.
 */
export async function faltantesDeSolicitudes(
  db: Db,
  codigos: readonly string[],
  hoy: string,
): Promise<Map<string, string[]>> {
  const faltantes = new Map<string, string[]>()
  if (codigos.length === 0) return faltantes
  const lista = [...codigos]
  const [solicitudes, encuestas, reglamentos, archivos, cuotas] = await Promise.all([
    db
      .selectFrom('solicitudes')
      .select(['codigo_inscripcion', 'cod_grupo', 'tipo_curso'])
      .where('codigo_inscripcion', 'in', lista)
      .execute(),
    db
      .selectFrom('encuestas')
      .select(['codigo_inscripcion', 'enviada_en'])
      .where('codigo_inscripcion', 'in', lista)
      .execute(),
    db
      .selectFrom('documentos_emitidos')
      .select('codigo_inscripcion')
      .where('codigo_inscripcion', 'in', lista)
      .where('cod_tipo_documento', '=', DOC_REGLAMENTO)
      .where('revocado_en', 'is', null)
      .execute(),
    db
      .selectFrom('archivos_solicitud')
      .select(['codigo_inscripcion', 'cod_documento', 'estado_revision'])
      .where('codigo_inscripcion', 'in', lista)
      .execute(),
    db
      .selectFrom('cuotas')
      .select(['codigo_inscripcion', 'vencimiento', 'pago_id'])
      .where('codigo_inscripcion', 'in', lista)
      .execute(),
  ])
  for (const s of solicitudes) {
    const codigo = s.codigo_inscripcion
    const subidos = archivos.filter((a) => a.codigo_inscripcion === codigo)
    const enviadaEn = encuestas.find((e) => e.codigo_inscripcion === codigo)?.enviada_en ?? null
    const situacion = {
      cuotas: cuotas
        .filter((c) => c.codigo_inscripcion === codigo)
        .map((c) => ({ estado: estadoCuota({ pagada: c.pago_id !== null, vencimiento: c.vencimiento }, hoy) })),
      reglamento: estadoReglamento(
        s.cod_grupo,
        s.tipo_curso,
        reglamentos.some((r) => r.codigo_inscripcion === codigo),
      ),
      encuesta: estadoEncuesta(s.cod_grupo, enviadaEn),
      documentos: documentosRequeridosDeSolicitud(s.cod_grupo, s.tipo_curso).map((r) => {
        const subido = subidos.find((a) => a.cod_documento === r.codDocumento)
        return {
          archivo: subido
            ? { revision: esEstadoRevision(subido.estado_revision) ? subido.estado_revision : null }
            : null,
        }
      }),
    }
    faltantes.set(codigo, faltantesEnPalabras(faltantesParaCertificado(situacion)))
  }
  return faltantes
}

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

  // Of the rows without a valid certificate, the last one revoked, if any, and what each lacks.
  const sinVigente = filas.filter((f) => f.vigente_codigo === null).map((f) => f.codigo_inscripcion)
  const faltantes = await faltantesDeSolicitudes(db, sinVigente, hoy)
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
        /** What the enrolment still lacks, in words (none listed once its certificate is valid). */
        faltantes: faltantes.get(f.codigo_inscripcion) ?? [],
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
  /** What the enrolment lacked and the staff member confirmed issuing without (recorded in the audit row). */
  faltantesConfirmados: readonly string[] = [],
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
          despues: {
            codigo,
            codigoInscripcion: solicitud.codigo_inscripcion,
            fechaEmision: hoy,
            ...(faltantesConfirmados.length > 0 ? { faltantesConfirmados: [...faltantesConfirmados] } : {}),
          },
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
      'documentos_emitidos.programa',
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
 * Revokes a valid certificate: one conditional update (only while it is valid), its audit row and
 * the student's notice (the certificate's earlier notice reads as revoked; the new one, with the
 * reason, goes at once to every channel they keep on), in one transaction. Of two revocations at
 * once, one updates the row; the other finds it already revoked and is told when.
 */
export async function revocarCertificado(
  db: Db,
  autor: Autor,
  certificado: { codigo: string; alumno_id: string; codigo_inscripcion: string | null; programa: string },
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
    if (certificado.codigo_inscripcion !== null)
      await notificarRevocacion(trx, {
        alumnoId: certificado.alumno_id,
        programa: certificado.programa,
        codigoInscripcion: certificado.codigo_inscripcion,
        codigo: certificado.codigo,
        motivo,
        ahora: autor.ahora,
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

// The school's review of the documents students upload, across the three kinds of uploads
// (an enrolment's required documents, the student's personal documents, a contest
// application's documents): the queue, one owner's checklist with its files, and the decision.
// Every query about students goes through the reviewer's reach (personal/alcance.ts); a document
// out of reach is answered like one that does not exist.
import { sql, type Kysely } from 'kysely'
import { ARCHIVOS_SUBIDOS } from '../archivos/tablas.ts'
import { documentosDeConcurso } from '../../src/domain/concursos.ts'
import { documentosPersonalesRequeridos } from '../../src/domain/documentos.ts'
import { documentosRequeridosDeSolicitud } from '../../src/domain/documentos-solicitud.ts'
import { esRutPlaceholder } from '../../src/domain/rut.ts'
import {
  estadoTrasDecision,
  MENSAJE_DESHACER_REEMPLAZADO,
  MENSAJE_DESHACER_VENCIDO,
  MENSAJE_DOCUMENTO_REEMPLAZADO,
  MENSAJE_DOCUMENTOS_NO_ENCONTRADOS,
  mensajeNadaQueDeshacer,
  mensajeYaDecidido,
  nombreTipoDocumento,
  TAMANO_PAGINA_REVISION,
  textoMotivoRechazo,
  type DecisionDocumentos,
  type FiltrosCola,
  type SiguienteDocumento,
} from '../../src/domain/revision-documentos.ts'
import { esEstadoRevision, type EstadoRevision, type OrigenDocumento } from '../../src/domain/estado-revision.ts'
import type { Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import type { Alumno, Database, Personal } from '../db/schema.ts'
import { alumnosAlAlcance } from '../personal/alcance.ts'
import { despacharAhora, despacharTras } from '../notificaciones/programador.ts'
import { notificarRevisionDocumento, retirarAvisoDeRechazo } from '../notificaciones/revision-documento.ts'
import type { AccionAuditada } from '../../src/domain/palabras-auditoria.ts'
import { auditar, type Autor } from '../personal/auditoria.ts'
import { rechazoPorBloqueo } from '../privacidad/bloqueo.ts'

type Revisor = Pick<Personal, 'rol' | 'asistente_id'>

/** The columns every table of uploads has, as one query sees them (the owner column as `dueno`). */
type FilaComun = {
  id: string
  dueno: string
  alumno_id: string
  cod_documento: string
  nombre: string
  content_type: string
  tamanno: number
  blob_clave: string
  subido_en: string
  estado_revision: string
  motivo_rechazo: string | null
  revisado_por: string | null
  revisado_en: string | null
}

/**
 * The uploads of one kind (archivos/tablas.ts), as a derived table `archivos` of the columns the
 * three tables share, the owner's column and the file name's under one name each, so that one
 * query reads any of them.
 */
function archivosDe(db: Kysely<Database>, origen: OrigenDocumento) {
  const { tabla, dueno, nombre } = ARCHIVOS_SUBIDOS[origen]
  return db.selectFrom(
    sql<FilaComun>`(select id, ${sql.ref(dueno)} as dueno, alumno_id, cod_documento, ${sql.ref(nombre)} as nombre,
      content_type, tamanno, blob_clave, subido_en, estado_revision, motivo_rechazo, revisado_por, revisado_en
      from ${sql.table(tabla)})`.as('archivos'),
  )
}

/** The students `personal` reaches, as a subquery for `alumno_id in (…)`. */
function alumnosAlcanzables(db: Db, personal: Revisor) {
  return db.selectFrom('alumnos').select('alumnos.id').where(alumnosAlAlcance(personal))
}

/** The review fields of an upload, as the student's and the staff's replies carry them. */
export function revisionJson(fila: { estado_revision: string; motivo_rechazo: string | null }) {
  const estado: EstadoRevision = esEstadoRevision(fila.estado_revision) ? fila.estado_revision : 'en-revision'
  return { estadoRevision: estado, motivoRechazo: estado === 'rechazado' ? fila.motivo_rechazo : null }
}

/** 'RUT 16789432-1' or 'PASAPORTE AAF482913'. */
function identidad(alumno: Pick<Alumno, 'rut' | 'tipo_documento' | 'numero_documento'>): string {
  return esRutPlaceholder(alumno.rut)
    ? `${alumno.tipo_documento ?? 'Documento'} ${alumno.numero_documento ?? ''}`.trim()
    : `RUT ${alumno.rut}`
}

// ---------------------------------------------------------------------------------------------
// The queue
// ---------------------------------------------------------------------------------------------

/**
 * One row per upload of every kind, with its student, what it belongs to and its program (an
 * enrolment's program code, or `concurso:<id>` for a contest; none for personal documents).
 */
function documentosEnCola(db: Db) {
  const comunes = [
    'a.id',
    'a.alumno_id',
    'a.cod_documento',
    'a.subido_en',
    'a.estado_revision',
    'a.motivo_rechazo',
    'al.nombres',
    'al.apellidos',
    'al.rut',
    'al.tipo_documento',
    'al.numero_documento',
  ] as const
  const nulo = sql<string | null>`cast(null as text)`
  const deSolicitudes = db
    .selectFrom('archivos_solicitud as a')
    .innerJoin('alumnos as al', 'al.id', 'a.alumno_id')
    .innerJoin('solicitudes as s', 's.codigo_inscripcion', 'a.codigo_inscripcion')
    .select(comunes)
    .select([
      sql<OrigenDocumento>`'solicitud'`.as('origen'),
      'a.codigo_inscripcion as dueno',
      'a.nombre_archivo as nombre',
      sql<string | null>`s.curso`.as('programa'),
      sql<string | null>`s.nombre_curso`.as('programa_nombre'),
    ])
  const personales = db
    .selectFrom('archivos_personales as a')
    .innerJoin('alumnos as al', 'al.id', 'a.alumno_id')
    .select(comunes)
    .select([
      sql<OrigenDocumento>`'personal'`.as('origen'),
      'a.alumno_id as dueno',
      'a.nombre_original as nombre',
      nulo.as('programa'),
      nulo.as('programa_nombre'),
    ])
  const dePostulaciones = db
    .selectFrom('archivos_postulacion as a')
    .innerJoin('alumnos as al', 'al.id', 'a.alumno_id')
    .innerJoin('postulaciones as p', 'p.id', 'a.postulacion_id')
    .innerJoin('concursos as k', 'k.id', 'p.concurso_id')
    .select(comunes)
    .select([
      sql<OrigenDocumento>`'postulacion'`.as('origen'),
      'a.postulacion_id as dueno',
      'a.nombre_archivo as nombre',
      sql<string | null>`'concurso:' || k.id`.as('programa'),
      sql<string | null>`k.especialidad || ' (' || k.sede || ')'`.as('programa_nombre'),
    ])
  return deSolicitudes.unionAll(personales).unionAll(dePostulaciones)
}

/** The queue's documents in reach in one state, filtered by program and type (as `d`). */
function colaFiltrada(
  db: Db,
  personal: Revisor,
  estado: EstadoRevision,
  filtros: Pick<FiltrosCola, 'programa' | 'tipo'>,
) {
  let consulta = db
    .selectFrom(documentosEnCola(db).as('d'))
    .where('d.estado_revision', '=', estado)
    .where('d.alumno_id', 'in', alumnosAlcanzables(db, personal))
  if (filtros.programa) consulta = consulta.where('d.programa', '=', filtros.programa)
  if (filtros.tipo) consulta = consulta.where('d.cod_documento', '=', filtros.tipo)
  return consulta
}

type ColumnaOrden = 'subido_en' | 'id' | 'apellidos' | 'nombres'
type ClaveOrden = { columna: ColumnaOrden; sentido: 'asc' | 'desc' }[]

/**
 * The columns an order of the queue sorts by, last the upload's id so no two documents tie: by
 * upload date, or by the student's surnames and names (then oldest first).
 */
function claveDeOrden(orden: NonNullable<FiltrosCola['orden']>): ClaveOrden {
  const sentido = orden.startsWith('-') ? 'desc' : 'asc'
  return orden === 'alumno' || orden === '-alumno'
    ? [
        { columna: 'apellidos', sentido },
        { columna: 'nombres', sentido },
        { columna: 'subido_en', sentido: 'asc' },
        { columna: 'id', sentido: 'asc' },
      ]
    : [
        { columna: 'subido_en', sentido },
        { columna: 'id', sentido },
      ]
}

/**
 * The queue's page: the documents in reach in the state asked for (in review by default),
 * oldest first unless told otherwise, filtered by program and type; with the total, and the
 * programs the filter can choose among.
 */
export async function colaDeRevision(db: Db, personal: Revisor, filtros: FiltrosCola) {
  const pagina = filtros.pagina ?? 1
  const consulta = colaFiltrada(db, personal, filtros.estado ?? 'en-revision', filtros)
  const conteo = await consulta.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst()
  const total = Number(conteo?.n ?? 0)
  let ordenada = consulta.selectAll('d')
  for (const { columna, sentido } of claveDeOrden(filtros.orden ?? 'subidoEn'))
    ordenada = ordenada.orderBy(`d.${columna}`, sentido)
  const filas = await ordenada
    .limit(TAMANO_PAGINA_REVISION)
    .offset((pagina - 1) * TAMANO_PAGINA_REVISION)
    .execute()

  return {
    documentos: filas.map((f) => ({
      origen: f.origen,
      id: f.id,
      dueno: f.dueno,
      codDocumento: f.cod_documento,
      documento: nombreTipoDocumento(f.cod_documento),
      nombre: f.nombre,
      subidoEn: f.subido_en,
      ...revisionJson(f),
      alumno: { id: f.alumno_id, nombre: `${f.nombres} ${f.apellidos}`, identidad: identidad(f) },
      perteneceA: perteneceA(f.origen, f.dueno, f.programa_nombre),
    })),
    total,
    pagina,
    paginas: Math.max(1, Math.ceil(total / TAMANO_PAGINA_REVISION)),
    programas: await programasEnCola(db, personal),
  }
}

/**
 * 'Siguiente documento': the first document waiting for review that comes after the reviewer's
 * current one in the queue's order and filters; once past the end, the first of the queue that is
 * not the current one (one skipped earlier). With how many others wait in that queue.
 */
export async function siguienteEnCola(db: Db, personal: Revisor, consulta: SiguienteDocumento) {
  const clave = claveDeOrden(consulta.orden ?? 'subidoEn')
  const cola = colaFiltrada(db, personal, 'en-revision', consulta)
  const actual =
    consulta.origen && consulta.documento
      ? await db
          .selectFrom(documentosEnCola(db).as('d'))
          .select(['d.origen', 'd.id', 'd.subido_en', 'd.apellidos', 'd.nombres'])
          .where('d.origen', '=', consulta.origen)
          .where('d.id', '=', consulta.documento)
          .where('d.alumno_id', 'in', alumnosAlcanzables(db, personal))
          .executeTakeFirst()
      : undefined
  const otra = cola.$if(!!actual, (c) =>
    c.where((eb) => eb.not(eb.and([eb('d.origen', '=', actual!.origen), eb('d.id', '=', actual!.id)]))),
  )
  const primera = async (c: typeof cola) => {
    let ordenada = c.selectAll('d')
    for (const { columna, sentido } of clave) ordenada = ordenada.orderBy(`d.${columna}`, sentido)
    return ordenada.limit(1).executeTakeFirst()
  }
  // After the current one by the order's columns: the first column that differs decides, as a
  // keyset comparison written out (the directions may differ from column to column).
  const despues = actual
    ? await primera(
        cola.where((eb) =>
          eb.or(
            clave.map(({ columna, sentido }, i) =>
              eb.and([
                ...clave.slice(0, i).map((previa) => eb(`d.${previa.columna}`, '=', actual[previa.columna])),
                eb(`d.${columna}`, sentido === 'asc' ? '>' : '<', actual[columna]),
              ]),
            ),
          ),
        ),
      )
    : undefined
  const siguiente = despues ?? (await primera(otra))
  const conteo = await otra.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst()
  return {
    siguiente: siguiente
      ? {
          origen: siguiente.origen,
          id: siguiente.id,
          dueno: siguiente.dueno,
          documento: nombreTipoDocumento(siguiente.cod_documento),
          alumno: `${siguiente.nombres} ${siguiente.apellidos}`,
        }
      : null,
    restantes: Number(conteo?.n ?? 0),
  }
}

/** 'Solicitud INS-26-40018 · Diplomado en …', 'Documentos personales', 'Concurso: Cardiología (…)'. */
function perteneceA(origen: OrigenDocumento, dueno: string, programa: string | null): string {
  if (origen === 'solicitud') return `Solicitud ${dueno}${programa ? ` · ${programa}` : ''}`
  if (origen === 'postulacion') return `Concurso: ${programa ?? ''}`
  return 'Documentos personales'
}

/** What the program filter offers: the programs of the enrolments in reach, then the contests. */
async function programasEnCola(db: Db, personal: Revisor) {
  const programas = await db
    .selectFrom('solicitudes')
    .select(['curso', 'nombre_curso'])
    .distinct()
    .where('alumno_id', 'in', alumnosAlcanzables(db, personal))
    .orderBy('nombre_curso')
    .orderBy('curso')
    .execute()
  const concursos = await db
    .selectFrom('concursos')
    .select(['id', 'especialidad', 'sede'])
    .orderBy('especialidad')
    .orderBy('sede')
    .execute()
  return [
    ...programas.map((p) => ({ valor: p.curso, nombre: p.nombre_curso })),
    ...concursos.map((k) => ({ valor: `concurso:${k.id}`, nombre: `Concurso: ${k.especialidad} (${k.sede})` })),
  ]
}

// ---------------------------------------------------------------------------------------------
// One owner's documents: the checklist beside the file
// ---------------------------------------------------------------------------------------------

/** Who a set of documents belongs to, within reach: its student, its title and what it requires. */
type Dueno = {
  alumno: Pick<Alumno, 'id' | 'nombres' | 'apellidos' | 'email' | 'rut' | 'tipo_documento' | 'numero_documento'>
  titulo: string
  requeridos: { codDocumento: string; documento: string; obligatorio: boolean }[]
}

/** The owner `id` of this kind, or null when it does not exist or is out of `personal`'s reach. */
async function duenoAlAlcance(db: Db, personal: Revisor, origen: OrigenDocumento, id: string): Promise<Dueno | null> {
  const alumnoDe = (alumnoId: string) =>
    db
      .selectFrom('alumnos')
      .select(['id', 'nombres', 'apellidos', 'email', 'rut', 'tipo_documento', 'numero_documento'])
      .where('id', '=', alumnoId)
      .where(alumnosAlAlcance(personal))
      .executeTakeFirst()
  if (origen === 'solicitud') {
    const solicitud = await db
      .selectFrom('solicitudes')
      .select(['codigo_inscripcion', 'alumno_id', 'nombre_curso', 'cod_grupo', 'tipo_curso'])
      .where('codigo_inscripcion', '=', id)
      .executeTakeFirst()
    const alumno = solicitud && (await alumnoDe(solicitud.alumno_id))
    if (!solicitud || !alumno) return null
    return {
      alumno,
      titulo: `Solicitud ${solicitud.codigo_inscripcion} · ${solicitud.nombre_curso}`,
      requeridos: documentosRequeridosDeSolicitud(solicitud.cod_grupo, solicitud.tipo_curso).map((d) => ({
        codDocumento: d.codDocumento,
        documento: d.documento,
        obligatorio: true,
      })),
    }
  }
  if (origen === 'personal') {
    const alumno = await alumnoDe(id)
    if (!alumno) return null
    const solicitudes = await db
      .selectFrom('solicitudes')
      .select(['cod_grupo as codGrupo', 'tipo_curso as tipoCurso'])
      .where('alumno_id', '=', alumno.id)
      .execute()
    return {
      alumno,
      titulo: 'Documentos personales',
      requeridos: documentosPersonalesRequeridos(solicitudes).map((d) => ({
        codDocumento: d.codDocumento,
        documento: d.documento,
        obligatorio: d.obligatorio,
      })),
    }
  }
  const postulacion = await db
    .selectFrom('postulaciones as p')
    .innerJoin('concursos as k', 'k.id', 'p.concurso_id')
    .select(['p.id', 'p.alumno_id', 'k.id as concurso_id', 'k.especialidad', 'k.sede', 'k.documentos'])
    .where('p.id', '=', id)
    .executeTakeFirst()
  const alumno = postulacion && (await alumnoDe(postulacion.alumno_id))
  if (!postulacion || !alumno) return null
  return {
    alumno,
    titulo: `Postulación al concurso ${postulacion.especialidad} (${postulacion.sede})`,
    requeridos: documentosDeConcurso(JSON.parse(postulacion.documentos) as string[]).map((d) => ({
      codDocumento: d.codDocumento,
      documento: d.documento,
      obligatorio: true,
    })),
  }
}

/** The current uploads of an owner, with the name of whoever reviewed each. */
function archivosDelDueno(db: Kysely<Database>, origen: OrigenDocumento, dueno: string) {
  return archivosDe(db, origen)
    .leftJoin('personal as revisor', 'revisor.id', 'archivos.revisado_por')
    .selectAll('archivos')
    .select('revisor.nombre as revisor_nombre')
    .where('archivos.dueno', '=', dueno)
    .orderBy('archivos.cod_documento')
    .execute()
}

/** The path of an upload's file under the staff's API (the review's viewer, a student's page). */
export function enlaceArchivoRevision(origen: OrigenDocumento, dueno: string, id: string): string {
  return `/api/admin/documentos/${origen}/${encodeURIComponent(dueno)}/archivos/${encodeURIComponent(id)}`
}

/**
 * An owner's checklist: every document it requires (and any other it holds a file for), each
 * with its current upload and that upload's review. Null when out of reach or missing.
 */
export async function expedienteDeRevision(db: Db, personal: Revisor, origen: OrigenDocumento, id: string) {
  const dueno = await duenoAlAlcance(db, personal, origen, id)
  if (!dueno) return null
  const archivos = await archivosDelDueno(db, origen, id)
  const tipos = [
    ...dueno.requeridos,
    ...archivos
      .filter((a) => !dueno.requeridos.some((r) => r.codDocumento === a.cod_documento))
      .map((a) => ({
        codDocumento: a.cod_documento,
        documento: nombreTipoDocumento(a.cod_documento),
        obligatorio: false,
      })),
  ]
  return {
    origen,
    id,
    titulo: dueno.titulo,
    alumno: {
      id: dueno.alumno.id,
      nombre: `${dueno.alumno.nombres} ${dueno.alumno.apellidos}`,
      email: dueno.alumno.email,
      identidad: identidad(dueno.alumno),
    },
    documentos: tipos.map((t) => {
      const archivo = archivos.find((a) => a.cod_documento === t.codDocumento)
      return {
        ...t,
        archivo: archivo
          ? {
              id: archivo.id,
              nombre: archivo.nombre,
              contentType: archivo.content_type,
              tamanno: archivo.tamanno,
              subidoEn: archivo.subido_en,
              ...revisionJson(archivo),
              revisadoPor: archivo.revisor_nombre ?? null,
              revisadoEn: archivo.revisado_en,
              enlace: enlaceArchivoRevision(origen, id, archivo.id),
            }
          : null,
      }
    }),
  }
}

/** An upload of an owner in reach, for sending its file; null otherwise. */
export async function archivoAlAlcance(db: Db, personal: Revisor, origen: OrigenDocumento, dueno: string, id: string) {
  if (!(await duenoAlAlcance(db, personal, origen, dueno))) return null
  return (
    (await archivosDe(db, origen)
      .select([
        'archivos.nombre',
        'archivos.content_type',
        'archivos.tamanno',
        'archivos.blob_clave',
        'archivos.cod_documento',
        'archivos.alumno_id',
      ])
      .where('archivos.dueno', '=', dueno)
      .where('archivos.id', '=', id)
      .executeTakeFirst()) ?? null
  )
}

// ---------------------------------------------------------------------------------------------
// The decision
// ---------------------------------------------------------------------------------------------

/** What an audit row of a decision names as the record it acted on. */
const ENTIDAD_AUDITORIA: Record<OrigenDocumento, string> = {
  solicitud: 'solicitud',
  personal: 'alumno',
  postulacion: 'postulacion',
}

/** Why a decision was not kept: the message for the reviewer (nothing changed). */
class DecisionNoGuardada extends Error {}

type DocumentoDecidido = {
  id: string
  documento: string
  estadoRevision: EstadoRevision
  motivoRechazo: string | null
}

export type ResultadoDecision =
  | {
      ok: true
      documentos: DocumentoDecidido[]
      /** A rejection: until when the reviewer may undo it, before the student is told. */
      deshacer: { hasta: string; segundos: number } | null
    }
  | { ok: false; status: 404 | 409 | 423; error: string }

/**
 * Approves or rejects, all together, uploads of one owner in reach, as one act: one transaction
 * and one audit row. A batch is one act of the reviewer ("these three, rejected as illegible"),
 * so it is kept whole or not at all: if another reviewer decided one of them first, or the
 * student replaced one since it was opened, none changes and the reviewer is told why. That is
 * also why the batch is one request and not a loop over single decisions, which could leave half
 * a selection decided, and why its audit row lists every document with its new state: one
 * change, one row.
 *
 * A document is decided only while it is in review, by a conditional update on its row (the
 * upload the reviewer saw, by id): of two reviewers at once, the first update wins and the
 * second finds the row no longer in review (PostgreSQL re-checks the condition once the first
 * commits; SQLite runs one write at a time).
 *
 * A rejection's notices are held back for the reviewer's window to undo it
 * (`plazoDeshacerRechazoMs`, see `deshacerRechazo`); an approval's go as usual.
 */
export async function decidirDocumentos(
  deps: Dependencias,
  personal: Personal,
  autor: Autor,
  origen: OrigenDocumento,
  duenoId: string,
  decision: DecisionDocumentos,
): Promise<ResultadoDecision> {
  const dueno = await duenoAlAlcance(deps.db, personal, origen, duenoId)
  if (!dueno) return { ok: false, status: 404, error: MENSAJE_DOCUMENTOS_NO_ENCONTRADOS }
  const bloqueado = await rechazoPorBloqueo(deps.db, dueno.alumno.id)
  if (bloqueado) return { ok: false, status: 423, error: bloqueado }
  const estado = estadoTrasDecision(decision.decision)
  const motivo =
    decision.decision === 'rechazar' && decision.motivo ? textoMotivoRechazo(decision.motivo, decision.detalle) : null
  const { tabla } = ARCHIVOS_SUBIDOS[origen]
  const ahora = autor.ahora.toISOString()
  const varios = decision.documentos.length > 1
  const plazo = estado === 'rechazado' ? deps.config.plazoDeshacerRechazoMs : 0
  const retenerHasta = plazo > 0 ? new Date(autor.ahora.getTime() + plazo) : undefined

  let decididos: { id: string; documento: string }[]
  try {
    decididos = await deps.db.transaction().execute(async (trx) => {
      const actuales = await archivosDelDueno(trx, origen, duenoId)
      const elegidos = decision.documentos.map((id) => actuales.find((a) => a.id === id))
      if (elegidos.some((a) => !a)) throw new DecisionNoGuardada(MENSAJE_DOCUMENTO_REEMPLAZADO)
      const filas = elegidos as (typeof actuales)[number][]
      for (const fila of filas) {
        const actualizada = await trx
          .updateTable(tabla)
          .set({ estado_revision: estado, motivo_rechazo: motivo, revisado_por: autor.personal.id, revisado_en: ahora })
          .where('id', '=', fila.id)
          .where('estado_revision', '=', 'en-revision')
          .executeTakeFirst()
        if (Number(actualizada.numUpdatedRows) === 1) continue
        // Lost the race (or it was decided before this reviewer opened it): who decided, and what.
        const ahoraEs = (await archivosDelDueno(trx, origen, duenoId)).find((a) => a.id === fila.id)
        if (!ahoraEs) throw new DecisionNoGuardada(MENSAJE_DOCUMENTO_REEMPLAZADO)
        throw new DecisionNoGuardada(
          mensajeYaDecidido(
            nombreTipoDocumento(fila.cod_documento),
            ahoraEs.revisor_nombre,
            ahoraEs.estado_revision,
            ahoraEs.motivo_rechazo,
            varios,
          ),
        )
      }
      const documentos = await auditarDocumentos(trx, autor, {
        accion: decision.decision === 'aprobar' ? 'documento.aprobar' : 'documento.rechazar',
        origen,
        duenoId,
        alumnoId: dueno.alumno.id,
        filas,
        despues: { estado, ...(motivo ? { motivo } : {}) },
      })
      // The student hears of each decision (in the portal, and by push and e-mail as they chose):
      // the notice commits with the decision.
      for (const fila of filas)
        await notificarRevisionDocumento(trx, {
          tabla,
          archivoId: fila.id,
          decision: estado,
          ...(motivo ? { motivo } : {}),
          ahora: autor.ahora,
          ...(retenerHasta ? { retenerHasta } : {}),
        })
      return documentos
    })
  } catch (err) {
    if (err instanceof DecisionNoGuardada) return { ok: false, status: 409, error: err.message }
    throw err
  }

  if (retenerHasta) despacharTras(deps, plazo)
  else despacharAhora(deps)
  return {
    ok: true,
    documentos: decididos.map((d) => ({ ...d, estadoRevision: estado, motivoRechazo: motivo })),
    deshacer: retenerHasta ? { hasta: retenerHasta.toISOString(), segundos: Math.round(plazo / 1000) } : null,
  }
}

export type ResultadoDeshacer =
  { ok: true; documentos: DocumentoDecidido[] } | { ok: false; status: 404 | 409 | 423; error: string }

/**
 * Undoes a reviewer's own rejection within its window (`plazoDeshacerRechazoMs` from the
 * decision), before the student is told: the documents are back in review as uploaded, their
 * notices and deliveries are withdrawn, and one audit row says so. All the documents named or
 * none, like the decision. Refused when the window has passed or the scheduler already took a
 * delivery (the student may be reading it), when a document is not a rejection of this reviewer
 * that still stands (someone else's, already undone), or when the student replaced it meanwhile.
 */
export async function deshacerRechazo(
  deps: Dependencias,
  personal: Personal,
  autor: Autor,
  origen: OrigenDocumento,
  duenoId: string,
  ids: string[],
): Promise<ResultadoDeshacer> {
  const dueno = await duenoAlAlcance(deps.db, personal, origen, duenoId)
  if (!dueno) return { ok: false, status: 404, error: MENSAJE_DOCUMENTOS_NO_ENCONTRADOS }
  const bloqueado = await rechazoPorBloqueo(deps.db, dueno.alumno.id)
  if (bloqueado) return { ok: false, status: 423, error: bloqueado }
  const { tabla } = ARCHIVOS_SUBIDOS[origen]
  const plazo = deps.config.plazoDeshacerRechazoMs
  const propio = (f: FilaComun) => f.estado_revision === 'rechazado' && f.revisado_por === autor.personal.id

  let restaurados: { id: string; documento: string }[]
  try {
    restaurados = await deps.db.transaction().execute(async (trx) => {
      const actuales = await archivosDelDueno(trx, origen, duenoId)
      const elegidos = ids.map((id) => actuales.find((a) => a.id === id))
      if (elegidos.some((a) => !a)) throw new DecisionNoGuardada(MENSAJE_DESHACER_REEMPLAZADO)
      const filas = elegidos as (typeof actuales)[number][]
      for (const fila of filas) {
        const documento = nombreTipoDocumento(fila.cod_documento)
        if (!propio(fila))
          throw new DecisionNoGuardada(mensajeNadaQueDeshacer(documento, fila.estado_revision, fila.motivo_rechazo))
        if (!fila.revisado_en || Date.parse(fila.revisado_en) + plazo <= autor.ahora.getTime())
          throw new DecisionNoGuardada(MENSAJE_DESHACER_VENCIDO)
        // Conditional, as the decision: of two undos at once (a double click), one restores.
        const actualizada = await trx
          .updateTable(tabla)
          .set({ estado_revision: 'en-revision', motivo_rechazo: null, revisado_por: null, revisado_en: null })
          .where('id', '=', fila.id)
          .where('estado_revision', '=', 'rechazado')
          .where('revisado_por', '=', autor.personal.id)
          .executeTakeFirst()
        if (Number(actualizada.numUpdatedRows) !== 1)
          throw new DecisionNoGuardada(mensajeNadaQueDeshacer(documento, 'en-revision', null))
        if (!(await retirarAvisoDeRechazo(trx, { tabla, archivoId: fila.id, alumnoId: fila.alumno_id })))
          throw new DecisionNoGuardada(MENSAJE_DESHACER_VENCIDO)
      }
      const documentos = await auditarDocumentos(trx, autor, {
        accion: 'documento.deshacer-rechazo',
        origen,
        duenoId,
        alumnoId: dueno.alumno.id,
        filas,
        despues: { estado: 'en-revision' },
      })
      return documentos
    })
  } catch (err) {
    if (err instanceof DecisionNoGuardada) return { ok: false, status: 409, error: err.message }
    throw err
  }
  return {
    ok: true,
    documentos: restaurados.map((d) => ({ ...d, estadoRevision: 'en-revision', motivoRechazo: null })),
  }
}

/**
 * The audit row of a decision on some of a student's documents: each one's state (and reason, if
 * it had one) before, and after. Returns the documents by name, as the reply lists them.
 */
async function auditarDocumentos(
  trx: Db,
  autor: Autor,
  datos: {
    accion: AccionAuditada
    origen: OrigenDocumento
    duenoId: string
    alumnoId: string
    filas: { id: string; cod_documento: string; estado_revision: string; motivo_rechazo: string | null }[]
    despues: { estado: string; motivo?: string }
  },
) {
  const documentos = datos.filas.map((f) => ({ id: f.id, documento: nombreTipoDocumento(f.cod_documento) }))
  await auditar(trx, autor, {
    accion: datos.accion,
    entidad: ENTIDAD_AUDITORIA[datos.origen],
    entidadId: datos.duenoId,
    alumnoId: datos.alumnoId,
    antes: {
      documentos: datos.filas.map((f, i) => ({
        ...documentos[i],
        estado: f.estado_revision,
        ...(f.motivo_rechazo ? { motivo: f.motivo_rechazo } : {}),
      })),
    },
    despues: { documentos: documentos.map((d) => ({ ...d, ...datos.despues })) },
  })
  return documentos
}

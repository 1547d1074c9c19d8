// A student's page on the school's side: their person, their enrolments with the survey,
// conditions, regulations, documents (with the school's review), issued documents (with their
// revocation) and installments, their personal documents and their payments. The enrolments,
// documents and installments are read by the same functions as the student's own screens.
import type { Kysely } from 'kysely'
import { documentosRequeridosDeSolicitud } from '../../src/domain/documentos-solicitud.ts'
import { ETIQUETA_ESTADO_PAGO } from '../../src/domain/busqueda-pagos.ts'
import { estadoConReembolsos, TITULO_ESTADO_PAGO, type EstadoPago } from '../../src/domain/pagos.ts'
import { esRutPlaceholder, rutConPuntos } from '../../src/domain/rut.ts'
import { muestraDocumentos } from '../../src/domain/solicitudes.ts'
import type { Database } from '../db/schema.ts'
import { enlaceArchivoRevision } from '../documentos/revision.ts'
import { cuotasDeSolicitudes } from '../pagos/cuotas-de-solicitud.ts'
import { reembolsadoDelPago } from '../pagos/gestion.ts'
import {
  archivosDeSolicitudesDeAlumno,
  decisionCondiciones,
  documentosEmitidosDeAlumno,
  estadoEncuesta,
  estadoReglamento,
  reglamentoFirmado,
  solicitudesDeAlumno,
} from '../solicitudes/consultas.ts'
import { documentosPersonalesDeAlumno } from './documentos-personales.ts'
import { personaEnPalabras } from './persona.ts'
import { bloqueoVigente } from '../privacidad/bloqueo.ts'

type Db = Kysely<Database>

/** 'en-revision' | 'aprobado' | 'rechazado'. */
type EstadoRevision = 'en-revision' | 'aprobado' | 'rechazado'

/**
 * An uploaded file as the staff see it: what it is, where its review stands, and where it opens
 * (the review's own file endpoint, which checks the staff member's reach as this page does).
 */
function archivoJson(
  enlace: string,
  a: {
    id: string
    tipo_archivo: string
    tamanno: number
    subido_en: string
    estado_revision: string
    motivo_rechazo: string | null
    revisado_en: string | null
    revisado_por: string | null
  },
  nombre: string,
  nombrePersonal: (id: string | null) => string | null,
) {
  return {
    id: a.id,
    nombre,
    tipoArchivo: a.tipo_archivo,
    tamanno: a.tamanno,
    subidoEn: a.subido_en,
    estadoRevision: a.estado_revision as EstadoRevision,
    motivoRechazo: a.motivo_rechazo,
    revisadoEn: a.revisado_en,
    revisadoPor: nombrePersonal(a.revisado_por),
    enlace,
  }
}

/** The page of the student `alumnoId`, or null when there is none. `hoy` is Chile's date. */
export async function fichaDeAlumno(db: Db, alumnoId: string, hoy: string) {
  const alumno = await db.selectFrom('alumnos').selectAll().where('id', '=', alumnoId).executeTakeFirst()
  if (!alumno) return null
  const [filas, emitidos, archivos, personales, pagos] = await Promise.all([
    solicitudesDeAlumno(db, alumno.id),
    documentosEmitidosDeAlumno(db, alumno.id, { vigentes: false }),
    archivosDeSolicitudesDeAlumno(db, alumno.id),
    documentosPersonalesDeAlumno(db, alumno.id),
    db
      .selectFrom('pagos')
      .select([
        'id',
        'concepto',
        'descripcion',
        'monto',
        'estado',
        'codigo_inscripcion',
        'ultimos_digitos',
        'codigo_autorizacion',
        'creado_en',
        'resuelto_en',
        reembolsadoDelPago,
      ])
      .where('alumno_id', '=', alumno.id)
      .orderBy('creado_en', 'desc')
      .execute(),
  ])
  const cuotas = await cuotasDeSolicitudes(
    db,
    filas.map((f) => f.codigo_inscripcion),
    hoy,
  )
  const idsAsistentes = [...new Set([alumno.asistente_id, ...filas.map((f) => f.asistente_id)])]
  const asistentes = await db
    .selectFrom('asistentes')
    .select(['id', 'nombre', 'email', 'telefono'])
    .where('id', 'in', idsAsistentes)
    .execute()
  const asistente = (id: string) => {
    const a = asistentes.find((x) => x.id === id)
    return a ? { nombre: a.nombre, email: a.email, telefono: a.telefono } : null
  }
  // Who reviewed a document or revoked one, by name.
  const idsPersonal = [
    ...new Set(
      [...archivos, ...personales.archivos].map((a) => a.revisado_por).concat(emitidos.map((d) => d.revocado_por)),
    ),
  ].filter((id): id is string => id !== null)
  const personal =
    idsPersonal.length > 0
      ? await db.selectFrom('personal').select(['id', 'nombre']).where('id', 'in', idsPersonal).execute()
      : []
  const nombrePersonal = (id: string | null) => personal.find((p) => p.id === id)?.nombre ?? null
  const vigentes = emitidos.filter((d) => d.revocado_en === null)
  const emitidoJson = (d: (typeof emitidos)[number]) => ({
    codigo: d.codigo,
    codTipoDocumento: d.cod_tipo_documento,
    tipo: d.tipo_documento,
    fechaEmision: d.fecha_emision,
    emitidoEn: d.emitido_en,
    revocadoEn: d.revocado_en,
    motivoRevocacion: d.motivo_revocacion,
    revocadoPor: nombrePersonal(d.revocado_por),
  })
  const porFecha = [...emitidos].sort((a, b) => a.emitido_en.localeCompare(b.emitido_en))

  return {
    alumno: {
      id: alumno.id,
      codigoAlumno: alumno.codigo_alumno,
      email: alumno.email,
      rut: esRutPlaceholder(alumno.rut) ? null : rutConPuntos(alumno.rut),
      documento: alumno.numero_documento
        ? { tipo: alumno.tipo_documento ?? 'PASAPORTE', numero: alumno.numero_documento }
        : null,
      registradoEn: alumno.creado,
      asistente: asistente(alumno.asistente_id),
    },
    persona: await personaEnPalabras(db, alumno),
    /** A block of the student's data in force (staff read but cannot change anything), or null. */
    bloqueo: await bloqueoVigente(db, alumno.id),
    solicitudes: filas.map((f) => {
      const subidos = archivos.filter((a) => a.codigo_inscripcion === f.codigo_inscripcion)
      return {
        codigoInscripcion: f.codigo_inscripcion,
        nombreCurso: f.nombre_curso,
        tipoCurso: f.tipo_curso,
        codGrupo: f.cod_grupo,
        fechaInicio: f.fecha_inicio,
        fechaTermino: f.fecha_termino,
        anioCurso: f.anio_curso,
        codProspecto: f.cod_prospecto,
        habilitaTb: f.habilita_tb === 1,
        asistente: asistente(f.asistente_id),
        encuesta: { estado: estadoEncuesta(f.cod_grupo, f.enviada_en), enviadaEn: f.enviada_en },
        condiciones: decisionCondiciones(f),
        reglamento: estadoReglamento(f.cod_grupo, f.tipo_curso, reglamentoFirmado(vigentes, f.codigo_inscripcion)),
        // Derivada and Primaria enrolments ask for no documents.
        documentos: muestraDocumentos(f.tipo_curso)
          ? documentosRequeridosDeSolicitud(f.cod_grupo, f.tipo_curso).map((r) => {
              const archivo = subidos.find((a) => a.cod_documento === r.codDocumento)
              return {
                codDocumento: r.codDocumento,
                documento: r.documento,
                archivo: archivo
                  ? archivoJson(
                      enlaceArchivoRevision('solicitud', f.codigo_inscripcion, archivo.id),
                      archivo,
                      archivo.nombre_archivo,
                      nombrePersonal,
                    )
                  : null,
              }
            })
          : null,
        emitidos: porFecha.filter((d) => d.codigo_inscripcion === f.codigo_inscripcion).map(emitidoJson),
        cuotas: cuotas.get(f.codigo_inscripcion) ?? [],
      }
    }),
    /** Issued documents that belong to no enrolment (a contest fee's receipt). */
    otrosEmitidos: porFecha.filter((d) => d.codigo_inscripcion === null).map(emitidoJson),
    documentosPersonales: personales.requeridos.map((r) => {
      const archivo = personales.archivos.find((a) => a.cod_documento === r.codDocumento)
      return {
        codDocumento: r.codDocumento,
        documento: r.documento,
        obligatorio: r.obligatorio,
        archivo: archivo
          ? archivoJson(
              enlaceArchivoRevision('personal', alumno.id, archivo.id),
              archivo,
              archivo.nombre_original,
              nombrePersonal,
            )
          : null,
      }
    }),
    pagos: pagos.map((p) => ({
      id: p.id,
      concepto: p.concepto,
      descripcion: p.descripcion,
      monto: p.monto,
      estado: p.estado as EstadoPago,
      // An approved payment partly given back says so, as in the school's list of payments.
      estadoEnPalabras:
        estadoConReembolsos(p.estado as EstadoPago, p.monto, Number(p.reembolsado ?? 0)) === 'reembolsado-en-parte'
          ? ETIQUETA_ESTADO_PAGO['reembolsado-en-parte']
          : (TITULO_ESTADO_PAGO[p.estado as EstadoPago] ?? p.estado),
      codigoInscripcion: p.codigo_inscripcion,
      ultimosDigitos: p.ultimos_digitos,
      codigoAutorizacion: p.codigo_autorizacion,
      creadoEn: p.creado_en,
      resueltoEn: p.resuelto_en,
    })),
  }
}

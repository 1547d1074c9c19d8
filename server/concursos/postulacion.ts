// The session student's application to a contest: applying (once per student and contest, and
// only while the contest takes applications), the application as its page shows it (the contest,
// the fee's payment and receipt, the documents and their files), and one of its files to
// download. The student comes from the session only, so an application is always the session
// student's own: another student's is never reachable, whatever the path names.
import { COLUMNAS_ARCHIVO_SUBIDO } from '../archivos/tablas.ts'
import { randomUUID } from 'node:crypto'
import {
  documentosDeConcurso,
  MENSAJE_CONCURSO_NO_ENCONTRADO,
  MENSAJE_POSTULACION_NO_ENCONTRADA,
  motivoFueraDePlazo,
  motivoNoPagable,
} from '../../src/domain/concursos.ts'
import { DOC_COMPROBANTE_PAGO, enlaceDocumentoEmitido } from '../../src/domain/documentos-emitidos.ts'
import type { Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import {
  codigosDocumentos,
  concursoPorId,
  hoyDe,
  periodo,
  postulacionPropia,
  resumenConcurso,
  type Concurso,
  type Postulacion,
} from './publicos.ts'

type Rechazo<S extends number> = { rechazo: { status: S; error: string } }

const POSTULACION_NO_ENCONTRADA = {
  rechazo: { status: 404, error: MENSAJE_POSTULACION_NO_ENCONTRADA },
} as const satisfies Rechazo<404>

async function comprobanteDePostulacion(db: Db, pagoId: string | null): Promise<string | null> {
  if (!pagoId) return null
  const emitido = await db
    .selectFrom('documentos_emitidos')
    .select('codigo')
    .where('cod_tipo_documento', '=', DOC_COMPROBANTE_PAGO)
    .where('referencia', '=', pagoId)
    .executeTakeFirst()
  return emitido ? enlaceDocumentoEmitido(emitido.codigo) : null
}

/**
 * The application as its page shows it: the contest, the payment, the documents and the rows of
 * their files (the route writes each file as the student's replies show an uploaded file).
 */
async function vistaPostulacion(
  deps: Pick<Dependencias, 'db' | 'clock' | 'config'>,
  concurso: Concurso,
  p: Postulacion,
) {
  const hoy = hoyDe(deps)
  const archivos = await deps.db
    .selectFrom('archivos_postulacion')
    .select([...COLUMNAS_ARCHIVO_SUBIDO, 'nombre_archivo'])
    .where('postulacion_id', '=', p.id)
    .orderBy('cod_documento')
    .execute()
  return {
    id: p.id,
    concurso: resumenConcurso(concurso, hoy),
    creadaEn: p.creada_en,
    pagadaEn: p.pagada_en,
    /** The signed receipt of the fee's payment, once issued (by the payment's outcome). */
    comprobante: await comprobanteDePostulacion(deps.db, p.pago_id),
    /** Why the fee cannot be paid now, or null. */
    motivoNoPagable: motivoNoPagable(periodo(concurso), p.pagada_en, hoy),
    /** Documents can be uploaded or replaced while the contest takes applications. */
    documentosAbiertos: motivoFueraDePlazo(periodo(concurso), hoy) === null,
    requeridos: documentosDeConcurso(codigosDocumentos(concurso)),
    archivos,
    tamanoMaximoMb: deps.config.uploadMaxMb,
  }
}

export type VistaPostulacion = Awaited<ReturnType<typeof vistaPostulacion>>

/**
 * Applying: the application is created once per student and contest (applying again answers the
 * same one, `creada: false`), and only while the contest takes applications (409 otherwise).
 */
export async function postular(
  deps: Pick<Dependencias, 'db' | 'clock' | 'config'>,
  alumnoId: string,
  concursoId: string,
): Promise<Rechazo<404 | 409> | { postulacion: VistaPostulacion; creada: boolean }> {
  const concurso = await concursoPorId(deps.db, concursoId)
  if (!concurso) return { rechazo: { status: 404, error: MENSAJE_CONCURSO_NO_ENCONTRADO } }
  const existente = await postulacionPropia(deps.db, alumnoId, concurso.id)
  if (existente) return { postulacion: await vistaPostulacion(deps, concurso, existente), creada: false }
  const fuera = motivoFueraDePlazo(periodo(concurso), hoyDe(deps))
  if (fuera) return { rechazo: { status: 409, error: fuera } }
  // Two requests at once (two tabs) meet at the unique index: one inserts, the other reads it.
  await deps.db
    .insertInto('postulaciones')
    .values({
      id: randomUUID(),
      concurso_id: concurso.id,
      alumno_id: alumnoId,
      creada_en: deps.clock().toISOString(),
      pagada_en: null,
      pago_id: null,
    })
    .onConflict((oc) => oc.columns(['concurso_id', 'alumno_id']).doNothing())
    .execute()
  const creada = await postulacionPropia(deps.db, alumnoId, concurso.id)
  if (!creada) throw new Error('la postulación recién creada no se encuentra')
  return { postulacion: await vistaPostulacion(deps, concurso, creada), creada: true }
}

/** The student's application to the contest, or its refusal (404) when there is none. */
export async function postulacionDeAlumno(
  deps: Pick<Dependencias, 'db' | 'clock' | 'config'>,
  alumnoId: string,
  concursoId: string,
): Promise<Rechazo<404> | { postulacion: VistaPostulacion }> {
  const concurso = await concursoPorId(deps.db, concursoId)
  const propia = concurso ? await postulacionPropia(deps.db, alumnoId, concurso.id) : undefined
  if (!concurso || !propia) return POSTULACION_NO_ENCONTRADA
  return { postulacion: await vistaPostulacion(deps, concurso, propia) }
}

/** The stored file to send, or undefined when the student has no such file for that contest. */
export function archivoDePostulacionParaDescarga(db: Db, alumnoId: string, concursoId: string, id: string) {
  return db
    .selectFrom('archivos_postulacion')
    .innerJoin('postulaciones', 'postulaciones.id', 'archivos_postulacion.postulacion_id')
    .select([
      'archivos_postulacion.nombre_archivo as nombre_original',
      'archivos_postulacion.content_type',
      'archivos_postulacion.tamanno',
      'archivos_postulacion.blob_clave',
    ])
    .where('archivos_postulacion.id', '=', id)
    .where('postulaciones.concurso_id', '=', concursoId)
    .where('archivos_postulacion.alumno_id', '=', alumnoId)
    .executeTakeFirst()
}

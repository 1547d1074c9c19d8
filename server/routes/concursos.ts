// Specialty-medicine contests and the session student's application to each, mounted at
// /api/concursos: the list, one contest, applying, the application with its documents (uploaded
// like the enrolment documents). The contest's state is decided by the server's clock in Chile's
// days; the student comes from the session only, so an application is always the session
// student's own: another student's is never reachable, whatever the path names.
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import type { Selectable } from 'kysely'
import {
  documentosDeConcurso,
  estadoConcurso,
  MENSAJE_CONCURSO_NO_ENCONTRADO,
  MENSAJE_DOCUMENTOS_CERRADOS,
  MENSAJE_POSTULACION_NO_ENCONTRADA,
  motivoFueraDePlazo,
  motivoNoPagable,
} from '../../src/domain/concursos.ts'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import { MENSAJE_TIPO_DOCUMENTO } from '../../src/domain/documentos.ts'
import { DOC_COMPROBANTE_PAGO, enlaceDocumentoEmitido } from '../../src/domain/documentos-emitidos.ts'
import type { Dependencias, EntornoApp } from '../contexto.ts'
import { declarar } from '../middleware/declaracion.ts'
import type { Db } from '../db/connection.ts'
import type { ConcursosTable, PostulacionesTable } from '../db/schema.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { MENSAJE_NO_ENCONTRADO } from '../../src/domain/errores-api.ts'
import { enviarArchivo } from '../archivos/enviar.ts'
import { guardarArchivoSubido } from '../archivos/guardar.ts'
import { archivoSubidoJson } from '../archivos/json.ts'
import { recibirArchivo } from '../archivos/recibir.ts'
import type { FilaArchivoSubido } from '../archivos/tablas.ts'
import { rechazar } from '../http/respuesta.ts'

type Concurso = Selectable<ConcursosTable>
type Postulacion = Selectable<PostulacionesTable>

/** A contest students may see: a draft the school has not opened is answered as one that does not exist. */
async function concursoPorId(db: Db, id: string): Promise<Concurso | undefined> {
  return db
    .selectFrom('concursos')
    .selectAll()
    .where('id', '=', id)
    .where('publicacion', '!=', 'borrador')
    .executeTakeFirst()
}

/** The student's application to the contest, or undefined (also when the contest does not exist). */
async function postulacionPropia(db: Db, alumnoId: string, concursoId: string): Promise<Postulacion | undefined> {
  return db
    .selectFrom('postulaciones')
    .selectAll()
    .where('concurso_id', '=', concursoId)
    .where('alumno_id', '=', alumnoId)
    .executeTakeFirst()
}

const periodo = (c: Concurso) => ({
  postulacionDesde: c.postulacion_desde,
  postulacionHasta: c.postulacion_hasta,
  cerradoPorLaEscuela: c.publicacion === 'cerrado',
})

const codigosDocumentos = (c: Concurso) => JSON.parse(c.documentos) as string[]

/** What a contest card shows. */
function resumenConcurso(c: Concurso, hoy: string) {
  return {
    id: c.id,
    especialidad: c.especialidad,
    sede: c.sede,
    ciudad: c.ciudad,
    vacantes: c.vacantes,
    postulacionDesde: c.postulacion_desde,
    postulacionHasta: c.postulacion_hasta,
    derechoPostulacion: c.derecho_postulacion,
    estado: estadoConcurso(periodo(c), hoy),
  }
}

/** The student's application in a contest's replies: whether there is one, and whether it is paid. */
function miPostulacion(p: Postulacion | undefined) {
  return p ? { pagadaEn: p.pagada_en } : null
}

function hoyDe(deps: Dependencias): string {
  return fechaEnChile(deps.clock())
}

function enlaceArchivoPostulacion(concursoId: string, id: string): string {
  return `/api/concursos/${encodeURIComponent(concursoId)}/postulacion/documentos/${id}`
}

function archivoDePostulacionJson(concursoId: string, a: FilaArchivoSubido & { nombre_archivo: string }) {
  return archivoSubidoJson(a, a.nombre_archivo, enlaceArchivoPostulacion(concursoId, a.id))
}

async function comprobanteDePostulacion(deps: Dependencias, pagoId: string | null): Promise<string | null> {
  if (!pagoId) return null
  const emitido = await deps.db
    .selectFrom('documentos_emitidos')
    .select('codigo')
    .where('cod_tipo_documento', '=', DOC_COMPROBANTE_PAGO)
    .where('referencia', '=', pagoId)
    .executeTakeFirst()
  return emitido ? enlaceDocumentoEmitido(emitido.codigo) : null
}

/** The application as its page shows it: the contest, the payment, the documents and their files. */
async function postulacionJson(deps: Dependencias, concurso: Concurso, p: Postulacion) {
  const hoy = hoyDe(deps)
  const archivos = await deps.db
    .selectFrom('archivos_postulacion')
    .select([
      'id',
      'cod_documento',
      'nombre_archivo',
      'tipo_archivo',
      'tamanno',
      'subido_en',
      'estado_revision',
      'motivo_rechazo',
    ])
    .where('postulacion_id', '=', p.id)
    .orderBy('cod_documento')
    .execute()
  return {
    id: p.id,
    concurso: resumenConcurso(concurso, hoy),
    creadaEn: p.creada_en,
    pagadaEn: p.pagada_en,
    /** The signed receipt of the fee's payment, once issued (by the payment's outcome). */
    comprobante: await comprobanteDePostulacion(deps, p.pago_id),
    /** Why the fee cannot be paid now, or null. */
    motivoNoPagable: motivoNoPagable(periodo(concurso), p.pagada_en, hoy),
    /** Documents can be uploaded or replaced while the contest takes applications. */
    documentosAbiertos: motivoFueraDePlazo(periodo(concurso), hoy) === null,
    requeridos: documentosDeConcurso(codigosDocumentos(concurso)),
    archivos: archivos.map((a) => archivoDePostulacionJson(concurso.id, a)),
    tamanoMaximoMb: deps.config.uploadMaxMb,
  }
}

export const rutasConcursos = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/', async (c) => {
    const deps = c.var.deps
    const alumno = c.var.alumno
    const hoy = hoyDe(deps)
    const concursos = await deps.db
      .selectFrom('concursos')
      .selectAll()
      .where('publicacion', '!=', 'borrador')
      .orderBy('postulacion_hasta', 'asc')
      .orderBy('especialidad', 'asc')
      .execute()
    const propias = await deps.db.selectFrom('postulaciones').selectAll().where('alumno_id', '=', alumno.id).execute()
    return c.json({
      status: 'ok' as const,
      data: {
        concursos: concursos.map((k) => ({
          ...resumenConcurso(k, hoy),
          miPostulacion: miPostulacion(propias.find((p) => p.concurso_id === k.id)),
        })),
      },
    })
  })
  .get('/:id', async (c) => {
    const deps = c.var.deps
    const alumno = c.var.alumno
    const concurso = await concursoPorId(deps.db, c.req.param('id'))
    if (!concurso) return c.json({ error: MENSAJE_CONCURSO_NO_ENCONTRADO }, 404)
    const hoy = hoyDe(deps)
    const propia = await postulacionPropia(deps.db, alumno.id, concurso.id)
    return c.json({
      status: 'ok' as const,
      data: {
        ...resumenConcurso(concurso, hoy),
        descripcion: concurso.descripcion,
        requisitos: JSON.parse(concurso.requisitos) as string[],
        calendario: JSON.parse(concurso.calendario) as { fecha: string; hito: string }[],
        documentos: documentosDeConcurso(codigosDocumentos(concurso)),
        miPostulacion: miPostulacion(propia),
        /** Why this student cannot pay the fee now, or null. */
        motivoNoPagable: motivoNoPagable(periodo(concurso), propia?.pagada_en ?? null, hoy),
      },
    })
  })
  // Applying: the application is created once per student and contest (applying again answers the
  // same one), and only while the contest takes applications.
  .post('/:id/postulacion', async (c) => {
    const deps = c.var.deps
    const alumno = c.var.alumno
    const concurso = await concursoPorId(deps.db, c.req.param('id'))
    if (!concurso) return c.json({ error: MENSAJE_CONCURSO_NO_ENCONTRADO }, 404)
    const existente = await postulacionPropia(deps.db, alumno.id, concurso.id)
    if (existente) return c.json({ status: 'ok' as const, data: await postulacionJson(deps, concurso, existente) }, 200)
    const fuera = motivoFueraDePlazo(periodo(concurso), hoyDe(deps))
    if (fuera) return c.json({ error: fuera }, 409)
    // Two requests at once (two tabs) meet at the unique index: one inserts, the other reads it.
    await deps.db
      .insertInto('postulaciones')
      .values({
        id: randomUUID(),
        concurso_id: concurso.id,
        alumno_id: alumno.id,
        creada_en: deps.clock().toISOString(),
        pagada_en: null,
        pago_id: null,
      })
      .onConflict((oc) => oc.columns(['concurso_id', 'alumno_id']).doNothing())
      .execute()
    const creada = await postulacionPropia(deps.db, alumno.id, concurso.id)
    if (!creada) throw new Error('la postulación recién creada no se encuentra')
    return c.json({ status: 'ok' as const, data: await postulacionJson(deps, concurso, creada) }, 201)
  })
  .get('/:id/postulacion', async (c) => {
    const deps = c.var.deps
    const alumno = c.var.alumno
    const concurso = await concursoPorId(deps.db, c.req.param('id'))
    const propia = concurso ? await postulacionPropia(deps.db, alumno.id, concurso.id) : undefined
    if (!concurso || !propia) return c.json({ error: MENSAJE_POSTULACION_NO_ENCONTRADA }, 404)
    return c.json({ status: 'ok' as const, data: await postulacionJson(deps, concurso, propia) })
  })
  .post('/:id/postulacion/documentos', declarar({ cuerpo: 'formulario-con-archivo' }), async (c) => {
    const deps = c.var.deps
    const alumno = c.var.alumno
    // The body's format first, as for every endpoint; then whose application it is, whether the
    // contest still takes documents, and whether it asks for this one.
    const recibido = await recibirArchivo(c, (cod) => cod !== '')
    if (!recibido.ok) return recibido.respuesta
    const concurso = await concursoPorId(deps.db, c.req.param('id'))
    const propia = concurso ? await postulacionPropia(deps.db, alumno.id, concurso.id) : undefined
    if (!concurso || !propia) return rechazar(c, 404, MENSAJE_POSTULACION_NO_ENCONTRADA)
    if (motivoFueraDePlazo(periodo(concurso), hoyDe(deps))) return rechazar(c, 409, MENSAJE_DOCUMENTOS_CERRADOS)
    if (!codigosDocumentos(concurso).includes(recibido.codDocumento)) {
      return rechazar(c, 400, MENSAJE_TIPO_DOCUMENTO, { codTipoDocumento: MENSAJE_TIPO_DOCUMENTO })
    }
    const fila = await guardarArchivoSubido(deps, 'postulacion', { dueno: propia.id, alumnoId: alumno.id }, recibido)
    return c.json({ status: 'ok' as const, data: archivoDePostulacionJson(concurso.id, fila) }, 201)
  })
  .get('/:id/postulacion/documentos/:archivo', async (c) => {
    // Another student's file (or application) is answered exactly like one that does not exist.
    const fila = await c.var.deps.db
      .selectFrom('archivos_postulacion')
      .innerJoin('postulaciones', 'postulaciones.id', 'archivos_postulacion.postulacion_id')
      .select([
        'archivos_postulacion.nombre_archivo as nombre_original',
        'archivos_postulacion.content_type',
        'archivos_postulacion.tamanno',
        'archivos_postulacion.blob_clave',
      ])
      .where('archivos_postulacion.id', '=', c.req.param('archivo'))
      .where('postulaciones.concurso_id', '=', c.req.param('id'))
      .where('archivos_postulacion.alumno_id', '=', c.var.alumno.id)
      .executeTakeFirst()
    if (!fila) return c.json({ error: MENSAJE_NO_ENCONTRADO }, 404)
    return enviarArchivo(c, fila, 'un documento de postulación')
  })

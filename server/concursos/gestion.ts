// Contests as the school runs them (/api/admin/concursos): the list with each contest's
// applications counted, one contest with its applications (payment and documents), creating,
// editing, opening and closing, and the applicants' spreadsheet. Every change writes its audit row
// in the same transaction as the change; a refused one writes nothing.
import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import {
  documentosDeConcurso,
  estadoConcurso,
  estadoPostulacionEnPalabras,
  MENSAJE_CONCURSO_NO_ENCONTRADO,
} from '../../src/domain/concursos.ts'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import {
  esPublicacionConcurso,
  MENSAJE_CONCURSO_NO_PUBLICADO,
  MENSAJE_CONCURSO_PERIODO_TERMINADO,
  MENSAJE_CONCURSO_YA_PUBLICADO,
  puedeAbrirse,
  puedeCerrarse,
  type DatosConcurso,
  type HitoCalendario,
  type PublicacionConcurso,
} from '../../src/domain/gestion-concursos.ts'
import { textoParaPlanilla } from '../../src/domain/planilla.ts'
import { documentoDeIdentidad } from '../../src/domain/documento-identidad.ts'
import type { Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import { celdaFechaHora, hojaConEncabezado, nuevoLibro } from '../planilla.ts'
import type { ConcursosTable } from '../db/schema.ts'
import { auditar, type Autor } from '../personal/auditoria.ts'

type Concurso = Selectable<ConcursosTable>

export type Rechazo = { rechazo: { status: 404 | 409; error: string } }

const publicacionDe = (c: Concurso): PublicacionConcurso =>
  esPublicacionConcurso(c.publicacion) ? c.publicacion : 'borrador'

const hoyDe = (deps: Pick<Dependencias, 'clock'>) => fechaEnChile(deps.clock())

/** The contest's fields as the school's screens and the audit trail read them. */
function datosJson(c: Concurso) {
  return {
    especialidad: c.especialidad,
    sede: c.sede,
    ciudad: c.ciudad,
    vacantes: c.vacantes,
    derechoPostulacion: c.derecho_postulacion,
    postulacionDesde: c.postulacion_desde,
    postulacionHasta: c.postulacion_hasta,
    descripcion: c.descripcion,
    requisitos: JSON.parse(c.requisitos) as string[],
    calendario: JSON.parse(c.calendario) as HitoCalendario[],
    documentos: JSON.parse(c.documentos) as string[],
  }
}

function concursoJson(c: Concurso, hoy: string) {
  const publicacion = publicacionDe(c)
  return {
    id: c.id,
    ...datosJson(c),
    publicacion,
    /** What students read (only meaningful once published). */
    estado: estadoConcurso(
      {
        postulacionDesde: c.postulacion_desde,
        postulacionHasta: c.postulacion_hasta,
        cerradoPorLaEscuela: publicacion === 'cerrado',
      },
      hoy,
    ),
  }
}

function filaDe(datos: DatosConcurso) {
  return {
    especialidad: datos.especialidad,
    sede: datos.sede,
    ciudad: datos.ciudad,
    vacantes: datos.vacantes,
    derecho_postulacion: datos.derechoPostulacion,
    postulacion_desde: datos.postulacionDesde,
    postulacion_hasta: datos.postulacionHasta,
    descripcion: datos.descripcion,
    requisitos: JSON.stringify(datos.requisitos),
    calendario: JSON.stringify(datos.calendario),
    documentos: JSON.stringify(datos.documentos),
  }
}

/** Only the fields that changed, before and after: what the audit row keeps. */
function diferencias(antes: Record<string, unknown>, despues: Record<string, unknown>) {
  const a: Record<string, unknown> = {}
  const d: Record<string, unknown> = {}
  for (const clave of Object.keys(despues)) {
    if (JSON.stringify(antes[clave]) !== JSON.stringify(despues[clave])) {
      a[clave] = antes[clave]
      d[clave] = despues[clave]
    }
  }
  return { antes: a, despues: d }
}

export async function listarConcursos(deps: Dependencias) {
  const hoy = hoyDe(deps)
  const [concursos, conteos] = await Promise.all([
    deps.db.selectFrom('concursos').selectAll().orderBy('postulacion_hasta', 'desc').orderBy('especialidad').execute(),
    deps.db
      .selectFrom('postulaciones')
      .select((eb) => [
        'concurso_id',
        eb.fn.countAll<number | string>().as('postulaciones'),
        eb.fn.count<number | string>('pagada_en').as('pagadas'),
      ])
      .groupBy('concurso_id')
      .execute(),
  ])
  return {
    concursos: concursos.map((c) => {
      const conteo = conteos.find((n) => n.concurso_id === c.id)
      return {
        ...concursoJson(c, hoy),
        postulaciones: Number(conteo?.postulaciones ?? 0),
        pagadas: Number(conteo?.pagadas ?? 0),
      }
    }),
  }
}

async function concursoPorId(db: Db, id: string) {
  return db.selectFrom('concursos').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Each application with its student, its payment and its documents' review. */
async function postulacionesDe(db: Db, c: Concurso, hoy: string) {
  const filas = await db
    .selectFrom('postulaciones as p')
    .innerJoin('alumnos as a', 'a.id', 'p.alumno_id')
    .select([
      'p.id',
      'p.creada_en',
      'p.pagada_en',
      'a.id as alumno_id',
      'a.nombres',
      'a.apellidos',
      'a.email',
      'a.rut',
      'a.tipo_documento',
      'a.numero_documento',
    ])
    .where('p.concurso_id', '=', c.id)
    .orderBy('p.creada_en')
    .orderBy('p.id')
    .execute()
  const archivos = await db
    .selectFrom('archivos_postulacion as f')
    .innerJoin('postulaciones as p', 'p.id', 'f.postulacion_id')
    .select(['f.postulacion_id', 'f.cod_documento', 'f.estado_revision'])
    .where('p.concurso_id', '=', c.id)
    .execute()
  const requeridos = documentosDeConcurso(JSON.parse(c.documentos) as string[]).map((d) => d.codDocumento)
  const estado = estadoConcurso(
    {
      postulacionDesde: c.postulacion_desde,
      postulacionHasta: c.postulacion_hasta,
      cerradoPorLaEscuela: publicacionDe(c) === 'cerrado',
    },
    hoy,
  )
  return filas.map((f) => {
    const propios = archivos.filter((a) => a.postulacion_id === f.id && requeridos.includes(a.cod_documento))
    const documentos = {
      requeridos: requeridos.length,
      subidos: propios.length,
      aprobados: propios.filter((a) => a.estado_revision === 'aprobado').length,
      rechazados: propios.filter((a) => a.estado_revision === 'rechazado').length,
      enRevision: propios.filter((a) => a.estado_revision === 'en-revision').length,
    }
    return {
      id: f.id,
      creadaEn: f.creada_en,
      pagadaEn: f.pagada_en,
      alumno: {
        id: f.alumno_id,
        nombres: f.nombres,
        apellidos: f.apellidos,
        email: f.email,
        documento: documentoDeIdentidad(f),
      },
      documentos,
      estado: estadoPostulacionEnPalabras({
        pagadaEn: f.pagada_en,
        documentosSubidos: documentos.subidos,
        documentosRechazados: documentos.rechazados,
        documentosRequeridos: documentos.requeridos,
        estadoConcurso: estado,
      }),
    }
  })
}

export async function detalleConcurso(deps: Dependencias, id: string) {
  const c = await concursoPorId(deps.db, id)
  if (!c) return null
  return { concurso: concursoJson(c, hoyDe(deps)), postulaciones: await postulacionesDe(deps.db, c, hoyDe(deps)) }
}

/** A new contest, as a draft: students see it once the school opens it. */
export async function crearConcurso(deps: Dependencias, autor: Autor, datos: DatosConcurso) {
  const id = randomUUID()
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('concursos')
      .values({ id, ...filaDe(datos), publicacion: 'borrador' })
      .execute()
    await auditar(trx, autor, {
      accion: 'concurso.crear',
      entidad: 'concurso',
      entidadId: id,
      despues: { ...datos, publicacion: 'borrador' },
    })
  })
  const creado = await concursoPorId(deps.db, id)
  if (!creado) throw new Error('el concurso recién creado no se encuentra')
  return { concurso: concursoJson(creado, hoyDe(deps)) }
}

export async function editarConcurso(
  deps: Dependencias,
  autor: Autor,
  id: string,
  datos: DatosConcurso,
): Promise<Rechazo | { concurso: ReturnType<typeof concursoJson> }> {
  const resultado = await deps.db.transaction().execute(async (trx) => {
    const actual = await trx.selectFrom('concursos').selectAll().where('id', '=', id).executeTakeFirst()
    if (!actual) return null
    await trx.updateTable('concursos').set(filaDe(datos)).where('id', '=', id).execute()
    const { antes, despues } = diferencias(datosJson(actual), { ...datos })
    await auditar(trx, autor, { accion: 'concurso.editar', entidad: 'concurso', entidadId: id, antes, despues })
    return true
  })
  if (!resultado) return { rechazo: { status: 404, error: MENSAJE_CONCURSO_NO_ENCONTRADO } }
  const editado = await concursoPorId(deps.db, id)
  if (!editado) return { rechazo: { status: 404, error: MENSAJE_CONCURSO_NO_ENCONTRADO } }
  return { concurso: concursoJson(editado, hoyDe(deps)) }
}

/**
 * Opens (publishes) or closes a contest. The state is checked and changed in one conditional
 * update, so two staff acting at once change it once and write one audit row.
 */
export async function cambiarPublicacion(
  deps: Dependencias,
  autor: Autor,
  id: string,
  accion: 'abrir' | 'cerrar',
): Promise<Rechazo | { concurso: ReturnType<typeof concursoJson> }> {
  const nueva: PublicacionConcurso = accion === 'abrir' ? 'publicado' : 'cerrado'
  const resultado = await deps.db.transaction().execute(async (trx) => {
    const actual = await trx.selectFrom('concursos').selectAll().where('id', '=', id).executeTakeFirst()
    if (!actual) return { rechazo: { status: 404, error: MENSAJE_CONCURSO_NO_ENCONTRADO } } as const
    const previa = publicacionDe(actual)
    const { estado } = concursoJson(actual, hoyDe(deps))
    const permitido = accion === 'abrir' ? puedeAbrirse(previa) : puedeCerrarse(previa, estado)
    if (!permitido)
      return {
        rechazo: {
          status: 409,
          error:
            accion === 'abrir'
              ? MENSAJE_CONCURSO_YA_PUBLICADO
              : previa === 'publicado'
                ? MENSAJE_CONCURSO_PERIODO_TERMINADO
                : MENSAJE_CONCURSO_NO_PUBLICADO,
        },
      } as const
    const cambio = await trx
      .updateTable('concursos')
      .set({ publicacion: nueva })
      .where('id', '=', id)
      .where('publicacion', '=', actual.publicacion)
      .executeTakeFirst()
    if (Number(cambio.numUpdatedRows) !== 1)
      return {
        rechazo: {
          status: 409,
          error: accion === 'abrir' ? MENSAJE_CONCURSO_YA_PUBLICADO : MENSAJE_CONCURSO_NO_PUBLICADO,
        },
      } as const
    await auditar(trx, autor, {
      accion: accion === 'abrir' ? 'concurso.abrir' : 'concurso.cerrar',
      entidad: 'concurso',
      entidadId: id,
      antes: { publicacion: previa },
      despues: { publicacion: nueva },
    })
    return null
  })
  if (resultado) return resultado
  const cambiado = await concursoPorId(deps.db, id)
  if (!cambiado) return { rechazo: { status: 404, error: MENSAJE_CONCURSO_NO_ENCONTRADO } }
  return { concurso: concursoJson(cambiado, hoyDe(deps)) }
}

/**
 * The applicants' spreadsheet: one row per application, the student as the school identifies
 * them, when they applied and paid (dates as dates), the fee as a number, the documents counted
 * and the application's state in words. Every text goes through `textoParaPlanilla`.
 */
export async function planillaPostulantes(deps: Dependencias, id: string) {
  const c = await concursoPorId(deps.db, id)
  if (!c) return null
  const postulaciones = await postulacionesDe(deps.db, c, hoyDe(deps))
  const libro = nuevoLibro()
  const hoja = hojaConEncabezado(libro, 'Postulantes', [
    { header: 'Apellidos', width: 24 },
    { header: 'Nombres', width: 24 },
    { header: 'RUT o documento', width: 18 },
    { header: 'Correo electrónico', width: 30 },
    { header: 'Fecha de postulación', width: 18, style: { numFmt: 'dd-mm-yyyy hh:mm' } },
    { header: 'Derecho de postulación pagado', width: 14 },
    { header: 'Fecha de pago', width: 18, style: { numFmt: 'dd-mm-yyyy hh:mm' } },
    { header: 'Monto del derecho (CLP)', width: 14, style: { numFmt: '#,##0' } },
    { header: 'Documentos requeridos', width: 12, style: { numFmt: '0' } },
    { header: 'Documentos subidos', width: 12, style: { numFmt: '0' } },
    { header: 'Documentos aprobados', width: 12, style: { numFmt: '0' } },
    { header: 'Documentos rechazados', width: 12, style: { numFmt: '0' } },
    { header: 'Estado de la postulación', width: 50 },
  ])
  for (const p of postulaciones) {
    hoja.addRow([
      textoParaPlanilla(p.alumno.apellidos),
      textoParaPlanilla(p.alumno.nombres),
      textoParaPlanilla(p.alumno.documento),
      textoParaPlanilla(p.alumno.email),
      celdaFechaHora(p.creadaEn),
      p.pagadaEn ? 'Sí' : 'No',
      p.pagadaEn ? celdaFechaHora(p.pagadaEn) : null,
      p.pagadaEn ? c.derecho_postulacion : null,
      p.documentos.requeridos,
      p.documentos.subidos,
      p.documentos.aprobados,
      p.documentos.rechazados,
      textoParaPlanilla(p.estado),
    ])
  }
  hoja.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 13 } }
  const nombre = `postulantes-${c.especialidad}-${c.id}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .slice(0, 80)
  return {
    contenido: Buffer.from(await libro.xlsx.writeBuffer()),
    filas: postulaciones.length,
    nombre: `${nombre}.xlsx`,
  }
}

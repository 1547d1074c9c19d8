// Finding students from the school's side (the rules in src/domain/busqueda-alumnos.ts). Every
// student is indexed as search terms in `alumnos_busqueda` and a sortable name in
// `alumnos.orden_nombre`; `indexarAlumno` rewrites both from the student's row and must run, in
// the same transaction, wherever a student's names, e-mail, RUT or passport are written
// (registration, the personal form, seeds). A search only reaches the students the staff member
// may see (personal/alcance.ts).
import type { Kysely } from 'kysely'
import {
  clavesDeBusqueda,
  codigoInscripcionBuscado,
  nombreParaOrden,
  siguientePrefijo,
  TAMANO_PAGINA_ALUMNOS,
  terminosDeAlumno,
  type ConsultaAlumnos,
  type OrdenAlumnos,
} from '../../src/domain/busqueda-alumnos.ts'
import { esRutPlaceholder, rutConPuntos } from '../../src/domain/rut.ts'
import type { Database, Personal } from '../db/schema.ts'
import { alumnosAlAlcance } from '../personal/alcance.ts'

/** Rewrites a student's search terms and sortable name from their row. */
export async function indexarAlumno(db: Kysely<Database>, alumnoId: string): Promise<void> {
  const alumno = await db
    .selectFrom('alumnos')
    .select(['nombres', 'apellidos', 'email', 'rut', 'numero_documento', 'codigo_alumno'])
    .where('id', '=', alumnoId)
    .executeTakeFirstOrThrow()
  await db
    .updateTable('alumnos')
    .set({ orden_nombre: nombreParaOrden(alumno) })
    .where('id', '=', alumnoId)
    .execute()
  await db.deleteFrom('alumnos_busqueda').where('alumno_id', '=', alumnoId).execute()
  await db
    .insertInto('alumnos_busqueda')
    .values(terminosDeAlumno(alumno).map((termino) => ({ termino, alumno_id: alumnoId })))
    .execute()
}

const COLUMNA_ORDEN = {
  nombre: 'alumnos.orden_nombre',
  email: 'alumnos.email',
  registro: 'alumnos.creado',
} as const

/** One page of the students `personal` reaches that match the search, and how many match in all. */
export async function buscarAlumnos(
  db: Kysely<Database>,
  personal: Pick<Personal, 'rol' | 'asistente_id'>,
  { q, pagina, orden }: ConsultaAlumnos,
) {
  const claves = clavesDeBusqueda(q)
  const codigo = codigoInscripcionBuscado(q)
  const base = db
    .selectFrom('alumnos')
    .where(alumnosAlAlcance(personal))
    .where((eb) => {
      // The students whose terms each key begins (one set: the keys' sets intersected), and those
      // holding the enrolment code searched; one list of ids, which both engines join on the key.
      const porClave = (clave: string) =>
        eb
          .selectFrom('alumnos_busqueda')
          .select('alumnos_busqueda.alumno_id as id')
          .where('alumnos_busqueda.termino', '>=', clave)
          .where('alumnos_busqueda.termino', '<', siguientePrefijo(clave))
      const porCodigo = (codigoBuscado: string) =>
        eb
          .selectFrom('solicitudes')
          .select('solicitudes.alumno_id as id')
          .where('solicitudes.codigo_inscripcion', '=', codigoBuscado)
      const [primera, ...otras] = claves
      const porTerminos = primera
        ? otras.reduce((ids, clave) => ids.intersect(porClave(clave)), porClave(primera))
        : null
      const candidatos =
        porTerminos && codigo
          ? porTerminos.union(porCodigo(codigo))
          : (porTerminos ?? (codigo ? porCodigo(codigo) : null))
      return candidatos ? eb('alumnos.id', 'in', candidatos) : eb.lit(true)
    })
  const [columna, sentido] = ordenDe(orden)
  const pedirFilas = base
    .innerJoin('asistentes', 'asistentes.id', 'alumnos.asistente_id')
    .select([
      'alumnos.id',
      'alumnos.nombres',
      'alumnos.apellidos',
      'alumnos.email',
      'alumnos.rut',
      'alumnos.tipo_documento',
      'alumnos.numero_documento',
      'alumnos.codigo_alumno',
      'alumnos.creado',
      'asistentes.nombre as asistente',
    ])
    .orderBy(COLUMNA_ORDEN[columna], sentido)
    .orderBy('alumnos.id', sentido)
    .limit(TAMANO_PAGINA_ALUMNOS)
    .offset((pagina - 1) * TAMANO_PAGINA_ALUMNOS)
    .execute()
  // Counted apart: a page with no search then reads its 25 rows off the index of names, in order,
  // instead of sorting every student to count them.
  const [filas, { total }] = await Promise.all([
    pedirFilas,
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ])
  const cuantos = Number(total)
  return {
    alumnos: filas.map((f) => ({
      id: f.id,
      nombres: f.nombres,
      apellidos: f.apellidos,
      email: f.email,
      rut: esRutPlaceholder(f.rut) ? null : rutConPuntos(f.rut),
      documento: f.numero_documento ? { tipo: f.tipo_documento ?? 'PASAPORTE', numero: f.numero_documento } : null,
      codigoAlumno: f.codigo_alumno,
      asistente: f.asistente,
      registradoEn: f.creado,
    })),
    total: cuantos,
    pagina,
    paginas: Math.max(1, Math.ceil(cuantos / TAMANO_PAGINA_ALUMNOS)),
    tamanoPagina: TAMANO_PAGINA_ALUMNOS,
  }
}

function ordenDe(orden: OrdenAlumnos): [keyof typeof COLUMNA_ORDEN, 'asc' | 'desc'] {
  return orden.startsWith('-')
    ? [orden.slice(1) as keyof typeof COLUMNA_ORDEN, 'desc']
    : [orden as keyof typeof COLUMNA_ORDEN, 'asc']
}

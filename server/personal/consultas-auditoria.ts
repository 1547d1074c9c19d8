// Reading the audit trail: a student's history (the rows that concern them) and the whole log
// filtered by staff member, action and Chile's calendar days, newest first, a page at a time.
// Each row goes out in words too (src/domain/palabras-auditoria.ts): the records and people it
// names are looked up here, a page at a time, so the screens show names, never internal ids.
// Reading writes nothing: only actions that change something are audited.
import type { Kysely, SelectQueryBuilder } from 'kysely'
import { TAMANO_PAGINA_AUDITORIA, type ConsultaAuditoria } from '../../src/domain/auditoria.ts'
import {
  ETIQUETA_ACTOR_INTEGRACION,
  etiquetaAccion,
  ETIQUETAS_ACCION,
  eventoEnPalabras,
  referenciasDeEvento,
  type EventoRegistrado,
  type Nombres,
  type TipoReferencia,
} from '../../src/domain/palabras-auditoria.ts'
import { inicioDelDiaEnChile, sumarDias } from '../../src/domain/fechas.ts'
import { etiquetaDeRol } from './rol.ts'
import type { Database } from '../db/schema.ts'

type Db = Kysely<Database>
type ConsultaEventos = SelectQueryBuilder<Database, 'auditoria', object>

/** A JSON column's value, or null when it is empty or not an object. */
function objetoJson(texto: string | null): Record<string, unknown> | null {
  if (!texto) return null
  const valor: unknown = JSON.parse(texto)
  return valor && typeof valor === 'object' && !Array.isArray(valor) ? (valor as Record<string, unknown>) : null
}

/** The ids of one kind a page names, and a query that finds their names. */
const BUSCAR_NOMBRES: Record<TipoReferencia, (db: Db, ids: string[]) => Promise<{ id: string; nombre: string }[]>> = {
  personal: (db, ids) => db.selectFrom('personal').select(['id', 'nombre']).where('id', 'in', ids).execute(),
  asistente: (db, ids) => db.selectFrom('asistentes').select(['id', 'nombre']).where('id', 'in', ids).execute(),
  alumno: async (db, ids) =>
    (await db.selectFrom('alumnos').select(['id', 'nombres', 'apellidos']).where('id', 'in', ids).execute()).map(
      (a) => ({ id: a.id, nombre: `${a.nombres} ${a.apellidos}`.trim() }),
    ),
  concurso: async (db, ids) =>
    (await db.selectFrom('concursos').select(['id', 'especialidad', 'sede']).where('id', 'in', ids).execute()).map(
      (c) => ({ id: c.id, nombre: `${c.especialidad} (${c.sede})` }),
    ),
  oferta: async (db, ids) =>
    (
      await db.selectFrom('ofertas_laborales').select(['id', 'cargo', 'institucion']).where('id', 'in', ids).execute()
    ).map((o) => ({ id: o.id, nombre: `${o.cargo}, ${o.institucion}` })),
  pago: async (db, ids) =>
    (await db.selectFrom('pagos').select(['id', 'descripcion']).where('id', 'in', ids).execute()).map((p) => ({
      id: p.id,
      nombre: p.descripcion,
    })),
  clave: (db, ids) => db.selectFrom('claves_integracion').select(['id', 'nombre']).where('id', 'in', ids).execute(),
  postulacion: async (db, ids) =>
    (
      await db
        .selectFrom('postulaciones')
        .innerJoin('concursos', 'concursos.id', 'postulaciones.concurso_id')
        .innerJoin('alumnos', 'alumnos.id', 'postulaciones.alumno_id')
        .select(['postulaciones.id', 'concursos.especialidad', 'alumnos.nombres', 'alumnos.apellidos'])
        .where('postulaciones.id', 'in', ids)
        .execute()
    ).map((p) => ({ id: p.id, nombre: `de ${p.nombres} ${p.apellidos} al concurso de ${p.especialidad}` })),
}

/** The names of everything the rows name, found with one query per kind. */
async function nombresDe(db: Db, eventos: EventoRegistrado[]): Promise<Nombres> {
  const porTipo = new Map<TipoReferencia, Set<string>>()
  for (const evento of eventos)
    for (const { tipo, id } of referenciasDeEvento(evento)) porTipo.set(tipo, (porTipo.get(tipo) ?? new Set()).add(id))
  const nombres = new Map<string, string>()
  await Promise.all(
    [...porTipo].map(async ([tipo, ids]) => {
      for (const { id, nombre } of await BUSCAR_NOMBRES[tipo](db, [...ids])) nombres.set(`${tipo}:${id}`, nombre)
    }),
  )
  return (tipo, id) => nombres.get(`${tipo}:${id}`)
}

/** One page of the rows `filtrar` leaves, newest first, with the student each concerns. */
async function pagina(db: Db, filtrar: (q: ConsultaEventos) => ConsultaEventos, numero: number) {
  const { total } = await filtrar(db.selectFrom('auditoria'))
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow()
  const filas = await filtrar(db.selectFrom('auditoria'))
    .leftJoin('alumnos', 'alumnos.id', 'auditoria.alumno_id')
    .select([
      'auditoria.id',
      'auditoria.en',
      'auditoria.actor_tipo',
      'auditoria.actor_id',
      'auditoria.actor_nombre',
      'auditoria.actor_rol',
      'auditoria.accion',
      'auditoria.entidad',
      'auditoria.entidad_id',
      'auditoria.alumno_id',
      'auditoria.antes',
      'auditoria.despues',
      'auditoria.ip',
      'alumnos.nombres',
      'alumnos.apellidos',
    ])
    .orderBy('auditoria.en', 'desc')
    .orderBy('auditoria.id', 'desc')
    .limit(TAMANO_PAGINA_AUDITORIA)
    .offset((numero - 1) * TAMANO_PAGINA_AUDITORIA)
    .execute()
  const cuantos = Number(total)
  const registrados = filas.map((f) => ({
    accion: f.accion,
    entidad: f.entidad,
    entidadId: f.entidad_id,
    antes: objetoJson(f.antes),
    despues: objetoJson(f.despues),
  }))
  const nombres = await nombresDe(db, registrados)
  return {
    eventos: filas.map((f, i) => ({
      id: f.id,
      en: f.en,
      actor: {
        tipo: f.actor_tipo,
        id: f.actor_id,
        nombre: f.actor_nombre,
        rol: f.actor_rol,
        etiquetaRol:
          f.actor_tipo === 'integracion' ? ETIQUETA_ACTOR_INTEGRACION : f.actor_rol && etiquetaDeRol(f.actor_rol),
      },
      accion: f.accion,
      entidad: f.entidad,
      entidadId: f.entidad_id,
      alumno: f.alumno_id
        ? { id: f.alumno_id, nombre: f.nombres ? `${f.nombres} ${f.apellidos ?? ''}`.trim() : null }
        : null,
      antes: registrados[i]!.antes,
      despues: registrados[i]!.despues,
      // The same row in words: the action, the record by its name, each change ('Estado: de
      // Aprobado a Reembolsado'), people by name and moments in Chile's clock.
      ...eventoEnPalabras(registrados[i]!, nombres),
      ip: f.ip,
    })),
    total: cuantos,
    pagina: numero,
    paginas: Math.max(1, Math.ceil(cuantos / TAMANO_PAGINA_AUDITORIA)),
    tamanoPagina: TAMANO_PAGINA_AUDITORIA,
  }
}

/** What the staff did concerning a student: the history on their page. */
export function historialDeAlumno(db: Db, alumnoId: string, numero: number) {
  return pagina(db, (q) => q.where('auditoria.alumno_id', '=', alumnoId), numero)
}

/** The whole log, filtered; with the staff members and actions the filters offer. */
export async function buscarEnAuditoria(db: Db, { personal, accion, desde, hasta, pagina: numero }: ConsultaAuditoria) {
  const resultado = await pagina(
    db,
    (q) => {
      let filtrada = q
      if (personal) filtrada = filtrada.where('auditoria.actor_id', '=', personal)
      if (accion) filtrada = filtrada.where('auditoria.accion', '=', accion)
      // Chile's days, both included: from the start of `desde` to the start of the day after `hasta`.
      if (desde) filtrada = filtrada.where('auditoria.en', '>=', inicioDelDiaEnChile(desde).toISOString())
      if (hasta) filtrada = filtrada.where('auditoria.en', '<', inicioDelDiaEnChile(sumarDias(hasta, 1)).toISOString())
      return filtrada
    },
    numero,
  )
  const [miembros, registradas] = await Promise.all([
    db.selectFrom('personal').select(['id', 'nombre']).orderBy('nombre').orderBy('id').execute(),
    db.selectFrom('auditoria').select('accion').distinct().execute(),
  ])
  const acciones = [...new Set([...Object.keys(ETIQUETAS_ACCION), ...registradas.map((r) => r.accion)])]
    .map((a) => ({ accion: a, etiqueta: etiquetaAccion(a) }))
    .sort((a, b) => a.etiqueta.localeCompare(b.etiqueta, 'es'))
  return { ...resultado, filtros: { personal: miembros, acciones } }
}

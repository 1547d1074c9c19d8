// Reading the audit trail: a student's history (the rows that concern them) and the whole log
// filtered by staff member, action and Chile's calendar days, newest first, a page at a time.
// Reading writes nothing: only actions that change something are audited.
import type { Kysely, SelectQueryBuilder } from 'kysely'
import {
  ETIQUETA_ACTOR_INTEGRACION,
  etiquetaAccion,
  ETIQUETAS_ACCION,
  TAMANO_PAGINA_AUDITORIA,
  type ConsultaAuditoria,
} from '../../src/domain/auditoria.ts'
import { inicioDelDiaEnChile, sumarDias } from '../../src/domain/fechas.ts'
import { ETIQUETA_ROL, esRolPersonal } from '../../src/domain/personal.ts'
import type { Database } from '../db/schema.ts'

type Db = Kysely<Database>
type ConsultaEventos = SelectQueryBuilder<Database, 'auditoria', object>

/** A JSON column's value, or null when it is empty or not an object. */
function objetoJson(texto: string | null): Record<string, unknown> | null {
  if (!texto) return null
  const valor: unknown = JSON.parse(texto)
  return valor && typeof valor === 'object' && !Array.isArray(valor) ? (valor as Record<string, unknown>) : null
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
  return {
    eventos: filas.map((f) => ({
      id: f.id,
      en: f.en,
      actor: {
        tipo: f.actor_tipo,
        id: f.actor_id,
        nombre: f.actor_nombre,
        rol: f.actor_rol,
        etiquetaRol:
          f.actor_tipo === 'integracion'
            ? ETIQUETA_ACTOR_INTEGRACION
            : f.actor_rol && esRolPersonal(f.actor_rol)
              ? ETIQUETA_ROL[f.actor_rol]
              : f.actor_rol,
      },
      accion: f.accion,
      etiqueta: etiquetaAccion(f.accion),
      entidad: f.entidad,
      entidadId: f.entidad_id,
      alumno: f.alumno_id
        ? { id: f.alumno_id, nombre: f.nombres ? `${f.nombres} ${f.apellidos ?? ''}`.trim() : null }
        : null,
      antes: objetoJson(f.antes),
      despues: objetoJson(f.despues),
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

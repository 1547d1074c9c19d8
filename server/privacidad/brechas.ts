// The breach register (art. 14 sexies): an admin records an incident and, in
// the same act (one transaction), every affected student gets a notice, which the notice machinery
// delivers in the app and by e-mail (and push where the student has it); the act is audited. When
// the Agencia de Protección de Datos Personales was told is recorded with it, or later.
import { randomUUID } from 'node:crypto'
import {
  avisoBrecha,
  identificadores,
  MENSAJE_ALUMNOS_DESCONOCIDOS,
  type CATEGORIAS_DATOS,
} from '../../src/domain/brechas.ts'
import { inicioDelDiaEnChile } from '../../src/domain/fechas.ts'
import { REGISTRO_DATOS, type IdCategoriaDatos } from '../../src/domain/registro-datos.ts'
import { normalizarRut, rutValido } from '../../src/domain/rut.ts'
import type { Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import { notificar } from '../notificaciones/notificar.ts'
import { despacharAhora } from '../notificaciones/programador.ts'
import { auditar, type Autor } from '../personal/auditoria.ts'

export type NuevaBrecha = {
  detectadaEl: string
  descripcion: string
  categorias: (typeof CATEGORIAS_DATOS)[number][]
  medidas: string
  alumnos: string
  todos: boolean
  agenciaInformadaEl: string
}

export const MENSAJE_BRECHA_NO_ENCONTRADA = 'El incidente no existe.'
export const MENSAJE_AGENCIA_YA_INFORMADA = 'Ya se registró cuándo se informó a la Agencia.'

export type Rechazo = { rechazo: { status: 404 | 409 | 422; error: string; campos?: Record<string, string> } }

export type Brecha = {
  id: string
  detectadaEn: string
  descripcion: string
  categorias: { id: IdCategoriaDatos; nombre: string }[]
  medidas: string
  agenciaInformadaEn: string | null
  registradaEn: string
  registradaPor: string
  alumnos: number
  avisados: number
}

/** The students the form names: by e-mail or RUT; answers those not found. */
async function resolverAlumnos(db: Db, b: NuevaBrecha): Promise<{ ids: string[]; desconocidos: string[] }> {
  if (b.todos) {
    // Every student, except those whose data was already suppressed (nobody left to tell).
    const filas = await db
      .selectFrom('alumnos as a')
      .select('a.id')
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('supresiones as s').select('s.alumno_id').whereRef('s.alumno_id', '=', 'a.id'))),
      )
      .execute()
    return { ids: filas.map((f) => f.id), desconocidos: [] }
  }
  const ids = new Set<string>()
  const desconocidos: string[] = []
  for (const dato of identificadores(b.alumnos)) {
    const porCorreo = dato.includes('@')
    if (!porCorreo && !rutValido(dato)) {
      desconocidos.push(dato)
      continue
    }
    const fila = await db
      .selectFrom('alumnos')
      .select('id')
      .where(porCorreo ? 'email' : 'rut', '=', porCorreo ? dato.toLowerCase() : normalizarRut(dato))
      .executeTakeFirst()
    if (fila) ids.add(fila.id)
    else desconocidos.push(dato)
  }
  return { ids: [...ids], desconocidos }
}

/** A day in Chile as the moment it began, as the register keeps it. */
const momento = (dia: string) => inicioDelDiaEnChile(dia).toISOString()

export async function registrarBrecha(
  deps: Dependencias,
  autor: Autor,
  b: NuevaBrecha,
): Promise<Rechazo | { brecha: Brecha }> {
  const { db } = deps
  const { ids, desconocidos } = await resolverAlumnos(db, b)
  if (desconocidos.length > 0) {
    const error = `${MENSAJE_ALUMNOS_DESCONOCIDOS} ${desconocidos.join(', ')}.`
    return { rechazo: { status: 422, error, campos: { alumnos: error } } }
  }
  const id = randomUUID()
  const ahora = autor.ahora.toISOString()
  const agenciaInformadaEn = b.agenciaInformadaEl ? momento(b.agenciaInformadaEl) : null
  const aviso = avisoBrecha({
    detectadaEl: b.detectadaEl,
    categorias: b.categorias,
    medidas: b.medidas,
    correo: deps.config.privacidad.correo,
  })
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('brechas')
      .values({
        id,
        detectada_en: momento(b.detectadaEl),
        descripcion: b.descripcion,
        categorias: JSON.stringify(b.categorias),
        medidas: b.medidas,
        agencia_informada_en: agenciaInformadaEn,
        registrada_por: autor.personal.id,
        registrada_en: ahora,
      })
      .execute()
    for (const alumnoId of ids) {
      await trx
        .insertInto('brechas_alumnos')
        .values({ brecha_id: id, alumno_id: alumnoId, avisado_en: ahora })
        .execute()
      await notificar(trx, { alumnoId, tipo: 'incidente-seguridad', ocasion: id, aviso, ahora: autor.ahora })
    }
    await auditar(trx, autor, {
      accion: 'privacidad.brecha-registrar',
      entidad: 'brecha',
      entidadId: id,
      despues: {
        detectadaEn: momento(b.detectadaEl),
        descripcion: b.descripcion,
        categorias: b.categorias,
        medidas: b.medidas,
        alumnosAfectados: ids.length,
        agenciaInformadaEn,
      },
    })
  })
  // The e-mails go now, not at the scheduler's next run.
  despacharAhora(deps)
  return { brecha: (await leerBrecha(db, id))! }
}

export async function registrarAvisoAgencia(
  deps: Dependencias,
  autor: Autor,
  brechaId: string,
  agenciaInformadaEl: string,
): Promise<Rechazo | { brecha: Brecha }> {
  const { db } = deps
  const fila = await db
    .selectFrom('brechas')
    .select('agencia_informada_en')
    .where('id', '=', brechaId)
    .executeTakeFirst()
  if (!fila) return { rechazo: { status: 404, error: MENSAJE_BRECHA_NO_ENCONTRADA } }
  if (fila.agencia_informada_en) return { rechazo: { status: 409, error: MENSAJE_AGENCIA_YA_INFORMADA } }
  const agenciaInformadaEn = momento(agenciaInformadaEl)
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('brechas')
      .set({ agencia_informada_en: agenciaInformadaEn })
      .where('id', '=', brechaId)
      .execute()
    await auditar(trx, autor, {
      accion: 'privacidad.brecha-agencia',
      entidad: 'brecha',
      entidadId: brechaId,
      antes: { agenciaInformadaEn: null },
      despues: { agenciaInformadaEn },
    })
  })
  return { brecha: (await leerBrecha(db, brechaId))! }
}

function consulta(db: Db) {
  return db
    .selectFrom('brechas as b')
    .leftJoin('personal as p', 'p.id', 'b.registrada_por')
    .select((eb) => [
      'b.id',
      'b.detectada_en',
      'b.descripcion',
      'b.categorias',
      'b.medidas',
      'b.agencia_informada_en',
      'b.registrada_en',
      'p.nombre as registrada_por',
      eb
        .selectFrom('brechas_alumnos as x')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('x.brecha_id', '=', 'b.id')
        .as('alumnos'),
      eb
        .selectFrom('brechas_alumnos as y')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('y.brecha_id', '=', 'b.id')
        .where('y.avisado_en', 'is not', null)
        .as('avisados'),
    ])
}

type Fila = Awaited<ReturnType<ReturnType<typeof consulta>['execute']>>[number]

function brechaDe(f: Fila): Brecha {
  return {
    id: f.id,
    detectadaEn: f.detectada_en,
    descripcion: f.descripcion,
    categorias: (JSON.parse(f.categorias) as IdCategoriaDatos[]).map((id) => ({
      id,
      nombre: REGISTRO_DATOS[id].nombre,
    })),
    medidas: f.medidas,
    agenciaInformadaEn: f.agencia_informada_en,
    registradaEn: f.registrada_en,
    registradaPor: f.registrada_por ?? '',
    alumnos: Number(f.alumnos ?? 0),
    avisados: Number(f.avisados ?? 0),
  }
}

export async function leerBrecha(db: Db, id: string): Promise<Brecha | null> {
  const f = await consulta(db).where('b.id', '=', id).executeTakeFirst()
  return f ? brechaDe(f) : null
}

/** Every incident recorded, the latest first. */
export async function listarBrechas(db: Db): Promise<Brecha[]> {
  return (await consulta(db).orderBy('b.detectada_en', 'desc').orderBy('b.registrada_en', 'desc').execute()).map(
    brechaDe,
  )
}

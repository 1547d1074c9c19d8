// Job offers as the school runs them (/api/admin/ofertas): the list with each offer's state,
// creating, editing, closing, and the students' home tile. Every change writes its audit row in
// the same transaction as the change; a refused one writes nothing.
import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import {
  estadoOferta,
  MENSAJE_OFERTA_NO_ENCONTRADA,
  MENSAJE_OFERTA_YA_CERRADA,
  type DatosOferta,
} from '../../src/domain/gestion-ofertas.ts'
import type { Dependencias } from '../contexto.ts'
import type { OfertasLaboralesTable } from '../db/schema.ts'
import { auditar, type Autor } from '../personal/auditoria.ts'
import { guardarMosaicoOfertas, mosaicoOfertas } from './mosaico.ts'

type Oferta = Selectable<OfertasLaboralesTable>

export type Rechazo = { rechazo: { status: 404 | 409; error: string } }

function datosJson(o: Oferta): DatosOferta {
  return {
    institucion: o.institucion,
    cargo: o.cargo,
    ciudad: o.ciudad,
    descripcion: o.descripcion,
    publicadaEl: o.publicada_el,
    cierraEl: o.cierra_el,
    contactoNombre: o.contacto_nombre,
    contactoEmail: o.contacto_email,
  }
}

function ofertaJson(o: Oferta, hoy: string) {
  const datos = datosJson(o)
  return {
    id: o.id,
    ...datos,
    cerradaEn: o.cerrada_en,
    estado: estadoOferta({ ...datos, cerradaEn: o.cerrada_en }, hoy),
  }
}

function filaDe(d: DatosOferta) {
  return {
    institucion: d.institucion,
    cargo: d.cargo,
    ciudad: d.ciudad,
    descripcion: d.descripcion,
    publicada_el: d.publicadaEl,
    cierra_el: d.cierraEl,
    contacto_nombre: d.contactoNombre,
    contacto_email: d.contactoEmail,
  }
}

const hoyDe = (deps: Pick<Dependencias, 'clock'>) => fechaEnChile(deps.clock())

export async function listarOfertas(deps: Dependencias) {
  const hoy = hoyDe(deps)
  const ofertas = await deps.db
    .selectFrom('ofertas_laborales')
    .selectAll()
    .orderBy('publicada_el', 'desc')
    .orderBy('id')
    .execute()
  return { ofertas: ofertas.map((o) => ofertaJson(o, hoy)), mosaico: await mosaicoOfertas(deps.db, deps.config) }
}

async function ofertaPorId(deps: Dependencias, id: string) {
  return deps.db.selectFrom('ofertas_laborales').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function crearOferta(deps: Dependencias, autor: Autor, datos: DatosOferta) {
  const id = randomUUID()
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('ofertas_laborales')
      .values({ id, ...filaDe(datos), cerrada_en: null })
      .execute()
    await auditar(trx, autor, { accion: 'oferta.crear', entidad: 'oferta', entidadId: id, despues: datos })
  })
  const creada = await ofertaPorId(deps, id)
  if (!creada) throw new Error('la oferta recién creada no se encuentra')
  return { oferta: ofertaJson(creada, hoyDe(deps)) }
}

export async function editarOferta(
  deps: Dependencias,
  autor: Autor,
  id: string,
  datos: DatosOferta,
): Promise<Rechazo | { oferta: ReturnType<typeof ofertaJson> }> {
  const hecho = await deps.db.transaction().execute(async (trx) => {
    const actual = await trx.selectFrom('ofertas_laborales').selectAll().where('id', '=', id).executeTakeFirst()
    if (!actual) return false
    await trx.updateTable('ofertas_laborales').set(filaDe(datos)).where('id', '=', id).execute()
    const previos = datosJson(actual)
    const antes: Record<string, unknown> = {}
    const despues: Record<string, unknown> = {}
    for (const clave of Object.keys(datos) as (keyof DatosOferta)[]) {
      if (previos[clave] !== datos[clave]) {
        antes[clave] = previos[clave]
        despues[clave] = datos[clave]
      }
    }
    await auditar(trx, autor, { accion: 'oferta.editar', entidad: 'oferta', entidadId: id, antes, despues })
    return true
  })
  const editada = hecho ? await ofertaPorId(deps, id) : undefined
  if (!editada) return { rechazo: { status: 404, error: MENSAJE_OFERTA_NO_ENCONTRADA } }
  return { oferta: ofertaJson(editada, hoyDe(deps)) }
}

/** Closes an offer now: students no longer see it. Closing twice (two staff at once) closes it once. */
export async function cerrarOferta(
  deps: Dependencias,
  autor: Autor,
  id: string,
): Promise<Rechazo | { oferta: ReturnType<typeof ofertaJson> }> {
  const rechazo = await deps.db.transaction().execute(async (trx) => {
    const actual = await trx.selectFrom('ofertas_laborales').select('id').where('id', '=', id).executeTakeFirst()
    if (!actual) return { status: 404, error: MENSAJE_OFERTA_NO_ENCONTRADA } as const
    const cerrada_en = autor.ahora.toISOString()
    const cambio = await trx
      .updateTable('ofertas_laborales')
      .set({ cerrada_en })
      .where('id', '=', id)
      .where('cerrada_en', 'is', null)
      .executeTakeFirst()
    if (Number(cambio.numUpdatedRows) !== 1) return { status: 409, error: MENSAJE_OFERTA_YA_CERRADA } as const
    await auditar(trx, autor, {
      accion: 'oferta.cerrar',
      entidad: 'oferta',
      entidadId: id,
      despues: { cerradaEn: cerrada_en },
    })
    return null
  })
  if (rechazo) return { rechazo }
  const cerrada = await ofertaPorId(deps, id)
  if (!cerrada) return { rechazo: { status: 404, error: MENSAJE_OFERTA_NO_ENCONTRADA } }
  return { oferta: ofertaJson(cerrada, hoyDe(deps)) }
}

/** The home tile's setting, stored by the school (from then on the environment's default no longer counts). */
export async function cambiarMosaico(deps: Dependencias, autor: Autor, visible: boolean) {
  await deps.db.transaction().execute(async (trx) => {
    const antes = await mosaicoOfertas(trx, deps.config)
    await guardarMosaicoOfertas(trx, visible, autor.ahora)
    await auditar(trx, autor, {
      accion: 'ofertas.mosaico',
      entidad: 'ajuste',
      entidadId: 'ofertas.mosaico-visible',
      antes: { visible: antes.visible, origen: antes.origen },
      despues: { visible },
    })
  })
  return { mosaico: await mosaicoOfertas(deps.db, deps.config) }
}

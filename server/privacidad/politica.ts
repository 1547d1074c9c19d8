// The privacy policy as published: its text is built from the registry and the school's details
// (src/domain/politica-privacidad.ts), and every distinct text is kept the first time it is
// served, so what a student was told on a given date can always be shown. Which version each
// student was shown is recorded (the duty to inform of art. 14 ter, proven).
import { createHash } from 'node:crypto'
import {
  construirPolitica,
  VERSION_VIGENTE,
  type PoliticaPrivacidad,
  type VersionPolitica,
} from '../../src/domain/politica-privacidad.ts'
import type { Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'

/** Each database's current text, once it is stored (one insert per server and text). */
const publicadas = new WeakMap<Db, Promise<PoliticaPrivacidad>>()

/** The policy in force, stored with its version the first time this text is published. */
export function politicaVigente(deps: Dependencias): Promise<PoliticaPrivacidad> {
  let publicada = publicadas.get(deps.db)
  if (!publicada) {
    publicada = publicar(deps).catch((error: unknown) => {
      publicadas.delete(deps.db)
      throw error
    })
    publicadas.set(deps.db, publicada)
  }
  return publicada
}

async function publicar(deps: Dependencias): Promise<PoliticaPrivacidad> {
  const politica = construirPolitica(deps.config.privacidad)
  const contenido = JSON.stringify(politica)
  await deps.db
    .insertInto('politicas_privacidad')
    .values({
      version: politica.version,
      huella: createHash('sha256').update(contenido).digest('hex'),
      vigente_desde: politica.vigenteDesde,
      contenido,
      publicada_en: deps.clock().toISOString(),
    })
    .onConflict((oc) => oc.columns(['version', 'huella']).doNothing())
    .execute()
  return politica
}

export type VersionPublicada = { version: number; vigenteDesde: string; publicadaEn: string }

/** Every text published, newest first. */
export async function versionesPublicadas(db: Db): Promise<VersionPublicada[]> {
  return db
    .selectFrom('politicas_privacidad')
    .select(['version', 'vigente_desde as vigenteDesde', 'publicada_en as publicadaEn'])
    .orderBy('publicada_en', 'desc')
    .execute()
}

/** A version's text as it was last published, or undefined. */
export async function textoDeVersion(db: Db, version: number): Promise<PoliticaPrivacidad | undefined> {
  const fila = await db
    .selectFrom('politicas_privacidad')
    .select('contenido')
    .where('version', '=', version)
    .orderBy('publicada_en', 'desc')
    .executeTakeFirst()
  return fila ? (JSON.parse(fila.contenido) as PoliticaPrivacidad) : undefined
}

/** The version in force, if this student has not been shown it yet. */
export async function versionPorMostrar(db: Db, alumnoId: string): Promise<VersionPolitica | null> {
  const vista = await db
    .selectFrom('privacidad_vistas')
    .select('version')
    .where('alumno_id', '=', alumnoId)
    .where('version', '=', VERSION_VIGENTE.version)
    .executeTakeFirst()
  return vista ? null : VERSION_VIGENTE
}

/** Records that the student was shown this version (the first time only). */
export async function registrarVista(deps: Dependencias, alumnoId: string, version: number): Promise<void> {
  await politicaVigente(deps)
  await deps.db
    .insertInto('privacidad_vistas')
    .values({ alumno_id: alumnoId, version, vista_en: deps.clock().toISOString() })
    .onConflict((oc) => oc.columns(['alumno_id', 'version']).doNothing())
    .execute()
}

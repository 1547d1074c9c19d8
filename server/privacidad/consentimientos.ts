// Express consents: each given or withdrawn is a row of `consentimientos`, with
// the privacy policy's version in force and the moment (the proof of art. 12); the latest row per
// student and purpose is the state. The survey's consents (disability, indigenous people) arrive
// with the answers (the same request, also from the outbox after a time offline) and are recorded
// in the survey's transaction. Withdrawing one, in one transaction: the row, and every survey of
// the student marked without that consent and the answers it covered deleted, since the registry's
// category says they end deleted ('eliminar'); where it said they stay, they would be kept and only
// hidden, as every reader of the answers (staff, CRM, counts) goes through `respuestasConsentidas`.
import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import {
  CONSENTIMIENTOS,
  FINALIDADES_CONSENTIMIENTO,
  respuestasSin,
  type EstadoConsentimiento,
  type FinalidadConsentimiento,
} from '../../src/domain/consentimiento.ts'
import { SI } from '../../src/domain/encuesta.ts'
import { VERSION_VIGENTE } from '../../src/domain/politica-privacidad.ts'
import { REGISTRO_DATOS } from '../../src/domain/registro-datos.ts'
import type { Database } from '../db/schema.ts'

type Bd = Kysely<Database> | Transaction<Database>

export async function registrarConsentimiento(
  db: Bd,
  c: {
    alumnoId: string
    finalidad: FinalidadConsentimiento
    estado: 'otorgado' | 'retirado'
    origen: 'encuesta' | 'informacion-personal'
    codigoInscripcion?: string | null
    ahora: Date
  },
): Promise<void> {
  await db
    .insertInto('consentimientos')
    .values({
      id: randomUUID(),
      alumno_id: c.alumnoId,
      finalidad: c.finalidad,
      estado: c.estado,
      version_politica: VERSION_VIGENTE.version,
      en: c.ahora.toISOString(),
      origen: c.origen,
      codigo_inscripcion: c.codigoInscripcion ?? null,
    })
    .execute()
}

/** Whether any survey of the student holds an answer the consent covers (a legacy one, sent before the consent, too). */
async function tieneRespuestasDe(db: Bd, alumnoId: string, finalidad: FinalidadConsentimiento): Promise<boolean> {
  const encuestas = await db.selectFrom('encuestas').select('respuestas').where('alumno_id', '=', alumnoId).execute()
  return encuestas.some((e) => {
    const r = JSON.parse(e.respuestas) as Record<string, unknown>
    return CONSENTIMIENTOS[finalidad].campos.some((c) =>
      Array.isArray(r[c]) ? (r[c] as unknown[]).length > 0 : Boolean(r[c]),
    )
  })
}

/** Each purpose's state for the student: the latest row, or 'sin-respuesta'. */
export async function estadoConsentimientos(db: Bd, alumnoId: string): Promise<EstadoConsentimiento[]> {
  const filas = await db
    .selectFrom('consentimientos')
    .select(['finalidad', 'estado', 'en', 'version_politica'])
    .where('alumno_id', '=', alumnoId)
    .orderBy('en', 'desc')
    .orderBy('id')
    .execute()
  return Promise.all(
    FINALIDADES_CONSENTIMIENTO.map(async (finalidad) => {
      const ultima = filas.find((f) => f.finalidad === finalidad)
      if (ultima)
        return {
          finalidad,
          estado: ultima.estado,
          en: ultima.en,
          versionPolitica: ultima.version_politica === null ? null : Number(ultima.version_politica),
        }
      // Answers sent before the consent was asked: nothing recorded, but something to withdraw.
      return {
        finalidad,
        estado: (await tieneRespuestasDe(db, alumnoId, finalidad)) ? ('otorgado' as const) : ('sin-respuesta' as const),
        en: null,
        versionPolitica: null,
      }
    }),
  )
}

/**
 * Withdraws the consent: false when there is none in force (nothing changes). The survey answers
 * it covered are deleted where the registry ends them so, and hidden from everyone else in any case.
 */
export async function retirarConsentimiento(
  db: Kysely<Database>,
  alumnoId: string,
  finalidad: FinalidadConsentimiento,
  ahora: Date,
): Promise<boolean> {
  const eliminar = REGISTRO_DATOS.encuesta.conservacion.fin === 'eliminar'
  return db.transaction().execute(async (trx) => {
    const estado = (await estadoConsentimientos(trx, alumnoId)).find((e) => e.finalidad === finalidad)
    if (estado?.estado !== 'otorgado') return false
    await registrarConsentimiento(trx, {
      alumnoId,
      finalidad,
      estado: 'retirado',
      origen: 'informacion-personal',
      ahora,
    })
    const encuestas = await trx
      .selectFrom('encuestas')
      .select(['codigo_inscripcion', 'respuestas'])
      .where('alumno_id', '=', alumnoId)
      .execute()
    for (const e of encuestas) {
      const r = JSON.parse(e.respuestas) as Record<string, unknown>
      const nuevas = {
        ...r,
        [CONSENTIMIENTOS[finalidad].campoEncuesta]: '',
        ...(eliminar ? respuestasSin(finalidad) : {}),
      }
      await trx
        .updateTable('encuestas')
        .set({ respuestas: JSON.stringify(nuevas) })
        .where('codigo_inscripcion', '=', e.codigo_inscripcion)
        .execute()
    }
    return true
  })
}

/** The consents given in the survey, recorded with its answers (in the survey's transaction). */
export async function consentimientoDeEncuesta(
  db: Bd,
  alumnoId: string,
  codigoInscripcion: string,
  respuestas: { consentimientoDiscapacidad?: string; consentimientoPuebloOriginario?: string },
  ahora: Date,
): Promise<void> {
  for (const finalidad of FINALIDADES_CONSENTIMIENTO) {
    if (respuestas[CONSENTIMIENTOS[finalidad].campoEncuesta] !== SI) continue
    await registrarConsentimiento(db, {
      alumnoId,
      finalidad,
      estado: 'otorgado',
      origen: 'encuesta',
      codigoInscripcion,
      ahora,
    })
  }
}

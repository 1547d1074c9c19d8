// What the portal told a student, for the staff's page of that student: every notice (newest
// first) with, per channel, whether and when it went out, how many tries it took and why it did
// not, and whether it was withdrawn since (it no longer applied). The bell shows the same
// notices; this adds their deliveries.
import type { Db } from '../db/connection.ts'

/** The latest ones; older ones stay in the database. */
export const MAXIMO_HISTORIAL = 200

export async function avisosDelAlumno(db: Db, alumnoId: string) {
  const notificaciones = await db
    .selectFrom('notificaciones')
    .select(['id', 'tipo', 'titulo', 'cuerpo', 'ruta', 'creada_en', 'leida_en', 'retirada_en', 'retiro'])
    .where('alumno_id', '=', alumnoId)
    .orderBy('creada_en', 'desc')
    .orderBy('id')
    .limit(MAXIMO_HISTORIAL)
    .execute()
  const envios =
    notificaciones.length === 0
      ? []
      : await db
          .selectFrom('envios_notificacion')
          .select(['notificacion_id', 'canal', 'modo', 'estado', 'intentos', 'enviado_en', 'ultimo_error', 'detalle'])
          .where(
            'notificacion_id',
            'in',
            notificaciones.map((n) => n.id),
          )
          .orderBy('canal')
          .execute()
  return notificaciones.map((n) => ({
    id: n.id,
    tipo: n.tipo,
    titulo: n.titulo,
    cuerpo: n.cuerpo,
    ruta: n.ruta,
    creadaEn: n.creada_en,
    /** When the student opened or marked it in the app. */
    leidaEn: n.leida_en,
    /** When and why it stopped applying (a certificate revoked, a reminder done), if it did. */
    retirada: n.retirada_en ? { en: n.retirada_en, motivo: n.retiro ?? '' } : null,
    envios: envios
      .filter((e) => e.notificacion_id === n.id)
      .map((e) => ({
        canal: e.canal,
        /** E-mail: 'inmediato' or 'resumen' (the daily digest). */
        modo: e.modo,
        estado: e.estado,
        intentos: e.intentos,
        enviadoEn: e.enviado_en,
        ultimoError: e.ultimo_error,
        detalle: e.detalle,
      })),
  }))
}

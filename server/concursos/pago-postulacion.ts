// A contest's application fee as something a student can pay. The payment flow creates a payment
// for `referencia` = the id of the student's application (POST /api/concursos/:id/postulacion
// creates it) and, once the gateway approves it, records the payment and calls `alAprobar` in the
// same transaction. The amount is the contest's fee as stored, never what a browser sends.
import { MENSAJE_DERECHO_YA_PAGADO, motivoFueraDePlazo } from '../../src/domain/concursos.ts'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import type { ConceptoDePago } from '../pagos/concepto.ts'
import { urlPostulacion } from '../../src/domain/urls.ts'

export const MENSAJE_POSTULACION_DESCONOCIDA = 'Postulación no encontrada'

export const conceptoPostulacion: ConceptoDePago = {
  async cobro(db, alumnoId, referencia, ahora) {
    // Another student's application is answered exactly like one that does not exist.
    const fila = await db
      .selectFrom('postulaciones')
      .innerJoin('concursos', 'concursos.id', 'postulaciones.concurso_id')
      .select([
        'postulaciones.pagada_en',
        'concursos.id as concurso_id',
        'concursos.especialidad',
        'concursos.sede',
        'concursos.postulacion_desde',
        'concursos.postulacion_hasta',
        'concursos.derecho_postulacion',
        'concursos.publicacion',
      ])
      .where('postulaciones.id', '=', referencia)
      .where('postulaciones.alumno_id', '=', alumnoId)
      .executeTakeFirst()
    if (!fila) return { error: MENSAJE_POSTULACION_DESCONOCIDA, status: 404 }
    if (fila.pagada_en) return { error: MENSAJE_DERECHO_YA_PAGADO, status: 409 }
    const periodo = {
      postulacionDesde: fila.postulacion_desde,
      postulacionHasta: fila.postulacion_hasta,
      cerradoPorLaEscuela: fila.publicacion === 'cerrado',
    }
    const fuera = motivoFueraDePlazo(periodo, fechaEnChile(ahora))
    if (fuera) return { error: fuera, status: 409 }
    return {
      monto: fila.derecho_postulacion,
      descripcion: `Derecho de postulación — Concurso de ${fila.especialidad}, ${fila.sede}`,
      codigoInscripcion: null,
      rutaVolver: urlPostulacion(fila.concurso_id),
    }
  },

  async pagadoPorOtro(db, referencia, pagoId) {
    const postulacion = await db
      .selectFrom('postulaciones')
      .select(['pagada_en', 'pago_id'])
      .where('id', '=', referencia)
      .executeTakeFirst()
    return !!postulacion?.pagada_en && postulacion.pago_id !== pagoId
  },

  async alAprobar(trx, alumnoId, referencia, pagoId) {
    // Only an unpaid application is marked, so a repeated approval changes nothing and the first
    // payment stays the one on record. The date is when the approval is recorded: the gateway
    // approved it moments before, inside the application period `cobro` checked.
    const marcada = await trx
      .updateTable('postulaciones')
      .set({ pagada_en: new Date().toISOString(), pago_id: pagoId })
      .where('id', '=', referencia)
      .where('alumno_id', '=', alumnoId)
      .where('pagada_en', 'is', null)
      .returning('id')
      .executeTakeFirst()
    if (marcada) return
    const existente = await trx
      .selectFrom('postulaciones')
      .select('id')
      .where('id', '=', referencia)
      .where('alumno_id', '=', alumnoId)
      .executeTakeFirst()
    // A payment approved for an application that is not this student's must not be recorded as
    // if it had paid something: the error rolls the payment's transaction back and is logged.
    if (!existente) throw new Error(`pago ${pagoId} aprobado para una postulación desconocida: ${referencia}`)
  },

  async alReembolsar(trx, referencia, pagoId) {
    // The fee given back: the application is unpaid again, as before it was paid.
    await trx
      .updateTable('postulaciones')
      .set({ pagada_en: null, pago_id: null })
      .where('id', '=', referencia)
      .where('pago_id', '=', pagoId)
      .execute()
  },
}

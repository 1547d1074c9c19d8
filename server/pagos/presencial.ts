// A payment made in person, recorded by staff: for an unpaid installment of a student within
// their reach, a payment is written as approved with the physical payment record the staff member
// typed (the seller is the staff member), and the approval goes through the same steps as one from
// the gateway (alAprobarPago: the installment paid, the student told, the record kept; then the
// receipt, comprobanteDe).
//
// Exactly once: the payment is inserted already 'aprobado', and the unique index that lets only
// one payment of the same concept and reference be 'confirmando' or 'aprobado' (migration 0010)
// refuses the second of two staff recording the same installment at once, whatever the engine or
// the server, and refuses it too while the student's own online payment of it holds the claim. The
// whole transaction (payment, installment, notice, record, audit row) is then rolled back.
import { randomBytes, randomUUID } from 'node:crypto'
import { MENSAJE_CUOTA_NO_ENCONTRADA, referenciaCuota, type EstadoPago } from '../../src/domain/pagos.ts'
import {
  MENSAJE_CUOTA_PAGO_EN_CURSO,
  MENSAJE_CUOTA_YA_PAGADA_PRESENCIAL,
  type PagoPresencial,
} from '../../src/domain/pago-presencial.ts'
import type { MedioPago } from '../../src/domain/busqueda-pagos.ts'
import { esViolacionDeUnicidad } from '../db/connection.ts'
import type { Pago } from '../db/schema.ts'
import { puedeConAlumno } from '../personal/alcance.ts'
import { auditar, type Autor } from '../personal/auditoria.ts'
import type { Personal } from '../db/schema.ts'
import { rechazoPorBloqueo } from '../privacidad/bloqueo.ts'
import { cuotaPorPagar } from './cuota.ts'
import { alAprobarPago, comprobanteDe, nuevaOrdenCompra, type DependenciasPago } from './flujo.ts'

/** Thrown inside the transaction to roll it back when the installment was paid meanwhile. */
class CuotaYaPagada extends Error {}

export type ResultadoPresencial =
  { ok: true; pago: Pago; comprobante: string | null } | { ok: false; error: string; status: 404 | 409 | 423 }

export async function registrarPagoPresencial(
  deps: DependenciasPago,
  autor: Autor & { personal: Pick<Personal, 'id' | 'nombre' | 'rol' | 'email' | 'asistente_id'> },
  codigoInscripcion: string,
  numero: number,
  datos: PagoPresencial,
): Promise<ResultadoPresencial> {
  const { db } = deps
  const solicitud = await db
    .selectFrom('solicitudes')
    .select(['codigo_inscripcion', 'alumno_id', 'nombre_curso'])
    .where('codigo_inscripcion', '=', codigoInscripcion)
    .executeTakeFirst()
  // A student out of reach reads like an installment that does not exist.
  if (!solicitud || !(await puedeConAlumno(db, autor.personal, 'pagos.registrar', solicitud.alumno_id)))
    return { ok: false, error: MENSAJE_CUOTA_NO_ENCONTRADA, status: 404 }
  const bloqueado = await rechazoPorBloqueo(db, solicitud.alumno_id)
  if (bloqueado) return { ok: false, error: bloqueado, status: 423 }
  const cuota = await cuotaPorPagar(db, codigoInscripcion, numero, solicitud.nombre_curso)
  if (!cuota) return { ok: false, error: MENSAJE_CUOTA_NO_ENCONTRADA, status: 404 }
  if (cuota.pagada) return { ok: false, error: MENSAJE_CUOTA_YA_PAGADA_PRESENCIAL, status: 409 }

  const ahora = autor.ahora.toISOString()
  const referencia = referenciaCuota(codigoInscripcion, numero)
  const pago: Pago = {
    id: randomUUID(),
    alumno_id: solicitud.alumno_id,
    concepto: 'cuota',
    referencia,
    monto: cuota.cobro.monto,
    descripcion: cuota.cobro.descripcion,
    codigo_inscripcion: codigoInscripcion,
    ruta_volver: cuota.cobro.rutaVolver,
    orden_compra: nuevaOrdenCompra('cuota'),
    id_sesion: randomBytes(16).toString('hex'),
    token: null,
    estado: 'aprobado' satisfies EstadoPago,
    detalle: null,
    codigo_respuesta: null,
    estado_pasarela: null,
    codigo_autorizacion: null,
    ultimos_digitos: null,
    tipo_pago: null,
    numero_cuotas: null,
    fecha_contable: null,
    fecha_transaccion: ahora,
    vci: null,
    creado_en: ahora,
    retornado_en: null,
    resuelto_en: ahora,
    confirmando_hasta: null,
    url_pasarela: null,
    medio: 'presencial' satisfies MedioPago,
    registrado_por: autor.personal.id,
  }
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('pagos').values(pago).execute()
      await alAprobarPago(
        trx,
        deps,
        pago,
        {
          id_pago_flujo: datos.idPagoFlujo,
          cod_pago_flujo: datos.codPagoFlujo,
          cod_fila_wpay: datos.codFilaWpay,
          app_name: datos.appName,
          mail_vendedor: autor.personal.email,
          nombre_vendedor: autor.personal.nombre,
        },
        ahora,
      )
      // The installment must now name this payment: anything else means it was paid another way
      // (a record without an approved payment), and nothing of this one is kept.
      const pagada = await trx
        .selectFrom('cuotas')
        .select('pago_id')
        .where('codigo_inscripcion', '=', codigoInscripcion)
        .where('numero', '=', numero)
        .executeTakeFirst()
      if (pagada?.pago_id !== pago.id) throw new CuotaYaPagada()
      await auditar(trx, autor, {
        accion: 'pago.registrar-presencial',
        entidad: 'pago',
        entidadId: pago.id,
        alumnoId: pago.alumno_id,
        despues: {
          cuota: referencia,
          monto: pago.monto,
          idPagoFlujo: datos.idPagoFlujo,
          codPagoFlujo: datos.codPagoFlujo,
          codFilaWpay: datos.codFilaWpay,
          appName: datos.appName,
        },
      })
    })
  } catch (err) {
    if (err instanceof CuotaYaPagada) return { ok: false, error: MENSAJE_CUOTA_YA_PAGADA_PRESENCIAL, status: 409 }
    if (!esViolacionDeUnicidad(err)) throw err
    // Another payment holds the installment: approved (paid), or being confirmed online.
    const ahoraPagada = await db
      .selectFrom('cuotas')
      .select('pago_id')
      .where('codigo_inscripcion', '=', codigoInscripcion)
      .where('numero', '=', numero)
      .executeTakeFirst()
    return {
      ok: false,
      error: ahoraPagada?.pago_id ? MENSAJE_CUOTA_YA_PAGADA_PRESENCIAL : MENSAJE_CUOTA_PAGO_EN_CURSO,
      status: 409,
    }
  }
  // After the commit, as for an online payment: a failure to sign it never loses the payment,
  // and the receipt is issued when it is first asked for.
  return { ok: true, pago, comprobante: await comprobanteDe(deps, pago) }
}

// The notices of the school's paper: a program's payment receipt or certificate issued, and a certificate
// revoked. Called in the transaction that registers (or revokes) the document, once its row says so.
//
//   await notificarDocumentoEmitido(trx, { alumnoId, codTipoDocumento, programa, codigoInscripcion, codigo, ahora })
//   await notificarRevocacion(trx, { alumnoId, programa, codigoInscripcion, codigo, motivo, ahora })
//
// Other documents notify nothing: the signed regulations are the student's own act, and a payment's
// receipt is announced with the payment ('Pago aprobado'). The occasion is the verification code.
// A certificate ends the program: its survey and regulations reminders no longer apply. A
// revocation withdraws the certificate's own notice (it reads as revoked, with the reason) and
// tells the student at once, by every channel they keep on, with the reason.
import type { Transaction } from 'kysely'
import { DOC_CERTIFICADO_PROGRAMA, DOC_COMPROBANTE_PROGRAMA } from '../../src/domain/documentos-emitidos.ts'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import {
  avisoCertificadoRevocado,
  avisoDocumentoEmitido,
  RETIRO_PROGRAMA_FINALIZADO,
  retiroPorRevocacion,
} from '../../src/domain/notificaciones.ts'
import type { Database } from '../db/schema.ts'
import { notificar } from './notificar.ts'
import { recordatoriosDeSolicitud, retirarAvisos } from './retiro.ts'

export async function notificarDocumentoEmitido(
  trx: Transaction<Database>,
  d: {
    alumnoId: string
    codTipoDocumento: string
    programa: string
    codigoInscripcion: string | null
    codigo: string
    ahora: Date
  },
): Promise<string | null> {
  if (d.codTipoDocumento !== DOC_COMPROBANTE_PROGRAMA && d.codTipoDocumento !== DOC_CERTIFICADO_PROGRAMA) return null
  if (d.codigoInscripcion === null) return null
  if (d.codTipoDocumento === DOC_CERTIFICADO_PROGRAMA)
    await retirarAvisos(trx, {
      alumnoId: d.alumnoId,
      tipos: ['encuesta-pendiente', 'reglamento-pendiente'],
      donde: recordatoriosDeSolicitud(d.codigoInscripcion),
      retiro: RETIRO_PROGRAMA_FINALIZADO,
      ahora: d.ahora,
    })
  return notificar(trx, {
    alumnoId: d.alumnoId,
    tipo: 'documento-emitido',
    ocasion: d.codigo,
    aviso: avisoDocumentoEmitido({
      codTipoDocumento: d.codTipoDocumento,
      programa: d.programa,
      codigoInscripcion: d.codigoInscripcion,
    }),
    ahora: d.ahora,
  })
}

/** The revocation's notice id (null when this certificate's revocation was already notified). */
export async function notificarRevocacion(
  trx: Transaction<Database>,
  d: { alumnoId: string; programa: string; codigoInscripcion: string; codigo: string; motivo: string; ahora: Date },
): Promise<string | null> {
  const fecha = fechaEnChile(d.ahora)
  await retirarAvisos(trx, {
    alumnoId: d.alumnoId,
    tipos: ['documento-emitido'],
    donde: (eb) => eb('ocasion', '=', d.codigo),
    retiro: retiroPorRevocacion({ fecha, motivo: d.motivo }),
    ahora: d.ahora,
  })
  return notificar(trx, {
    alumnoId: d.alumnoId,
    tipo: 'certificado-revocado',
    ocasion: d.codigo,
    aviso: avisoCertificadoRevocado({
      programa: d.programa,
      codigoInscripcion: d.codigoInscripcion,
      codigo: d.codigo,
      fecha,
      motivo: d.motivo,
    }),
    ahora: d.ahora,
  })
}

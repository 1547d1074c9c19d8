// The notice of an invoice or a program certificate the school issued: called by the document
// service in the transaction that registers the document, once its row exists.
//
//   await notificarDocumentoEmitido(trx, { alumnoId, codTipoDocumento, programa, codigo, ahora })
//
// Other documents notify nothing: the signed regulations are the student's own act, and a payment's
// receipt is announced with the payment ('Pago aprobado'). The occasion is the verification code.
import type { Transaction } from 'kysely'
import { DOC_CERTIFICADO_PROGRAMA, DOC_FACTURA } from '../../src/domain/documentos-emitidos.ts'
import { avisoDocumentoEmitido } from '../../src/domain/notificaciones.ts'
import type { Database } from '../db/schema.ts'
import { notificar } from './notificar.ts'

export async function notificarDocumentoEmitido(
  trx: Transaction<Database>,
  d: { alumnoId: string; codTipoDocumento: string; programa: string; codigo: string; ahora: Date },
): Promise<string | null> {
  if (d.codTipoDocumento !== DOC_FACTURA && d.codTipoDocumento !== DOC_CERTIFICADO_PROGRAMA) return null
  return notificar(trx, {
    alumnoId: d.alumnoId,
    tipo: 'documento-emitido',
    ocasion: d.codigo,
    aviso: avisoDocumentoEmitido({ codTipoDocumento: d.codTipoDocumento, programa: d.programa }),
    ahora: d.ahora,
  })
}

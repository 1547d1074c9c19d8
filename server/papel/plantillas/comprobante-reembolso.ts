// 'Comprobante de Reembolso': the signed receipt of a refund the school made of an online payment
// through the gateway, one per refund (its id is the document's reference), from what the refund
// and its payment recorded when the gateway applied it.
import { AVISO_NO_TRIBUTARIO, DOC_COMPROBANTE_REEMBOLSO } from '../../../src/domain/documentos-emitidos.ts'
import { fechaEnChile, fechaLarga, horaEnChile } from '../../../src/domain/fechas.ts'
import { formatearClp } from '../../../src/domain/moneda.ts'
import { ETIQUETA_TIPO_REEMBOLSO } from '../../../src/domain/reembolsos.ts'
import type { Pago, Reembolso } from '../../db/schema.ts'
import type { ContenidoDocumento } from '../documento-pdf.ts'
import { programaDelPago } from './comprobante-pago.ts'
import { emitirDocumento, type DependenciasPapel, type DocumentoEmitido, type Titular } from '../emitir.ts'

export function contenidoComprobanteReembolso(r: Reembolso, p: Pago, titular: Titular): ContenidoDocumento {
  const hecho = new Date(r.resuelto_en ?? r.creado_en)
  const pagado = new Date(p.fecha_transaccion ?? p.resuelto_en ?? p.creado_en)
  const datos: (readonly [string, string])[] = [
    ['Beneficiario', titular.nombre],
    [titular.tipoDocumento === 'RUT' ? 'RUT' : 'Pasaporte', titular.documento],
    ['Concepto del pago', p.descripcion],
  ]
  if (p.codigo_inscripcion) datos.push(['Solicitud', p.codigo_inscripcion])
  datos.push(
    ['Monto reembolsado', formatearClp(r.monto)],
    ['Monto del pago', formatearClp(p.monto)],
    ['Fecha del reembolso', `${fechaLarga(fechaEnChile(hecho))}, ${horaEnChile(hecho)} (hora de Chile)`],
    ['Fecha del pago', fechaLarga(fechaEnChile(pagado))],
    ['Orden de compra', p.orden_compra],
    ['Tarjeta', `terminada en ${p.ultimos_digitos ?? ''}`],
    ['Operación en la pasarela', (r.tipo && ETIQUETA_TIPO_REEMBOLSO[r.tipo]) ?? r.tipo ?? ''],
  )
  if (r.codigo_autorizacion) datos.push(['Código de autorización', r.codigo_autorizacion])
  if (r.saldo !== null) datos.push(['Saldo del pago tras el reembolso', formatearClp(r.saldo)])
  datos.push(['Motivo', r.motivo])
  return {
    titulo: 'Comprobante de Reembolso',
    bloques: [
      `La Escuela deja constancia de que reembolsó a ${titular.nombre}, a través de la pasarela de pago y en la tarjeta con que pagó, el monto que se detalla.`,
      { datos },
      'Montos en pesos chilenos. El abono en la tarjeta depende de su banco emisor. La autenticidad de este comprobante puede verificarse con el código de verificación o el código QR al pie de la página.',
      `${AVISO_NO_TRIBUTARIO} La nota de crédito electrónica del SII que corresponde a este reembolso se descarga en la página del pago.`,
    ],
  }
}

/** Issues the receipt of an applied refund (once; a second call returns the first). */
export async function emitirComprobanteReembolso(
  deps: DependenciasPapel,
  reembolsoId: string,
): Promise<DocumentoEmitido> {
  const reembolso = await deps.db
    .selectFrom('reembolsos')
    .selectAll()
    .where('id', '=', reembolsoId)
    .executeTakeFirstOrThrow()
  if (reembolso.estado !== 'aplicado') throw new Error(`el reembolso ${reembolsoId} no está aplicado`)
  const pago = await deps.db
    .selectFrom('pagos')
    .selectAll()
    .where('id', '=', reembolso.pago_id)
    .executeTakeFirstOrThrow()
  return emitirDocumento(deps, {
    alumnoId: pago.alumno_id,
    codTipoDocumento: DOC_COMPROBANTE_REEMBOLSO,
    codigoInscripcion: pago.codigo_inscripcion,
    referencia: reembolso.id,
    ...(await programaDelPago(deps.db, pago)),
    fechaEmision: fechaEnChile(deps.ahora),
    nombreArchivo: `Reembolso-${pago.orden_compra}-${reembolso.id.slice(0, 8)}.pdf`,
    contenido: (titular) => contenidoComprobanteReembolso(reembolso, pago, titular),
  })
}

// 'Comprobante de Pago': the signed receipt of an approved payment, whatever it paid (an
// installment, a contest fee). Issued once per payment (its id is the document's reference), from
// what the payment recorded when the gateway approved it. It is not a tax document and says so: the
// SII's document of the payment is issued apart (server/tributario/).
import { AVISO_NO_TRIBUTARIO, DOC_COMPROBANTE_PAGO } from '../../../src/domain/documentos-emitidos.ts'
import { fechaEnChile, fechaLarga, horaEnChile } from '../../../src/domain/fechas.ts'
import { formatearClp } from '../../../src/domain/moneda.ts'
import { TIPO_PAGO } from '../../../src/domain/pagos.ts'
import type { Pago } from '../../db/schema.ts'
import type { ContenidoDocumento } from '../documento-pdf.ts'
import { emitirDocumento, type DependenciasPapel, type DocumentoEmitido, type Titular } from '../emitir.ts'

export function contenidoComprobante(p: Pago, titular: Titular): ContenidoDocumento {
  const pagado = new Date(p.fecha_transaccion ?? p.resuelto_en ?? p.creado_en)
  const datos: (readonly [string, string])[] = [
    ['Pagador', titular.nombre],
    [titular.tipoDocumento === 'RUT' ? 'RUT' : 'Pasaporte', titular.documento],
    ['Concepto', p.descripcion],
  ]
  if (p.codigo_inscripcion) datos.push(['Solicitud', p.codigo_inscripcion])
  datos.push(
    ['Monto pagado', formatearClp(p.monto)],
    ['Fecha del pago', `${fechaLarga(fechaEnChile(pagado))}, ${horaEnChile(pagado)} (hora de Chile)`],
    ['Orden de compra', p.orden_compra],
  )
  // A payment made in person was recorded by staff: no card nor authorization of the gateway.
  const presencial = p.medio === 'presencial'
  if (presencial) datos.push(['Medio de pago', 'Pago presencial en la Escuela'])
  else
    datos.push(
      ['Código de autorización', p.codigo_autorizacion ?? ''],
      ['Tarjeta', `terminada en ${p.ultimos_digitos ?? ''}`],
      ['Tipo de pago', (p.tipo_pago && TIPO_PAGO[p.tipo_pago]) ?? p.tipo_pago ?? ''],
    )
  if (p.numero_cuotas) datos.push(['Cuotas de la tarjeta', String(p.numero_cuotas)])
  return {
    titulo: 'Comprobante de Pago',
    bloques: [
      `La Escuela deja constancia de que recibió de ${titular.nombre} el pago que se detalla, ${
        presencial ? 'pagado en forma presencial' : 'aprobado por la pasarela de pago'
      }.`,
      { datos },
      'Montos en pesos chilenos. La autenticidad de este comprobante puede verificarse con el código de verificación o el código QR al pie de la página.',
      `${AVISO_NO_TRIBUTARIO} El documento tributario electrónico del SII de este pago se descarga en la página del pago.`,
    ],
  }
}

/**
 * What a payment's documents (its receipt, a refund's) name as the program: the enrolment's
 * program for an installment, the payment's own description for anything else (a contest fee).
 */
export async function programaDelPago(
  db: DependenciasPapel['db'],
  pago: Pick<Pago, 'codigo_inscripcion' | 'descripcion'>,
) {
  const solicitud = pago.codigo_inscripcion
    ? await db
        .selectFrom('solicitudes')
        .select(['nombre_curso', 'cod_prospecto'])
        .where('codigo_inscripcion', '=', pago.codigo_inscripcion)
        .executeTakeFirst()
    : undefined
  return { programa: solicitud?.nombre_curso ?? pago.descripcion, codProspecto: solicitud?.cod_prospecto ?? '' }
}

/** Issues the receipt of an approved payment (once; a second call returns the first). */
export async function emitirComprobantePago(deps: DependenciasPapel, pagoId: string): Promise<DocumentoEmitido> {
  const pago = await deps.db.selectFrom('pagos').selectAll().where('id', '=', pagoId).executeTakeFirstOrThrow()
  if (pago.estado !== 'aprobado') throw new Error(`el pago ${pagoId} no está aprobado`)
  return emitirDocumento(deps, {
    alumnoId: pago.alumno_id,
    codTipoDocumento: DOC_COMPROBANTE_PAGO,
    codigoInscripcion: pago.codigo_inscripcion,
    referencia: pago.id,
    ...(await programaDelPago(deps.db, pago)),
    fechaEmision: fechaEnChile(deps.ahora),
    nombreArchivo: `Comprobante-${pago.orden_compra}.pdf`,
    contenido: (titular) => contenidoComprobante(pago, titular),
  })
}

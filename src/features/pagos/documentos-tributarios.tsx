import { useQuery } from '@tanstack/react-query'
import {
  ETIQUETA_ESTADO_DOCUMENTO_TRIBUTARIO,
  TIPOS_DTE,
  type DocumentoTributarioVista,
} from '../../domain/documento-tributario.ts'
import { fechaLarga } from '../../domain/fechas.ts'
import { formatearClp } from '../../domain/moneda.ts'
import { documentosTributariosQueries } from './documentos-tributarios-queries.ts'
import { SinDatos } from '../../ui/sin-datos.tsx'

// The SII's documents of a student's payment (boleta or factura exenta, and a refund's nota de
// crédito), as the student sees them: type, folio, date, amount, and the PDF and XML to download,
// or 'En proceso' while the provider has not issued it yet. Issued by a certified provider, not
// drawn by the portal: the portal's own receipt is the 'Comprobante de pago' beside them.

/** 'Boleta exenta electrónica N° 17', or the type alone while it has no folio. */
export function nombreDocumento(d: Pick<DocumentoTributarioVista, 'tipo' | 'folio'>): string {
  const nombre = TIPOS_DTE[d.tipo].nombre
  return d.folio !== null ? `${nombre} N° ${d.folio}` : nombre
}

/** What the student reads of a document that is not issued yet: always 'En proceso'. */
export const EN_PROCESO = ETIQUETA_ESTADO_DOCUMENTO_TRIBUTARIO.pendiente

/** The list of a payment's documents: one card each, readable on a 360 px phone. */
export function ListaDocumentosTributarios({ documentos }: { documentos: readonly DocumentoTributarioVista[] }) {
  if (documentos.length === 0)
    return <p className="campo__ayuda">Este pago aún no tiene documento tributario: se emite al aprobarse el pago.</p>
  return (
    <ul className="documentos-tributarios">
      {documentos.map((d) => {
        const emitido = d.estado === 'emitido' && d.pdfUrl !== null
        const nombre = nombreDocumento(d)
        return (
          <li key={d.id} className="documento-tributario">
            <p className="documento-tributario__nombre">
              <strong>{nombre}</strong>
              {emitido ? null : <span className="etiqueta etiqueta--pendientes">{EN_PROCESO}</span>}
            </p>
            <dl className="documento-tributario__datos">
              <div>
                <dt>Tipo</dt>
                <dd>{TIPOS_DTE[d.tipo].nombre}</dd>
              </div>
              <div>
                <dt>Folio</dt>
                <dd>{d.folio ?? EN_PROCESO}</dd>
              </div>
              <div>
                <dt>Fecha</dt>
                <dd>{d.fechaEmision ? fechaLarga(d.fechaEmision) : EN_PROCESO}</dd>
              </div>
              <div>
                <dt>Monto</dt>
                <dd>{formatearClp(d.monto)}</dd>
              </div>
              {d.referencia ? (
                <div>
                  <dt>Referencia</dt>
                  <dd>{nombreDocumento({ tipo: d.referencia.tipo, folio: d.referencia.folio })}</dd>
                </div>
              ) : null}
            </dl>
            {emitido ? (
              <p className="documento-tributario__descargas">
                <a href={d.pdfUrl!} download className="boton boton--secundario boton--pequeno">
                  Descargar PDF <span className="sr-only">de {nombre}</span>
                </a>
                {d.xmlUrl ? (
                  <a href={d.xmlUrl} download className="boton boton--secundario boton--pequeno">
                    Descargar XML <span className="sr-only">de {nombre}</span>
                  </a>
                ) : null}
              </p>
            ) : (
              <p className="campo__ayuda">
                Se está emitiendo ante el SII: podrá descargarlo aquí en cuanto tenga folio.
              </p>
            )}
          </li>
        )
      })}
    </ul>
  )
}

/** A payment's documents, read from the server (asked again while one is in process). */
export function DocumentosTributariosDePago({ pagoId }: { pagoId: string }) {
  const consulta = useQuery(documentosTributariosQueries.dePago(pagoId))
  let contenido
  if (consulta.data) contenido = <ListaDocumentosTributarios documentos={consulta.data} />
  else contenido = <SinDatos consulta={consulta} que="los documentos tributarios" />
  return (
    <section className="documentos-tributarios__seccion" aria-labelledby={`tributarios-${pagoId}`}>
      <h2 id={`tributarios-${pagoId}`}>Documentos tributarios</h2>
      {contenido}
    </section>
  )
}

/**
 * The enrolment list's cell: each of its documents as a link to its PDF ('Boleta exenta N° 17'),
 * or its type and 'En proceso'. `id` goes on the first link (where a notice points).
 */
export function DocumentosTributariosDeSolicitud({
  codigo,
  documentos,
  id,
}: {
  codigo: string
  documentos: readonly DocumentoTributarioVista[]
  id?: string
}) {
  return (
    <ul className="documentos-tributarios documentos-tributarios--celda">
      {documentos.map((d, i) => {
        const corto = TIPOS_DTE[d.tipo].nombreCorto
        return (
          <li key={d.id}>
            {d.estado === 'emitido' && d.pdfUrl ? (
              <a href={d.pdfUrl} download id={i === 0 ? id : undefined}>
                {corto} N° {d.folio} <span className="sr-only">de la solicitud {codigo} (PDF)</span>
              </a>
            ) : (
              <span id={i === 0 ? id : undefined} tabIndex={i === 0 && id ? -1 : undefined}>
                {corto}: {EN_PROCESO}
                <span className="sr-only">, solicitud {codigo}</span>
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}

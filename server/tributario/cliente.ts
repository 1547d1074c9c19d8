// The one client interface of tax documents, whoever issues them (EMISOR_TRIBUTARIO): the
// scheduler asks it to issue a document under our reference (the provider's Idempotency-Key) and,
// after a try that ended without a clear answer, to look the document up by that reference before
// it asks again. 'openfactura' and 'sandbox' are the same client (openfactura.ts), pointed at
// Haulmer or at the portal's own stand-in; 'erp' issues nothing here (the ERP pushes them).
import type { TipoDte } from '../../src/domain/documento-tributario.ts'

/** What a provider returns for an issued document. */
export type DocumentoDelProveedor = {
  tipo: TipoDte
  folio: number
  /** 'yyyy-mm-dd', as issued. */
  fechaEmision: string
  /** The <TED> element, as in the document's XML. */
  ted: string
  /** The provider's id of the document (OpenFactura's TOKEN), when it has one. */
  token: string | null
  pdf: Uint8Array | null
  xml: Uint8Array
}

/**
 * A call that failed. `definitivo`: the provider answered and refused (a 4xx other than 408 and
 * 429: bad data, no folios): nothing was issued and sending the same again will not help, so the
 * document goes to 'error' for staff. Otherwise (timeout, connection cut, 5xx, 408, 429) the
 * outcome is unknown: the document may have been issued.
 */
export class ErrorEmisor extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly definitivo: boolean,
  ) {
    super(message)
    this.name = 'ErrorEmisor'
  }
}

export interface ClienteTributario {
  /** Issues the document `dte` (the SII's JSON shape) under `clave`; a repeat returns the first. */
  emitir(dte: unknown, clave: string): Promise<DocumentoDelProveedor>
  /** The document issued under `clave`, or null when the provider has none. */
  buscar(clave: string): Promise<DocumentoDelProveedor | null>
}

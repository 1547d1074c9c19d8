// The portal's own receipt of a program's fee (document type '30') was called 'Factura', which it
// is not: it has no folio from the SII, no electronic stamp and was never sent to the SII. It is
// now the 'Comprobante de Pago del Programa' (src/domain/documentos-emitidos.ts), and what was
// stored under the old name is renamed: the kind recorded with each issued document (what the
// public validator tells), and the notices that announced one ('Factura disponible', opening the
// enrolment at `abrir=factura`, which the list no longer knows). A document's code and its
// validation do not change. The PDFs already signed keep their words: a signed file is never
// rewritten (the demo's are issued again by a fresh seed).
// Portable SQL (`replace` exists in SQLite and PostgreSQL).
import { sql, type Kysely } from 'kysely'

export const TIPO_ANTERIOR = 'Factura'
export const TIPO_NUEVO = 'Comprobante de Pago del Programa'
export const TITULO_ANTERIOR = 'Factura disponible'
export const TITULO_NUEVO = 'Comprobante de pago disponible'

export async function up(db: Kysely<unknown>): Promise<void> {
  await comprobantesNoTributarios(db)
}

/** The rename, on its own so a test can apply it to rows written the old way. */
export async function comprobantesNoTributarios(db: Kysely<unknown>): Promise<void> {
  await sql`update documentos_emitidos set tipo_documento = ${TIPO_NUEVO}
    where cod_tipo_documento = '30' and tipo_documento = ${TIPO_ANTERIOR}`.execute(db)
  await sql`update notificaciones
    set titulo = ${TITULO_NUEVO},
      cuerpo = replace(cuerpo, 'La factura de ', 'El comprobante de pago del programa '),
      ruta = replace(ruta, '&abrir=factura', '&abrir=comprobante')
    where tipo = 'documento-emitido' and titulo = ${TITULO_ANTERIOR}`.execute(db)
  // A notice whose address 0028 pointed at the old paper after its words were changed.
  await sql`update notificaciones set ruta = replace(ruta, '&abrir=factura', '&abrir=comprobante')
    where tipo = 'documento-emitido' and ruta like '%&abrir=factura'`.execute(db)
}

/** Back to the old names (the words the notices had before). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update documentos_emitidos set tipo_documento = ${TIPO_ANTERIOR}
    where cod_tipo_documento = '30' and tipo_documento = ${TIPO_NUEVO}`.execute(db)
  await sql`update notificaciones
    set titulo = ${TITULO_ANTERIOR},
      cuerpo = replace(cuerpo, 'El comprobante de pago del programa ', 'La factura de '),
      ruta = replace(ruta, '&abrir=comprobante', '&abrir=factura')
    where tipo = 'documento-emitido' and titulo = ${TITULO_NUEVO}`.execute(db)
}

// One tax document for a download or a retry: the student's own (routes/documentos-tributarios.ts;
// another's reads like an unknown one) or one whose payment is in a staff member's reach
// (routes/admin/documentos-tributarios.ts), and the staff's retry of one that failed or is waiting
// for its next try, audited with it.
import {
  tituloDocumentoTributario,
  type DocumentoTributarioVista,
  type EstadoDocumentoTributario,
  type TipoDte,
} from '../../src/domain/documento-tributario.ts'
import type { Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import type { Personal } from '../db/schema.ts'
import { pagoAlAlcance } from '../pagos/gestion.ts'
import { auditar, type Autor } from '../personal/auditoria.ts'
import { vistas, type FilaDocumento } from './documentos.ts'
import { despacharDocumentos } from './programador.ts'

/** The student's own document with this id. */
export function documentoDelAlumno(db: Db, alumnoId: string, id: string): Promise<FilaDocumento | undefined> {
  return db
    .selectFrom('documentos_tributarios')
    .selectAll()
    .where('id', '=', id)
    .where('alumno_id', '=', alumnoId)
    .executeTakeFirst()
}

/** The document with this id, when its payment is in the member's reach. */
export async function documentoAlAlcance(
  db: Db,
  personal: Pick<Personal, 'rol' | 'asistente_id'>,
  id: string,
): Promise<FilaDocumento | undefined> {
  const fila = await db.selectFrom('documentos_tributarios').selectAll().where('id', '=', id).executeTakeFirst()
  if (!fila) return undefined
  return (await pagoAlAlcance(db, personal, fila.pago_id)) ? fila : undefined
}

const titulo = (f: FilaDocumento) =>
  tituloDocumentoTributario({ tipo: f.tipo as TipoDte, folio: f.folio, estado: f.estado as EstadoDocumentoTributario })

/** A staff member's download of an issued document, in the audit trail before the file leaves. */
export async function auditarDescarga(db: Db, autor: Autor, fila: FilaDocumento, formato: 'pdf' | 'xml') {
  await auditar(db, autor, {
    accion: 'documento-tributario.descargar',
    entidad: 'pago',
    entidadId: fila.pago_id,
    alumnoId: fila.alumno_id,
    despues: { documentoTributario: titulo(fila), folio: fila.folio, formato: formato.toUpperCase() },
  })
}

/**
 * Retries a document not yet issued: due now and audited in one transaction, then the scheduler
 * is woken in the background. Answers the document as the staff see it after that.
 */
export async function reintentarDocumento(
  deps: Dependencias,
  autor: Autor,
  fila: FilaDocumento,
): Promise<DocumentoTributarioVista | undefined> {
  await deps.db.transaction().execute(async (trx) => {
    // Due now; after a provider's refusal nothing was issued, so it is sent as a first try
    // (after an unclear one it keeps looking the document up first).
    await trx
      .updateTable('documentos_tributarios')
      .set({
        estado: 'pendiente',
        disponible_desde: autor.ahora.toISOString(),
        intentos: fila.dudoso === 1 ? 1 : 0,
      })
      .where('id', '=', fila.id)
      .where('estado', '!=', 'emitido')
      .execute()
    await auditar(trx, autor, {
      accion: 'documento-tributario.reintentar',
      entidad: 'pago',
      entidadId: fila.pago_id,
      alumnoId: fila.alumno_id,
      antes: { errorEmisor: fila.error },
      despues: { documentoTributario: titulo(fila) },
    })
  })
  despacharDocumentos(deps)
  const actual = await deps.db
    .selectFrom('documentos_tributarios')
    .selectAll()
    .where('id', '=', fila.id)
    .executeTakeFirstOrThrow()
  const [documento] = await vistas(deps.db, [actual], true)
  return documento
}

// Storing a student's uploaded file for one of its documents, in place of the one it had.
import { randomUUID } from 'node:crypto'
import { CONTENT_TYPE_POR_TIPO } from '../../src/domain/documentos.ts'
import type { OrigenDocumento } from '../../src/domain/estado-revision.ts'
import { nuevaClaveBlob } from '../blobs.ts'
import type { Dependencias } from '../contexto.ts'
import { quitarSubida, subidasDe } from '../subidas/tus.ts'
import type { ArchivoRecibido } from './recibir.ts'
import { ARCHIVOS_SUBIDOS, type FilaNueva } from './tablas.ts'

/**
 * Whose the file is: the owner its table names (ARCHIVOS_SUBIDOS: the enrolment's code, the
 * application's id, or for a personal document the student's id again) and the student.
 */
export type DuenoDelArchivo = { dueno: string; alumnoId: string }

/**
 * Stores a received file as the owner's document `recibido.codDocumento`, in place of the previous
 * file of the same document and owner, and returns the new row; a new file, a replacement too,
 * waits for the school's review. The bytes go first, so a row never points at a missing blob; then
 * the rows are swapped in one transaction, and the replaced file's blob is deleted only once that
 * has committed. Last, the resumable upload the file came from, if any, is deleted: it is made a
 * document once.
 */
export async function guardarArchivoSubido<O extends OrigenDocumento>(
  deps: Dependencias,
  origen: O,
  dueno: DuenoDelArchivo,
  recibido: ArchivoRecibido,
): Promise<FilaNueva<O>>
export async function guardarArchivoSubido(
  deps: Dependencias,
  origen: OrigenDocumento,
  { dueno, alumnoId }: DuenoDelArchivo,
  recibido: ArchivoRecibido,
): Promise<FilaNueva<OrigenDocumento>> {
  const { db, blobs, log } = deps
  const { tabla, dueno: columnaDueno, fila: filaDe } = ARCHIVOS_SUBIDOS[origen]
  const { codDocumento, nombre, tipo, bytes } = recibido
  const fila = filaDe(
    {
      id: randomUUID(),
      alumno_id: alumnoId,
      cod_documento: codDocumento,
      tipo_archivo: tipo,
      content_type: CONTENT_TYPE_POR_TIPO[tipo],
      tamanno: bytes.length,
      blob_clave: nuevaClaveBlob(),
      subido_en: deps.clock().toISOString(),
      estado_revision: 'en-revision',
      motivo_rechazo: null,
    },
    dueno,
    nombre,
  )
  await blobs.put(fila.blob_clave, bytes)
  let anterior: string | undefined
  try {
    anterior = await db.transaction().execute(async (trx) => {
      const previo = await trx
        .selectFrom(tabla)
        .select('blob_clave')
        .where(columnaDueno, '=', dueno)
        .where('cod_documento', '=', codDocumento)
        .executeTakeFirst()
      await trx.deleteFrom(tabla).where(columnaDueno, '=', dueno).where('cod_documento', '=', codDocumento).execute()
      await trx.insertInto(tabla).values(fila).execute()
      return previo?.blob_clave
    })
  } catch (err) {
    await blobs.delete(fila.blob_clave)
    throw err
  }
  const borrar = anterior
  if (borrar) {
    await blobs
      .delete(borrar)
      .catch((err: unknown) => log(`no se pudo borrar el archivo reemplazado ${borrar}: ${String(err)}`))
  }
  if (recibido.subida) await quitarSubida(db, subidasDe(deps).almacen, recibido.subida)
  return fila
}

// An uploaded file as the student's replies show it, whatever its table.
import { revisionJson } from '../documentos/revision.ts'
import type { FilaArchivoSubido } from './tablas.ts'

/**
 * `nombre` is the client's file name (kept as data), `enlace` the path where its owner
 * downloads it.
 */
export function archivoSubidoJson(fila: FilaArchivoSubido, nombre: string, enlace: string) {
  return {
    id: fila.id,
    codDocumento: fila.cod_documento,
    nombre,
    enlace,
    tipoArchivo: fila.tipo_archivo,
    tamanno: fila.tamanno,
    subidoEn: fila.subido_en,
    ...revisionJson(fila),
  }
}

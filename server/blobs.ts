// Uploaded files live behind a BlobStore (servers keep no state of their own,
// so a second implementation, blobs-s3.ts, puts them in object storage). Keys are always chosen by the
// server (`nuevaClaveBlob`): a client's file name never becomes a path.
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { open, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'

export interface BlobStore {
  /** Stores the bytes under `clave`, whole or not at all. */
  put(clave: string, bytes: Uint8Array): Promise<void>
  /** The bytes as a stream, or null when there is no such blob. */
  get(clave: string): Promise<ReadableStream<Uint8Array> | null>
  /** Deletes the blob; deleting a missing one is not an error. */
  delete(clave: string): Promise<void>
}

const CLAVE = /^[0-9a-f]{32}$/

/** A new random key: 32 hex characters (128 bits). */
export function nuevaClaveBlob(): string {
  return randomBytes(16).toString('hex')
}

export function comprobarClave(clave: string): string {
  // Defence in depth: only keys of our own shape ever reach the file system.
  if (!CLAVE.test(clave)) throw new Error(`clave de archivo no válida: ${JSON.stringify(clave)}`)
  return clave
}

function noExiste(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === 'ENOENT'
}

/** Files under `carpeta` (DATA_DIR/archivos), named by their key. */
export function blobStoreEnDisco(carpeta: string): BlobStore {
  mkdirSync(carpeta, { recursive: true })
  return {
    async put(clave, bytes) {
      const destino = join(carpeta, comprobarClave(clave))
      // Written aside and renamed: a crash mid-write never leaves a half file under the key.
      const temporal = join(carpeta, `.${clave}.${randomBytes(6).toString('hex')}.tmp`)
      try {
        await writeFile(temporal, bytes, { flag: 'wx' })
        await rename(temporal, destino)
      } catch (err) {
        await rm(temporal, { force: true })
        throw err
      }
    },
    async get(clave) {
      try {
        const archivo = await open(join(carpeta, comprobarClave(clave)), 'r')
        return Readable.toWeb(archivo.createReadStream()) as ReadableStream<Uint8Array>
      } catch (err) {
        if (noExiste(err)) return null
        throw err
      }
    },
    async delete(clave) {
      await rm(join(carpeta, comprobarClave(clave)), { force: true })
    },
  }
}

import { afterAll, beforeAll, expect, test } from 'vitest'
import { iniciarS3, type S3DePrueba } from '../tests/support/s3.ts'
import type { BlobStore } from './blobs.ts'
import { nuevaClaveBlob } from './blobs.ts'
import { blobStoreEnS3 } from './blobs-s3.ts'

let s3: S3DePrueba
let blobs: BlobStore
beforeAll(async () => {
  s3 = await iniciarS3()
  blobs = blobStoreEnS3(s3.config)
})
afterAll(() => s3.detener())

async function leer(flujo: ReadableStream<Uint8Array> | null): Promise<Uint8Array | null> {
  return flujo ? new Uint8Array(await new Response(flujo).arrayBuffer()) : null
}

test('a file put in the bucket is read back byte for byte, and gone once deleted', async () => {
  const clave = nuevaClaveBlob()
  const bytes = new Uint8Array(300_000).map((_, i) => (i * 31) % 256)
  await blobs.put(clave, bytes)
  expect(s3.claves()).toContain(clave)
  expect(await leer(await blobs.get(clave))).toEqual(bytes)
  await blobs.delete(clave)
  expect(s3.claves()).not.toContain(clave)
  expect(await blobs.get(clave)).toBeNull()
})

test('a key never stored reads as missing, and deleting it is not an error', async () => {
  const clave = nuevaClaveBlob()
  expect(await blobs.get(clave)).toBeNull()
  await expect(blobs.delete(clave)).resolves.toBeUndefined()
})

test('only keys of the server’s own shape reach the bucket', async () => {
  await expect(blobs.put('../otro-bucket/archivo', new Uint8Array([1]))).rejects.toThrow(/clave de archivo no válida/)
  await expect(blobs.get('ABC')).rejects.toThrow(/clave de archivo no válida/)
})

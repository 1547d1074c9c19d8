// Uploaded files in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage…), so that every portal
// server behind a load balancer reads the same files. Same contract as the files on disk: keys
// are chosen by the server, a put is whole or nothing (S3 makes an object visible only once it is
// complete), deleting a missing object is not an error.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { comprobarClave, type BlobStore } from './blobs.ts'
import type { ConfigS3 } from './config.ts'

/** How the portal talks to its bucket: the stored files' client and the resumable uploads' (subidas/tus.ts). */
export function clienteS3({ endpoint, region, accessKeyId, secretAccessKey }: ConfigS3): S3ClientConfig {
  return {
    endpoint,
    region,
    credentials: { accessKeyId, secretAccessKey },
    // Bucket in the path, not the host name: self-hosted servers rarely have wildcard DNS.
    forcePathStyle: true,
    // Checksums only where S3 demands them: the newer default (a trailing checksum on every
    // upload) is not understood by many S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }
}

export function blobStoreEnS3(config: ConfigS3): BlobStore {
  const { bucket } = config
  const cliente = new S3Client(clienteS3(config))
  return {
    async put(clave, bytes) {
      await cliente.send(
        new PutObjectCommand({ Bucket: bucket, Key: comprobarClave(clave), Body: bytes, ContentLength: bytes.length }),
      )
    },
    async get(clave) {
      try {
        const objeto = await cliente.send(new GetObjectCommand({ Bucket: bucket, Key: comprobarClave(clave) }))
        return objeto.Body ? objeto.Body.transformToWebStream() : null
      } catch (err) {
        if (err instanceof NoSuchKey) return null
        throw err
      }
    },
    async delete(clave) {
      await cliente.send(new DeleteObjectCommand({ Bucket: bucket, Key: comprobarClave(clave) }))
    },
  }
}

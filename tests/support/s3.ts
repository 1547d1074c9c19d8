// An S3-compatible server for the tests and benchmarks (s3rver: objects as files in a temporary
// folder), started on a free port with one empty bucket, so S3 storage is tested for real.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import type { ConfigS3 } from '../../server/config.ts'

export type S3DePrueba = {
  config: ConfigS3
  /** The keys of the objects in the bucket now. */
  claves(): string[]
  detener(): Promise<void>
}

export async function iniciarS3(): Promise<S3DePrueba> {
  const carpeta = mkdtempSync(join(tmpdir(), 'portal-s3-'))
  const bucket = 'portal-archivos'
  const servidor = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: carpeta,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await servidor.run()
  return {
    // s3rver checks signatures made with its fixed credentials.
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    // s3rver keeps each object as '<key>._S3rver_object' beside its metadata files.
    claves: () =>
      readdirSync(join(carpeta, bucket))
        .filter((f) => f.endsWith('._S3rver_object'))
        .map((f) => f.slice(0, -'._S3rver_object'.length)),
    async detener() {
      await servidor.close()
      rmSync(carpeta, { recursive: true, force: true })
    },
  }
}

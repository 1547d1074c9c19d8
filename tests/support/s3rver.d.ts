// s3rver ships no types; this is the part of its API the tests use.
declare module 's3rver' {
  type Opciones = {
    address?: string
    port?: number
    silent?: boolean
    directory?: string
    configureBuckets?: { name: string }[]
  }
  export default class S3rver {
    constructor(opciones: Opciones)
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}

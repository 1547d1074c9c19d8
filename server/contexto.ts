// What every handler can reach through `c.var`: the app's dependencies (database, configuration,
// mailer, file store, clock, log) and the request's student (from the session cookie) and client IP.
import type { Log } from './bitacora.ts'
import type { BlobStore } from './blobs.ts'
import type { Db } from './db/connection.ts'
import type { Alumno } from './db/schema.ts'
import type { Config } from './config.ts'
import type { Mailer } from './mail.ts'

/** The configuration once the server is listening: the public URL is then known. */
export type AppConfig = Config & { publicUrl: string }

export type Clock = () => Date

export type Deps = { db: Db; config: AppConfig; mailer: Mailer; blobs: BlobStore; clock: Clock; log: Log }

export type AppEnv = {
  Variables: {
    deps: Deps
    /** Random, per request: in its log line, in the error it may log, and in `X-Request-Id`. */
    idPeticion: string
    ip: string
    /** The signed-in student, or null. Set by the session middleware for every /api request. */
    alumno: Alumno | null
    sesionHash: string | null
  }
}

// What every handler can reach through `c.var`: the app's dependencies (database, configuration,
// correo, file store, clock, log, signing certificate, payment gateway) and the request's student
// (from the session cookie) and client IP.
import type { Log } from './bitacora.ts'
import type { BlobStore } from './blobs.ts'
import type { Db } from './db/connection.ts'
import type { Alumno, Personal } from './db/schema.ts'
import type { Actor } from './middleware/sesion.ts'
import type { Config } from './config.ts'
import type { Correo } from './correo.ts'
import type { CertificadoEscuela } from './papel/certificado-escuela.ts'
import type { PasarelaDePago } from './pagos/pasarela.ts'
import type { ResolverDns } from './notificaciones/push.ts'
import type { ClienteTributario } from './tributario/cliente.ts'
import type { RegistroLecturas } from './privacidad/lecturas.ts'
import type { SegundoPlano } from './segundo-plano.ts'

/** The configuration once the server is listening: the public URL is then known. */
export type ConfigApp = Config & { publicUrl: string }

export type Reloj = () => Date

export type Dependencias = {
  db: Db
  config: ConfigApp
  correo: Correo
  blobs: BlobStore
  clock: Reloj
  log: Log
  /** The school's signing certificate, for every document the portal issues. */
  firma: CertificadoEscuela
  /** The payment gateway: the sandbox or Webpay, as configured. */
  pasarela: PasarelaDePago
  /** Who issues tax documents: OpenFactura or the sandbox through its client; null with EMISOR_TRIBUTARIO=erp. */
  tributario: ClienteTributario | null
  /** Resolves push services' names (default: the system's resolver; tests answer for their own names). */
  resolverDns?: ResolverDns
  /** Who read a student's sensitive data: recorded off the request's path (privacidad/lecturas.ts). */
  lecturas: RegistroLecturas
  /** Work started and not awaited (a notice, a tax document, the periodic runs): closing waits for it. */
  segundoPlano: SegundoPlano
}

export type EntornoApp = {
  Variables: {
    deps: Dependencias
    /** Random, per request: in its log line, in the error it may log, and in `X-Request-Id`. */
    idPeticion: string
    ip: string
    /** Who is signed in (a student, or a staff member under /api/admin), or null. Set by the
     * session middleware for every /api request. */
    actor: Actor | null
    /** The actor when it is a student (the student's endpoints read this). */
    alumno: Alumno | null
    /** The actor when it is a staff member. */
    personal: Personal | null
    sesionHash: string | null
  }
}

import { DetailedError, Upload } from 'tus-js-client'
import { RUTA_SUBIDAS, TAMANO_TROZO_BYTES } from '../domain/subidas.ts'
import { ErrorDeRed } from './api-error.ts'
import { CABECERA_XSRF, manejarSesionExpirada, tokenXsrf } from './api.ts'
import { abrirAlmacen } from './offline/idb.ts'

// Uploads, apart from api.ts so the first screen does not download them: only the outbox sends
// files, and it loads with the signed-in screens.
//
// A file goes to the server over the tus protocol (tus-js-client): in pieces of
// TAMANO_TROZO_BYTES to /api/subidas, and after a dropped connection, a closed tab, a reload or a
// restarted phone it resumes from the last byte the server has (it asks with HEAD). Where each
// upload lives on the server is kept in IndexedDB (tus's urlStorage, by default localStorage,
// which Safari empties with the rest of a site's storage and a worker cannot reach), keyed by the
// outbox item, so the same file of the same submission resumes and nothing else does. Once every
// byte is there, the upload's id is kept too: the document's endpoint is then told which upload
// to make the document of (enviar-outbox.ts), and a retry of that never uploads the file again.

export type Progreso = { cargado: number; total: number }

export type OpcionesSubida = {
  /** The outbox item's id: what identifies this upload across reloads. */
  clave: string
  /** The document's form fields (codTipoDocumento), sent as the upload's metadata. */
  campos: Record<string, string>
  archivo: Blob
  nombre: string
  /** Called as the server confirms bytes (resumed ones included). */
  alProgreso?: (progreso: Progreso) => void
}

/** A piece that makes no progress in this time is given up: the outbox tries again later. */
const SIN_AVANCE_MS = 60_000

const almacen = abrirAlmacen('portal-subidas', 'subidas')
const PREFIJO_URL = 'url:'
const claveTerminada = (clave: string) => `terminada:${clave}`
const huella = (clave: string) => `portal-${clave}`

type SubidaPrevia = {
  size: number | null
  metadata: Record<string, string>
  creationTime: string
  urlStorageKey: string
  uploadUrl: string | null
  parallelUploadUrls: string[] | null
}

/** tus-js-client's urlStorage over IndexedDB. */
const urlsEnIndexedDb = {
  async findAllUploads(): Promise<SubidaPrevia[]> {
    const todas = await almacen.entries<SubidaPrevia>()
    return todas
      .filter(([k]) => String(k).startsWith(PREFIJO_URL))
      .map(([k, v]) => ({ ...v, urlStorageKey: String(k) }))
  },
  async findUploadsByFingerprint(fingerprint: string): Promise<SubidaPrevia[]> {
    const todas = await urlsEnIndexedDb.findAllUploads()
    return todas.filter((s) => s.urlStorageKey.startsWith(`${PREFIJO_URL}${fingerprint}:`))
  },
  async removeUpload(urlStorageKey: string): Promise<void> {
    await almacen.del(urlStorageKey)
  },
  async addUpload(fingerprint: string, subida: SubidaPrevia): Promise<string> {
    const clave = `${PREFIJO_URL}${fingerprint}:${crypto.randomUUID()}`
    await almacen.set(clave, { ...subida, urlStorageKey: clave })
    return clave
  },
}

/** Forgets everything kept about the item's upload (it became a document, or was refused). */
export async function olvidarSubida(clave: string): Promise<void> {
  for (const previa of await urlsEnIndexedDb.findUploadsByFingerprint(huella(clave)))
    await urlsEnIndexedDb.removeUpload(previa.urlStorageKey)
  await almacen.del(claveTerminada(clave))
}

function cuerpoDe(texto: string): unknown {
  if (!texto) return undefined
  try {
    return JSON.parse(texto) as unknown
  } catch {
    return texto
  }
}

/**
 * Sends the file (or what the server lacks of it) and resolves with the finished upload's id, or
 * with the status and parsed body of a refusal (the outbox decides what a status means). Rejects
 * with ErrorDeRed only when no reply came: the outbox tries again later, from the last byte.
 */
export async function subirArchivo(
  destino: string,
  opciones: OpcionesSubida,
): Promise<{ subida: string } | { status: number; body: unknown }> {
  if (!destino.startsWith('/api/')) throw new Error(`Ruta de API inválida: ${destino}`)
  const terminada = await almacen.get<string>(claveTerminada(opciones.clave))
  if (terminada) return { subida: terminada }

  let renovarXsrf = false
  return new Promise((resolver, rechazar) => {
    let vigilancia: ReturnType<typeof setTimeout> | undefined
    const vigilar = () => {
      clearTimeout(vigilancia)
      vigilancia = setTimeout(() => {
        void subida.abort().finally(() => rechazar(new ErrorDeRed()))
      }, SIN_AVANCE_MS)
    }
    const terminar = () => clearTimeout(vigilancia)

    const subida = new Upload(opciones.archivo, {
      endpoint: RUTA_SUBIDAS,
      chunkSize: TAMANO_TROZO_BYTES,
      // A few quick retries for a blip; after that the outbox waits for the connection.
      retryDelays: [0, 1_000, 3_000],
      metadata: {
        destino,
        codTipoDocumento: opciones.campos.codTipoDocumento ?? '',
        filename: opciones.nombre,
        filetype: opciones.archivo.type,
      },
      fingerprint: async () => huella(opciones.clave),
      urlStorage: urlsEnIndexedDb,
      storeFingerprintForResuming: true,
      // Kept until the document is made (olvidarSubida), not only until the last byte.
      removeFingerprintOnSuccess: false,
      async onBeforeRequest(peticion) {
        const token = await tokenXsrf(renovarXsrf)
        renovarXsrf = false
        if (token) peticion.setHeader(CABECERA_XSRF, token)
        peticion.setHeader('Accept', 'application/json')
        vigilar()
      },
      onShouldRetry(error, intento) {
        const status = error.originalResponse?.getStatus() ?? 0
        // An XSRF token that changed (a new session in another tab): once more with a fresh one.
        if (status === 403 && intento === 0) {
          renovarXsrf = true
          return true
        }
        return status === 0 || status >= 500 || status === 409 || status === 423
      },
      onProgress(enviados, total) {
        vigilar()
        opciones.alProgreso?.({ cargado: enviados, total })
      },
      onSuccess() {
        terminar()
        const id = (subida.url ?? '').split('/').pop() ?? ''
        void almacen.set(claveTerminada(opciones.clave), id).then(
          () => resolver({ subida: id }),
          () => resolver({ subida: id }),
        )
      },
      onError(error) {
        terminar()
        const respuesta = error instanceof DetailedError ? error.originalResponse : null
        const status = respuesta?.getStatus() ?? 0
        if (status === 0) return rechazar(new ErrorDeRed())
        if (status === 404 || status === 410) {
          // The upload is gone on the server (expired): the next attempt begins a new one.
          void olvidarSubida(opciones.clave).finally(() => rechazar(new ErrorDeRed()))
          return
        }
        if (status === 401) manejarSesionExpirada()
        resolver({ status, body: cuerpoDe(respuesta?.getBody() ?? '') })
      },
    })
    void subida
      .findPreviousUploads()
      .then((previas) => {
        const previa = previas[0]
        if (previa) subida.resumeFromPreviousUpload(previa)
      })
      .catch(() => undefined)
      .finally(() => {
        vigilar()
        subida.start()
      })
  })
}

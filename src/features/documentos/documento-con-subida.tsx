import { useId, useState, type ChangeEvent } from 'react'
import { ACCEPT_ARCHIVOS, BYTES_FIRMA, validarArchivo } from '../../domain/documentos.ts'
import type { EstadoRevision as EstadoRevisionDocumento } from '../../domain/estado-revision.ts'
import { pedirAlmacenamientoPersistente } from '../../lib/offline/idb.ts'
import type { CuerpoArchivo, ItemOutbox } from '../../lib/offline/outbox.ts'
import { useOutbox } from '../../lib/offline/use-outbox.ts'
import { porcentajeDe, useProgresoSubida } from '../../lib/progreso-subidas.ts'
import { estadoEnPalabras } from '../offline/estado-item.ts'
import { EstadoRevision } from './estado-revision.tsx'

// One document a student uploads (a personal document, or one an enrolment requires): its file
// with a download link, the upload waiting in the outbox with its progress or state, and the file
// input. The upload goes through the outbox, so one chosen offline waits like any other change.

export type ArchivoDeDocumento = {
  nombre: string
  tamanno: number
  enlace: string
  /** The school's review; absent in a reply kept from before documents were reviewed. */
  estadoRevision?: EstadoRevisionDocumento
  motivoRechazo?: string | null
}

function tamanoLegible(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

export function DocumentoConSubida({
  nombreDocumento,
  info,
  obligatorio,
  archivo,
  envio,
  maximoMb,
  enviar,
}: {
  nombreDocumento: string
  info: string | null
  /** Shown as 'Obligatorio' or 'Opcional'; undefined when every document of the list is required. */
  obligatorio?: boolean | undefined
  archivo: ArchivoDeDocumento | undefined
  envio: (ItemOutbox & { cuerpo: CuerpoArchivo }) | undefined
  maximoMb: number
  /** Queues the chosen file (already checked here) and returns its outbox item. */
  enviar: (archivo: File) => Promise<ItemOutbox>
}) {
  const outbox = useOutbox()
  const id = useId()
  const [error, setError] = useState<string | null>(null)
  // The file just uploaded from here: its ✓ shows where the upload was started (a dialog, the
  // page), not in a notification elsewhere.
  const [subido, setSubido] = useState<string | null>(null)
  const accion = archivo ? 'Reemplazar' : 'Subir'

  async function alElegir(e: ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget
    const elegido = input.files?.[0]
    if (!elegido) return
    setError(null)
    setSubido(null)
    // Refused here, before a byte is sent, with the same rule the server applies again.
    const primerosBytes = new Uint8Array(await elegido.slice(0, BYTES_FIRMA).arrayBuffer())
    const problema = validarArchivo({ nombre: elegido.name, tamanno: elegido.size, primerosBytes }, maximoMb)
    input.value = ''
    if (problema) {
      setError(problema)
      return
    }
    void pedirAlmacenamientoPersistente()
    const item = await enviar(elegido)
    const resultado = await outbox.esperar(item.id)
    if (resultado.estado === 'confirmado') setSubido(elegido.name)
  }

  return (
    <li className="documento">
      <h3 className="documento__nombre">
        {nombreDocumento}
        {obligatorio === undefined ? null : (
          <>
            {' '}
            <span className={`etiqueta ${obligatorio ? 'etiqueta--obligatorio' : 'etiqueta--opcional'}`}>
              {obligatorio ? 'Obligatorio' : 'Opcional'}
            </span>
          </>
        )}
      </h3>
      {info ? <p className="campo__ayuda">{info}</p> : null}
      <p className="documento__archivo">
        {archivo ? (
          <>
            Archivo: <span className="documento__archivo-nombre">{archivo.nombre}</span> (
            {tamanoLegible(archivo.tamanno)}){' '}
            <a href={archivo.enlace} download={archivo.nombre}>
              Descargar<span className="sr-only"> {nombreDocumento}</span>
            </a>
          </>
        ) : (
          'Sin archivo'
        )}
      </p>
      {archivo ? <EstadoRevision estado={archivo.estadoRevision} motivo={archivo.motivoRechazo} /> : null}
      <EstadoSubida envio={envio} />
      <div role="status">
        {subido && !envio ? (
          <p className="mensaje mensaje--exito">
            <span aria-hidden="true">✓ </span>
            {subido}: subido correctamente.
          </p>
        ) : null}
      </div>
      <div className="campo">
        <label htmlFor={`${id}-archivo`} className="campo__etiqueta">
          {accion} {nombreDocumento}
        </label>
        <input
          id={`${id}-archivo`}
          className="campo__control campo__control--archivo"
          type="file"
          accept={ACCEPT_ARCHIVOS}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          disabled={envio?.estado === 'enviando'}
          onChange={(e) => void alElegir(e)}
        />
        {error ? (
          <p id={`${id}-error`} className="campo__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  )
}

/** The upload waiting in the outbox for this document, if any: its progress bar or its state. */
function EstadoSubida({ envio }: { envio: (ItemOutbox & { cuerpo: CuerpoArchivo }) | undefined }) {
  const id = useId()
  // Known also while it waits (kept across reloads): the bar shows where a cut upload resumes.
  const progreso = useProgresoSubida(envio && envio.estado !== 'rechazado' ? envio.id : undefined)
  if (!envio) return null
  const nombre = envio.cuerpo.nombre
  const enviando = envio.estado === 'enviando'
  const barra =
    enviando || progreso ? (
      <div className="subida">
        <label htmlFor={`${id}-progreso`} className="subida__etiqueta">
          {enviando ? 'Subiendo' : 'Subido en parte'} {nombre}: {progreso ? porcentajeDe(progreso) : 0} %
          {progreso ? ` (${formatoBytes(progreso.cargado)} de ${formatoBytes(progreso.total)})` : ''}
        </label>
        <progress id={`${id}-progreso`} max={100} value={progreso ? porcentajeDe(progreso) : 0} />
      </div>
    ) : null
  if (enviando) return barra
  return (
    <>
      {barra}
      <p className={`mensaje ${envio.estado === 'rechazado' ? 'mensaje--error' : 'mensaje--aviso'}`} role="status">
        {nombre}: {estadoEnPalabras(envio)}
      </p>
    </>
  )
}

/** Bytes as a student reads them: "1,2 MB", "350 KB". */
function formatoBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024).toLocaleString('es-CL')} KB`
  return `${(bytes / (1024 * 1024)).toLocaleString('es-CL', { maximumFractionDigits: 1 })} MB`
}

import { lazy, Suspense, useEffect, useId, useRef, useState, type ChangeEvent } from 'react'
import { BYTES_FIRMA, validarArchivo } from '../../domain/documentos.ts'
import { ACCEPT_DOCUMENTOS_Y_FOTOS, ACCEPT_FOTOS, detectarTipoFoto, tipoFotoPorExtension } from '../../domain/fotos.ts'
import type { EstadoRevision as EstadoRevisionDocumento } from '../../domain/estado-revision.ts'
import { pedirAlmacenamientoPersistente } from '../../lib/offline/idb.ts'
import type { CuerpoArchivo, ItemOutbox } from '../../lib/offline/outbox.ts'
import { useOutbox } from '../../lib/offline/use-outbox.ts'
import { porcentajeDe, useProgresoSubida } from '../../lib/progreso-subidas.ts'
import { estadoEnPalabras } from '../offline/estado-item.ts'
import { EstadoRevision } from './estado-revision.tsx'
import { Spinner } from '../../ui/spinner.tsx'
import { tamanoLegible } from './tamano-legible.ts'
import { usePaginas } from './use-paginas.ts'
import { MensajeError } from '../../ui/mensaje-error.tsx'

// The pages' panel (and its styles) load when a photo is first chosen: the list screens' chunks,
// and the first script that names them, stay as they were.
const PaginasDelDocumento = lazy(() =>
  import('./paginas-del-documento.tsx').then((m) => ({ default: m.PaginasDelDocumento })),
)

// One document a student uploads (a personal document, or one an enrolment requires): its file
// with a download link, the upload waiting in the outbox with its progress or state, and the file
// input. The upload goes through the outbox, so one chosen offline waits like any other change.
// A PDF goes as it is; a photo (chosen, or taken with the camera) is first shrunk on the phone and
// shown with its size before and after, more pages may be added, and what is queued is the one
// compressed file (a JPEG, or a PDF of every page), never the original (use-paginas.ts).

export type ArchivoDeDocumento = {
  nombre: string
  tamanno: number
  enlace: string
  /** The school's review; absent in a reply kept from before documents were reviewed. */
  estadoRevision?: EstadoRevisionDocumento
  motivoRechazo?: string | null
}

export function DocumentoConSubida({
  id: ancla,
  pedido = false,
  nombreDocumento,
  info,
  obligatorio,
  archivo,
  envio,
  maximoMb,
  enviar,
}: {
  /** The item's anchor, so an address (a pending action, a notice) can point to this document. */
  id?: string
  /**
   * The document the address asked for (one the school rejected, say): brought into view with
   * its file input focused, so the next tap chooses the replacement.
   */
  pedido?: boolean
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
  const paginas = usePaginas({ nombreDocumento, maximoMb })
  const accion = archivo ? 'Reemplazar' : 'Subir'
  const mensajeError = error ?? paginas.error
  const conPaginas = paginas.paginas.length > 0
  const item = useRef<HTMLLIElement>(null)
  const entrada = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (!pedido) return
    // On the next frame: a dialog that holds it has opened and focused its title by then.
    const marco = requestAnimationFrame(() => {
      item.current?.scrollIntoView({ block: 'center' })
      const destino = entrada.current && !entrada.current.disabled ? entrada.current : item.current
      destino?.focus({ preventScroll: true })
    })
    return () => cancelAnimationFrame(marco)
  }, [pedido])

  async function alElegir(e: ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget
    const elegido = input.files?.[0]
    if (!elegido) return
    setError(null)
    paginas.limpiarError()
    setSubido(null)
    const primerosBytes = new Uint8Array(await elegido.slice(0, 12).arrayBuffer())
    input.value = ''
    // A photo is prepared and shown first; it leaves with 'Enviar documento'.
    if (detectarTipoFoto(primerosBytes) || tipoFotoPorExtension(elegido.name)) {
      await paginas.agregar(elegido)
      return
    }
    // Refused here, before a byte is sent, with the same rule the server applies again.
    const problema = validarArchivo(
      { nombre: elegido.name, tamanno: elegido.size, primerosBytes: primerosBytes.subarray(0, BYTES_FIRMA) },
      maximoMb,
    )
    if (problema) {
      setError(problema)
      return
    }
    await encolar(elegido)
  }

  async function alEnviarPaginas() {
    const armado = await paginas.armar()
    if (!armado) return
    paginas.descartar()
    await encolar(armado)
  }

  async function encolar(elegido: File) {
    void pedirAlmacenamientoPersistente()
    const item = await enviar(elegido)
    const resultado = await outbox.esperar(item.id)
    if (resultado.estado === 'confirmado') setSubido(elegido.name)
  }

  return (
    <li
      ref={item}
      id={ancla}
      tabIndex={pedido ? -1 : undefined}
      className={`documento${pedido ? ' documento--pedido' : ''}`}
    >
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
      {conPaginas ? (
        <Suspense fallback={<Spinner />}>
          <PaginasDelDocumento
            nombreDocumento={nombreDocumento}
            paginas={paginas.paginas}
            ocupado={paginas.trabajando !== null}
            foco={paginas.foco}
            onFocoAplicado={paginas.focoAplicado}
            onAgregar={(f) => void paginas.agregar(f)}
            onMover={paginas.mover}
            onQuitar={paginas.quitar}
            onEnviar={() => void alEnviarPaginas()}
            onDescartar={paginas.descartar}
          />
        </Suspense>
      ) : (
        <>
          <div className="campo">
            <label htmlFor={`${id}-archivo`} className="campo__etiqueta">
              {accion} {nombreDocumento}
            </label>
            <input
              ref={entrada}
              id={`${id}-archivo`}
              className="campo__control campo__control--archivo"
              type="file"
              accept={ACCEPT_DOCUMENTOS_Y_FOTOS}
              aria-invalid={mensajeError ? true : undefined}
              aria-describedby={mensajeError ? `${id}-error` : undefined}
              disabled={envio?.estado === 'enviando' || paginas.trabajando !== null}
              onChange={(e) => void alElegir(e)}
            />
          </div>
          <div className="campo">
            {/* On a phone, opens the camera at once (capture); elsewhere, a chooser of photos. */}
            <label htmlFor={`${id}-camara`} className="campo__etiqueta">
              Tomar foto de {nombreDocumento}
            </label>
            <input
              id={`${id}-camara`}
              className="campo__control campo__control--archivo"
              type="file"
              accept={ACCEPT_FOTOS}
              capture="environment"
              disabled={envio?.estado === 'enviando' || paginas.trabajando !== null}
              onChange={(e) => void alElegir(e)}
            />
          </div>
        </>
      )}
      <div role="status">
        {paginas.trabajando ? (
          <p className="mensaje mensaje--aviso">
            <Spinner /> {paginas.trabajando}
          </p>
        ) : null}
      </div>
      {mensajeError ? (
        <p id={`${id}-error`} className="campo__error" role="alert">
          {mensajeError}
        </p>
      ) : null}
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
          {progreso ? ` (${tamanoLegible(progreso.cargado)} de ${tamanoLegible(progreso.total)})` : ''}
        </label>
        <progress id={`${id}-progreso`} max={100} value={progreso ? porcentajeDe(progreso) : 0} />
      </div>
    ) : null
  if (enviando) return barra
  return (
    <>
      {barra}
      <div role="status">
        {envio.estado === 'rechazado' ? (
          <MensajeError rol={null}>
            {nombre}: {estadoEnPalabras(envio)}
          </MensajeError>
        ) : (
          <p className="mensaje mensaje--aviso">
            {nombre}: {estadoEnPalabras(envio)}
          </p>
        )}
      </div>
    </>
  )
}

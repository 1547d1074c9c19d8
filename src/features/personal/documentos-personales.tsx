import { useQuery } from '@tanstack/react-query'
import { useId, useState, type ChangeEvent } from 'react'
import { ACCEPT_ARCHIVOS, BYTES_FIRMA, TAMANO_MAXIMO_MB, validarArchivo } from '../../domain/documentos.ts'
import { pedirAlmacenamientoPersistente } from '../../lib/offline/idb.ts'
import { itemsDe, useEnviar, type ItemDe } from '../../lib/offline/envios.ts'
import { useOutbox, useOutboxItems } from '../../lib/offline/use-outbox.ts'
import { usePorcentajeSubida } from '../../lib/progreso-subidas.ts'
import { Estado } from '../../ui/spinner.tsx'
import { toast } from '../../ui/toasts.ts'
import { estadoEnPalabras } from '../offline/estado-item.ts'
import { envioDocumentoPersonal } from './envios.ts'
import { personalQueries, type ArchivoSubido, type DocumentoRequerido } from './queries.ts'

type EnvioDocumento = ItemDe<typeof envioDocumentoPersonal>

function tamanoLegible(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/**
 * 'Documentos Personales': each personal document, required or optional
 * by the student's programs, with its file (download) and an upload that goes through the outbox,
 * so an upload made offline waits like any other submission.
 */
export function DocumentosPersonales({ codigoAlumno }: { codigoAlumno: string }) {
  const documentos = useQuery(personalQueries.documentos())
  const envios = itemsDe(envioDocumentoPersonal, useOutboxItems(codigoAlumno))

  return (
    <section className="seccion seccion--documentos" aria-labelledby="documentos-personales-titulo">
      <h2 id="documentos-personales-titulo">Documentos Personales</h2>
      <p className="campo__ayuda">
        Archivos PDF, JPG o PNG de hasta {documentos.data?.tamanoMaximoMb ?? TAMANO_MAXIMO_MB} MB.
      </p>
      {documentos.data ? (
        <ul className="documentos">
          {documentos.data.requeridos.map((requerido) => (
            <DocumentoPersonal
              key={requerido.Cod_Documento__c}
              codigoAlumno={codigoAlumno}
              requerido={requerido}
              archivo={documentos.data.archivos.find((a) => a.codDocumento === requerido.Cod_Documento__c)}
              envio={envios.findLast((i) => i.cuerpo.campos.codTipoDocumento === requerido.Cod_Documento__c)}
              maximoMb={documentos.data.tamanoMaximoMb ?? TAMANO_MAXIMO_MB}
            />
          ))}
        </ul>
      ) : documentos.isError ? (
        <div className="mensaje mensaje--error" role="alert">
          <p>No fue posible cargar sus documentos. Revise su conexión e intente nuevamente.</p>
          <button type="button" className="boton boton--secundario" onClick={() => void documentos.refetch()}>
            Reintentar
          </button>
        </div>
      ) : (
        <Estado texto="Cargando sus documentos…" />
      )}
    </section>
  )
}

function DocumentoPersonal({
  codigoAlumno,
  requerido,
  archivo,
  envio,
  maximoMb,
}: {
  codigoAlumno: string
  requerido: DocumentoRequerido
  archivo: ArchivoSubido | undefined
  envio: EnvioDocumento | undefined
  maximoMb: number
}) {
  const outbox = useOutbox()
  const enviar = useEnviar(envioDocumentoPersonal)
  const id = useId()
  const [error, setError] = useState<string | null>(null)
  const nombreDocumento = requerido.Documento__c
  const accion = archivo ? 'Reemplazar' : 'Subir'

  async function alElegir(e: ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget
    const elegido = input.files?.[0]
    if (!elegido) return
    setError(null)
    // Refused here, before a byte is sent, with the same rule the server applies again.
    const primerosBytes = new Uint8Array(await elegido.slice(0, BYTES_FIRMA).arrayBuffer())
    const problema = validarArchivo({ nombre: elegido.name, tamanno: elegido.size, primerosBytes }, maximoMb)
    input.value = ''
    if (problema) {
      setError(problema)
      return
    }
    void pedirAlmacenamientoPersistente()
    const cuerpo = { campos: { codTipoDocumento: requerido.Cod_Documento__c }, archivo: elegido, nombre: elegido.name }
    const item = await enviar(codigoAlumno, cuerpo, { etiqueta: `${nombreDocumento}: ${elegido.name}` })
    const resultado = await outbox.esperar(item.id)
    if (resultado.estado === 'confirmado')
      toast({ tipo: 'success', titulo: 'Documento subido', mensaje: `${nombreDocumento}: ${elegido.name}` })
  }

  return (
    <li className="documento">
      <h3 className="documento__nombre">
        {nombreDocumento}{' '}
        <span className={`etiqueta ${requerido.obligatorio ? 'etiqueta--obligatorio' : 'etiqueta--opcional'}`}>
          {requerido.obligatorio ? 'Obligatorio' : 'Opcional'}
        </span>
      </h3>
      {requerido.Info__c ? <p className="campo__ayuda">{requerido.Info__c}</p> : null}
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
      <EstadoSubida envio={envio} />
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
function EstadoSubida({ envio }: { envio: EnvioDocumento | undefined }) {
  const id = useId()
  const porcentaje = usePorcentajeSubida(envio?.estado === 'enviando' ? envio.id : undefined)
  if (!envio) return null
  const nombre = envio.cuerpo.nombre
  if (envio.estado === 'enviando') {
    const valor = porcentaje ?? 0
    return (
      <div className="subida">
        <label htmlFor={`${id}-progreso`} className="subida__etiqueta">
          Subiendo {nombre}: {valor} %
        </label>
        <progress id={`${id}-progreso`} max={100} value={valor} />
      </div>
    )
  }
  return (
    <p className={`mensaje ${envio.estado === 'rechazado' ? 'mensaje--error' : 'mensaje--aviso'}`} role="status">
      {nombre}: {estadoEnPalabras(envio)}
    </p>
  )
}

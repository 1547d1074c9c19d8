import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import * as v from 'valibot'
import { codigoCertificadoSchema } from '../../domain/certificado.ts'
import type { DocumentoVerificado } from '../../domain/documentos-emitidos.ts'
import { fechaLarga } from '../../domain/fechas.ts'
import { ApiError, ErrorDeRed, esErrorInternoORed } from '../../lib/api-error.ts'
import { CampoTexto } from '../../ui/campo.tsx'
import { Spinner } from '../../ui/spinner.tsx'
import { certificadoMutations, type RespuestaValidacion } from './queries.ts'
import { useTituloPagina } from '../../ui/titulo-pagina.ts'
import { MensajeError } from '../../ui/mensaje-error.tsx'

/** The server could not be reached although the device is online, or it failed. */
export const MENSAJE_VALIDACION_ERROR_INTERNO =
  'Ocurrió un error interno al realizar la validación, espere e intente nuevamente'
/** The device has no network: validating asks the school's records, so it needs one. */
export const MENSAJE_VALIDACION_SIN_CONEXION =
  'Sin conexión: validar un documento requiere internet, porque se consulta el registro de la escuela. Conéctese e intente nuevamente.'

// The scanner (its dialog, the camera and, where the browser cannot read QR codes itself, the
// decoder) is downloaded only when someone opens it.
const DialogoEscanerQr = lazy(() => import('./dialogo-escaner-qr.tsx').then((m) => ({ default: m.DialogoEscanerQr })))

/**
 * The public validator: a document's code typed, taken from the page's address or read from its
 * QR with the camera, or the PDF file itself. The result says in words and in colour (green or
 * red) whether the document is valid and what it certifies.
 */
export function PaginaValidador({ codigoInicial = '' }: { codigoInicial?: string | undefined }) {
  useTituloPagina('Validar certificado')
  const [codigo, setCodigo] = useState(codigoInicial)
  const [errorCampo, setErrorCampo] = useState<string | undefined>()
  const [escaneando, setEscaneando] = useState(false)
  const validacion = useMutation(certificadoMutations.validar())
  const verificacion = useMutation(certificadoMutations.verificarArchivo())
  const idArchivo = useId()
  const { mutate, reset } = validacion
  const { reset: olvidarArchivo } = verificacion

  function validar(valor: string): void {
    olvidarArchivo()
    const resultado = v.safeParse(codigoCertificadoSchema, valor)
    if (!resultado.success) {
      // Over 64 characters cannot be a code: say so without asking the server.
      setErrorCampo(resultado.issues[0].message)
      reset()
      return
    }
    setErrorCampo(undefined)
    mutate(resultado.output)
  }

  // ?codcertificado= pre-fills the code and validates at once (once, even under StrictMode).
  const inicialValidado = useRef(false)
  useEffect(() => {
    if (inicialValidado.current || codigoInicial.trim() === '') return
    inicialValidado.current = true
    validar(codigoInicial)
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once, for the code the page was opened with
  }, [codigoInicial])

  function enviar(e: FormEvent) {
    e.preventDefault()
    if (codigo.trim() !== '' && !validacion.isPending) validar(codigo)
  }

  function alLeerQr(leido: string) {
    setEscaneando(false)
    setCodigo(leido)
    validar(leido)
  }

  function alElegirArchivo(e: ChangeEvent<HTMLInputElement>) {
    const archivo = e.target.files?.[0]
    // The same file may be chosen again (after a network failure): the input forgets it.
    e.target.value = ''
    if (!archivo) return
    reset()
    verificacion.mutate(archivo)
  }

  const pendiente = validacion.isPending || verificacion.isPending
  const activa = verificacion.isIdle ? validacion : verificacion

  return (
    <section className="pagina pagina--estrecha">
      <h1>Validar certificado</h1>
      <p>
        Compruebe que un certificado, reglamento firmado o comprobante de pago fue emitido por la escuela: escriba el
        código impreso en el documento, escanee su código QR o elija el archivo PDF.
      </p>
      <form className="formulario" onSubmit={enviar} noValidate>
        <CampoTexto
          id="codigo-certificado"
          etiqueta="Código del certificado"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={codigo}
          error={errorCampo}
          onChange={(e) => {
            setCodigo(e.target.value)
            setErrorCampo(undefined)
          }}
        />
        <button type="submit" className="boton boton--ancho" disabled={codigo.trim() === '' || pendiente}>
          Validar
        </button>
        <button type="button" className="boton boton--secundario boton--ancho" onClick={() => setEscaneando(true)}>
          Escanear código QR
        </button>
      </form>
      <div className="resultado-validacion" role="status" aria-live="polite" aria-label="Resultado de la validación">
        {activa.isPending ? (
          <p className="estado">
            <Spinner /> {activa === verificacion ? 'Verificando el archivo…' : 'Validando el código…'}
          </p>
        ) : null}
        {activa.isSuccess ? <Resultado respuesta={activa.data} /> : null}
        {activa.isError ? <ErrorValidacion error={activa.error} /> : null}
      </div>
      <div className="formulario">
        <div className="campo">
          <label htmlFor={idArchivo} className="campo__etiqueta">
            Verificar un archivo PDF
          </label>
          <input
            id={idArchivo}
            className="campo__control campo__control--archivo"
            type="file"
            accept="application/pdf,.pdf"
            aria-describedby={`${idArchivo}-ayuda`}
            disabled={pendiente}
            onChange={alElegirArchivo}
          />
          <p id={`${idArchivo}-ayuda`} className="campo__ayuda">
            El archivo tal como lo descargó del portal o lo recibió: cualquier cambio, aunque sea mínimo, hace que no
            corresponda. El archivo no se guarda.
          </p>
        </div>
      </div>
      <p>
        <Link to="/login">Volver al inicio de sesión</Link>
      </p>
      {escaneando ? (
        <Suspense fallback={<p className="estado">Abriendo la cámara…</p>}>
          <DialogoEscanerQr alLeer={alLeerQr} alCancelar={() => setEscaneando(false)} />
        </Suspense>
      ) : null}
    </section>
  )
}

function Resultado({ respuesta }: { respuesta: RespuestaValidacion }) {
  if (respuesta.status === 1) {
    return (
      <div className="mensaje mensaje--exito">
        <p className="mensaje__titulo">
          <span aria-hidden="true">✓ </span>
          {respuesta.msg}
        </p>
        <Descripcion documento={respuesta.data.documento} />
        <p>{respuesta.data.msgvalido}</p>
      </div>
    )
  }
  const revocado = respuesta.revocado ? respuesta : undefined
  return (
    <MensajeError
      rol={null}
      bloque
      titulo={
        <>
          <span aria-hidden="true">✗ </span>
          {revocado ? 'Documento revocado: no es válido' : 'Documento no válido'}
        </>
      }
    >
      <p>{respuesta.msg}</p>
      {revocado ? <Descripcion documento={revocado.documento} /> : null}
    </MensajeError>
  )
}

/** What the document is and certifies, as recorded when it was issued. */
function Descripcion({ documento }: { documento: DocumentoVerificado }) {
  return (
    <dl className="documento-verificado">
      <dt>Documento</dt>
      <dd>{documento.tipo}</dd>
      <dt>Titular</dt>
      <dd>{documento.titular}</dd>
      <dt>Programa</dt>
      <dd>{documento.programa}</dd>
      <dt>Fecha de emisión</dt>
      <dd>{fechaLarga(documento.fechaEmision)}</dd>
      {documento.revocadoEn ? (
        <>
          <dt>Revocado el</dt>
          <dd>{fechaLarga(documento.revocadoEn)}</dd>
        </>
      ) : null}
      <dt>Código</dt>
      <dd className="documento-verificado__codigo">{documento.codigo}</dd>
    </dl>
  )
}

function ErrorValidacion({ error }: { error: Error }) {
  const sinConexion = error instanceof ErrorDeRed && !navigator.onLine
  const mensaje = sinConexion
    ? MENSAJE_VALIDACION_SIN_CONEXION
    : esErrorInternoORed(error) || !(error instanceof ApiError)
      ? MENSAJE_VALIDACION_ERROR_INTERNO
      : error.message
  return (
    <MensajeError
      rol={null}
      titulo={
        <>
          <span aria-hidden="true">✗ </span>No se pudo validar
        </>
      }
    >
      {mensaje}
    </MensajeError>
  )
}

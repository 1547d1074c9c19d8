import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { codigoCertificadoSchema } from '../../domain/certificado.ts'
import { ApiError, esErrorInternoORed } from '../../lib/api-error.ts'
import { CampoTexto } from '../../ui/campo.tsx'
import { Spinner } from '../../ui/spinner.tsx'
import type { cliente, RespuestaDe } from '../../lib/cliente-api.ts'
import { certificadoMutations } from './queries.ts'

export const MENSAJE_VALIDACION_SIN_CONEXION =
  'Ocurrió un error interno al realizar la validación, espere e intente nuevamente'

/** Public certificate validator: green when valid, red otherwise, in words too. */
export function PaginaValidador({ codigoInicial = '' }: { codigoInicial?: string | undefined }) {
  const [codigo, setCodigo] = useState(codigoInicial)
  const [errorCampo, setErrorCampo] = useState<string | undefined>()
  const validacion = useMutation(certificadoMutations.validar())
  const { mutate, reset } = validacion

  function validar(valor: string): void {
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

  return (
    <section className="pagina pagina--estrecha">
      <h1>Validar certificado</h1>
      <p>Ingresa el código impreso en el certificado para comprobar que fue emitido por la escuela.</p>
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
        <button type="submit" className="boton boton--ancho" disabled={codigo.trim() === '' || validacion.isPending}>
          Validar
        </button>
      </form>
      <div className="resultado-validacion" role="status" aria-live="polite" aria-label="Resultado de la validación">
        {validacion.isPending ? (
          <p className="estado">
            <Spinner /> Validando certificado…
          </p>
        ) : null}
        {validacion.isSuccess ? <Resultado respuesta={validacion.data} /> : null}
        {validacion.isError ? <ErrorValidacion error={validacion.error} /> : null}
      </div>
      <p>
        <Link to="/login">Volver al inicio de sesión</Link>
      </p>
    </section>
  )
}

function Resultado({ respuesta }: { respuesta: RespuestaDe<typeof cliente.certificados.validar.$post> }) {
  if (respuesta.status === 1) {
    return (
      <div className="mensaje mensaje--exito">
        <p className="mensaje__titulo">
          <span aria-hidden="true">✓ </span>Certificado válido
        </p>
        {respuesta.data?.msgvalido ? <p>{respuesta.data.msgvalido}</p> : null}
      </div>
    )
  }
  return (
    <div className="mensaje mensaje--error">
      <p className="mensaje__titulo">
        <span aria-hidden="true">✗ </span>Certificado no válido
      </p>
      {respuesta.msg ? <p>{respuesta.msg}</p> : null}
    </div>
  )
}

function ErrorValidacion({ error }: { error: Error }) {
  const mensaje =
    esErrorInternoORed(error) || !(error instanceof ApiError) ? MENSAJE_VALIDACION_SIN_CONEXION : error.message
  return (
    <div className="mensaje mensaje--error">
      <p>{mensaje}</p>
    </div>
  )
}

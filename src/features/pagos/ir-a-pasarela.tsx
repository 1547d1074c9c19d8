import { useEffect, useRef, useState } from 'react'
import { MENSAJE_PAGO_SIN_CONEXION, type ConceptoPago } from '../../domain/pagos.ts'
import { ErrorDeRed } from '../../lib/api-error.ts'
import { useEnLinea } from '../../lib/use-en-linea.ts'
import { Spinner } from '../../ui/spinner.tsx'
import { iniciarPago } from './queries.ts'

type Destino = { url: string; token: string }

/**
 * The 'pay' button of any concept: creates the payment on the server, then takes the browser to
 * the gateway with a real form POST carrying token_ws, as the gateway requires. Paying needs the
 * network: offline the button is disabled and says why.
 */
export function IrAPasarela({
  concepto,
  referencia,
  etiqueta = 'Ir a pagar',
}: {
  concepto: ConceptoPago
  referencia: string
  etiqueta?: string
}) {
  const enLinea = useEnLinea()
  const [enviando, setEnviando] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [destino, setDestino] = useState<Destino | null>(null)
  const formulario = useRef<HTMLFormElement>(null)

  // Once the token is in the form, the browser leaves for the gateway.
  useEffect(() => {
    if (destino) formulario.current?.submit()
  }, [destino])

  async function pagar() {
    setError(null)
    if (!navigator.onLine) {
      setError(MENSAJE_PAGO_SIN_CONEXION)
      return
    }
    setEnviando(true)
    try {
      setDestino(await iniciarPago(concepto, referencia))
    } catch (err) {
      setError(err instanceof ErrorDeRed ? MENSAJE_PAGO_SIN_CONEXION : err instanceof Error ? err.message : String(err))
      setEnviando(false)
    }
  }

  return (
    <div className="ir-a-pasarela">
      {!enLinea ? (
        <p className="mensaje mensaje--aviso" role="status">
          {MENSAJE_PAGO_SIN_CONEXION}
        </p>
      ) : null}
      {error ? (
        <p className="mensaje mensaje--error" role="alert">
          {error}
        </p>
      ) : null}
      {destino ? (
        <form ref={formulario} method="post" action={destino.url}>
          <input type="hidden" name="token_ws" value={destino.token} />
          <p role="status">
            <Spinner /> Lo estamos llevando a la pasarela de pago…
          </p>
          <button type="submit" className="boton boton--ancho">
            Continuar a la pasarela de pago
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="boton boton--ancho"
          disabled={!enLinea || enviando}
          onClick={() => void pagar()}
        >
          {enviando ? 'Preparando el pago…' : etiqueta}
        </button>
      )}
    </div>
  )
}

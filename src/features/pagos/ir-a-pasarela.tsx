import { useEffect, useRef, useState } from 'react'
import { MENSAJE_PAGO_SIN_CONEXION, type ConceptoPago } from '../../domain/pagos.ts'
import { ErrorDeRed, esErrorInternoORed } from '../../lib/api-error.ts'
import { useEnLinea } from '../../lib/use-en-linea.ts'
import { Spinner } from '../../ui/spinner.tsx'
import { iniciarPago } from './queries.ts'
import { MensajeError } from '../../ui/mensaje-error.tsx'

type Destino = { url: string; token: string }

/**
 * The one way to the payment gateway, for any concept: creates the payment on the server, then
 * takes the browser to the gateway with a real form POST carrying token_ws, as the gateway
 * requires. `referencia` is what is paid, or a step that makes it first (a contest's application,
 * created on the way to paying its fee). Paying needs the network: offline the button is disabled
 * and says why. A refusal shows the server's words, and reaches `alRechazar` (to refresh what
 * changed meanwhile).
 */
export function IrAPasarela({
  concepto,
  referencia,
  etiqueta = 'Ir a pagar',
  alRechazar,
}: {
  concepto: ConceptoPago
  referencia: string | (() => Promise<string>)
  etiqueta?: string
  alRechazar?: (error: unknown) => void
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

  // Back from the gateway, the browser may show this page as it was left (its back-forward
  // cache), with a token already used: the button must work again.
  useEffect(() => {
    const alVolver = (e: PageTransitionEvent) => {
      if (!e.persisted) return
      setDestino(null)
      setEnviando(false)
    }
    window.addEventListener('pageshow', alVolver)
    return () => window.removeEventListener('pageshow', alVolver)
  }, [])

  async function pagar() {
    setError(null)
    if (!navigator.onLine) {
      setError(MENSAJE_PAGO_SIN_CONEXION)
      return
    }
    setEnviando(true)
    try {
      const loQueSePaga = typeof referencia === 'string' ? referencia : await referencia()
      setDestino(await iniciarPago(concepto, loQueSePaga))
    } catch (err) {
      setError(mensajeDeFallo(err))
      setEnviando(false)
      alRechazar?.(err)
    }
  }

  return (
    <div className="ir-a-pasarela">
      {!enLinea ? (
        <p className="mensaje mensaje--aviso" role="status">
          {MENSAJE_PAGO_SIN_CONEXION}
        </p>
      ) : null}
      {error ? <MensajeError>{error}</MensajeError> : null}
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

function mensajeDeFallo(err: unknown): string {
  if (err instanceof ErrorDeRed) return MENSAJE_PAGO_SIN_CONEXION
  if (esErrorInternoORed(err)) return `No fue posible iniciar el pago: ${(err as Error).message}`
  return err instanceof Error ? err.message : String(err)
}

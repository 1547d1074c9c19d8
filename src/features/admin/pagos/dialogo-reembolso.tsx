import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { formatearClp } from '../../../domain/moneda.ts'
import {
  formularioReembolsoSchema,
  MAXIMO_MOTIVO_REEMBOLSO,
  MENSAJE_NADA_POR_REEMBOLSAR,
  type ReembolsoVista,
} from '../../../domain/reembolsos.ts'
import { ApiError } from '../../../lib/api-error.ts'
import { useFormulario } from '../../../lib/use-formulario.ts'
import { CampoArea, CampoTexto } from '../../../ui/campo.tsx'
import { Dialogo } from '../../../ui/dialogo.tsx'
import { toast } from '../../../ui/toasts.ts'
import { AccionesDialogo } from '../acciones-dialogo.tsx'
import { mensajeDeError } from '../../../lib/mensaje-de-error.ts'
import { actualizarTrasReembolso, reembolsoMutations, type NuevoReembolsoDePago } from './reembolso-queries.ts'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

/** What the server said went wrong: the gateway's refusal or silence (502) is worth reading too. */
function motivoDelError(error: unknown): string {
  if (error instanceof ApiError && error.status === 502) return error.message
  return mensajeDeError(error)
}

/**
 * Refunding an approved online payment, in two steps: the amount (typed, or all that remains with
 * one button; it starts empty) and the reason, then a confirmation that says what will happen. The confirmation
 * carries one idempotency key: pressed twice, retried after a lost reply, the refund is made once.
 * Going back to change the amount or the reason makes a new one.
 */
export function DialogoReembolso({
  pagoId,
  reembolsable,
  descripcion,
  onCerrar,
  onReembolsado,
}: {
  pagoId: string
  /** What remains refundable of the payment, in CLP (the payment's amount less its refunds). */
  reembolsable: number
  /** What the payment paid ('Cuota 2 de 4 — Diplomado en …'), to name it in the confirmation. */
  descripcion?: string
  onCerrar: () => void
  /** After the refund is applied (the dialog then closes itself through onCerrar). */
  onReembolsado?: (reembolso: ReembolsoVista) => void
}) {
  const queryClient = useQueryClient()
  const idFormulario = useId()
  const schema = useMemo(() => formularioReembolsoSchema(reembolsable), [reembolsable])
  // The amount starts empty: staff type what they mean to give back (or ask for all that remains),
  // never confirm the whole payment by going along with what was filled in.
  const form = useFormulario(schema, { monto: '', motivo: '' })
  const [confirmando, setConfirmando] = useState<NuevoReembolsoDePago | null>(null)
  // Set at once on the first press: a second press before the button re-renders disabled sends
  // nothing (and would carry the same key anyway).
  const enviando = useRef(false)

  const reembolso = useMutation({
    mutationFn: reembolsoMutations.reembolsar,
    onSuccess: ({ reembolso: hecho }) => {
      toast({
        tipo: 'success',
        mensaje: `Reembolso de ${formatearClp(hecho.monto)} aplicado. El alumno recibirá el aviso y su comprobante.`,
      })
      onReembolsado?.(hecho)
      onCerrar()
    },
    onError: (error) => {
      // A field the server refused: back to the fields, with its message there.
      if (error instanceof ApiError && Object.keys(error.campos).length > 0) {
        form.erroresDelServidor(error.campos)
        setConfirmando(null)
      }
    },
    onSettled: () => {
      enviando.current = false
      return actualizarTrasReembolso(queryClient)
    },
  })

  function continuar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const datos = form.intentar(e.currentTarget)
    if (datos) setConfirmando({ pagoId, ...datos, clave: crypto.randomUUID() })
  }

  function corregir() {
    reembolso.reset()
    setConfirmando(null)
  }

  if (reembolsable <= 0)
    return (
      <Dialogo titulo="Reembolsar pago" onCerrar={onCerrar}>
        <p>{MENSAJE_NADA_POR_REEMBOLSAR}</p>
      </Dialogo>
    )

  return (
    <Dialogo
      titulo={confirmando ? 'Confirmar reembolso' : 'Reembolsar pago'}
      onCerrar={onCerrar}
      acciones={
        confirmando ? (
          <AccionesDialogo
            texto={`Reembolsar ${formatearClp(confirmando.monto)}`}
            enCurso="Reembolsando…"
            ocupado={reembolso.isPending}
            onAccion={() => {
              if (enviando.current) return
              enviando.current = true
              reembolso.mutate(confirmando)
            }}
            onCancelar={onCerrar}
          />
        ) : (
          <AccionesDialogo
            texto="Continuar"
            enCurso="Continuar"
            ocupado={false}
            formulario={idFormulario}
            onCancelar={onCerrar}
          />
        )
      }
    >
      {confirmando ? (
        <>
          <p>
            Va a reembolsar <strong>{formatearClp(confirmando.monto)}</strong>
            {confirmando.monto === reembolsable
              ? ' (todo lo que queda del pago)'
              : ` de los ${formatearClp(reembolsable)} que quedan del pago`}
            {descripcion ? (
              <>
                {' '}
                de <strong>{descripcion}</strong>
              </>
            ) : null}
            , por este motivo: «{confirmando.motivo}».
          </p>
          <p>
            La pasarela de pago devolverá el dinero en la tarjeta con que se pagó y el alumno recibirá un aviso y un
            comprobante de reembolso firmado.
            {confirmando.monto === reembolsable
              ? ' Como no quedará nada del pago, lo que pagaba quedará pendiente de pago nuevamente.'
              : ''}{' '}
            Esto no se puede deshacer.
          </p>
          <MensajeError visible={reembolso.isError}>
            {reembolso.isError ? motivoDelError(reembolso.error) : null}
          </MensajeError>
          <button type="button" className="boton boton--secundario" onClick={corregir} disabled={reembolso.isPending}>
            Corregir monto o motivo
          </button>
        </>
      ) : (
        <form id={idFormulario} className="formulario" onSubmit={continuar} noValidate>
          <p>Queda por reembolsar de este pago: {formatearClp(reembolsable)}.</p>
          <CampoTexto
            etiqueta="Monto a reembolsar (pesos)"
            obligatorio
            inputMode="numeric"
            autoComplete="off"
            ayuda="Todo lo que queda, o una parte."
            {...form.campo('monto')}
          />
          <p>
            <button
              type="button"
              className="boton boton--secundario"
              onClick={() => form.cambiar('monto', formatearClp(reembolsable).slice(1))}
            >
              Reembolsar todo lo que queda ({formatearClp(reembolsable)})
            </button>
          </p>
          <CampoArea
            etiqueta="Motivo del reembolso"
            obligatorio
            ayuda={`Queda registrado en la historia del pago. Hasta ${MAXIMO_MOTIVO_REEMBOLSO} caracteres.`}
            rows={3}
            maxLength={MAXIMO_MOTIVO_REEMBOLSO}
            {...form.campo('motivo')}
          />
        </form>
      )}
    </Dialogo>
  )
}

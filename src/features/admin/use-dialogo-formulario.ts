import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, type FormEvent } from 'react'
import type * as v from 'valibot'
import { ApiError } from '../../lib/api-error.ts'
import { enfocarPrimerInvalido, useFormulario } from '../../lib/use-formulario.ts'

type Valores = Record<string, string>

/**
 * The wiring every staff dialog with a form repeats, written once: the form checked with its
 * schema from src/domain, the mutation that sends what the schema parsed, the server's per-field
 * messages (a 400's `campos`) shown on their fields, and focus on the first field with a message,
 * whether the schema or the server refused. The dialog keeps what is its own: what to send
 * (`enviarDatos`), what to say and refresh after (`alEnviar`, `alTerminar`), and its fields;
 * `enviar` and the mutation go to DialogoFormulario, which draws the rest.
 */
export function useDialogoFormulario<S extends v.GenericSchema<unknown, unknown>, V extends Valores, R>({
  schema,
  inicial,
  enviarDatos,
  alEnviar,
  alTerminar,
}: {
  schema: S
  inicial: V
  /** The request, with the schema's output. */
  enviarDatos: (datos: v.InferOutput<S>) => Promise<R>
  /** After a success (a toast, closing the dialog). */
  alEnviar?: (respuesta: R) => void
  /** After either outcome (refreshing the lists); `error` is null after a success. */
  alTerminar?: (error: Error | null) => unknown
}) {
  const form = useFormulario(schema, inicial)
  const formulario = useRef<HTMLFormElement | null>(null)
  // Set when the server marked fields; the first render that shows one of them moves focus there.
  const enfocarAlMostrar = useRef(false)
  useEffect(() => {
    if (!enfocarAlMostrar.current || !formulario.current) return
    if (!formulario.current.querySelector('[aria-invalid="true"]')) return
    enfocarAlMostrar.current = false
    enfocarPrimerInvalido(formulario.current)
  })
  const mutacion = useMutation({
    mutationFn: enviarDatos,
    onSuccess: (respuesta) => alEnviar?.(respuesta),
    onError: (error) => {
      if (!(error instanceof ApiError)) return
      form.erroresDelServidor(error.campos)
      enfocarAlMostrar.current = Object.keys(error.campos).length > 0
    },
    onSettled: (_respuesta, error) => alTerminar?.(error),
  })

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    formulario.current = e.currentTarget
    const datos = form.intentar(e.currentTarget)
    if (datos !== undefined && !mutacion.isPending) mutacion.mutate(datos)
  }

  return { form, mutacion, enviar }
}

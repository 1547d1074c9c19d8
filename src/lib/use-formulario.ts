import { useMemo, useState, type ChangeEvent } from 'react'
import * as v from 'valibot'
import { erroresPorCampo } from '../domain/auth.ts'

type Valores = Record<string, string>

/**
 * Form state checked with a shared schema from src/domain: a field's message shows once it was
 * left (blur) with something written in it, or after a submit attempt; the server's per-field messages (400 `campos`) show
 * until that field changes.
 */
export function useFormulario<S extends v.GenericSchema<unknown, unknown>>(schema: S, inicial: Valores) {
  const [valores, setValores] = useState<Valores>(inicial)
  const [tocados, setTocados] = useState<Record<string, boolean>>({})
  const [intentado, setIntentado] = useState(false)
  const [delServidor, setDelServidor] = useState<Record<string, string>>({})

  const resultado = useMemo(() => v.safeParse(schema, valores), [schema, valores])
  const errores = resultado.success ? {} : erroresPorCampo(resultado.issues)

  function cambiar(campo: string, valor: string): void {
    setValores((previos) => ({ ...previos, [campo]: valor }))
    setDelServidor((previos) => {
      if (!(campo in previos)) return previos
      const { [campo]: _quitado, ...resto } = previos
      return resto
    })
  }

  return {
    valores,
    valido: resultado.success,
    error(campo: string): string | undefined {
      // An empty field does not complain on blur, only after a submit attempt: a message that
      // appears on blur moves the submit button away from the pointer and loses the click.
      const escrito = (valores[campo] ?? '') !== ''
      return delServidor[campo] ?? (intentado || (tocados[campo] && escrito) ? errores[campo] : undefined)
    },
    control(campo: string) {
      return {
        name: campo,
        value: valores[campo] ?? '',
        onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => cambiar(campo, e.target.value),
        onBlur: () => setTocados((previos) => (previos[campo] ? previos : { ...previos, [campo]: true })),
      }
    },
    cambiar,
    /**
     * Marks the attempt (all messages show) and returns the parsed output when valid; when not,
     * moves focus to the first field with a message once it has rendered.
     */
    intentar(formulario?: HTMLFormElement | null): v.InferOutput<S> | undefined {
      setIntentado(true)
      if (resultado.success) return resultado.output
      if (formulario) requestAnimationFrame(() => formulario.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return undefined
    },
    erroresDelServidor(campos: Record<string, string>): void {
      setDelServidor(campos)
    },
  }
}

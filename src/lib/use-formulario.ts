import { useMemo, useState, type ChangeEvent } from 'react'
import * as v from 'valibot'
import { erroresPorCampo } from '../domain/errores-por-campo.ts'

type Valores = Record<string, string>

/**
 * Where the values live when the form does not keep them itself: a draft (useBorrador) that
 * survives a reload. `cambiar` receives an updater, like a useState setter.
 */
export type EstadoExterno<V extends Valores> = {
  valores: V
  cambiar: (actualizar: (previos: V) => V) => void
}

/**
 * Form state checked with a shared schema from src/domain: a field's message shows once it was
 * left (blur) with something written in it, or after a submit attempt; the server's per-field messages (400 `campos`) show
 * until that field changes.
 */
export function useFormulario<S extends v.GenericSchema<unknown, unknown>, V extends Valores = Valores>(
  schema: S,
  inicial: V,
  externo?: EstadoExterno<V>,
) {
  const [propios, setPropios] = useState<V>(inicial)
  const valores = externo ? externo.valores : propios
  const setValores = externo ? externo.cambiar : setPropios
  const [tocados, setTocados] = useState<Record<string, boolean>>({})
  const [intentado, setIntentado] = useState(false)
  const [delServidor, setDelServidor] = useState<Record<string, string>>({})

  const resultado = useMemo(() => v.safeParse(schema, valores), [schema, valores])
  const errores = resultado.success ? {} : erroresPorCampo(resultado.issues)

  /**
   * Sets one field; `cascada` may change others with it (a rule such as 'choosing a comuna sets
   * the city'), and receives the values before the change.
   */
  function cambiar(campo: string, valor: string, cascada?: (previos: V, valor: string) => V): void {
    setValores((previos) => (cascada ? cascada(previos, valor) : ({ ...previos, [campo]: valor } as V)))
    setDelServidor((previos) => {
      if (!(campo in previos)) return previos
      const { [campo]: _quitado, ...resto } = previos
      return resto
    })
  }

  function errorDe(campo: string): string | undefined {
    // An empty field does not complain on blur, only after a submit attempt: a message that
    // appears on blur moves the submit button away from the pointer and loses the click.
    const escrito = (valores[campo] ?? '') !== ''
    return delServidor[campo] ?? (intentado || (tocados[campo] && escrito) ? errores[campo] : undefined)
  }

  return {
    valores,
    valido: resultado.success,
    // Methods, not function properties: a form of narrower values still passes where any form's
    // `campo` is asked for (method parameters are checked both ways).
    error(campo: string) {
      return errorDe(campo)
    },
    /**
     * What a Campo* needs for one field, named once (`{...form.campo('email')}`): the control's
     * name, value and handlers, and its message. `cascada` may change other fields with it.
     */
    campo(campo: string, cascada?: (previos: V, valor: string) => V) {
      return {
        name: campo,
        value: valores[campo] ?? '',
        onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
          cambiar(campo, e.target.value, cascada),
        onBlur: () => setTocados((previos) => (previos[campo] ? previos : { ...previos, [campo]: true })),
        error: errorDe(campo),
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
      if (formulario) requestAnimationFrame(() => enfocarPrimerInvalido(formulario))
      return undefined
    },
    /** Every message of the schema, shown or not yet (for a dialog that names what is missing). */
    errores,
    erroresDelServidor(campos: Record<string, string>): void {
      setDelServidor(campos)
    },
  }
}

/** Moves focus to the first field marked invalid (after a refused submit or its dialog). */
export function enfocarPrimerInvalido(formulario: HTMLElement): void {
  formulario.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}

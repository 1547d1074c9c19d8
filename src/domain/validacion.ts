import * as v from 'valibot'

// Building blocks of the shared schemas, whatever the form.

/** A field that is missing or not valid, when no more specific message applies. */
export const MENSAJE_CAMPO_OBLIGATORIO = 'Campo obligatorio y debe ser válido'

export const MENSAJE_CARACTERES_INVISIBLES =
  'El texto contiene caracteres invisibles o de control no permitidos. Escríbalo de nuevo sin copiarlo de otro documento.'

/**
 * Control characters (line breaks, tabs, escapes), format characters (bidirectional overrides and
 * isolates, zero-width spaces and joiners, the byte-order mark, soft hyphens) and line or
 * paragraph separators. None belongs in a name or an address, and each can make what a reader
 * sees differ from what is stored: a name that prints reversed on a certificate, two accounts
 * whose names look the same, a forged line in a log.
 */
const INVISIBLES = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u

/**
 * The one rule for what people type or a system sends as text: names, addresses, codes and free
 * text, in the student's forms, the school's screens, the file import and the CRM's API alike.
 * `lineas` is for a text of several lines (a description): its line breaks are allowed, and
 * nothing else invisible is.
 */
export function tieneCaracteresInvisibles(texto: string, opciones: { lineas?: boolean } = {}): boolean {
  return INVISIBLES.test(opciones.lineas ? texto.replace(/\r?\n/g, '') : texto)
}

/** Refuses a text with invisible or control characters, with a message that says so. */
export function sinCaracteresInvisibles(
  mensaje: string = MENSAJE_CARACTERES_INVISIBLES,
  opciones: { lineas?: boolean } = {},
) {
  return v.check((texto: string) => !tieneCaracteresInvisibles(texto, opciones), mensaje)
}

/** A required text: trimmed, not empty, at most `max` characters, nothing invisible. */
export function textoRequerido(max: number, mensaje: string = MENSAJE_CAMPO_OBLIGATORIO) {
  return v.pipe(v.string(mensaje), v.trim(), sinCaracteresInvisibles(), v.nonEmpty(mensaje), v.maxLength(max, mensaje))
}

/** A text that may be empty (absent reads as ''): trimmed, at most `max` characters, nothing invisible. */
export function textoOpcional(max: number, mensaje: string = MENSAJE_CAMPO_OBLIGATORIO) {
  return v.pipe(v.optional(v.string(mensaje), ''), v.trim(), sinCaracteresInvisibles(), v.maxLength(max, mensaje))
}

/**
 * "Required when another answer is X": `campo` must not be empty when `aplica` holds for the
 * value of `disparador`. The message goes on `campo`, and the rule runs as soon as both fields
 * are valid on their own, even while others are still missing (so every message shows at once).
 * Used in an object schema's pipe: `requeridoSi<Entrada>('otraProfesion', 'codProfesion', requiereOtraProfesion)`.
 */
export function requeridoSi<Entrada extends Record<string, unknown>>(
  campo: keyof Entrada & string,
  disparador: keyof Entrada & string,
  aplica: (valor: string) => boolean,
  mensaje: string = MENSAJE_CAMPO_OBLIGATORIO,
): v.BaseValidation<Entrada, Entrada, v.BaseIssue<unknown>> {
  const regla = v.partialCheck(
    [[disparador], [campo]] as never,
    (entrada: Record<string, unknown>) => {
      if (!aplica(String(entrada[disparador] ?? ''))) return true
      const valor = entrada[campo]
      return valor !== undefined && valor !== null && valor !== '' && !(Array.isArray(valor) && valor.length === 0)
    },
    mensaje,
  )
  // valibot types a partial check by the literal paths it is given; here they are parameters,
  // so the action is typed by the object it belongs to instead.
  return v.forward(regla as never, [campo] as never) as v.BaseValidation<Entrada, Entrada, v.BaseIssue<unknown>>
}

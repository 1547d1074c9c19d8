import * as v from 'valibot'

/** The first message of each invalid field, for forms and for the server's 400 replies. */
export function erroresPorCampo(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const flat = v.flatten(issues as [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]])
  const errores: Record<string, string> = {}
  for (const [campo, mensajes] of Object.entries(flat.nested ?? {})) {
    if (mensajes?.[0]) errores[campo] = mensajes[0]
  }
  if (flat.root?.[0]) errores._ = flat.root[0]
  return errores
}

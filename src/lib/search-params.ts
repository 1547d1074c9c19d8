// Query strings stay plain text: '?concurso=7' reads as the string '7' and a code or token is
// never re-typed as a number or re-quoted, so links from e-mails and the entry guard
// see exactly what was written.

export function leerBusqueda(searchStr: string): Record<string, string> {
  const params = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr)
  const out: Record<string, string> = {}
  for (const [clave, valor] of params) out[clave] = valor
  return out
}

export function escribirBusqueda(search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [clave, valor] of Object.entries(search)) {
    if (valor === undefined || valor === null) continue
    params.set(clave, typeof valor === 'string' ? valor : JSON.stringify(valor))
  }
  const texto = params.toString()
  return texto ? `?${texto}` : ''
}

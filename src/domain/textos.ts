// Counts written the Spanish way: a number and its words agree ('1 documento rechazado',
// '2 documentos rechazados', 'respondió 1'). The check every text of the school's screens passes
// is redaccion.ts.

/** '1 documento', '2 documentos', '1.250 documentos'. */
export function cantidad(n: number, singular: string, plural: string): string {
  return `${n.toLocaleString('es-CL')} ${n === 1 ? singular : plural}`
}

/**
 * The form that agrees with a count, for the words around it ('respondió' / 'respondieron'). A
 * count shown as text ('< 5') is plural.
 */
export function segunCantidad(n: number | string, singular: string, plural: string): string {
  return n === 1 ? singular : plural
}

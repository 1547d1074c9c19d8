// Amounts in Chilean pesos. The peso has no decimals in use, and Chile writes thousands with a dot
// and the sign before the figure: $1.250.000. Written out rather than left to Intl, whose output
// for 'es-CL' changes with the ICU data a browser or Node ships.

/** '$1.250.000'; a negative amount '-$5.000'. Amounts are whole pesos (rounded if not). */
export function formatearClp(n: number): string {
  const entero = Math.round(Math.abs(n))
  const cifras = String(entero).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${n < 0 && entero !== 0 ? '-' : ''}$${cifras}`
}

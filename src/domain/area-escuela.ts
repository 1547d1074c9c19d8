// Where the school's area begins: its screens live under /admin, in the same app, with a route
// tree of their own (src/main.tsx).

export const RAIZ_ESCUELA = '/admin'

/** Whether `ruta` (a pathname) is one of the school's screens. */
export function esRutaDeLaEscuela(ruta: string): boolean {
  return ruta === RAIZ_ESCUELA || ruta.startsWith(`${RAIZ_ESCUELA}/`)
}

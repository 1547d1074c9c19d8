// Modal alerts ('Sesión expirada, vuelva a ingresar', the HTTP-500 message,
// 'VERSIÓN DISTINTA'). One at a time, in order; each resolves with the action chosen.

export type AccionAlerta = { valor: string; etiqueta: string }

export type Alerta = {
  id: number
  titulo: string
  mensaje: string
  acciones: readonly AccionAlerta[]
  responder: (valor: string | undefined) => void
}

const ACEPTAR: readonly AccionAlerta[] = [{ valor: 'aceptar', etiqueta: 'Aceptar' }]

let siguienteId = 1
let cola: readonly Alerta[] = []
const oyentes = new Set<() => void>()

function publicar(nueva: readonly Alerta[]): void {
  cola = nueva
  for (const oyente of oyentes) oyente()
}

/** Shows an alert dialog; resolves with the chosen action's `valor`, or undefined on Escape. */
export function alerta(opciones: {
  titulo: string
  mensaje: string
  acciones?: readonly AccionAlerta[]
}): Promise<string | undefined> {
  return new Promise((resolver) => {
    const id = siguienteId++
    const item: Alerta = {
      id,
      titulo: opciones.titulo,
      mensaje: opciones.mensaje,
      acciones: opciones.acciones ?? ACEPTAR,
      responder: (valor) => {
        publicar(cola.filter((a) => a.id !== id))
        resolver(valor)
      },
    }
    publicar([...cola, item])
  })
}

/** True while an alert with this title is open or queued (avoids stacking the same one twice). */
export function hayAlerta(titulo: string): boolean {
  return cola.some((a) => a.titulo === titulo)
}

export function alertaActual(): Alerta | null {
  return cola[0] ?? null
}

export function suscribirAlertas(oyente: () => void): () => void {
  oyentes.add(oyente)
  return () => oyentes.delete(oyente)
}

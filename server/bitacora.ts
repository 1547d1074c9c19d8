// The server's log: one JSON object a line, so a log collector reads every event whole and nothing
// a client sends can start a line of its own or pass for another event. Every value is escaped by
// JSON; on top of that, characters that can change what a reader sees in a terminal (C1 controls,
// bidirectional overrides, zero-width characters, line separators) are written as \u escapes, and
// e-mail addresses are masked: a log is read by more people than the students' data is.

/** Where finished lines go (standard output in production, an array in tests). */
export type Salida = (linea: string) => void

/** Logs one event: a message in Spanish and, optionally, fields of its own. */
export type Log = (mensaje: string, datos?: Record<string, unknown>) => void

export const CORREO_OCULTO = '[correo]'

const INVISIBLES = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu

const CORREO = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu

function ocultarCorreos(_clave: string, valor: unknown): unknown {
  return typeof valor === 'string' ? valor.replace(CORREO, CORREO_OCULTO) : valor
}

/** The event as one line of JSON with nothing invisible and no e-mail address in it. */
export function lineaDeEvento(evento: Record<string, unknown>): string {
  return JSON.stringify(evento, ocultarCorreos).replace(
    INVISIBLES,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

export function crearLog(salida: Salida): Log {
  return (mensaje, datos = {}) => salida(lineaDeEvento({ tiempo: new Date().toISOString(), mensaje, ...datos }))
}

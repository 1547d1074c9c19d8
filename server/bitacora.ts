// The server's log: one JSON object a line, so a log collector reads every event whole and nothing
// a client sends can start a line of its own or pass for another event. Every value is escaped by
// JSON; on top of that, characters that can change what a reader sees in a terminal (C1 controls,
// bidirectional overrides, zero-width characters, line separators) are written as \u escapes, and
// e-mail addresses are masked: a log is read by more people than the students' data is.

/** Where finished lines go (standard output in production, an array in tests). */
export type Salida = (linea: string) => void

/** A `Salida` that holds lines back until `vaciar()`, or the end of the event loop's turn. */
export type SalidaEnLotes = Salida & { vaciar(): void }

/** Logs one event: a message in Spanish and, optionally, fields of its own. */
export type Log = (mensaje: string, datos?: Record<string, unknown>) => void

/** What a log line says of a failure: an Error's stack (or message), anything else as text. */
export function detalleDeError(err: unknown): string {
  return err instanceof Error ? (err.stack ?? err.message) : String(err)
}

/** A failure's message alone, without its stack: for a row that keeps why something failed. */
export function mensajeDeFallo(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

export const CORREO_OCULTO = '[correo]'

const INVISIBLES = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu

const CORREO = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu

function ocultarCorreos(_clave: string, valor: unknown): unknown {
  // No address without an '@': most values (ids, paths, times) are passed over at once.
  return typeof valor === 'string' && valor.includes('@') ? valor.replace(CORREO, CORREO_OCULTO) : valor
}

/**
 * Anything but printable ASCII and the controls JSON escapes: only then can a line hold what
 * INVISIBLES looks for (DEL, 0x7f, is one of them).
 */
const NO_ASCII = /[^ -~]/

/**
 * The event as one line of JSON with nothing invisible and no e-mail address in it. Every request
 * logs a line, so the common one (ids, a path, numbers) takes the short way: written without the
 * masking replacer when it holds no '@' (no value can hold an address then), and searched for
 * invisible characters only when it is not plain ASCII (JSON already escapes the ASCII controls).
 */
export function lineaDeEvento(evento: Record<string, unknown>): string {
  let linea = JSON.stringify(evento)
  if (linea.includes('@')) linea = JSON.stringify(evento, ocultarCorreos)
  if (!NO_ASCII.test(linea)) return linea
  return linea.replace(INVISIBLES, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

export function crearLog(salida: Salida): Log {
  return (mensaje, datos = {}) => salida(lineaDeEvento({ tiempo: new Date().toISOString(), mensaje, ...datos }))
}

/** How long a logged line may wait for others to go out with it. */
export const ESPERA_LOTE_MS = 20

/**
 * Lines handed to `escribir` in batches: those logged within ESPERA_LOTE_MS of the first one that
 * waits go out together, in one write, in the order they were logged. Standard output to a
 * terminal or a pipe is written synchronously on Linux, and one write per request line cost the
 * server about a sixth of its time under load. `vaciar()` writes what is waiting at once: before
 * the process exits, and before a line written some other way must follow them.
 */
export function salidaEnLotes(escribir: (texto: string) => void): SalidaEnLotes {
  let pendientes: string[] = []
  let programada: NodeJS.Timeout | undefined
  function vaciar(): void {
    clearTimeout(programada)
    programada = undefined
    if (pendientes.length === 0) return
    const texto = pendientes.join('\n')
    pendientes = []
    escribir(texto)
  }
  const salida = (linea: string) => {
    pendientes.push(linea)
    // Unref'd: a waiting batch does not keep the process alive; the exit writes it.
    programada ??= setTimeout(vaciar, ESPERA_LOTE_MS).unref()
  }
  return Object.assign(salida, { vaciar })
}

let estandar: SalidaEnLotes | undefined

/**
 * The process's standard output, in batches (console.log, one call per batch, so a closed output
 * is ignored as before). One for the whole process, written out when the process exits.
 */
export function salidaEstandar(): SalidaEnLotes {
  if (!estandar) {
    const salida = salidaEnLotes((texto) => console.log(texto))
    process.once('exit', () => salida.vaciar())
    estandar = salida
  }
  return estandar
}

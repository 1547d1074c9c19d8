// Reading an import file into rows of cells, as the CRM and Excel write them: CSV separated by ';'
// (Excel with a Spanish locale) or ',' (or a tab), in UTF-8 with or without its BOM, or in
// Windows-1252 / Latin-1 when the bytes are not valid UTF-8 (what Excel's "CSV" saves on
// Windows); or XLSX, the first sheet. Row 1 is the header. Blank rows are skipped, and every row
// keeps its number in the file, so a message points at the row a person sees in Excel.
import { setImmediate as pausa } from 'node:timers/promises'
import {
  MAX_COLUMNAS_PLANILLA,
  MAX_FILAS_IMPORTACION,
  MENSAJE_ARCHIVO_VACIO,
  MENSAJE_MAS_FILAS_QUE_EL_MAXIMO,
  MENSAJE_TIPO_ARCHIVO_IMPORTACION,
  leerEncabezados,
  textoDeCelda,
  type Celda,
  type ColumnaImportacion,
  type FilaCruda,
} from '../../src/domain/importacion.ts'
import { recorrerPrimeraHoja } from './xlsx.ts'

/** How much of a CSV's first line is looked at to tell its separator. */
const MAX_CARACTERES_ENCABEZADO = 100_000
/** A CSV's records read between two turns of the server's other requests (a few milliseconds). */
const REGISTROS_ENTRE_PAUSAS = 2_000

export type ArchivoLeido =
  | { ok: true; filas: FilaCruda[]; /** Each row's number in the file (row 1 is the header). */ numeros: number[] }
  | { ok: false; errores: string[] }

/** The text of a CSV file: UTF-8 (its BOM dropped) when it is valid UTF-8, else Windows-1252. */
export function decodificarTexto(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    // Windows-1252 is a superset of Latin-1's printable characters: 'é' is 0xE9 in both.
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

/**
 * The separator of the header line: the most frequent of ';', ',' and tab outside quotes, in its
 * first MAX_CARACTERES_ENCABEZADO characters (a header runs to a few hundred).
 */
export function detectarSeparador(texto: string): string {
  const conteo = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ])
  let enComillas = false
  for (const ch of texto.slice(0, MAX_CARACTERES_ENCABEZADO)) {
    if (ch === '"') enComillas = !enComillas
    else if (!enComillas && (ch === '\n' || ch === '\r')) break
    else if (!enComillas && conteo.has(ch)) conteo.set(ch, conteo.get(ch)! + 1)
  }
  let mejor = ';'
  for (const [sep, n] of conteo) if (n > conteo.get(mejor)!) mejor = sep
  return mejor
}

/**
 * RFC 4180 records, one at a time: quoted fields may hold the separator, newlines and doubled
 * quotes. A field's text is taken in runs between special characters, not a character at a time
 * (a large file reads in a fraction of the time). A record keeps its first MAX_COLUMNAS_PLANILLA
 * fields; the text of any after them is skipped, not kept (a line of a million separators is one
 * record of that many fields).
 */
export function* recorrerCsv(texto: string, separador = detectarSeparador(texto)): Generator<string[]> {
  const COMILLA = 0x22
  const SEPARADOR = separador.charCodeAt(0)
  const LF = 0x0a
  const CR = 0x0d
  let registro: string[] = []
  let campos = 0
  let campo = ''
  let enComillas = false
  /** Where the text not yet added to the field starts. */
  let desde = 0
  const agregarHasta = (hasta: number) => {
    if (campos < MAX_COLUMNAS_PLANILLA && hasta > desde) campo += texto.slice(desde, hasta)
  }
  const cerrarCampo = () => {
    if (campos++ < MAX_COLUMNAS_PLANILLA) registro.push(campo)
    campo = ''
  }
  for (let i = 0; i < texto.length; i++) {
    const ch = texto.charCodeAt(i)
    if (enComillas) {
      if (ch !== COMILLA) continue
      agregarHasta(i)
      if (texto.charCodeAt(i + 1) === COMILLA) {
        // A doubled quote is one quote: keep the second, go on past it.
        desde = ++i
      } else {
        enComillas = false
        desde = i + 1
      }
    } else if (ch === COMILLA) {
      agregarHasta(i)
      enComillas = true
      desde = i + 1
    } else if (ch === SEPARADOR) {
      agregarHasta(i)
      cerrarCampo()
      desde = i + 1
    } else if (ch === LF || ch === CR) {
      agregarHasta(i)
      if (ch === CR && texto.charCodeAt(i + 1) === LF) i++
      cerrarCampo()
      yield registro
      registro = []
      campos = 0
      desde = i + 1
    }
  }
  agregarHasta(texto.length)
  if (campo !== '' || campos) {
    cerrarCampo()
    yield registro
  }
}

export function registrosCsv(texto: string, separador = detectarSeparador(texto)): string[][] {
  return [...recorrerCsv(texto, separador)]
}

/**
 * Rows of cells from a header and the records after it; blank records are skipped. The records
 * are read one at a time, no further than the most rows an import takes, and every
 * REGISTROS_ENTRE_PAUSAS the server is let answer other requests.
 */
async function filasDeRegistros(registros: Iterable<Celda[]>): Promise<ArchivoLeido> {
  const iterador = registros[Symbol.iterator]()
  const encabezado = iterador.next()
  if (encabezado.done) return { ok: false, errores: [MENSAJE_ARCHIVO_VACIO] }
  const leidos = leerEncabezados(encabezado.value.map((c) => (c === null || c === undefined ? '' : String(c))))
  if (!leidos.ok) return leidos
  const filas: FilaCruda[] = []
  const numeros: number[] = []
  let numero = 1
  for (let paso = iterador.next(); !paso.done; paso = iterador.next()) {
    if (++numero % REGISTROS_ENTRE_PAUSAS === 0) await pausa()
    const registro = paso.value
    if (registro.every((c) => c === null || c === undefined || String(c).trim() === '')) continue
    if (filas.length === MAX_FILAS_IMPORTACION) return { ok: false, errores: [MENSAJE_MAS_FILAS_QUE_EL_MAXIMO] }
    const fila: Record<string, Celda> = {}
    leidos.columnas.forEach((columna, j) => {
      if (columna) fila[columna] = registro[j] ?? null
    })
    filas.push(fila)
    numeros.push(numero)
  }
  if (!filas.length) return { ok: false, errores: [MENSAJE_ARCHIVO_VACIO] }
  return { ok: true, filas, numeros }
}

export function leerCsv(bytes: Uint8Array): Promise<ArchivoLeido> {
  return filasDeRegistros(recorrerCsv(decodificarTexto(bytes)))
}

/**
 * The first sheet of an XLSX, streamed within the bounds `recorrerPrimeraHoja` checks: row 1 is
 * the header, and after it only the columns the import knows are read (the others are skipped
 * unread, so a row with nothing in them is a blank row). A header that lacks a required column
 * ends the reading there.
 */
export async function leerXlsx(bytes: Uint8Array): Promise<ArchivoLeido> {
  let columnas: readonly (ColumnaImportacion | null)[] | null = null
  const filas: FilaCruda[] = []
  const numeros: number[] = []
  const lectura = await recorrerPrimeraHoja(bytes, {
    leeColumna: (columna) => columnas === null || !!columnas[columna - 1],
    fila(numero, celdas) {
      if (columnas === null) {
        const encabezados: string[] = []
        if (numero === 1) for (const [columna, celda] of celdas) encabezados[columna - 1] = textoDeCelda(celda)
        const leidos = leerEncabezados(Array.from(encabezados, (texto) => texto ?? ''))
        if (!leidos.ok) return leidos.errores
        columnas = leidos.columnas
        if (numero === 1) return undefined
      }
      const fila: Record<string, Celda> = {}
      columnas.forEach((columna, i) => {
        if (columna) fila[columna] = celdas.get(i + 1) ?? null
      })
      if (Object.values(fila).every((c) => textoDeCelda(c) === '')) return undefined
      filas.push(fila)
      numeros.push(numero)
      return undefined
    },
  })
  if (!lectura.ok) return lectura
  if (!filas.length) return { ok: false, errores: [MENSAJE_ARCHIVO_VACIO] }
  return { ok: true, filas, numeros }
}

/** An XLSX is a ZIP archive: it starts with 'PK\x03\x04'. */
function esZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
}

/** The file by its name and its bytes, which must agree: a CSV is text, an XLSX a ZIP. */
export async function leerArchivo(nombre: string, bytes: Uint8Array): Promise<ArchivoLeido> {
  const extension = nombre.toLowerCase().split('.').pop() ?? ''
  if (extension === 'xlsx') {
    if (!esZip(bytes)) return { ok: false, errores: [MENSAJE_TIPO_ARCHIVO_IMPORTACION] }
    return leerXlsx(bytes)
  }
  if (extension === 'csv' || extension === 'txt') {
    // A spreadsheet or any binary renamed .csv has NUL bytes; a text file never does.
    if (esZip(bytes) || bytes.includes(0)) return { ok: false, errores: [MENSAJE_TIPO_ARCHIVO_IMPORTACION] }
    return leerCsv(bytes)
  }
  return { ok: false, errores: [MENSAJE_TIPO_ARCHIVO_IMPORTACION] }
}

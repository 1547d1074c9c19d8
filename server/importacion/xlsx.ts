// The first sheet of an XLSX, read within bounds that are checked before reading and streamed, so
// that a file of a few kilobytes can neither hold the server nor fill its memory (the bounds and
// their reasons are in src/domain/importacion.ts).
//
// An XLSX is a ZIP of XML parts. The ZIP's directory is read first (yauzl): too many parts, or one
// or all of them declaring more than the bounds unpacked, and nothing is unpacked. Only the parts
// the sheet needs are then unpacked, by zlib off the main thread, a chunk at a time, each chunk
// parsed as it comes (saxes): between chunks the server answers other requests, and no part is
// ever held whole. yauzl fails a part that unpacks to more than it declared, and every chunk is
// counted against the bounds again. The sheet's declared dimension is checked before its cells;
// within it, only the cells of the columns the reader asks for are read, the rest skipped.
import { setImmediate as pausa } from 'node:timers/promises'
import { SaxesParser } from 'saxes'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import {
  MAX_CARACTERES_CELDA,
  MAX_COLUMNAS_PLANILLA,
  MAX_ENTRADAS_XLSX,
  MAX_FILAS_IMPORTACION,
  MAX_MB_DESCOMPRIMIDO_ENTRADA,
  MAX_MB_DESCOMPRIMIDO_TOTAL,
  MENSAJE_ARCHIVO_ILEGIBLE,
  MENSAJE_MAS_FILAS_QUE_EL_MAXIMO,
  MENSAJE_XLSX_DESCOMPRIMIDO_GRANDE,
  mensajeColumnasDeMas,
  mensajeDemasiadasFilas,
  type Celda,
} from '../../src/domain/importacion.ts'

const BYTES_POR_MB = 1024 * 1024
const MAX_BYTES_ENTRADA = MAX_MB_DESCOMPRIMIDO_ENTRADA * BYTES_POR_MB
const MAX_BYTES_TOTAL = MAX_MB_DESCOMPRIMIDO_TOTAL * BYTES_POR_MB
/** How much of a part is parsed between two turns of the server's other requests (a few ms). */
const BYTES_ENTRE_PAUSAS = 256 * 1024
/** Excel's last column (XFD): a reference beyond it is not a cell. */
const ULTIMA_COLUMNA_EXCEL = 16_384

export type LectorDeHoja = {
  /** Whether the cells of this column (1 is A) are read; the others are skipped, never read. */
  leeColumna(columna: number): boolean
  /**
   * Each row with a cell read, in order: its number in the sheet and its cells by column. Answering
   * messages ends the reading, with them as the file's errors.
   */
  fila(numero: number, celdas: ReadonlyMap<number, Celda>): readonly string[] | undefined
}

export type LecturaDeHoja = { ok: true } | { ok: false; errores: string[] }

/** The reading ends with these messages for whoever sent the file. */
class Rechazo extends Error {
  constructor(readonly errores: readonly string[]) {
    super(errores.join(' '))
  }
}

/** The first sheet of the workbook, row by row, to `lector`; or why the file cannot be read. */
export async function recorrerPrimeraHoja(bytes: Uint8Array, lector: LectorDeHoja): Promise<LecturaDeHoja> {
  let zip: ZipFile | undefined
  try {
    zip = await abrirZip(bytes)
    const partes = await directorio(zip)
    const presupuesto = { restante: MAX_BYTES_TOTAL }
    const leer = (nombre: string, manejador: ManejadorXml) => {
      const entrada = partes.get(nombre)
      if (!entrada) throw new Rechazo([MENSAJE_ARCHIVO_ILEGIBLE])
      return analizar(zip!, entrada, presupuesto, manejador)
    }
    const opcional = (nombre: string | undefined, manejador: ManejadorXml) =>
      nombre && partes.has(nombre) ? leer(nombre, manejador) : Promise.resolve()

    const raiz = new Relaciones('')
    await opcional('_rels/.rels', raiz)
    const rutaLibro = raiz.porTipo('officeDocument') ?? 'xl/workbook.xml'
    const libro = new Libro()
    await leer(rutaLibro, libro)
    const carpeta = rutaLibro.slice(0, rutaLibro.lastIndexOf('/') + 1)
    const relaciones = new Relaciones(carpeta)
    await opcional(`${carpeta}_rels/${rutaLibro.slice(carpeta.length)}.rels`, relaciones)
    const rutaHoja = libro.primeraHoja === null ? undefined : relaciones.porId(libro.primeraHoja)
    if (!rutaHoja) throw new Rechazo([MENSAJE_ARCHIVO_ILEGIBLE])
    const estilos = new Estilos()
    await opcional(relaciones.porTipo('styles') ?? `${carpeta}styles.xml`, estilos)
    const textos = new TextosCompartidos()
    await opcional(relaciones.porTipo('sharedStrings') ?? `${carpeta}sharedStrings.xml`, textos)
    await leer(rutaHoja, new Hoja(lector, { textos: textos.textos, estilos, fecha1904: libro.fecha1904 }))
    return { ok: true }
  } catch (error) {
    if (error instanceof Rechazo) return { ok: false, errores: [...error.errores] }
    throw error
  } finally {
    zip?.close()
  }
}

// ---------------------------------------------------------------------------------------------
// The ZIP: its directory checked before anything is unpacked, then each part unpacked in chunks
// ---------------------------------------------------------------------------------------------

async function abrirZip(bytes: Uint8Array): Promise<ZipFile> {
  try {
    return await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      // A part that unpacks to more (or less) than it declares is an error as soon as it does.
      validateEntrySizes: true,
    })
  } catch {
    throw new Rechazo([MENSAJE_ARCHIVO_ILEGIBLE])
  }
}

/** The parts by name, once their count and declared sizes are within the bounds. */
async function directorio(zip: ZipFile): Promise<Map<string, Entry>> {
  if (zip.entryCount > MAX_ENTRADAS_XLSX) throw new Rechazo([MENSAJE_XLSX_DESCOMPRIMIDO_GRANDE])
  const partes = new Map<string, Entry>()
  let total = 0
  try {
    for await (const entrada of zip.eachEntry()) {
      total += entrada.uncompressedSize
      if (entrada.uncompressedSize > MAX_BYTES_ENTRADA || total > MAX_BYTES_TOTAL)
        throw new Rechazo([MENSAJE_XLSX_DESCOMPRIMIDO_GRANDE])
      partes.set(entrada.fileName, entrada)
    }
  } catch (error) {
    throw error instanceof Rechazo ? error : new Rechazo([MENSAJE_ARCHIVO_ILEGIBLE])
  }
  return partes
}

type ManejadorXml = {
  abre?(nombre: string, atributos: Readonly<Record<string, string>>): void
  texto?(texto: string): void
  cierra?(nombre: string): void
}

/** 'x:row' and 'row' alike: some writers prefix SpreadsheetML's names. */
function nombreLocal(nombre: string): string {
  return nombre.slice(nombre.indexOf(':') + 1)
}

/** A part unpacked a chunk at a time, each chunk parsed as it comes, within the bounds. */
async function analizar(
  zip: ZipFile,
  entrada: Entry,
  presupuesto: { restante: number },
  manejador: ManejadorXml,
): Promise<void> {
  const parser = new SaxesParser()
  parser.on('error', () => {
    throw new Rechazo([MENSAJE_ARCHIVO_ILEGIBLE])
  })
  parser.on('opentag', (etiqueta) => manejador.abre?.(nombreLocal(etiqueta.name), etiqueta.attributes))
  parser.on('closetag', (etiqueta) => manejador.cierra?.(nombreLocal(etiqueta.name)))
  if (manejador.texto) {
    const texto = (t: string) => manejador.texto!(t)
    parser.on('text', texto)
    parser.on('cdata', texto)
  }
  let flujo
  try {
    flujo = await zip.openReadStreamPromise(entrada)
  } catch {
    throw new Rechazo([MENSAJE_XLSX_DESCOMPRIMIDO_GRANDE])
  }
  const trozos: AsyncIterator<Buffer> = flujo[Symbol.asyncIterator]()
  const utf8 = new TextDecoder('utf-8')
  let leidos = 0
  let desdeLaPausa = 0
  try {
    for (;;) {
      let paso: IteratorResult<Buffer>
      try {
        paso = await trozos.next()
      } catch {
        // zlib's error on a damaged part, or yauzl's on one that unpacks beyond its declared size.
        throw new Rechazo([MENSAJE_XLSX_DESCOMPRIMIDO_GRANDE])
      }
      if (paso.done) break
      leidos += paso.value.length
      presupuesto.restante -= paso.value.length
      if (leidos > MAX_BYTES_ENTRADA || presupuesto.restante < 0) throw new Rechazo([MENSAJE_XLSX_DESCOMPRIMIDO_GRANDE])
      parser.write(utf8.decode(paso.value, { stream: true }))
      // A stored (not deflated) part comes from memory with no wait between chunks: let the
      // server answer other requests at least this often anyway.
      if ((desdeLaPausa += paso.value.length) >= BYTES_ENTRE_PAUSAS) {
        desdeLaPausa = 0
        await pausa()
      }
    }
    parser.write(utf8.decode())
    parser.close()
  } finally {
    // Abandoned midway (refused, or failed): whatever the unpacking still reports goes nowhere.
    flujo.on('error', () => {})
    flujo.destroy()
  }
}

// ---------------------------------------------------------------------------------------------
// The parts the sheet needs
// ---------------------------------------------------------------------------------------------

/** A relationships part: where the workbook, the sheets, the styles and the texts are. */
class Relaciones implements ManejadorXml {
  private readonly ids = new Map<string, string>()
  private readonly tipos = new Map<string, string>()
  /** `carpeta`: the folder of the part these relationships belong to ('' for the package). */
  constructor(private readonly carpeta: string) {}
  abre(nombre: string, a: Readonly<Record<string, string>>) {
    if (nombre !== 'Relationship' || !a.Id || !a.Target || a.TargetMode === 'External') return
    const ruta = resolverRuta(this.carpeta, a.Target)
    this.ids.set(a.Id, ruta)
    const tipo = a.Type?.slice(a.Type.lastIndexOf('/') + 1)
    if (tipo && !this.tipos.has(tipo)) this.tipos.set(tipo, ruta)
  }
  porId(id: string) {
    return this.ids.get(id)
  }
  porTipo(tipo: string) {
    return this.tipos.get(tipo)
  }
}

/** A relationship's target as a name inside the ZIP: absolute ('/xl/…') or relative to `carpeta`. */
function resolverRuta(carpeta: string, destino: string): string {
  const partes = destino.startsWith('/') ? [] : carpeta.split('/').filter(Boolean)
  for (const parte of destino.split('/')) {
    if (parte === '..') partes.pop()
    else if (parte && parte !== '.') partes.push(parte)
  }
  return partes.join('/')
}

/** The workbook: its first sheet's relationship, and whether its dates count from 1904. */
class Libro implements ManejadorXml {
  primeraHoja: string | null = null
  fecha1904 = false
  abre(nombre: string, a: Readonly<Record<string, string>>) {
    if (nombre === 'workbookPr') this.fecha1904 = a.date1904 === '1' || a.date1904 === 'true'
    if (nombre === 'sheet' && this.primeraHoja === null) {
      // r:id, in the relationships namespace, whatever its prefix.
      const id = Object.entries(a).find(([clave]) => clave.includes(':') && nombreLocal(clave) === 'id')
      this.primeraHoja = id?.[1] ?? null
    }
  }
}

/**
 * Excel's built-in number formats that show a date or a time (ids 14–22, and 27–36, 45–47 and
 * 50–58 in East Asian locales); the others are numbers, percentages, currency or text.
 */
const FORMATOS_FECHA_PREDEFINIDOS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
])

/** A format code shows a date when, outside its quoted texts and [brackets], it has y, m, d, h or s. */
function esFormatoDeFecha(codigo: string): boolean {
  return /[ymdhMsb]/.test(codigo.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''))
}

/** The styles: which cell styles (`s` of a cell) show a date, so that their numbers are dates. */
class Estilos implements ManejadorXml {
  private readonly formatos = new Map<number, string>()
  private readonly formatoDeEstilo: number[] = []
  private enEstilosDeCelda = false
  private fechas: boolean[] | null = null
  abre(nombre: string, a: Readonly<Record<string, string>>) {
    if (nombre === 'numFmt') this.formatos.set(Number(a.numFmtId), a.formatCode ?? '')
    else if (nombre === 'cellXfs') this.enEstilosDeCelda = true
    else if (nombre === 'xf' && this.enEstilosDeCelda) this.formatoDeEstilo.push(Number(a.numFmtId ?? 0))
  }
  cierra(nombre: string) {
    if (nombre === 'cellXfs') this.enEstilosDeCelda = false
  }
  esFecha(estilo: number): boolean {
    this.fechas ??= this.formatoDeEstilo.map((id) => {
      const codigo = this.formatos.get(id)
      return codigo === undefined ? FORMATOS_FECHA_PREDEFINIDOS.has(id) : esFormatoDeFecha(codigo)
    })
    return this.fechas[estilo] ?? false
  }
}

/** XML cannot hold some characters; SpreadsheetML writes them as _xHHHH_ ('_x000D_' is a CR). */
function sinEscapes(texto: string): string {
  return texto.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

/** Adds a chunk of a cell's text, refusing one longer than a cell can hold. */
function agregarTexto(actual: string, trozo: string): string {
  if (actual.length + trozo.length > MAX_CARACTERES_CELDA) throw new Rechazo([MENSAJE_ARCHIVO_ILEGIBLE])
  return actual + trozo
}

/** The shared texts (most text cells point at one by its index): rich text joined, no phonetics. */
class TextosCompartidos implements ManejadorXml {
  readonly textos: string[] = []
  private enTexto = false
  private enFonetica = false
  private actual = ''
  abre(nombre: string) {
    if (nombre === 'si') this.actual = ''
    else if (nombre === 'rPh') this.enFonetica = true
    else if (nombre === 't' && !this.enFonetica) this.enTexto = true
  }
  texto(texto: string) {
    if (this.enTexto) this.actual = agregarTexto(this.actual, texto)
  }
  cierra(nombre: string) {
    if (nombre === 't') this.enTexto = false
    else if (nombre === 'rPh') this.enFonetica = false
    else if (nombre === 'si') this.textos.push(sinEscapes(this.actual))
  }
}

/** 'XFD300' as column 16,384 and row 300; null when it is not a cell's reference. */
function referencia(texto: string): { columna: number; fila: number } | null {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(texto)
  if (!m) return null
  let columna = 0
  for (const letra of m[1]!.toUpperCase()) columna = columna * 26 + (letra.charCodeAt(0) - 64)
  return { columna, fila: Number(m[2]) }
}

/** A date cell's number as the moment it names (days since 1899-12-30, or 1904-01-01). */
function fechaDeExcel(dias: number, fecha1904: boolean): Date {
  return new Date(Math.round((dias - 25569 + (fecha1904 ? 1462 : 0)) * 86_400_000))
}

type CeldaEnCurso = { columna: number; tipo: string; estilo: number; valor: string; enValor: boolean }

/** The sheet: its dimension checked first, then its rows, reading only the columns asked for. */
class Hoja implements ManejadorXml {
  private fila = 0
  private columnaPrevia = 0
  private celdas = new Map<number, Celda>()
  private celda: CeldaEnCurso | null = null
  private enFonetica = false
  constructor(
    private readonly lector: LectorDeHoja,
    private readonly libro: { textos: readonly string[]; estilos: Estilos; fecha1904: boolean },
  ) {}

  abre(nombre: string, a: Readonly<Record<string, string>>) {
    switch (nombre) {
      case 'dimension':
        return this.dimension(a.ref ?? '')
      case 'row': {
        const numero = Number(a.r)
        this.fila = Number.isInteger(numero) && numero > this.fila ? numero : this.fila + 1
        if (this.fila > MAX_FILAS_IMPORTACION + 1) throw new Rechazo([MENSAJE_MAS_FILAS_QUE_EL_MAXIMO])
        this.columnaPrevia = 0
        this.celdas = new Map()
        return
      }
      case 'c': {
        const columna = (a.r && referencia(a.r)?.columna) || this.columnaPrevia + 1
        this.columnaPrevia = columna
        const leida = columna <= MAX_COLUMNAS_PLANILLA && this.lector.leeColumna(columna)
        this.celda = leida ? { columna, tipo: a.t ?? 'n', estilo: Number(a.s ?? 0), valor: '', enValor: false } : null
        return
      }
      case 'rPh':
        this.enFonetica = true
        return
      case 'v':
      case 't':
        if (this.celda && !this.enFonetica) this.celda.enValor = true
        return
    }
  }

  texto(texto: string) {
    if (this.celda?.enValor) this.celda.valor = agregarTexto(this.celda.valor, texto)
  }

  cierra(nombre: string) {
    switch (nombre) {
      case 'v':
      case 't':
        if (this.celda) this.celda.enValor = false
        return
      case 'rPh':
        this.enFonetica = false
        return
      case 'c': {
        const celda = this.celda
        this.celda = null
        if (!celda) return
        const valor = this.valor(celda)
        if (valor !== null) this.celdas.set(celda.columna, valor)
        return
      }
      case 'row': {
        if (!this.celdas.size) return
        const errores = this.lector.fila(this.fila, this.celdas)
        if (errores) throw new Rechazo(errores)
        return
      }
    }
  }

  /** 'A1:U300': refused when it reaches past the columns or rows an import reads. */
  private dimension(ref: string) {
    const ultima = referencia(ref.slice(ref.indexOf(':') + 1))
    if (!ultima) return
    if (ultima.columna > MAX_COLUMNAS_PLANILLA)
      throw new Rechazo([mensajeColumnasDeMas(Math.min(ultima.columna, ULTIMA_COLUMNA_EXCEL))])
    if (ultima.fila > MAX_FILAS_IMPORTACION + 1) throw new Rechazo([mensajeDemasiadasFilas(ultima.fila - 1)])
  }

  /** The cell's value by its type: a shared or inline text, a number (a date if so formatted)… */
  private valor({ tipo, estilo, valor }: CeldaEnCurso): Celda {
    switch (tipo) {
      case 's': {
        const indice = Number(valor)
        return Number.isInteger(indice) ? (this.libro.textos[indice] ?? null) : null
      }
      case 'inlineStr':
        return sinEscapes(valor)
      case 'str':
        return valor
      case 'b':
        return valor.trim() === '' ? null : Number(valor) !== 0
      case 'e':
        return null
      case 'd': {
        const fecha = new Date(valor)
        return Number.isNaN(fecha.getTime()) ? null : fecha
      }
      default: {
        if (valor.trim() === '') return null
        const numero = Number(valor)
        if (!Number.isFinite(numero)) return null
        return this.libro.estilos.esFecha(estilo) ? fechaDeExcel(numero, this.libro.fecha1904) : numero
      }
    }
  }
}

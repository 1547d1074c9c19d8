// ZIP archives and XLSX workbooks written by hand for the tests that need what no spreadsheet
// program writes: a sheet whose dimension is missing or lies, an entry whose declared size lies,
// an entry that unpacks a thousand times larger than it travels (a "zip bomb"). Deflate and CRC-32
// come from node:zlib; the bomb is deflated in pieces, so a test never holds what it unpacks to.
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib'
import { COLUMNAS_OBLIGATORIAS } from '../../src/domain/importacion.ts'

/** An entry already deflated, with the size and CRC-32 of what it unpacks to. */
export type Comprimido = { bytes: Uint8Array; tamano: number; crc: number }

export type EntradaZip = {
  nombre: string
  /** What the entry holds: deflated here. */
  contenido: string | Uint8Array | Comprimido
  /** The uncompressed size the headers declare, when it must lie. */
  tamanoDeclarado?: number
}

function comprimir(contenido: EntradaZip['contenido']): Comprimido {
  if (typeof contenido !== 'string' && !(contenido instanceof Uint8Array)) return contenido
  const bytes = typeof contenido === 'string' ? Buffer.from(contenido, 'utf8') : contenido
  return { bytes: deflateRawSync(bytes), tamano: bytes.length, crc: crc32(bytes) }
}

/** A ZIP archive (deflate, no ZIP64) of the entries, in order. */
export function zip(entradas: EntradaZip[]): Uint8Array {
  const locales: Buffer[] = []
  const centrales: Buffer[] = []
  let desplazamiento = 0
  for (const entrada of entradas) {
    const { bytes, tamano, crc } = comprimir(entrada.contenido)
    const declarado = entrada.tamanoDeclarado ?? tamano
    const nombre = Buffer.from(entrada.nombre, 'utf8')
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4) // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6) // names in UTF-8
    local.writeUInt16LE(8, 8) // deflate
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(bytes.length, 18)
    local.writeUInt32LE(declarado, 22)
    local.writeUInt16LE(nombre.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(bytes.length, 20)
    central.writeUInt32LE(declarado, 24)
    central.writeUInt16LE(nombre.length, 28)
    central.writeUInt32LE(desplazamiento, 42)
    locales.push(local, nombre, Buffer.from(bytes))
    centrales.push(central, nombre)
    desplazamiento += local.length + nombre.length + bytes.length
  }
  const directorio = Buffer.concat(centrales)
  const fin = Buffer.alloc(22)
  fin.writeUInt32LE(0x06054b50, 0)
  fin.writeUInt16LE(entradas.length, 8)
  fin.writeUInt16LE(entradas.length, 10)
  fin.writeUInt32LE(directorio.length, 12)
  fin.writeUInt32LE(desplazamiento, 16)
  return new Uint8Array(Buffer.concat([...locales, directorio, fin]))
}

/**
 * `inicio`, `relleno` `veces` times, then `fin`, deflated about a megabyte at a time: 200 MB of one
 * character travel in about 200 KB.
 */
export async function comprimidoGrande({
  inicio = '',
  relleno,
  veces,
  fin = '',
}: {
  inicio?: string
  relleno: string
  veces: number
  fin?: string
}): Promise<Comprimido> {
  const deflate = createDeflateRaw({ level: 9 })
  const trozos: Buffer[] = []
  deflate.on('data', (trozo: Buffer) => trozos.push(trozo))
  const terminado = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject))
  let crc = 0
  let tamano = 0
  const escribir = (bytes: Buffer) => {
    crc = crc32(bytes, crc)
    tamano += bytes.length
    return new Promise<void>((resolve) => (deflate.write(bytes) ? resolve() : deflate.once('drain', resolve)))
  }
  const patron = Buffer.from(relleno)
  const porTrozo = Math.max(1, Math.floor((1024 * 1024) / patron.length))
  const trozo = Buffer.alloc(porTrozo * patron.length, patron)
  await escribir(Buffer.from(inicio))
  for (let restantes = veces; restantes > 0; restantes -= porTrozo)
    await escribir(restantes >= porTrozo ? trozo : trozo.subarray(0, restantes * patron.length))
  await escribir(Buffer.from(fin))
  deflate.end()
  await terminado
  return { bytes: new Uint8Array(Buffer.concat(trozos)), tamano, crc }
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const NS_R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'

/** A cell with inline text (no shared strings), escaped for XML. */
export function celdaTexto(referencia: string, texto: string): string {
  const escapado = texto.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
  return `<c r="${referencia}" t="inlineStr"><is><t>${escapado}</t></is></c>`
}

/** The opening of a sheet's XML up to its first row, with `dimension` when given. */
export function inicioDeHoja(dimension?: string): string {
  const ref = dimension ? `<dimension ref="${dimension}"/>` : ''
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${NS}" xmlns:r="${NS_R}">${ref}<sheetData>`
}
export const FIN_DE_HOJA = '</sheetData></worksheet>'

/**
 * An XLSX of one sheet with just the parts a reader needs (workbook, its relationships, the
 * sheet); `hoja` is the sheet's XML, or a compressed one, with its declared size if it must lie.
 */
export function xlsxMinimo(hoja: EntradaZip['contenido'], tamanoDeclarado?: number): Uint8Array {
  return zip([
    {
      nombre: '[Content_Types].xml',
      contenido: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    },
    {
      nombre: '_rels/.rels',
      contenido: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${NS_R}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      nombre: 'xl/workbook.xml',
      contenido: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${NS_R}"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      nombre: 'xl/_rels/workbook.xml.rels',
      contenido: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${NS_R}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    {
      nombre: 'xl/worksheets/sheet1.xml',
      contenido: hoja,
      ...(tamanoDeclarado === undefined ? {} : { tamanoDeclarado }),
    },
  ])
}

/** Row 1 with the import's required headers from column A on, and whatever `mas` adds after them. */
export function filaDeEncabezados(mas = ''): string {
  return `<row r="1">${COLUMNAS_OBLIGATORIAS.map((texto, i) => celdaTexto(`${String.fromCharCode(65 + i)}1`, texto)).join('')}${mas}</row>`
}

/**
 * The wide file of the hostile test: the required headers, and in each of its 300 rows one cell
 * in column XFD, the last one Excel has (about 3.4 KB). Its sheet declares `dimension` (by
 * default the truth, A1:XFD300); null leaves it out.
 */
export function planillaAncha(dimension: string | null = 'A1:XFD300'): Uint8Array {
  let hoja = inicioDeHoja(dimension ?? undefined) + filaDeEncabezados(celdaTexto('XFD1', 'x'))
  for (let fila = 2; fila <= 300; fila++) hoja += `<row r="${fila}">${celdaTexto(`XFD${fila}`, 'x')}</row>`
  return xlsxMinimo(hoja + FIN_DE_HOJA)
}

/**
 * The bomb of the hostile test: a sheet that travels in about 200 KB and unpacks to 200 MB (the
 * required headers, then spaces). Put in an XLSX with `xlsxMinimo`, declaring its size or a lie.
 */
export function hojaBomba(): Promise<Comprimido> {
  return comprimidoGrande({
    inicio: inicioDeHoja() + filaDeEncabezados(),
    relleno: ' ',
    veces: 200 * 1024 * 1024,
    fin: FIN_DE_HOJA,
  })
}

// ZIP archives and XLSX workbooks written by hand for the tests that need what no spreadsheet
// program writes: a sheet whose dimension is missing or lies, an entry whose declared size lies,
// an entry that unpacks a thousand times larger than it travels (a "zip bomb"). Deflate and CRC-32
// come from node:zlib; the bomb is deflated in pieces, so a test never holds what it unpacks to.
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib'

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
 * `inicio`, then `relleno` repeated to `tamano` bytes in all, then `fin`, deflated a megabyte at
 * a time: 200 MB of one character travel in about 200 KB.
 */
export async function comprimidoGrande(
  tamano: number,
  { inicio = '', relleno = ' ', fin = '' }: { inicio?: string; relleno?: string; fin?: string } = {},
): Promise<Comprimido> {
  const deflate = createDeflateRaw({ level: 9 })
  const trozos: Buffer[] = []
  deflate.on('data', (trozo: Buffer) => trozos.push(trozo))
  const terminado = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject))
  const escribir = (bytes: Buffer) =>
    new Promise<void>((resolve) => (deflate.write(bytes) ? resolve() : deflate.once('drain', resolve)))
  let crc = 0
  let restante = tamano - Buffer.byteLength(inicio) - Buffer.byteLength(fin)
  const megabyte = Buffer.alloc(1024 * 1024, relleno)
  for (const parte of [Buffer.from(inicio), null, Buffer.from(fin)]) {
    if (parte) {
      crc = crc32(parte, crc)
      await escribir(parte)
      continue
    }
    while (restante > 0) {
      const trozo = restante >= megabyte.length ? megabyte : megabyte.subarray(0, restante)
      crc = crc32(trozo, crc)
      await escribir(trozo)
      restante -= trozo.length
    }
  }
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

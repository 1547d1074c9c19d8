// Reading import files as the CRM and Excel write them: separators, encodings, quotes, blank rows,
// XLSX cells (numbers, dates, links, rich text, formulas), and files that are not what their name
// says; and hostile files read within bounds: a sheet declaring column XFD, a ZIP bomb, parts that
// lie about their size, too many parts or rows, entities, cells past the columns the import knows.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { beforeAll, expect, test } from 'vitest'
import {
  MAX_CARACTERES_CELDA,
  MAX_COLUMNAS_PLANILLA,
  MAX_ENTRADAS_XLSX,
  MAX_FILAS_IMPORTACION,
  MENSAJE_ARCHIVO_ILEGIBLE,
  MENSAJE_ARCHIVO_VACIO,
  MENSAJE_MAS_FILAS_QUE_EL_MAXIMO,
  MENSAJE_TIPO_ARCHIVO_IMPORTACION,
  MENSAJE_XLSX_DESCOMPRIMIDO_GRANDE,
  mensajeColumnasDeMas,
  mensajeDemasiadasFilas,
  mensajeFaltaColumna,
  validarFilas,
} from '../src/domain/importacion.ts'
import {
  FIN_DE_HOJA,
  celdaTexto,
  comprimidoGrande,
  filaDeEncabezados,
  hojaBomba,
  inicioDeHoja,
  planillaAncha,
  xlsxMinimo,
  zip,
  type Comprimido,
} from '../tests/support/zip.ts'
import { decodificarTexto, detectarSeparador, leerArchivo, leerCsv, registrosCsv } from './importacion/leer.ts'

const utf8 = (texto: string) => new TextEncoder().encode(texto)
/** Windows-1252 for the Latin letters Spanish uses (all below 0x100, the same code as Latin-1). */
const latin1 = (texto: string) => Uint8Array.from([...texto].map((c) => c.charCodeAt(0)))

const ENCABEZADO =
  'codigo_inscripcion;email;rut;nombres;apellidos;cod_grupo;curso;nombre_curso;tipo_curso;fecha_inicio;horas;arancel;cod_prospecto;asistente_email'
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const NS_R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const LIBRO = `<workbook xmlns="${NS}" xmlns:r="${NS_R}"><sheets><sheet name="H" sheetId="1" r:id="rId1"/></sheets></workbook>`
const RELACIONES = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${NS_R}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`
const FILA =
  'INS-1;ana@demo.cl;12.345.678-5;Ana María;Núñez;1;DMIA;Diplomado en Medicina;Diplomado;09-03-2026;240;1.900.000;PRO-1;francisca.herrera@postgrado-demo.cl'

test('the sample file reads as four good rows', async () => {
  const bytes = readFileSync(join(import.meta.dirname, '../docs/importacion-ejemplo.csv'))
  const leido = await leerArchivo('importacion-ejemplo.csv', bytes)
  if (!leido.ok) throw new Error(leido.errores.join(' '))
  expect(leido.numeros).toEqual([2, 3, 4, 5])
  expect(validarFilas(leido.filas, leido.numeros).every((f) => f.ok)).toBe(true)
  expect(leido.filas[2]).toMatchObject({ apellidos: 'Benítez Ibáñez', pasaporte: 'AR3345871' })
})

test('UTF-8 with and without BOM, and Windows-1252 when the bytes are not UTF-8, read the same', async () => {
  const texto = `${ENCABEZADO}\r\n${FILA}\r\n`
  const conBom = await leerCsv(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(texto)]))
  const sinBom = await leerCsv(utf8(texto))
  const windows = await leerCsv(latin1(texto))
  expect(conBom).toEqual(sinBom)
  expect(windows).toEqual(sinBom)
  expect(sinBom.ok && sinBom.filas[0]).toMatchObject({
    codigo_inscripcion: 'INS-1',
    nombres: 'Ana María',
    apellidos: 'Núñez',
  })
  expect(decodificarTexto(latin1('Ñuñoa'))).toBe('Ñuñoa')
})

test('the separator is found in the header: semicolon, comma or tab', async () => {
  expect(detectarSeparador(ENCABEZADO)).toBe(';')
  expect(detectarSeparador('a,b,"c;d"\n1;2;3;4;5')).toBe(',')
  expect(detectarSeparador('a\tb\tc')).toBe('\t')
  const coma = await leerCsv(
    utf8(`${ENCABEZADO.replaceAll(';', ',')}\n${FILA.replace('1.900.000', '"1.900.000"').replaceAll(';', ',')}`),
  )
  expect(coma.ok && coma.filas[0]).toMatchObject({ arancel: '1.900.000', fecha_inicio: '09-03-2026' })
})

test('quoted fields keep separators, newlines and doubled quotes', () => {
  expect(registrosCsv('a;b\n"x;y";"dijo ""hola""\notra línea"\n', ';')).toEqual([
    ['a', 'b'],
    ['x;y', 'dijo "hola"\notra línea'],
  ])
})

test('blank rows are skipped and every row keeps its number in the file', async () => {
  const leido = await leerCsv(utf8(`${ENCABEZADO}\n\n${FILA}\n;;;\n${FILA.replace('INS-1', 'INS-2')}\n`))
  expect(leido.ok && leido.numeros).toEqual([3, 5])
})

test('a file without its required columns or without rows says so', async () => {
  const sinColumna = await leerCsv(utf8(ENCABEZADO.replace(';nombres', '')))
  expect(!sinColumna.ok && sinColumna.errores).toEqual([mensajeFaltaColumna('nombres')])
  expect(await leerCsv(utf8(`${ENCABEZADO}\n`))).toEqual({ ok: false, errores: [MENSAJE_ARCHIVO_VACIO] })
})

test('an XLSX reads its numbers, dates and links as cells', async () => {
  const libro = new ExcelJS.Workbook()
  const hoja = libro.addWorksheet('Inscripciones')
  hoja.addRow(ENCABEZADO.split(';'))
  hoja.addRow([
    'INS-1',
    { text: 'ana@demo.cl', hyperlink: 'mailto:ana@demo.cl' },
    '12.345.678-5',
    'Ana',
    'Núñez',
    1,
    'DMIA',
    'Diplomado',
    'Diplomado',
    new Date(Date.UTC(2026, 2, 9)),
    240,
    1900000,
    'PRO-1',
    'francisca.herrera@postgrado-demo.cl',
  ])
  const bytes = new Uint8Array(await libro.xlsx.writeBuffer())
  const leido = await leerArchivo('inscripciones.xlsx', bytes)
  if (!leido.ok) throw new Error(leido.errores.join(' '))
  const [validada] = validarFilas(leido.filas, leido.numeros)
  expect(validada!.ok && validada!.fila).toMatchObject({
    alumno: { email: 'ana@demo.cl', rut: '12345678-5' },
    inscripcion: { codGrupo: '1', fechaInicio: '2026-03-09', horas: 240, arancel: 1_900_000 },
  })
})

test('a file that is not what its name says, or neither CSV nor XLSX, is refused', async () => {
  const pdf = utf8('%PDF-1.7\n')
  expect(await leerArchivo('datos.pdf', pdf)).toEqual({ ok: false, errores: [MENSAJE_TIPO_ARCHIVO_IMPORTACION] })
  expect(await leerArchivo('datos.xlsx', utf8(ENCABEZADO))).toEqual({
    ok: false,
    errores: [MENSAJE_TIPO_ARCHIVO_IMPORTACION],
  })
  expect(await leerArchivo('datos.csv', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toEqual({
    ok: false,
    errores: [MENSAJE_TIPO_ARCHIVO_IMPORTACION],
  })
})

test("an XLSX reads rich text, a formula's result, booleans and escaped characters as Excel shows them", async () => {
  const libro = new ExcelJS.Workbook()
  const hoja = libro.addWorksheet('CRM')
  hoja.addRow([...ENCABEZADO.split(';'), 'habilita_pago'])
  hoja.addRow([
    'INS-2',
    'eva@demo.cl',
    '12.345.678-5',
    { richText: [{ text: 'Eva ', font: { bold: true } }, { text: 'María' }] },
    'Línea_x000D_',
    { formula: '2+3', result: 5 },
    'DMIA',
    'Diplomado',
    'Diplomado',
    '09-03-2026',
    { formula: '200+40', result: 240 },
    1900000,
    'PRO-2',
    'francisca.herrera@postgrado-demo.cl',
    true,
  ])
  const leido = await leerArchivo('celdas.xlsx', new Uint8Array(await libro.xlsx.writeBuffer()))
  if (!leido.ok) throw new Error(leido.errores.join(' '))
  expect(leido.filas[0]).toMatchObject({ nombres: 'Eva María', apellidos: 'Línea\r', cod_grupo: 5, horas: 240 })
  expect(leido.filas[0]!.habilita_pago).toBe(true)
})

// ---------------------------------------------------------------------------------------------
// Hostile files: refused, or read within bounds, in well under a second
// ---------------------------------------------------------------------------------------------

/** The reading of `bytes` as an XLSX and how long it took. */
async function cronometrar(bytes: Uint8Array) {
  const inicio = performance.now()
  const leido = await leerArchivo('hostil.xlsx', bytes)
  return { leido, ms: performance.now() - inicio }
}

let bomba: Comprimido
beforeAll(async () => {
  bomba = await hojaBomba()
})

test('the 3 KB sheet of 300 rows with a cell in column XFD is refused from its declared dimension, at once', async () => {
  const ancha = planillaAncha()
  expect(ancha.length).toBeLessThan(3_500)
  const { leido, ms } = await cronometrar(ancha)
  expect(leido).toEqual({ ok: false, errores: [mensajeColumnasDeMas(16_384)] })
  expect(mensajeColumnasDeMas(16_384)).toMatch(/^La planilla tiene columnas más allá de la IV \(llega hasta la XFD\)/)
  expect(ms).toBeLessThan(1_000)
})

test('without its dimension, or with one that lies, the cells past the known columns are skipped, not read', async () => {
  for (const dimension of [null, 'A1:M300']) {
    const { leido, ms } = await cronometrar(planillaAncha(dimension))
    // Every row but the header has its only cell in XFD: nothing to import.
    expect(leido).toEqual({ ok: false, errores: [MENSAJE_ARCHIVO_VACIO] })
    expect(ms).toBeLessThan(1_000)
  }
  // A cell longer than Excel allows is refused where it is read, and never looked at elsewhere:
  // in a column the header does not know, or past the columns a sheet may have.
  const largo = 'x'.repeat(MAX_CARACTERES_CELDA + 1)
  const fila = (mas: string) =>
    `<row r="2">${FILA.split(';')
      .filter((_, i) => i !== 2)
      .map((texto, i) => celdaTexto(`${String.fromCharCode(65 + i)}2`, texto))
      .join('')}${mas}</row>`
  const hoja = (mas: string) =>
    xlsxMinimo(
      inicioDeHoja() +
        filaDeEncabezados(celdaTexto('N1', 'observaciones') + celdaTexto('O1', 'pasaporte')) +
        fila(mas) +
        FIN_DE_HOJA,
    )
  const ignoradas = await leerArchivo('x.xlsx', hoja(celdaTexto('N2', largo) + celdaTexto('XFD2', largo)))
  if (!ignoradas.ok) throw new Error(ignoradas.errores.join(' '))
  expect(Object.keys(ignoradas.filas[0]!).sort()).toEqual(
    [...ENCABEZADO.split(';').filter((c) => c !== 'rut'), 'pasaporte'].sort(),
  )
  expect(ignoradas.filas[0]).toMatchObject({ codigo_inscripcion: 'INS-1', pasaporte: null })
  expect(await leerArchivo('x.xlsx', hoja(celdaTexto('O2', largo)))).toEqual({
    ok: false,
    errores: [MENSAJE_ARCHIVO_ILEGIBLE],
  })
  expect(MAX_COLUMNAS_PLANILLA).toBeLessThan(16_384)
})

test('a sheet with more rows than an import takes is refused: before its cells when it says so, at the limit when not', async () => {
  const declarada = xlsxMinimo(inicioDeHoja('A1:M60001') + filaDeEncabezados() + FIN_DE_HOJA)
  expect(await leerArchivo('x.xlsx', declarada)).toEqual({ ok: false, errores: [mensajeDemasiadasFilas(60_000)] })
  const sinDimension = await comprimidoGrande({
    inicio: inicioDeHoja() + filaDeEncabezados(),
    relleno: `<row>${celdaTexto('A', 'INS')}</row>`.replace(' r="A"', ''),
    veces: MAX_FILAS_IMPORTACION + 1,
    fin: FIN_DE_HOJA,
  })
  expect(await leerArchivo('x.xlsx', xlsxMinimo(sinDimension))).toEqual({
    ok: false,
    errores: [MENSAJE_MAS_FILAS_QUE_EL_MAXIMO],
  })
})

test('the ZIP bomb (a 200 KB part that unpacks to 200 MB) is refused from the directory, before unpacking', async () => {
  expect(bomba.bytes.length).toBeLessThan(250_000)
  expect(bomba.tamano).toBeGreaterThan(200_000_000)
  const { leido, ms } = await cronometrar(xlsxMinimo(bomba))
  expect(leido).toEqual({ ok: false, errores: [MENSAJE_XLSX_DESCOMPRIMIDO_GRANDE] })
  expect(MENSAJE_XLSX_DESCOMPRIMIDO_GRANDE).toMatch(/^El archivo está dañado o es demasiado grande al descomprimirlo/)
  expect(ms).toBeLessThan(1_000)
})

test('a part that unpacks to more than it declares is refused while unpacking, once past its declared size', async () => {
  const { leido, ms } = await cronometrar(xlsxMinimo(bomba, 1024 * 1024))
  expect(leido).toEqual({ ok: false, errores: [MENSAJE_XLSX_DESCOMPRIMIDO_GRANDE] })
  expect(ms).toBeLessThan(1_000)
})

test('parts that together declare more than the total, or too many parts, are refused before unpacking any', async () => {
  const hoja = inicioDeHoja() + filaDeEncabezados() + FIN_DE_HOJA
  const grandes = [1, 2, 3].map((n) => ({
    nombre: `xl/media/imagen${n}.png`,
    contenido: 'x',
    tamanoDeclarado: 90 * 1024 * 1024,
  }))
  const muchas = Array.from({ length: MAX_ENTRADAS_XLSX + 1 }, (_, n) => ({
    nombre: `xl/media/i${n}.png`,
    contenido: 'x',
  }))
  for (const otras of [grandes, muchas]) {
    const libro = zip([
      { nombre: 'xl/workbook.xml', contenido: LIBRO },
      { nombre: 'xl/_rels/workbook.xml.rels', contenido: RELACIONES },
      { nombre: 'xl/worksheets/sheet1.xml', contenido: hoja },
      ...otras,
    ])
    const { leido, ms } = await cronometrar(libro)
    expect(leido).toEqual({ ok: false, errores: [MENSAJE_XLSX_DESCOMPRIMIDO_GRANDE] })
    expect(ms).toBeLessThan(1_000)
  }
})

test('entities declared in the XML are not expanded: the sheet is refused as unreadable', async () => {
  const risas =
    '<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
    inicioDeHoja().replace(/^<\?xml[^>]*>/, '') +
    filaDeEncabezados() +
    `<row r="2">${celdaTexto('A2', 'INS-1').replace('INS-1', '&b;')}</row>` +
    FIN_DE_HOJA
  expect(await leerArchivo('x.xlsx', xlsxMinimo(risas))).toEqual({ ok: false, errores: [MENSAJE_ARCHIVO_ILEGIBLE] })
})

test('a CSV is read within the same bounds: the fields past the columns a sheet may have are dropped, rows stop at the limit', async () => {
  expect(registrosCsv(`a;b\n${';'.repeat(1_000_000)}x\n`, ';')[1]).toEqual(Array(MAX_COLUMNAS_PLANILLA).fill(''))
  const muchas = utf8(`${ENCABEZADO}\n${'x\n'.repeat(MAX_FILAS_IMPORTACION + 1)}`)
  expect(await leerCsv(muchas)).toEqual({ ok: false, errores: [MENSAJE_MAS_FILAS_QUE_EL_MAXIMO] })
})

// Reading import files as the CRM and Excel write them: separators, encodings, quotes, blank rows,
// XLSX cells (numbers, dates, links), and files that are not what their name says.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { expect, test } from 'vitest'
import {
  MENSAJE_ARCHIVO_VACIO,
  MENSAJE_TIPO_ARCHIVO_IMPORTACION,
  mensajeFaltaColumna,
  validarFilas,
} from '../src/domain/importacion.ts'
import { decodificarTexto, detectarSeparador, leerArchivo, leerCsv, registrosCsv } from './importacion/leer.ts'

const utf8 = (texto: string) => new TextEncoder().encode(texto)
/** Windows-1252 for the Latin letters Spanish uses (all below 0x100, the same code as Latin-1). */
const latin1 = (texto: string) => Uint8Array.from([...texto].map((c) => c.charCodeAt(0)))

const ENCABEZADO =
  'codigo_inscripcion;email;rut;nombres;apellidos;cod_grupo;curso;nombre_curso;tipo_curso;fecha_inicio;horas;arancel;cod_prospecto;asistente_email'
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

test('UTF-8 with and without BOM, and Windows-1252 when the bytes are not UTF-8, read the same', () => {
  const texto = `${ENCABEZADO}\r\n${FILA}\r\n`
  const conBom = leerCsv(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(texto)]))
  const sinBom = leerCsv(utf8(texto))
  const windows = leerCsv(latin1(texto))
  expect(conBom).toEqual(sinBom)
  expect(windows).toEqual(sinBom)
  expect(sinBom.ok && sinBom.filas[0]).toMatchObject({
    codigo_inscripcion: 'INS-1',
    nombres: 'Ana María',
    apellidos: 'Núñez',
  })
  expect(decodificarTexto(latin1('Ñuñoa'))).toBe('Ñuñoa')
})

test('the separator is found in the header: semicolon, comma or tab', () => {
  expect(detectarSeparador(ENCABEZADO)).toBe(';')
  expect(detectarSeparador('a,b,"c;d"\n1;2;3;4;5')).toBe(',')
  expect(detectarSeparador('a\tb\tc')).toBe('\t')
  const coma = leerCsv(
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

test('blank rows are skipped and every row keeps its number in the file', () => {
  const leido = leerCsv(utf8(`${ENCABEZADO}\n\n${FILA}\n;;;\n${FILA.replace('INS-1', 'INS-2')}\n`))
  expect(leido.ok && leido.numeros).toEqual([3, 5])
})

test('a file without its required columns or without rows says so', () => {
  const sinColumna = leerCsv(utf8(ENCABEZADO.replace(';nombres', '')))
  expect(!sinColumna.ok && sinColumna.errores).toEqual([mensajeFaltaColumna('nombres')])
  expect(leerCsv(utf8(`${ENCABEZADO}\n`))).toEqual({ ok: false, errores: [MENSAJE_ARCHIVO_VACIO] })
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

import { expect, test } from 'vitest'
import { NOMBRE_IMPRESO_DTE, textosRequeridos } from '../../src/domain/impreso-tributario.ts'
import { textoDePdf } from '../../tests/support/firma-pdf.ts'
import { pdf417DePdf } from '../../tests/support/pdf417.ts'
import { dibujarDocumentoTributario, pdf417DelTed, type DatosDocumentoTributario } from './impreso.ts'

// The printed form of a tax document, read back from the PDF: its required texts and its stamp,
// decoded from the embedded image's pixels with a PDF417 reader.

/** A TED shaped as the SII's (DD with the document's data and the CAF, FRMT), with accents. */
function ted(tipo: number, folio: number, monto: number): string {
  return (
    `<TED version="1.0"><DD><RE>76123456-7</RE><TD>${tipo}</TD><F>${folio}</F><FE>2026-11-27</FE>` +
    `<RR>16789432-1</RR><RSR>Camila Andrea Rojas Soto</RSR><MNT>${monto}</MNT>` +
    `<IT1>Cuota 2 de 4 Diplomado en Medicina Intensiva del Adulto</IT1><CAF version="1.0"><DA>` +
    `<RE>76123456-7</RE><RS>ESCUELA DE POSTGRADO MÉDICO SpA</RS><TD>${tipo}</TD><RNG><D>1</D><H>500</H></RNG>` +
    `<FA>2026-01-05</FA><RSAPK><M>0a4O6Kbx8Qj1mNÑ</M><E>Aw==</E></RSAPK><IDK>100</IDK></DA>` +
    `<FRMA algoritmo="SHA1withRSA">g1AQX0sy8NJugX52k2hTJEZAE9Cuul6pqYBdFxj1N17umW7zG/hAavCALKByHzdYAfZ3LhGTXCai5zNxOo4lDQ==</FRMA>` +
    `</CAF><TSTED>2026-11-27T10:15:30</TSTED></DD><FRMT algoritmo="SHA1withRSA">` +
    `GbmDcS9e/jVC2LsLIe1iRV12Bf6lxsILtbQiCkh6mbjckFCJ7fj/kakFTS06Jo8iS4HXvJj3oYZuey53Krniew==</FRMT></TED>`
  )
}

const base: Omit<DatosDocumentoTributario, 'tipo' | 'folio' | 'ted'> = {
  fechaEmision: '2026-11-27',
  emisor: {
    rut: '76123456-7',
    razonSocial: 'Escuela de Postgrado Médico SpA',
    giro: 'Enseñanza de postgrado en ciencias de la salud',
    direccion: 'Av. Providencia 1234, oficina 501',
    comuna: 'Providencia',
    ciudad: 'Santiago',
  },
  receptor: { rut: '16789432-1', razonSocial: 'Camila Andrea Rojas Soto' },
  detalle: [{ nombre: 'Cuota 2 de 4 Diplomado en Medicina Intensiva del Adulto', cantidad: 1, monto: 450000 }],
  total: 450000,
  resolucion: { numero: 80, fecha: '2014-08-22' },
}

const casos: DatosDocumentoTributario[] = [
  { ...base, tipo: 41, folio: 17, ted: ted(41, 17, 450000) },
  {
    ...base,
    tipo: 34,
    folio: 3,
    ted: ted(34, 3, 1900000),
    receptor: {
      rut: '76543210-3',
      razonSocial: 'Clínica Los Andes SpA',
      giro: 'Prestaciones de salud',
      direccion: 'Av. Las Condes 12500',
      comuna: 'Las Condes',
    },
    detalle: [{ nombre: 'Arancel Diplomado en Medicina Intensiva del Adulto', monto: 1900000 }],
    total: 1900000,
  },
  {
    ...base,
    tipo: 61,
    folio: 2,
    ted: ted(61, 2, 450000),
    referencias: [{ tipo: 41, folio: 17, fecha: '2026-11-27', codigo: 1, razon: 'Reembolso del pago' }],
    sinValidez: true,
  },
]

for (const datos of casos) {
  test(`${NOMBRE_IMPRESO_DTE[datos.tipo]}: the required texts are printed and the PDF417 reads back the TED`, async () => {
    const pdf = await dibujarDocumentoTributario(datos)
    const texto = textoDePdf(pdf).replaceAll('\n', ' ')
    for (const parte of textosRequeridos(datos)) expect(texto).toContain(parte)
    expect(texto).toContain(NOMBRE_IMPRESO_DTE[datos.tipo])
    expect(await pdf417DePdf(pdf)).toBe(datos.ted)
  })
}

test('the required texts name each type, the red box, the stamp caption and the sandbox mark', () => {
  const [boleta, factura, nota] = casos.map(textosRequeridos)
  expect(boleta).toEqual(
    expect.arrayContaining([
      'R.U.T.: 76.123.456-7',
      'BOLETA EXENTA ELECTRÓNICA',
      'N° 17',
      'R.U.T.: 16.789.432-1',
      'Total: $450.000',
      'Timbre Electrónico SII',
      'Res. N° 80 de 2014',
      'Verifique documento: www.sii.cl',
    ]),
  )
  expect(boleta).not.toContain('SIN VALIDEZ TRIBUTARIA')
  expect(factura).toEqual(expect.arrayContaining(['FACTURA NO AFECTA O EXENTA ELECTRÓNICA', 'Clínica Los Andes SpA']))
  expect(nota).toEqual(
    expect.arrayContaining([
      'NOTA DE CRÉDITO ELECTRÓNICA',
      'Boleta exenta electrónica N° 17 del 27 de noviembre de 2026: Anula documento de referencia. Reembolso del pago',
      'SIN VALIDEZ TRIBUTARIA',
    ]),
  )
})

test('a boleta without the sandbox mark does not print it; a nota de crédito without a reference is refused', async () => {
  const pdf = await dibujarDocumentoTributario(casos[0]!)
  expect(textoDePdf(pdf)).not.toContain('SIN VALIDEZ')
  await expect(dibujarDocumentoTributario({ ...casos[2]!, referencias: [] })).rejects.toThrow(
    /nota de crédito debe referir/,
  )
})

test('the stamp is refused when the TED is empty or not ISO-8859-1, rather than drawn wrong', async () => {
  await expect(pdf417DelTed('  ')).rejects.toThrow(/no trae timbre/)
  await expect(pdf417DelTed('<TED>€</TED>')).rejects.toThrow(/ISO-8859-1/)
})

test('a receiver with a passport is identified by it; names outside the fonts print as ?', async () => {
  const datos: DatosDocumentoTributario = {
    ...casos[0]!,
    receptor: { documento: { tipo: 'Pasaporte', numero: 'AB123456' }, razonSocial: 'Li Wei 李' },
  }
  const texto = textoDePdf(await dibujarDocumentoTributario(datos))
  expect(texto).toContain('Pasaporte: AB123456')
  expect(texto).toContain('Li Wei ?')
})

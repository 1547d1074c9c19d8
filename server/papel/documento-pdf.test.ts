import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import forge from 'node-forge'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { certificadoEscuela, crearCertificadoAutofirmado, type CertificadoEscuela } from './certificado-escuela.ts'
import { NOMBRE_ESCUELA } from '../../src/domain/portal.ts'
import { firmaValida, qrDePdf } from '../../tests/support/firma-pdf.ts'
import { emitirPdfFirmado, nuevoCodigoVerificacion } from './documento-pdf.ts'

let certificado: CertificadoEscuela
beforeAll(() => {
  certificado = { p12: crearCertificadoAutofirmado('clave-de-prueba'), passphrase: 'clave-de-prueba', propio: false }
})

const contenido = {
  titulo: 'Certificado de Programa',
  bloques: Array.from(
    { length: 40 },
    (_, i) => `Párrafo ${i + 1}: la estudiante aprobó el programa con todas sus actividades y evaluaciones.`,
  ),
}

test('a document is a signed PDF whose signature covers every byte but the signature itself', async () => {
  const doc = await emitirPdfFirmado(contenido, {
    certificado,
    urlValidador: (c) => `https://portal.example/certificado/validador?codcertificado=${c}`,
  })
  expect(Buffer.from(doc.bytes.subarray(0, 5)).toString()).toBe('%PDF-')
  expect(doc.sha256).toBe(createHash('sha256').update(doc.bytes).digest('hex'))
  expect(firmaValida(doc.bytes)).toBe(true)
  // Forty paragraphs run over more than one A4 page.
  expect(
    Buffer.from(doc.bytes)
      .toString('latin1')
      .match(/\/Type \/Page\b/g)?.length,
  ).toBeGreaterThan(1)
})

test('changing one byte of the signed content breaks the signature', async () => {
  const doc = await emitirPdfFirmado(contenido, { certificado, urlValidador: (c) => `https://portal.example/v?c=${c}` })
  const texto = Buffer.from(doc.bytes).toString('latin1')
  const rango = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)/.exec(texto)
  const enElContenido = Number(rango?.[2]) - 200
  const alterado = new Uint8Array(doc.bytes)
  alterado[enElContenido] = (alterado[enElContenido] ?? 0) ^ 0x01
  expect(firmaValida(alterado)).toBe(false)
})

test('verification codes are 28 unambiguous characters and never repeat', () => {
  const codigos = new Set(Array.from({ length: 2000 }, nuevoCodigoVerificacion))
  expect(codigos.size).toBe(2000)
  for (const codigo of codigos) expect(codigo).toMatch(/^[A-HJKMNP-Z2-9]{28}$/)
})

const carpeta = mkdtempSync(join(tmpdir(), 'portal-firma-'))
afterAll(() => rmSync(carpeta, { recursive: true, force: true }))

test('without SIGNING_P12 the server creates a self-signed certificate once, says so, and reuses it', () => {
  const lineas: string[] = []
  const primero = certificadoEscuela({ rutaP12: null, passphrase: 'x', dataDir: carpeta }, (l) => lineas.push(l))
  const segundo = certificadoEscuela({ rutaP12: null, passphrase: 'x', dataDir: carpeta }, (l) => lineas.push(l))
  expect(primero.p12.equals(segundo.p12)).toBe(true)
  expect(primero.propio).toBe(false)
  expect(lineas).toHaveLength(1)
  expect(lineas[0]).toMatch(/certificado de firma autofirmado/)
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(primero.p12.toString('binary')), 'x')
  const bolsa = forge.pki.oids.certBag ?? ''
  const cert = p12.getBags({ bagType: bolsa })[bolsa]?.[0]?.cert
  expect(cert?.subject.getField('CN')?.value).toBe(NOMBRE_ESCUELA)
})

test("every page's QR opens the validator with the document's code", async () => {
  const doc = await emitirPdfFirmado(contenido, {
    certificado,
    urlValidador: (c) => `https://portal.example/certificado/validador?codcertificado=${c}`,
  })
  expect(await qrDePdf(doc.bytes)).toBe(`https://portal.example/certificado/validador?codcertificado=${doc.codigo}`)
})

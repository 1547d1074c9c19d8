import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import forge from 'node-forge'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  certificadoEscuela,
  crearCertificadoAutofirmado,
  NOMBRE_ESCUELA,
  type CertificadoEscuela,
} from './certificado-escuela.ts'
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

/**
 * Checks a PAdES signature as a PDF reader does: the PKCS#7 message in /Contents must hold the
 * SHA-256 of exactly the bytes /ByteRange names, signed by the certificate it carries.
 */
function firmaValida(pdf: Uint8Array): boolean {
  const texto = Buffer.from(pdf).toString('latin1')
  const rango = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(texto)
  if (!rango) return false
  const [a, b, c, d] = rango.slice(1).map(Number) as [number, number, number, number]
  const firmado = Buffer.concat([Buffer.from(pdf.subarray(a, a + b)), Buffer.from(pdf.subarray(c, c + d))])
  const hex = texto.slice(a + b + 1, c - 1).replace(/0+$/, '')
  const p7 = forge.pkcs7.messageFromAsn1(
    forge.asn1.fromDer(forge.util.hexToBytes(hex.length % 2 ? `${hex}0` : hex)),
  ) as forge.pkcs7.Captured<forge.pkcs7.PkcsSignedData> & {
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string }
  }
  const atributos = p7.rawCapture.authenticatedAttributes
  const digestoOid = forge.pki.oids.messageDigest
  const digesto = atributos
    .map((attr: forge.asn1.Asn1) => attr.value as forge.asn1.Asn1[])
    .find((partes: forge.asn1.Asn1[]) => forge.asn1.derToOid((partes[0]?.value as string) ?? '') === digestoOid)?.[1]
  if (!digesto) return false
  const valorDigesto = ((digesto.value as forge.asn1.Asn1[])[0]?.value as string) ?? ''
  if (Buffer.from(valorDigesto, 'binary').toString('hex') !== createHash('sha256').update(firmado).digest('hex'))
    return false
  // The signature is over the authenticated attributes, DER-encoded as a SET.
  const conjunto = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, atributos)
  const md = forge.md.sha256.create()
  md.update(forge.asn1.toDer(conjunto).getBytes())
  const emisor = p7.certificates[0]
  return !!emisor && (emisor.publicKey as forge.pki.rsa.PublicKey).verify(md.digest().bytes(), p7.rawCapture.signature)
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

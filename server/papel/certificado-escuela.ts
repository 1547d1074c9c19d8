// The school's signing certificate, a PKCS#12 file. Configured with SIGNING_P12 (a path) and
// SIGNING_P12_PASSPHRASE; without one, the server creates a self-signed certificate under
// DATA_DIR on first start and says so in its log: documents are then signed and verifiable,
// but a reader's PDF software will not know the signer.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import forge from 'node-forge'
import { NOMBRE_ESCUELA } from '../../src/domain/portal.ts'

export type CertificadoEscuela = { p12: Buffer; passphrase: string; propio: boolean }

/** A self-signed school certificate (RSA 2048, SHA-256, ten years), as a PKCS#12 file. */
export function crearCertificadoAutofirmado(passphrase: string, ahora: Date = new Date()): Buffer {
  const claves = forge.pki.rsa.generateKeyPair(2048)
  const certificado = forge.pki.createCertificate()
  certificado.publicKey = claves.publicKey
  certificado.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(8))}`
  certificado.validity.notBefore = ahora
  certificado.validity.notAfter = new Date(ahora.getTime() + 10 * 365 * 24 * 3600 * 1000)
  const sujeto = [
    { name: 'commonName', value: NOMBRE_ESCUELA },
    { name: 'organizationName', value: NOMBRE_ESCUELA },
    { name: 'countryName', value: 'CL' },
  ]
  certificado.setSubject(sujeto)
  certificado.setIssuer(sujeto)
  certificado.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ])
  certificado.sign(claves.privateKey, forge.md.sha256.create())
  // 3DES: what the PKCS#12 readers of signing libraries accept (not OpenSSL 3's newer default).
  const p12 = forge.pkcs12.toPkcs12Asn1(claves.privateKey, [certificado], passphrase, { algorithm: '3des' })
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary')
}

/**
 * The configured certificate, or the one created before under `dataDir`, or a new one created
 * now. `log` says which, so an operator knows the documents are signed by a self-made one.
 */
export function certificadoEscuela(
  { rutaP12, passphrase, dataDir }: { rutaP12: string | null; passphrase: string; dataDir: string },
  log: (linea: string) => void,
): CertificadoEscuela {
  if (rutaP12) return { p12: readFileSync(rutaP12), passphrase, propio: true }
  const ruta = join(dataDir, 'firma', 'escuela-autofirmado.p12')
  if (!existsSync(ruta)) {
    mkdirSync(dirname(ruta), { recursive: true })
    writeFileSync(ruta, crearCertificadoAutofirmado(passphrase), { mode: 0o600 })
    log(`AVISO: no hay SIGNING_P12; se creó un certificado de firma autofirmado en ${ruta}`)
  }
  return { p12: readFileSync(ruta), passphrase, propio: false }
}

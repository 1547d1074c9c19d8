// One signing certificate for every test server on this machine: making an RSA key takes about a
// second, too long to pay for each of the hundreds of servers the tests start. It is written once
// to the temporary folder (atomically, so parallel workers never read half a file) and reused.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crearCertificadoAutofirmado, type CertificadoEscuela } from '../../server/papel/certificado-escuela.ts'

export const CLAVE_FIRMA_DE_PRUEBA = 'clave-de-prueba'

/** The path of the tests' PKCS#12 file (passphrase CLAVE_FIRMA_DE_PRUEBA), created when missing. */
export function rutaFirmaDePrueba(): string {
  const ruta = join(tmpdir(), `portal-firma-de-prueba-${process.getuid?.() ?? 0}.p12`)
  if (!existsSync(ruta)) {
    const temporal = `${ruta}.${process.pid}.tmp`
    writeFileSync(temporal, crearCertificadoAutofirmado(CLAVE_FIRMA_DE_PRUEBA), { mode: 0o600 })
    renameSync(temporal, ruta)
  }
  return ruta
}

export function firmaDePrueba(): CertificadoEscuela {
  return { p12: readFileSync(rutaFirmaDePrueba()), passphrase: CLAVE_FIRMA_DE_PRUEBA, propio: true }
}

import { expect, test } from 'vitest'
import * as v from 'valibot'
import {
  MENSAJE_CODIGO_NO_CORRESPONDE,
  MENSAJE_CODIGO_OBLIGATORIO,
  codigoCertificadoSchema,
  codigoDesdeTextoEscaneado,
} from './certificado.ts'

function mensaje(codigo: string): string | undefined {
  const r = v.safeParse(codigoCertificadoSchema, codigo)
  return r.success ? undefined : r.issues[0].message
}

test('a code of 64 characters is accepted', () => {
  expect(mensaje('A'.repeat(64))).toBeUndefined()
})

test('a code of 65 characters does not correspond', () => {
  expect(mensaje('A'.repeat(65))).toBe(MENSAJE_CODIGO_NO_CORRESPONDE)
  expect(MENSAJE_CODIGO_NO_CORRESPONDE).toBe('El código ingresado no corresponde')
})

test('the code is required and surrounding spaces do not count', () => {
  expect(mensaje('')).toBe(MENSAJE_CODIGO_OBLIGATORIO)
  expect(mensaje('   ')).toBe(MENSAJE_CODIGO_OBLIGATORIO)
  expect(v.parse(codigoCertificadoSchema, `  ${'B'.repeat(64)}  `)).toBe('B'.repeat(64))
})

test('a scanned validator address gives its code, whatever host printed it', () => {
  const codigo = 'F8R7M74YVSJBP5T4VZSLG3XMPC8V'
  expect(codigoDesdeTextoEscaneado(`https://portal.escuela.cl/certificado/validador?codcertificado=${codigo}`)).toBe(
    codigo,
  )
  expect(codigoDesdeTextoEscaneado(`http://127.0.0.1:8080/certificado/validador?codcertificado=${codigo}\n`)).toBe(
    codigo,
  )
  expect(codigoDesdeTextoEscaneado(`HTTPS://otro.cl/portal/certificado/validador/?x=1&codcertificado=${codigo}`)).toBe(
    codigo,
  )
  expect(codigoDesdeTextoEscaneado(`https://portal.escuela.cl/?validacertificado=${codigo}`)).toBe(codigo)
})

test('a scanned bare code is the code, without surrounding spaces', () => {
  expect(codigoDesdeTextoEscaneado('  JVGTYV9DY5ZPQDNZYNA45HPHYP89 ')).toBe('JVGTYV9DY5ZPQDNZYNA45HPHYP89')
  expect(codigoDesdeTextoEscaneado('ANTIGUO-RUT')).toBe('ANTIGUO-RUT')
})

test('what a scanned QR holds is not a code when it is another address, text, or too long', () => {
  for (const texto of [
    '',
    '   ',
    'https://otro-sitio.cl/pagar?codcertificado=ABC',
    'https://portal.escuela.cl/certificado/validador',
    'https://portal.escuela.cl/certificado/validador?codcertificado=',
    'https://portal.escuela.cl/certificado/validador?codcertificado=A%20B',
    'https://portal.escuela.cl/certificado/validador?codcertificado=<script>',
    `https://portal.escuela.cl/certificado/validador?codcertificado=${'A'.repeat(65)}`,
    'javascript:alert(1)',
    'WIFI:S:red;T:WPA;P:clave;;',
    'Hola, este es un texto',
    'A'.repeat(65),
  ]) {
    expect(codigoDesdeTextoEscaneado(texto), texto).toBeUndefined()
  }
  expect(codigoDesdeTextoEscaneado('A'.repeat(64))).toBe('A'.repeat(64))
})

import { afterAll, beforeAll, expect, test } from 'vitest'
import { firmaValida, textoDePdf } from '../tests/support/firma-pdf.ts'
import {
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CERTIFICADO_VALIDO, DEMO_CUENTAS } from './db/seed/demo.ts'

// What the issued certificates and invoices say: each is read back from the signed PDF the
// student downloads.

let server: ServidorDePrueba
let estudiante: ClienteDePrueba

beforeAll(async () => {
  server = await iniciarServidorDePrueba({ throttle: 'off' })
  estudiante = await iniciarSesion(server.url, DEMO_CUENTAS.estudiante)
})
afterAll(() => server.close())

type Emitido = { idInscripcion: string; codTipoDocumento: string; enlace: string }

async function documento(codigo: string, tipo: string): Promise<{ texto: string; bytes: Uint8Array }> {
  const res = await estudiante.get('/api/solicitudes')
  const { emitidos } = ((await res.json()) as { data: { emitidos: Emitido[] } }).data
  const emitido = emitidos.find((e) => e.idInscripcion === codigo && e.codTipoDocumento === tipo)
  if (!emitido) throw new Error(`sin documento ${tipo} de ${codigo}`)
  const bytes = new Uint8Array(await (await estudiante.get(emitido.enlace)).arrayBuffer())
  return { texto: textoDePdf(bytes), bytes }
}

test('a program certificate states the holder, RUT, program, hours, dates, issue date and its code', async () => {
  const { texto, bytes } = await documento('INS-24-20117', '35')
  expect(firmaValida(bytes)).toBe(true)
  for (const parte of [
    'Certificado de Aprobación',
    'Camila Andrea Rojas Soto',
    '16789432-1',
    'Diplomado en Medicina Intensiva del Adulto',
    '240 horas cronológicas',
    '8 de abril de 2024',
    '13 de diciembre de 2024',
    '17 de enero de 2025',
    `Código de verificación: ${DEMO_CERTIFICADO_VALIDO}`,
    'Página 1 de 1',
    // The holder is registered as Femenino: the certificate's words agree.
    'a petición de la interesada',
  ]) {
    expect(texto.replaceAll('\n', ' ')).toContain(parte)
  }
  expect(texto.replaceAll('\n', ' ')).not.toContain('del interesado')
})

test("a program's payment receipt names the company whose RUT is on the enrolment, in CLP, and is no tax document", async () => {
  const { texto } = await documento('INS-24-20117', '30')
  for (const parte of [
    'Comprobante de Pago del Programa N° CP-INS-24-20117',
    'Clínica Los Andes SpA',
    '76543210-3',
    '$1.900.000',
    'Este comprobante no es un documento tributario.',
  ]) {
    expect(texto.replaceAll('\n', ' ')).toContain(parte)
  }
  // Not named an invoice anywhere (the company's billing e-mail 'facturacion@…' is its data).
  expect(texto).not.toMatch(/\b(factura|boleta)s?\b/i)
})

test('without a company the receipt names the student', async () => {
  const { texto } = await documento('INS-24-20388', '30')
  expect(texto).toContain('Camila Andrea Rojas Soto')
  expect(texto).toContain('$320.000')
  expect(texto).not.toContain('Razón social')
})

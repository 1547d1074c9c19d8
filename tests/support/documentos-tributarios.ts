// Paying an installment through the sandbox gateway and waiting for its tax documents: shared by
// the tax-document tests.
import { expect } from 'vitest'
import type { DocumentoTributarioVista } from '../../src/domain/documento-tributario.ts'
import { RUTA_SANDBOX, TARJETA_APROBADA } from '../../server/pagos/pasarela-sandbox.ts'
import { consultarDb, type ClienteDePrueba } from './servidor.ts'

let siguiente = 700 + Math.floor(Math.random() * 200)

/** A new installment of `inscripcion`, paid by `estudiante` through the sandbox: its payment's id. */
export async function pagarCuotaNueva(
  url: string,
  dataDir: string,
  estudiante: ClienteDePrueba,
  inscripcion: string,
  monto: number,
  numero = siguiente++,
): Promise<{ id: string; numero: number }> {
  await consultarDb(
    dataDir,
    'insert into cuotas (codigo_inscripcion, numero, monto, vencimiento, pago_id) values (?, ?, ?, ?, null)',
    inscripcion,
    numero,
    monto,
    '2027-03-05',
  )
  const creado = await estudiante.post('/api/pagos', { concepto: 'cuota', referencia: `${inscripcion}/${numero}` })
  expect(creado.status).toBe(201)
  const { token } = (await creado.json()) as { token: string }
  const pagado = await fetch(`${url}${RUTA_SANDBOX}/autorizar`, {
    method: 'POST',
    body: new URLSearchParams({
      token_ws: token,
      numero: TARJETA_APROBADA,
      vencimiento: '12/39',
      cvv: '123',
      cuotas: '0',
    }),
  })
  expect(pagado.status).toBe(200)
  const vuelta = await fetch(`${url}/api/pagos/retorno`, {
    method: 'POST',
    body: new URLSearchParams({ token_ws: token }),
    redirect: 'manual',
  })
  expect(vuelta.status).toBe(303)
  const [pago] = await consultarDb<{ id: string; estado: string }>(
    dataDir,
    'select id, estado from pagos where token = ?',
    token,
  )
  expect(pago?.estado).toBe('aprobado')
  return { id: pago!.id, numero }
}

/** The payment's documents as the student reads them, once `listo` holds (or the time runs out). */
export async function esperarDocumentos(
  estudiante: ClienteDePrueba,
  pagoId: string,
  listo: (docs: DocumentoTributarioVista[]) => boolean,
  plazoMs = 20_000,
): Promise<DocumentoTributarioVista[]> {
  const hasta = Date.now() + plazoMs
  for (;;) {
    const res = await estudiante.get(`/api/pagos/${pagoId}/documentos-tributarios`)
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as { data: DocumentoTributarioVista[] }
    if (listo(data) || Date.now() > hasta) return data
    await new Promise((r) => setTimeout(r, 150))
  }
}

export const emitidos = (n: number) => (docs: DocumentoTributarioVista[]) =>
  docs.length === n && docs.every((d) => d.estado === 'emitido')

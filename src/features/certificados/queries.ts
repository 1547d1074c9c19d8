import { mutationOptions } from '@tanstack/react-query'
import { cliente, leer, type RespuestaDe } from '../../lib/cliente-api.ts'

/** What both checks answer: status 1 with data (msgvalido, documento), otherwise msg says why not. */
export type RespuestaValidacion =
  | RespuestaDe<typeof cliente.certificados.validar.$post>
  | RespuestaDe<(typeof cliente.certificados)['verificar-archivo']['$post']>

export const certificadoMutations = {
  /** Validation by code (typed, from the page's address or read from a QR). */
  validar: () =>
    mutationOptions({
      mutationKey: ['certificados', 'validar'],
      mutationFn: (codValidador: string) => leer(cliente.certificados.validar.$post({ json: { codValidador } })),
    }),
  /** Validation by file: the PDF itself is the body, and the server compares its SHA-256. */
  verificarArchivo: () =>
    mutationOptions({
      mutationKey: ['certificados', 'verificar-archivo'],
      mutationFn: (archivo: Blob) =>
        leer(
          cliente.certificados['verificar-archivo'].$post(undefined, {
            init: { body: archivo, headers: { 'Content-Type': 'application/pdf' } },
          }),
        ),
    }),
}

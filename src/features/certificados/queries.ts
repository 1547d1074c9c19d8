import { mutationOptions } from '@tanstack/react-query'
import { cliente, leer } from '../../lib/cliente-api.ts'

export const certificadoMutations = {
  /** Validation by code: status 1 is valid, with data.msgvalido; otherwise msg says why not. */
  validar: () =>
    mutationOptions({
      mutationKey: ['certificados', 'validar'],
      mutationFn: (codValidador: string) => leer(cliente.certificados.validar.$post({ json: { codValidador } })),
    }),
}

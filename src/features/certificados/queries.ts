import { mutationOptions } from '@tanstack/react-query'
import { apiPost } from '../../lib/api.ts'

/** The validator's reply (spec 7): status 1 = valid, with data.msgvalido; otherwise msg. */
export type RespuestaValidacion = {
  status: number
  data?: { codProspecto?: string | number; msgvalido?: string }
  msg?: string
}

export const certificadoMutations = {
  validar: () =>
    mutationOptions({
      mutationKey: ['certificados', 'validar'],
      mutationFn: (codValidador: string) => apiPost<RespuestaValidacion>('/api/certificados/validar', { codValidador }),
    }),
}

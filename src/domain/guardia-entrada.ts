import * as v from 'valibot'
import { numeroCuotaSchema } from './numero-cuota.ts'

// Where a visit that arrives with these query
// parameters goes, in their priority order. Pure, so the router and the tests share it.

export type Destino =
  | { to: '/certificado/validador'; search: { codcertificado: string } }
  | { to: '/concurso/derechopostulacion/$id'; params: { id: string } }
  | { to: '/concurso/detalle/$id'; params: { id: string } }
  | { to: '/pagos/$codigo/$numero'; params: { codigo: string; numero: number } }
  | { to: '/pagos/lista/$codigo'; params: { codigo: string } }
  | { to: '/password'; search: { recoverpass: string } }
  | { to: '/login' }

type Query = Record<string, unknown>

function valor(query: Query, nombre: string): string | undefined {
  const v = query[nombre]
  if (typeof v === 'number') return String(v)
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined
}

/** Returns where to go, or undefined to stay (signed in and no parameter applies). */
export function destinoDeEntrada(query: Query, conSesion: boolean): Destino | undefined {
  const cert = valor(query, 'validacertificado')
  if (cert !== undefined) return { to: '/certificado/validador', search: { codcertificado: cert } }
  const concurso = valor(query, 'concurso')
  if (concurso !== undefined) return { to: '/concurso/derechopostulacion/$id', params: { id: concurso } }
  const detalle = valor(query, 'concursoDetalle')
  if (detalle !== undefined) return { to: '/concurso/detalle/$id', params: { id: detalle } }
  const pagoInsc = valor(query, 'pagoInsc')
  const numero = v.safeParse(numeroCuotaSchema, valor(query, 'posPago'))
  if (pagoInsc !== undefined && numero.success)
    return { to: '/pagos/$codigo/$numero', params: { codigo: pagoInsc, numero: numero.output } }
  // An installment number that is not one leads to the enrolment's list, as pagoInsc alone.
  if (pagoInsc !== undefined) return { to: '/pagos/lista/$codigo', params: { codigo: pagoInsc } }
  const recover = valor(query, 'recoverpass')
  if (recover !== undefined) return { to: '/password', search: { recoverpass: recover } }
  if (!conSesion) return { to: '/login' }
  return undefined
}

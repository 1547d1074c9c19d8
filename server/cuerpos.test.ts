// Malformed JSON bodies on every endpoint that reads one: each is refused with 400 and a Spanish
// message, whatever shape the body has, and never with the validation library's English default.
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'

const ENDPOINTS_JSON: { metodo: 'POST' | 'PUT'; ruta: string }[] = [
  { metodo: 'POST', ruta: '/api/auth/login' },
  { metodo: 'POST', ruta: '/api/auth/password/request' },
  { metodo: 'POST', ruta: '/api/auth/password/verify' },
  { metodo: 'POST', ruta: '/api/auth/password/set' },
  { metodo: 'POST', ruta: '/api/auth/register' },
  { metodo: 'PUT', ruta: '/api/alumno/persona' },
  { metodo: 'POST', ruta: '/api/certificados/validar' },
]

/** Bodies of the right media type but the wrong shape: no fields, or not an object at all. */
const CUERPOS = ['{}', '[]', '"texto"', '7', '[{"email":"a@b.cl"}]']

/** valibot's default messages, which the API must never show. */
const INGLES = /\b(Invalid|Expected|received)\b/

let servidor: ServidorDePrueba
let estudiante: ClienteDePrueba
beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  estudiante = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
})
afterAll(() => servidor.close())

test.each(ENDPOINTS_JSON.flatMap((e) => CUERPOS.map((cuerpo) => [e.metodo, e.ruta, cuerpo] as const)))(
  '%s %s answers the body %s with 400 in Spanish',
  async (metodo, ruta, cuerpo) => {
    const res = await estudiante.request(metodo, ruta, JSON.parse(cuerpo))
    expect(res.status).toBe(400)
    const respuesta = (await res.json()) as Record<string, unknown>
    for (const campo of ['error', 'message', 'msg']) {
      if (campo in respuesta) expect(respuesta[campo]).not.toMatch(INGLES)
    }
    expect(JSON.stringify(respuesta.campos ?? {})).not.toMatch(INGLES)
  },
)

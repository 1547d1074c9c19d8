import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  clienteDePrueba,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'

let server: ServidorDePrueba
let alumno: ClienteDePrueba

beforeAll(async () => {
  server = await iniciarServidorDePrueba({ throttle: 'off' })
  alumno = await iniciarSesion(server.url, DEMO_CUENTAS.estudiante)
})
afterAll(() => server.close())

async function datos<T>(path: string): Promise<T> {
  const res = await alumno.get(path)
  expect(res.status).toBe(200)
  const cuerpo = (await res.json()) as { status: string; data: T }
  expect(cuerpo.status).toBe('ok')
  return cuerpo.data
}

test('every lookup needs a session: 401 with the spec message', async () => {
  for (const path of ['paises', 'profesiones', 'universidades', 'regiones', 'comunas?region=13', 'ciudades']) {
    const res = await clienteDePrueba(server.url).get(`/api/lookups/${path}`)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Sesión expirada, vuelva a ingresar' })
  }
})

test('countries carry code, name and nationality; Chile is 40', async () => {
  const paises = await datos<{ codPais: string; pais: string; nacionalidad: string }[]>('/api/lookups/paises')
  expect(paises).toHaveLength(64)
  expect(paises).toContainEqual({ codPais: '40', pais: 'Chile', nacionalidad: 'Chilena' })
  expect(paises[0]).toEqual({ codPais: '1', pais: 'Alemania', nacionalidad: 'Alemana' })
})

test('professions, universities and regions in their seeded order', async () => {
  const profesiones = await datos<{ codProfesion: string; profesion: string }[]>('/api/lookups/profesiones')
  expect(profesiones[0]).toEqual({ codProfesion: '1', profesion: 'Médico Cirujano' })
  expect(profesiones.map((p) => p.codProfesion)).toEqual(
    expect.arrayContaining(['29', '43', '54', '68', 'Otra profesión']),
  )
  const universidades = await datos<{ universidad: string }[]>('/api/lookups/universidades')
  expect(universidades).toContainEqual({ universidad: 'Universidad de Chile' })
  expect(universidades.at(-1)).toEqual({ universidad: 'OTRA' })
  const regiones = await datos<{ codRegion: string; region: string }[]>('/api/lookups/regiones')
  expect(regiones).toHaveLength(17)
  expect(regiones).toContainEqual({ codRegion: '13', region: 'Región Metropolitana de Santiago' })
  expect(regiones.at(-1)).toEqual({ codRegion: '99', region: 'INTERNACIONAL' })
})

test('comunas by region: 52 in the Metropolitan region, OTRA alone in INTERNACIONAL, 346 + OTRA in all', async () => {
  const santiago = await datos<{ codComuna: string; comuna: string }[]>('/api/lookups/comunas?region=13')
  expect(santiago).toHaveLength(52)
  expect(santiago).toContainEqual({ codComuna: '13123', comuna: 'Providencia' })
  expect(await datos('/api/lookups/comunas?region=99')).toEqual([{ codComuna: '99999', comuna: 'OTRA' }])
  const regiones = await datos<{ codRegion: string }[]>('/api/lookups/regiones')
  let total = 0
  for (const { codRegion } of regiones)
    total += (await datos<unknown[]>(`/api/lookups/comunas?region=${codRegion}`)).length
  expect(total).toBe(347)
})

test('an unknown or missing region is a 400 in Spanish', async () => {
  for (const path of ['/api/lookups/comunas?region=77', '/api/lookups/comunas']) {
    const res = await alumno.get(path)
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('La región indicada no existe.')
  }
})

test('the comuna-city map covers every comuna', async () => {
  const { comunaCiudad } = await datos<{ comunaCiudad: Record<string, string> }>('/api/lookups/ciudades')
  expect(Object.keys(comunaCiudad)).toHaveLength(347)
  expect(comunaCiudad['13123']).toBe('Santiago')
  expect(comunaCiudad['08101']).toBe('Concepción')
  expect(comunaCiudad['99999']).toBe('OTRA')
})

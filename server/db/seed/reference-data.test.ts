// Comprueba la integridad de los datos de referencia sembrados en la base:
// regiones y comunas (CUT), países, profesiones y universidades.
import { test, expect } from 'vitest'
import {
  COD_PAIS_CHILE,
  COMUNA_OTRA,
  PROFESIONES_CON_OTRA,
  REGION_INTERNACIONAL,
  UNIVERSIDAD_OTRA,
} from '../../../src/domain/persona.ts'
import { comunaCiudad, comunas, regiones } from './geografia.ts'
import { paises } from './paises.ts'
import { profesiones } from './profesiones.ts'
import { universidades } from './universidades.ts'

const comunasReales = comunas.filter((c) => c.codComuna !== COMUNA_OTRA)
const regionesReales = regiones.filter((r) => r.codRegion !== REGION_INTERNACIONAL)
const collator = new Intl.Collator('es')

function duplicados(valores: string[]): string[] {
  return valores.filter((v, i) => valores.indexOf(v) !== i)
}

test('hay 16 regiones de Chile más INTERNACIONAL, con códigos únicos de dos dígitos', () => {
  expect(regionesReales).toHaveLength(16)
  expect(regiones).toHaveLength(17)
  expect(regiones.find((r) => r.codRegion === REGION_INTERNACIONAL)).toEqual({
    codRegion: '99',
    region: 'INTERNACIONAL',
  })
  expect(duplicados(regiones.map((r) => r.codRegion))).toEqual([])
  expect(regionesReales.map((r) => r.codRegion).sort()).toEqual(
    Array.from({ length: 16 }, (_, i) => String(i + 1).padStart(2, '0')),
  )
  expect(duplicados(regiones.map((r) => r.region))).toEqual([])
})

test('hay exactamente 346 comunas reales más OTRA, con códigos y nombres únicos', () => {
  expect(comunasReales).toHaveLength(346)
  expect(comunas).toHaveLength(347)
  expect(comunas.find((c) => c.codComuna === COMUNA_OTRA)).toEqual({
    codComuna: '99999',
    comuna: 'OTRA',
    codRegion: '99',
    ciudad: 'OTRA',
  })
  expect(duplicados(comunas.map((c) => c.codComuna))).toEqual([])
  // Ninguna comuna repite nombre dentro de su región.
  expect(duplicados(comunas.map((c) => `${c.codRegion}/${c.comuna}`))).toEqual([])
})

test('toda comuna pertenece a una región existente y su código CUT empieza con el de su región', () => {
  const codigosRegion = new Set(regiones.map((r) => r.codRegion))
  for (const c of comunas) {
    expect(codigosRegion.has(c.codRegion), `${c.codComuna} ${c.comuna}`).toBe(true)
    expect(c.comuna.trim()).not.toBe('')
    expect(c.ciudad.trim()).not.toBe('')
  }
  for (const c of comunasReales) {
    expect(c.codComuna, c.comuna).toMatch(/^\d{5}$/)
    expect(c.codComuna.slice(0, 2), `${c.codComuna} ${c.comuna}`).toBe(c.codRegion)
  }
})

test('el número de comunas por región coincide con la división oficial', () => {
  const oficiales: Record<string, number> = {
    '15': 4,
    '01': 7,
    '02': 9,
    '03': 9,
    '04': 15,
    '05': 38,
    '13': 52,
    '06': 33,
    '07': 30,
    '16': 21,
    '08': 33,
    '09': 32,
    '14': 12,
    '10': 30,
    '11': 10,
    '12': 11,
  }
  const conteo: Record<string, number> = {}
  for (const c of comunasReales) conteo[c.codRegion] = (conteo[c.codRegion] ?? 0) + 1
  expect(conteo).toEqual(oficiales)
})

test('códigos CUT conocidos', () => {
  const porCodigo = new Map(comunas.map((c) => [c.codComuna, c]))
  const esperadas: [string, string, string][] = [
    ['13101', 'Santiago', '13'],
    ['13120', 'Ñuñoa', '13'],
    ['13122', 'Peñalolén', '13'],
    ['13503', 'Curacaví', '13'],
    ['08101', 'Concepción', '08'],
    ['16101', 'Chillán', '16'],
    ['05101', 'Valparaíso', '05'],
    ['05103', 'Concón', '05'],
    ['15101', 'Arica', '15'],
    ['01101', 'Iquique', '01'],
    ['11201', 'Aysén', '11'],
    ['12201', 'Cabo de Hornos', '12'],
    ['12202', 'Antártica', '12'],
  ]
  for (const [cod, nombre, region] of esperadas) {
    expect(porCodigo.get(cod), cod).toMatchObject({ comuna: nombre, codRegion: region })
  }
})

test('comunaCiudad se deriva de comunas: Gran Santiago es Santiago, el resto su propia ciudad', () => {
  expect(Object.keys(comunaCiudad)).toHaveLength(comunas.length)
  for (const c of comunas) expect(comunaCiudad[c.codComuna]).toBe(c.ciudad)
  expect(comunaCiudad['13101']).toBe('Santiago')
  expect(comunaCiudad['13123']).toBe('Santiago') // Providencia
  expect(comunaCiudad['13201']).toBe('Santiago') // Puente Alto
  expect(comunaCiudad['05109']).toBe('Viña del Mar')
  expect(comunaCiudad['08101']).toBe('Concepción')
  expect(comunaCiudad[COMUNA_OTRA]).toBe('OTRA')
})

test('Chile es el país 40 y los códigos de país son numéricos y únicos', () => {
  expect(COD_PAIS_CHILE).toBe('40')
  expect(paises.find((p) => p.codPais === COD_PAIS_CHILE)).toEqual({
    codPais: '40',
    pais: 'Chile',
    nacionalidad: 'Chilena',
  })
  expect(paises.filter((p) => p.pais === 'Chile')).toHaveLength(1)
  expect(duplicados(paises.map((p) => p.codPais))).toEqual([])
  expect(duplicados(paises.map((p) => p.pais))).toEqual([])
  for (const p of paises) {
    expect(p.codPais, p.pais).toMatch(/^[1-9]\d*$/)
    expect(p.nacionalidad.trim(), p.pais).not.toBe('')
  }
  expect(paises.length).toBeGreaterThanOrEqual(55)
  expect(paises.map((p) => p.pais)).toEqual(paises.map((p) => p.pais).sort(collator.compare))
  for (const pais of ['Argentina', 'Perú', 'Bolivia', 'Venezuela', 'Colombia', 'Haití', 'España', 'China']) {
    expect(
      paises.some((p) => p.pais === pais),
      pais,
    ).toBe(true)
  }
})

test('las profesiones genéricas que piden especificación existen, y "Otra profesión" va al final', () => {
  expect(duplicados(profesiones.map((p) => p.codProfesion))).toEqual([])
  expect(duplicados(profesiones.map((p) => p.profesion))).toEqual([])
  const porCodigo = new Map(profesiones.map((p) => [p.codProfesion, p.profesion]))
  for (const cod of PROFESIONES_CON_OTRA) {
    expect(porCodigo.get(cod), cod).toMatch(/^Otra profesión/)
  }
  expect(porCodigo.get('29')).toBe('Otra profesión del área de la salud')
  expect(porCodigo.get('43')).toBe('Otra profesión técnica')
  expect(porCodigo.get('54')).toBe('Otra profesión del área de la educación')
  expect(porCodigo.get('68')).toBe('Otra profesión universitaria')
  expect(profesiones.at(-1)).toEqual({ codProfesion: 'Otra profesión', profesion: 'Otra profesión' })
  // Solo las entradas de PROFESIONES_CON_OTRA son genéricas.
  const genericas = profesiones.filter((p) => p.profesion.startsWith('Otra')).map((p) => p.codProfesion)
  expect(genericas).toEqual([...PROFESIONES_CON_OTRA])
  // Los códigos numéricos son correlativos desde 1.
  const numericos = profesiones.filter((p) => p.codProfesion !== 'Otra profesión').map((p) => p.codProfesion)
  expect(numericos).toEqual(numericos.map((_, i) => String(i + 1)))
  expect(porCodigo.get('1')).toBe('Médico Cirujano')
})

test('las universidades no se repiten, van ordenadas y terminan con OTRA', () => {
  expect(UNIVERSIDAD_OTRA).toBe('OTRA')
  expect(universidades.at(-1)).toBe(UNIVERSIDAD_OTRA)
  expect(universidades.filter((u) => u === UNIVERSIDAD_OTRA)).toHaveLength(1)
  expect(duplicados(universidades)).toEqual([])
  const chilenas = universidades.slice(0, -1)
  expect(chilenas.length).toBeGreaterThanOrEqual(50)
  expect(chilenas).toEqual([...chilenas].sort(collator.compare))
  for (const u of ['Universidad de Chile', 'Pontificia Universidad Católica de Chile', 'Universidad de Concepción']) {
    expect(chilenas, u).toContain(u)
  }
})

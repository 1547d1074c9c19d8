import * as v from 'valibot'
import { expect, test } from 'vitest'
import {
  clavesDeBusqueda,
  codigoInscripcionBuscado,
  consultaAlumnosSchema,
  mensajeSinResultados,
  nombreParaOrden,
  palabras,
  siguientePrefijo,
  terminosDeAlumno,
} from './busqueda-alumnos.ts'

const camila = {
  nombres: 'Camila Andrea',
  apellidos: 'Rojas Soto',
  email: 'camila.rojas@demo.cl',
  rut: '16789432-1',
  numero_documento: null,
  codigo_alumno: 'AL20180457',
}

test('a RUT however it is typed is one key: its digits and check digit, lower-case', () => {
  for (const q of ['16.789.432-1', '16789432-1', '167894321', ' 16.789.432 - 1 '])
    expect(clavesDeBusqueda(q), q).toEqual(['167894321'])
  expect(clavesDeBusqueda('20.345.676-K')).toEqual(['20345676k'])
  expect(clavesDeBusqueda('20345676k')).toEqual(['20345676k'])
  expect(clavesDeBusqueda('16.789')).toEqual(['16789'])
})

test('an e-mail address is one key; anything else is its words, without accents or case', () => {
  expect(clavesDeBusqueda('Camila.Rojas@Demo.cl')).toEqual(['camila.rojas@demo.cl'])
  expect(clavesDeBusqueda('  Muñoz   PÉREZ-Cotapos ')).toEqual(['munoz', 'perez', 'cotapos'])
  expect(clavesDeBusqueda('ins-26-40018')).toEqual(['ins', '26', '40018'])
  expect(clavesDeBusqueda('   ')).toEqual([])
  expect(clavesDeBusqueda('a a a b')).toEqual(['a', 'b'])
})

test('an enrolment code is compared whole and upper-case', () => {
  expect(codigoInscripcionBuscado(' ins-26-40018 ')).toBe('INS-26-40018')
  expect(codigoInscripcionBuscado('camila rojas')).toBeNull()
  expect(codigoInscripcionBuscado('rojas')).toBeNull()
})

test('a student is found by the words of the names, the e-mail, the RUT, the passport and the code', () => {
  expect(terminosDeAlumno(camila)).toEqual([
    'camila',
    'andrea',
    'rojas',
    'soto',
    'camila.rojas@demo.cl',
    'camilarojas',
    '167894321',
    'al20180457',
  ])
  const extranjera = {
    ...camila,
    rut: '0-0',
    numero_documento: 'AAF-482913',
    email: 'vale@demo.cl',
    nombres: 'Valentina',
  }
  const terminos = terminosDeAlumno(extranjera)
  expect(terminos).toContain('aaf482913')
  expect(terminos).toContain('vale')
  expect(terminos).not.toContain('00')
  expect(terminos.some((t) => t.startsWith('0'))).toBe(false)
})

test('every key of a search begins one of the terms of the student it describes', () => {
  const terminos = terminosDeAlumno({ ...camila, nombres: 'Ñuble Andrés', apellidos: 'Kast Ibáñez', rut: '20345676-K' })
  for (const q of ['20.345.676-k', '2034', 'ñuble', 'IBANEZ andres', 'camila.rojas@', 'AL2018'])
    for (const clave of clavesDeBusqueda(q))
      expect(
        terminos.some((t) => t.startsWith(clave)),
        `${q}: ${clave}`,
      ).toBe(true)
})

test('names sort by surnames then names, without accents or case', () => {
  expect(nombreParaOrden({ nombres: 'Ñuble', apellidos: 'Álvarez Díaz' })).toBe('alvarez diaz nuble')
  expect(palabras('José-Luis O’Higgins')).toEqual(['jose', 'luis', 'o', 'higgins'])
})

test('the range after a prefix holds exactly the texts that begin with it', () => {
  expect(siguientePrefijo('abc')).toBe('abd')
  expect(siguientePrefijo('16789')).toBe('1678:')
  expect(siguientePrefijo('ab@')).toBe('abA')
  const dentro = (t: string, p: string) => t >= p && t < siguientePrefijo(p)
  for (const t of ['abz', 'abc', 'abcz', 'abc@x']) expect(dentro(t, 'abc')).toBe(t.startsWith('abc'))
})

test('the search’s query: defaults, limits and the Spanish refusals', () => {
  expect(v.parse(consultaAlumnosSchema, {})).toEqual({ q: '', pagina: 1, orden: 'nombre' })
  expect(v.parse(consultaAlumnosSchema, { q: ' rojas ', pagina: '3', orden: '-registro' })).toEqual({
    q: 'rojas',
    pagina: 3,
    orden: '-registro',
  })
  for (const malo of [{ pagina: '0' }, { pagina: '1.5' }, { orden: 'rut' }, { q: 'x'.repeat(101) }])
    expect(v.safeParse(consultaAlumnosSchema, malo).success, JSON.stringify(malo)).toBe(false)
  expect(mensajeSinResultados('rojaz')).toBe('No encontramos alumnos que coincidan con «rojaz»')
})

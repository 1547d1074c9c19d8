// The registry of personal data is complete: every column of every table in server/db/schema.ts
// is in exactly one category or declared free of personal data, and the registry names no
// column that does not exist. A migration that adds a column fails here until it is classified.
import { expect, test } from 'vitest'
import { tablasDelEsquema } from '../../tests/support/esquema.ts'
import {
  BASES_LEGALES,
  categoriaDeColumna,
  DESTINATARIOS,
  REGISTRO_DATOS,
  SIN_DATOS_PERSONALES,
  type CategoriaDatos,
  type Columnas,
} from './registro-datos.ts'

const esquema = tablasDelEsquema()
const categorias = Object.entries(REGISTRO_DATOS) as [string, CategoriaDatos][]
const clasificaciones: [string, Columnas][] = [
  ...categorias.map(([id, c]): [string, Columnas] => [id, c.columnas]),
  [
    'sin datos personales',
    Object.fromEntries(Object.entries(SIN_DATOS_PERSONALES).map(([tabla, { columnas }]) => [tabla, columnas])),
  ],
]

test('every column of the database is classified: in a category of personal data or declared free of it', () => {
  const sinClasificar = Object.entries(esquema).flatMap(([tabla, columnas]) =>
    Object.keys(columnas)
      .filter((columna) => categoriaDeColumna(tabla, columna) === undefined)
      .map((columna) => `${tabla}.${columna}`),
  )
  expect(sinClasificar, 'columnas que faltan en src/domain/registro-datos.ts').toEqual([])
})

test('a column is named once, and only columns that exist are named', () => {
  const nombradas = new Map<string, string[]>()
  const comodines = new Map<string, string[]>()
  for (const [quien, columnas] of clasificaciones)
    for (const [tabla, lista] of Object.entries(columnas)) {
      expect(esquema[tabla], `${quien}: la tabla ${tabla} no existe`).toBeDefined()
      if (lista === '*') comodines.set(tabla, [...(comodines.get(tabla) ?? []), quien])
      else
        for (const columna of lista) {
          expect(esquema[tabla]?.[columna], `${quien}: ${tabla}.${columna} no existe`).toBeDefined()
          nombradas.set(`${tabla}.${columna}`, [...(nombradas.get(`${tabla}.${columna}`) ?? []), quien])
        }
    }
  expect([...nombradas].filter(([, quienes]) => quienes.length > 1)).toEqual([])
  expect([...comodines].filter(([, quienes]) => quienes.length > 1)).toEqual([])
})

test('the student’s identifiers, health documents and payments are where the law wants them', () => {
  expect(categoriaDeColumna('alumnos', 'rut')).toBe('identidad')
  expect(categoriaDeColumna('alumnos', 'email')).toBe('contacto')
  expect(categoriaDeColumna('archivos_personales', 'blob_clave')).toBe('documentos')
  expect(categoriaDeColumna('encuestas', 'respuestas')).toBe('encuesta')
  expect(categoriaDeColumna('pagos', 'codigo_autorizacion')).toBe('pagos')
  expect(categoriaDeColumna('ofertas_laborales', 'contacto_email')).toBe('terceros')
  expect(categoriaDeColumna('ofertas_laborales', 'cargo')).toBeNull()
  // What must be kept cannot be suppressed (art. 7): payments, issued documents, the audit trail.
  expect(REGISTRO_DATOS.pagos.suprimible).toBe(false)
  expect(REGISTRO_DATOS.documentosEmitidos.suprimible).toBe(false)
  expect(REGISTRO_DATOS.auditoria.suprimible).toBe(false)
  // Sensitive data: the survey's disability and ethnic origin rest on express consent.
  expect(REGISTRO_DATOS.encuesta).toMatchObject({ sensible: true, base: 'consentimiento' })
})

test('every category says its purpose, basis, recipients, source and retention in words', () => {
  for (const [id, c] of categorias) {
    expect(c.finalidad, id).not.toBe('')
    expect(BASES_LEGALES[c.base], id).toBeDefined()
    for (const d of c.destinatarios) expect(DESTINATARIOS[d], `${id}: ${d}`).toBeDefined()
    expect(c.fuente, id).not.toBe('')
    expect(c.conservacion.plazo, id).not.toBe('')
    // What is kept past a request says why; what is kept cannot also be suppressible.
    if (c.conservacion.fin === 'conservar') expect(c.conservacion.porque, id).not.toBe('')
    if (!c.suprimible) expect(c.conservacion.fin, id).toBe('conservar')
  }
})

test('a suppressible category says how each of its tables is suppressed, column by column', () => {
  for (const [id, c] of categorias) {
    if (!c.suprimible) {
      if (c.supresion) expect(c.supresion, `${id}: lo que se conserva no se suprime`).toHaveProperty('noAplica')
      continue
    }
    expect(c.supresion, `${id}: falta cómo se suprime`).toBeDefined()
    if (!c.supresion || 'noAplica' in c.supresion) continue
    expect(c.supresion.eliminado, id).not.toBe('')
    expect(Object.keys(c.supresion.tablas).sort(), id).toEqual(Object.keys(c.columnas).sort())
    for (const [tabla, paso] of Object.entries(c.supresion.tablas)) {
      const columnas = c.columnas[tabla]
      if (paso.accion === 'eliminar') expect(columnas, `${id}.${tabla}: solo se elimina una tabla entera`).toBe('*')
      else
        expect([...Object.keys(paso.valores), ...(paso.sinCambio ?? [])].sort(), `${id}.${tabla}`).toEqual(
          [...(columnas as readonly string[])].sort(),
        )
    }
  }
})

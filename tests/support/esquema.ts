// schema.ts read as text: its tables and their columns (see server/esquema.test.ts for why it is
// read this way). Used by the test that compares it with the migrated database and by the one
// that checks every column is classified in the personal-data registry.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export type Columnas = Record<string, { nula: boolean }>

/** The `key: type` entries at the first level of an object type's body (between its braces). */
function entradas(cuerpo: string): [string, string][] {
  const partes: string[] = []
  let profundidad = 0
  let actual = ''
  for (const ch of cuerpo) {
    if ('{<(['.includes(ch)) profundidad++
    if ('}>)]'.includes(ch)) profundidad--
    if (profundidad === 0 && (ch === ';' || ch === '\n')) {
      partes.push(actual)
      actual = ''
    } else actual += ch
  }
  partes.push(actual)
  return partes
    .map((p) => /^\s*(\w+)\??\s*:\s*([\s\S]+?)\s*$/.exec(p))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1] as string, m[2] as string])
}

/** Each table of `Database` in schema.ts with its columns, and whether each may hold null. */
export function tablasDelEsquema(): Record<string, Columnas> {
  const fuente = readFileSync(join(import.meta.dirname, '..', '..', 'server', 'db', 'schema.ts'), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
  const tipos = new Map<string, string>()
  for (const bloque of fuente.split(/^export type /m).slice(1)) {
    const m = /^(\w+)\s*=\s*([\s\S]*)$/.exec(bloque.trim())
    if (m) tipos.set(m[1] as string, m[2] as string)
  }
  const columnasDe = (nombre: string): Columnas => {
    const definicion = tipos.get(nombre)
    if (definicion === undefined) throw new Error(`schema.ts no define ${nombre}`)
    const columnas: Columnas = {}
    for (const parte of definicion.split(/&(?![^{]*})/)) {
      const texto = parte.trim()
      if (texto.startsWith('{')) {
        for (const [columna, tipo] of entradas(texto.slice(1, texto.lastIndexOf('}'))))
          columnas[columna] = { nula: /\bnull\b/.test(tipo) }
      } else Object.assign(columnas, columnasDe(texto))
    }
    return columnas
  }
  const database = tipos.get('Database')
  if (!database) throw new Error('schema.ts no declara Database')
  return Object.fromEntries(
    entradas(database.slice(database.indexOf('{') + 1, database.lastIndexOf('}'))).map(([tabla, tipo]) => [
      tabla,
      columnasDe(tipo),
    ]),
  )
}

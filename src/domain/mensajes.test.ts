// One text per message constant: an exported constant holding a text (a string or a template) is
// declared once across src/ and server/, so two files cannot give one name two wordings. A module
// that needs another's message imports it (or re-exports it, as gestion-certificados.ts does).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { parseSync, Visitor } from 'vite'
import { expect, test } from 'vitest'

const RAIZ = join(import.meta.dirname, '..', '..')

function fuentes(carpeta: string): string[] {
  return readdirSync(carpeta, { withFileTypes: true }).flatMap((e) => {
    const ruta = join(carpeta, e.name)
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : fuentes(ruta)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.gen.ts')
      ? [relative(RAIZ, ruta).split(sep).join('/')]
      : []
  })
}

/** The exported constants whose value is a text, by name: where each is declared. */
export function textosExportados(archivo: string, fuente: string): string[] {
  const { program } = parseSync(archivo, fuente)
  const nombres: string[] = []
  new Visitor({
    ExportNamedDeclaration(exportacion) {
      const declaracion = exportacion.declaration
      if (declaracion?.type !== 'VariableDeclaration' || declaracion.kind !== 'const') return
      for (const d of declaracion.declarations) {
        const valor = d.init
        const texto =
          valor?.type === 'TemplateLiteral' || (valor?.type === 'Literal' && typeof valor.value === 'string')
        if (texto && d.id.type === 'Identifier') nombres.push(d.id.name)
      }
    },
  }).visit(program)
  return nombres
}

test('the walk finds each exported text constant, and only those', () => {
  const fuente = `
    export const MENSAJE_A = 'Uno.'
    export const MENSAJE_B = \`Dos \${1}\`
    export const LISTA = ['a', 'b'] as const
    const INTERNO = 'No exportado.'
    export function f() { return INTERNO }`
  expect(textosExportados('x.ts', fuente)).toEqual(['MENSAJE_A', 'MENSAJE_B'])
})

test('each exported text constant is declared once across src/ and server/', () => {
  const donde = new Map<string, string[]>()
  for (const archivo of [...fuentes(join(RAIZ, 'src')), ...fuentes(join(RAIZ, 'server'))])
    for (const nombre of textosExportados(archivo, readFileSync(join(RAIZ, archivo), 'utf8')))
      donde.set(nombre, [...(donde.get(nombre) ?? []), archivo])
  const repetidos = Object.fromEntries([...donde].filter(([, archivos]) => archivos.length > 1))
  expect(repetidos, 'one definition each: import it from one module, or give a different message its own name').toEqual(
    {},
  )
})

// Route files speak HTTP only (validation, the session's actor, the reply) and leave the database
// to the services by area (server/alumnos/, server/pagos/, server/tributario/…): this walks every
// route file under server/routes/ and fails, naming file and line, on a query builder, a
// transaction or a `sql` template written in one, and on a route file longer than LINEAS_MAXIMAS.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { parseSync, Visitor, type ESTree } from 'vite'
import { expect, test } from 'vitest'

const RAIZ = join(import.meta.dirname, '..')
const RUTAS = join(RAIZ, 'server', 'routes')

/** A route file longer than this has work in it that belongs to a service. */
const LINEAS_MAXIMAS = 150

/**
 * Kysely's ways in (a query, a transaction, a connection of its own) and ways to run one: a route
 * that calls any of them is doing a service's work.
 */
const METODOS_DE_BASE = new Set([
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'transaction',
  'startTransaction',
  'connection',
  'execute',
  'executeTakeFirst',
  'executeTakeFirstOrThrow',
  'stream',
])

type Hallazgo = { archivo: string; linea: number; forma: string }

type Expresion = ESTree.Expression

function nombreDePropiedad(miembro: ESTree.MemberExpression): string | undefined {
  const propiedad = miembro.property
  if (!miembro.computed && propiedad.type === 'Identifier') return propiedad.name
  if (propiedad.type === 'Literal' && typeof propiedad.value === 'string') return propiedad.value
  return undefined
}

/** `sql`, `sql.raw`, `sql.ref`…: Kysely's raw SQL, by the name it is imported with. */
function esSql(nodo: Expresion): boolean {
  if (nodo.type === 'Identifier') return nodo.name === 'sql'
  if (nodo.type === 'MemberExpression') return esSql(nodo.object)
  return false
}

/** Every database call written in one source file. */
export function consultasEnRuta(archivo: string, fuente: string): Hallazgo[] {
  const { program, errors } = parseSync(archivo, fuente)
  expect(errors, archivo).toEqual([])
  const hallados: (Hallazgo & { en: number })[] = []
  const hallado = (nodo: { start: number }, forma: string) =>
    hallados.push({ archivo, linea: fuente.slice(0, nodo.start).split('\n').length, forma, en: nodo.start })
  new Visitor({
    CallExpression(llamada) {
      const { callee } = llamada
      if (callee.type !== 'MemberExpression') {
        if (esSql(callee)) hallado(callee, 'sql(…)')
        return
      }
      const metodo = nombreDePropiedad(callee)
      if (metodo && METODOS_DE_BASE.has(metodo)) hallado(callee.property, `.${metodo}(`)
      else if (esSql(callee)) hallado(callee, `sql.${metodo ?? '…'}(`)
    },
    TaggedTemplateExpression(plantilla) {
      if (esSql(plantilla.tag)) hallado(plantilla.tag, 'sql`…`')
    },
  }).visit(program)
  // In the order they are written (the visit meets a chain's last call first).
  return hallados.sort((a, b) => a.en - b.en).map(({ archivo, linea, forma }) => ({ archivo, linea, forma }))
}

/** The lines of a source file (a final newline ends the last line, it does not start another). */
export function lineas(fuente: string): number {
  return fuente.replace(/\n$/, '').split('\n').length
}

function archivosDeRutas(carpeta: string): string[] {
  return readdirSync(carpeta, { withFileTypes: true }).flatMap((e) => {
    const ruta = join(carpeta, e.name)
    if (e.isDirectory()) return archivosDeRutas(ruta)
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [relative(RAIZ, ruta).split(sep).join('/')] : []
  })
}

test('the walk finds each forbidden form, and not a service called by name', () => {
  const fuente = [
    `import { sql } from 'kysely'`,
    `const a = await db.selectFrom('pagos').selectAll().execute()`,
    `await c.var.deps.db.insertInto('auditoria').values(v).executeTakeFirst()`,
    `await db.updateTable('pagos').set(x).executeTakeFirstOrThrow()`,
    `await db.deleteFrom('sesiones').where('id', '=', id).execute()`,
    'await db.transaction().execute(async (trx) => trx)',
    'const n = sql`select 1`',
    `const r = sql.raw('now()')`,
    `const m = db['selectFrom']('x')`,
    `const f = await pagoAlAlcance(db, personal, id)`,
    `const g = await documentosDePago(db, id, true)`,
  ].join('\n')
  expect(consultasEnRuta('x.ts', fuente).map((h) => `${h.linea} ${h.forma}`)).toEqual([
    '2 .selectFrom(',
    '2 .execute(',
    '3 .insertInto(',
    '3 .executeTakeFirst(',
    '4 .updateTable(',
    '4 .executeTakeFirstOrThrow(',
    '5 .deleteFrom(',
    '5 .execute(',
    '6 .transaction(',
    '6 .execute(',
    '7 sql`…`',
    '8 sql.raw(',
    '9 .selectFrom(',
  ])
  expect(lineas('a\nb\n')).toBe(2)
  expect(lineas('a\nb')).toBe(2)
})

test('no route file builds a query, runs a transaction or writes SQL', () => {
  const archivos = archivosDeRutas(RUTAS)
  expect(archivos).toContain('server/routes/lookups.ts')
  expect(archivos).toContain('server/routes/admin/resumen.ts')
  const hallados = archivos.flatMap((archivo) => consultasEnRuta(archivo, readFileSync(join(RAIZ, archivo), 'utf8')))
  expect(hallados.map((h) => `${h.archivo}:${h.linea} ${h.forma}`)).toEqual([])
})

test(`no route file is longer than ${LINEAS_MAXIMAS} lines`, () => {
  const largos = archivosDeRutas(RUTAS).flatMap((archivo) => {
    const n = lineas(readFileSync(join(RAIZ, archivo), 'utf8'))
    return n > LINEAS_MAXIMAS ? [`${archivo}: ${n} lines`] : []
  })
  expect(largos).toEqual([])
})

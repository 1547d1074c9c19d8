// Every error reply of ours goes through the reply helper (`rechazar`, or `respuestaDeRechazo` /
// `textoDeRechazo` where there is no request context; http/respuesta.ts): this walks the server's
// source files and fails on an object with an `error` key written by hand as a reply's body (the
// first argument of `c.json` or `Response.json`, or what `JSON.stringify` turns into one). The
// older shapes the spec names, and the providers' shapes our sandboxes imitate, are listed below
// with why they stay; an entry no longer met fails too, so the list cannot outlive its reason.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { parseSync, Visitor } from 'vite'
import { expect, test } from 'vitest'

const RAIZ = join(import.meta.dirname, '..')

/** A body written by hand: where, and its keys (`...` for a spread, a nested object's keys in braces). */
type Hallazgo = { archivo: string; linea: number; forma: string }

type Nodo = { type: string; start: number; [clave: string]: unknown }

function forma(nodo: Nodo): string {
  const propiedades = nodo.properties as Nodo[]
  return propiedades
    .map((p) => {
      if (p.type === 'SpreadElement') return '...'
      const clave = p.key as { name?: string; value?: string }
      const valor = p.value as Nodo
      return `${clave.name ?? clave.value}${valor.type === 'ObjectExpression' ? `{${forma(valor)}}` : ''}`
    })
    .join(',')
}

/** The object literals a body can be: the value itself, or either branch of `a ? b : c` / `a ?? b`. */
function objetos(nodo: Nodo | undefined): Nodo[] {
  if (!nodo) return []
  if (nodo.type === 'ObjectExpression') return [nodo]
  if (nodo.type === 'ConditionalExpression')
    return [...objetos(nodo.consequent as Nodo), ...objetos(nodo.alternate as Nodo)]
  if (nodo.type === 'LogicalExpression') return [...objetos(nodo.left as Nodo), ...objetos(nodo.right as Nodo)]
  if (
    nodo.type === 'TSAsExpression' ||
    nodo.type === 'TSSatisfiesExpression' ||
    nodo.type === 'ParenthesizedExpression'
  )
    return objetos(nodo.expression as Nodo)
  return []
}

/** Every error body written by hand in one source file. */
export function respuestasDeErrorAMano(archivo: string, fuente: string): Hallazgo[] {
  const { program, errors } = parseSync(archivo, fuente)
  expect(errors, archivo).toEqual([])
  const hallados: Hallazgo[] = []
  new Visitor({
    CallExpression(llamada) {
      const { callee } = llamada
      if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return
      const metodo = callee.property.name
      const deJson = callee.object.type === 'Identifier' && callee.object.name === 'JSON'
      if (metodo !== 'json' && !(deJson && metodo === 'stringify')) return
      for (const objeto of objetos(llamada.arguments[0] as Nodo | undefined)) {
        const f = forma(objeto)
        if (f.split(',').some((clave) => clave === 'error' || clave.startsWith('error{')))
          hallados.push({ archivo, linea: fuente.slice(0, objeto.start).split('\n').length, forma: f })
      }
    },
  }).visit(program)
  return hallados
}

function fuentesDelServidor(carpeta: string): string[] {
  return readdirSync(carpeta, { withFileTypes: true }).flatMap((e) => {
    const ruta = join(carpeta, e.name)
    if (e.isDirectory()) return fuentesDelServidor(ruta)
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [relative(RAIZ, ruta).split(sep).join('/')] : []
  })
}

/** The shapes that stay, each in its file, with why. */
const FORMAS_QUE_QUEDAN: { archivo: string; forma: string; porque: string }[] = [
  {
    archivo: 'server/routes/certificados.ts',
    forma: 'status,msg,error,campos',
    porque: 'the public validator answers { status: 0 | 1, msg } as the spec’s validarCertificado (its bad body)',
  },
  {
    archivo: 'server/routes/certificados.ts',
    forma: 'status,msg,error',
    porque: 'the public validator’s { status: 0, msg } (its file that is not a PDF, or none)',
  },
  {
    archivo: 'server/routes/lookups.ts',
    forma: 'status,error,campos{region}',
    porque:
      'getComunas answers { status: "ok", data } and refuses { status: "error", error, campos }, as the spec gives it',
  },
  {
    archivo: 'server/routes/salud.ts',
    forma: 'status,error',
    porque: 'the load balancer’s health probe reads { status: "ok" | "error" }',
  },
  {
    archivo: 'server/middleware/limites.ts',
    forma: 'error,...',
    porque: 'the 429 of the endpoints with an older shape carries its { status, message } or { status, msg } too',
  },
  {
    archivo: 'server/routes/admin/certificados.ts',
    forma: 'error,faltantes',
    porque: 'issuing a certificate that lacks something refuses with what it lacks, for the screen to ask again',
  },
  {
    archivo: 'server/app.ts',
    forma: 'error{message}',
    porque: 'the test tax-document emitter’s own failures, answered as the provider (OpenFactura) answers',
  },
  {
    archivo: 'server/tributario/sandbox.ts',
    forma: 'error{message,details}',
    porque: 'the sandbox imitates OpenFactura’s API, whose refusals are { error: { message, details } }',
  },
]

const hallazgos = fuentesDelServidor(join(RAIZ, 'server')).flatMap((archivo) =>
  respuestasDeErrorAMano(archivo, readFileSync(join(RAIZ, archivo), 'utf8')),
)

test('the walk finds a hand-written error body in each way one can be written, and not a refusal through the helper', () => {
  const fuente = `
    const a = (c) => c.json({ error: MENSAJE }, 404)
    const b = (c) => c.json({ error, campos }, 400)
    const d = () => Response.json({ error: 'x' }, { status: 413 })
    const e = () => new Response(JSON.stringify({ error: 'x' }), { status: 409 })
    const f = (c, ok) => c.json(ok ? { error: 'a' } : { error: 'b' }, 409)
    const g = (c) => c.json({ error: { message: 'x' } } as const, 500)
    const bien = (c) => rechazar(c, 404, MENSAJE)
    const datos = (c) => c.json({ estado: 'error', errores: 2 })`
  expect(respuestasDeErrorAMano('ejemplo.ts', fuente).map((h) => `${h.linea} ${h.forma}`)).toEqual([
    '2 error',
    '3 error,campos',
    '4 error',
    '5 error',
    '6 error',
    '6 error',
    '7 error{message}',
  ])
})

test('every error reply goes through the reply helper, but for the older shapes listed with why', () => {
  const permitido = (h: Hallazgo) => FORMAS_QUE_QUEDAN.some((f) => f.archivo === h.archivo && f.forma === h.forma)
  expect(
    hallazgos.filter((h) => !permitido(h)).map((h) => `${h.archivo}:${h.linea} { ${h.forma} }`),
    'write these with rechazar(c, status, error, campos?) from server/http/respuesta.ts',
  ).toEqual([])
})

test('each shape allowed to stay is still met where it is listed', () => {
  const sinUso = FORMAS_QUE_QUEDAN.filter((f) => !hallazgos.some((h) => h.archivo === f.archivo && h.forma === f.forma))
  expect(sinUso, 'no longer written: take it off FORMAS_QUE_QUEDAN').toEqual([])
})

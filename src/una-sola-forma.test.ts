import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, test } from 'vitest'

// The client's one-way rules, read from the source as server/declaracion.test.ts does for the
// server's declarations: a second way of doing one of these things fails here.

const RAIZ = join(import.meta.dirname, '..')

/** Every source file under src/ (tests and generated route trees aside), by its path from the repository. */
function fuentes(): { ruta: string; texto: string }[] {
  const out: { ruta: string; texto: string }[] = []
  const recorrer = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const ruta = join(dir, e.name)
      if (e.isDirectory()) recorrer(ruta)
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.startsWith('routeTree'))
        out.push({ ruta: relative(RAIZ, ruta), texto: readFileSync(ruta, 'utf8') })
    }
  }
  recorrer(join(RAIZ, 'src'))
  return out
}

/** The lines of `texto` that match `patron`, as 'file:line: text'. */
function lineas(ruta: string, texto: string, patron: RegExp): string[] {
  return texto.split('\n').flatMap((l, i) => (patron.test(l) ? [`${ruta}:${i + 1}: ${l.trim()}`] : []))
}

/** Files that may write the error class by hand: the component that is the one way. */
const ERROR_A_MANO_PERMITIDO = new Set(['src/ui/mensaje-error.tsx'])

test('every error on screen goes through MensajeError (src/ui/mensaje-error.tsx)', () => {
  const aMano = fuentes()
    .filter((f) => !ERROR_A_MANO_PERMITIDO.has(f.ruta))
    .flatMap((f) => lineas(f.ruta, f.texto, /mensaje--error/))
  expect(aMano).toEqual([])
})

test('the check finds a hand-written error alert', () => {
  const violacion = `<p className="mensaje mensaje--error" role="alert">{texto}</p>`
  expect(lineas('x.tsx', violacion, /mensaje--error/)).toHaveLength(1)
})

/**
 * An app address written by hand where the router takes text: an `href` (JSX or navigate's), a
 * `to` built from a template, a page load, or a pathname compared with a literal path. Those come
 * from src/domain/urls.ts, whose test opens each one in the real route tree. A literal `to="/x"`
 * or `to: '/x'` stays: it is a route id, which the router's types check against the route tree.
 * Not app addresses, so not matched: the server's /api/ paths, anchors, mailto: and tel:.
 */
const DIRECCION_A_MANO: RegExp[] = [
  /\bhref=\{?\s*[`'"]\/(?!api\/)/,
  /\bhref:\s*[`'"]\/(?!api\/)/,
  /\bto=\{\s*`/,
  /\bto:\s*`/,
  /location\.(assign|replace)\(\s*[`'"]\//,
  /location\.href\s*=\s*[`'"]\//,
  /(pathname|ruta)\s*[!=]==\s*[`'"]\/(?!api\/)/,
  /(pathname|ruta)\.startsWith\(\s*[`'"]\/(?!api\/)/,
]

const DIRECCIONES_PERMITIDAS = new Set(['src/domain/urls.ts'])

function direccionesAMano(ruta: string, texto: string): string[] {
  return DIRECCION_A_MANO.flatMap((patron) => lineas(ruta, texto, patron))
}

test('every app address written as text comes from src/domain/urls.ts', () => {
  const aMano = fuentes()
    .filter((f) => !DIRECCIONES_PERMITIDAS.has(f.ruta))
    .flatMap((f) => direccionesAMano(f.ruta, f.texto))
  expect(aMano).toEqual([])
})

test('the check finds an address written by hand, and lets a typed route and an e-mail link pass', () => {
  const violaciones = [
    '<a href="/home">Inicio</a>',
    '<a href={`/pagos/lista/${codigo}`}>Pagos</a>',
    "void router.navigate({ href: '/admin/home' })",
    '<Link to={`/concurso/detalle/${id}`}>',
    "window.location.assign('/login')",
    "if (location.pathname === '/login') return",
    "const enPago = ruta.startsWith('/pagos/respuesta/')",
  ]
  for (const v of violaciones) expect(direccionesAMano('x.tsx', v), v).toHaveLength(1)
  const permitidas = [
    '<Link to="/pagos/lista/$codigo" params={{ codigo }}>',
    "void navigate({ to: '/home' })",
    '<a href={`mailto:${correo}`}>',
    '<a href="#contenido">',
    '<a href={urlListaPagos(codigo)}>',
    "<a href={'/api/integracion/openapi.json'}>",
  ]
  for (const p of permitidas) expect(direccionesAMano('x.tsx', p), p).toEqual([])
})

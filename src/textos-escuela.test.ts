import { expect, test } from 'vitest'
import { problemasDeRedaccion } from './domain/redaccion.ts'

// The school's texts, read from their sources: every string, template and JSX text of the staff's
// screens, of the rules and messages the school reads, and of the staff's endpoints, checked by
// `problemasDeRedaccion` (src/domain/redaccion.ts: a count and its words agree, 'Sí' with its
// accent, no word missing its accent). A count is probed as 1 ('${n} escribieron' becomes
// '1 escribieron'), except in a branch of a choice made on the count (`n === 1 ?`, `varios ?`) and
// for a constant ('${MAXIMO} caracteres'), probed as 2; a `${…}` glued to a word is a plural ending
// ('rechazado${n === 1 ? "" : "s"}'), read as none.

const FUENTES = {
  ...import.meta.glob<string>(['./features/admin/**/*.{ts,tsx}', './routes/admin/**/*.tsx', '!./**/*.test.*'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
  ...import.meta.glob<string>(
    [
      './domain/{area-escuela,auditoria,busqueda-*,estado-revision,gestion-*,importacion,integracion}.ts',
      './domain/{pago-presencial,palabras-auditoria,personal,reembolsos,resultados-encuesta,revision-documentos}.ts',
      '../server/routes/admin/**/*.ts',
      '!./**/*.test.*',
      '!../server/**/*.test.*',
    ],
    { query: '?raw', import: 'default', eager: true },
  ),
}

/** The source with its comments blanked (strings and templates kept as they are). */
function sinComentarios(fuente: string): string {
  let salida = ''
  let i = 0
  while (i < fuente.length) {
    const c = fuente[i]!
    const siguiente = fuente[i + 1]
    if (c === '/' && siguiente === '/') {
      while (i < fuente.length && fuente[i] !== '\n') i++
    } else if (c === '/' && siguiente === '*') {
      const fin = fuente.indexOf('*/', i + 2)
      i = fin === -1 ? fuente.length : fin + 2
    } else if (c === "'" || c === '"' || c === '`') {
      const inicio = i
      i = finDeCadena(fuente, i)
      salida += fuente.slice(inicio, i)
    } else {
      salida += c
      i++
    }
  }
  return salida
}

/** Where the string or template that opens at `i` ends (templates may nest `${…}` with strings). */
function finDeCadena(fuente: string, i: number): number {
  const comilla = fuente[i]!
  i++
  while (i < fuente.length && fuente[i] !== comilla) {
    if (fuente[i] === '\\') i += 2
    else if (comilla === '`' && fuente[i] === '$' && fuente[i + 1] === '{') i = finDeExpresion(fuente, i + 2)
    else if (comilla !== '`' && fuente[i] === '\n') return i
    else i++
  }
  return i + 1
}

/** Where the `${…}` whose body starts at `i` ends (just after its closing brace). */
function finDeExpresion(fuente: string, i: number): number {
  let profundidad = 1
  while (i < fuente.length && profundidad > 0) {
    const c = fuente[i]!
    if (c === "'" || c === '"' || c === '`') i = finDeCadena(fuente, i)
    else {
      if (c === '{') profundidad++
      else if (c === '}') profundidad--
      i++
    }
  }
  return i
}

/** A template literal's text with each `${…}` replaced by what it is probed as. */
function textoDePlantilla(cuerpo: string, plural: boolean): string {
  let texto = ''
  let i = 0
  while (i < cuerpo.length) {
    if (cuerpo[i] === '$' && cuerpo[i + 1] === '{') {
      const fin = finDeExpresion(cuerpo, i + 2)
      const expresion = cuerpo.slice(i + 2, fin - 1).trim()
      const pegadaAPalabra = /[A-Za-zÁÉÍÓÚáéíóúñÑ]$/.test(texto)
      texto += pegadaAPalabra ? '' : plural || /^[A-Z][A-Z0-9_]*\b/.test(expresion) ? '2' : '1'
      i = fin
    } else if (cuerpo[i] === '\\') {
      texto += cuerpo[i + 1] ?? ''
      i += 2
    } else texto += cuerpo[i++]
  }
  return texto
}

/** A string that is a key, a class list, a path or a code, not words for a person. */
function esCodigo(texto: string): boolean {
  if (!/[A-Za-zÁÉÍÓÚáéíóúñÑ]/.test(texto)) return true
  if (/--|__|^\/|^\.|\.tsx?$|^https?:/.test(texto)) return true
  // A single lower-case or camelCase word is a key ('descripcion', 'codigoInscripcion'), dotted
  // or not ('sesion.ingreso', ':codigo').
  if (/^[:.]?[a-z][A-Za-z0-9]*(?:[.:-][a-z][A-Za-z0-9-]*)*$/.test(texto.trim())) return true
  const partes = texto.trim().split(/\s+/)
  // Class lists and keys: lower-case tokens, one at least joined by '-', '_', '/' or ':'.
  return partes.every((p) => /^[a-z0-9_.:/-]+$/.test(p)) && partes.some((p) => /[a-z0-9][-_/:][a-z0-9]/.test(p))
}

/** Every text a person reads in a source: its strings, its templates (probed) and its JSX text. */
function textosDe(fuente: string): string[] {
  const codigo = sinComentarios(fuente)
  const textos: string[] = []
  let sinCadenas = ''
  let i = 0
  while (i < codigo.length) {
    const c = codigo[i]!
    if (c === "'" || c === '"' || c === '`') {
      const fin = finDeCadena(codigo, i)
      const cuerpo = codigo.slice(i + 1, fin - 1)
      // A branch of a choice made on the count: `n === 1 ? '1 x' : \`${n} xs\``, `varios ? … : …`.
      const antes = codigo.slice(Math.max(0, i - 200), i)
      const plural = c === '`' && /([!=]==\s*1|>\s*1|\bvarios|\bplural)\s*\?(\s*|[^?]*:\s*)$/.test(antes)
      textos.push(c === '`' ? textoDePlantilla(cuerpo, plural) : cuerpo)
      sinCadenas += `${c}${c}`
      i = fin
    } else {
      sinCadenas += c
      i++
    }
  }
  // JSX text: what lies between a tag's end and the next tag, its `{…}` probed as a count. (An
  // arrow's or a comparison's '>' is not a tag's end; what holds code between them is not text.)
  for (const [, texto] of sinCadenas.matchAll(
    /(?<![=-])>((?:[^<>{}]|\{[^{}<>]*\})*[A-Za-zÁÉÍÓÚáéíóúñÑ¿¡](?:[^<>{}]|\{[^{}<>]*\})*)</g,
  )) {
    const fuera = texto!.replace(/\{[^{}]*\}/g, '')
    if (
      /[=;|]|&&|\s\?\s|[a-z][A-Z]|[a-z]\.[a-zA-Z]|:\s*(string|number|boolean)\b|\b(const|return|function)\b/.test(fuera)
    )
      continue
    textos.push(
      texto!.replace(/\{[^{}]*\}/g, (expresion) => (/^\{\s*[A-Z][A-Z0-9_]*\s*\}$/.test(expresion) ? '2' : '1')),
    )
  }
  return textos.map((t) => t.replace(/\s+/g, ' ').trim()).filter((t) => !esCodigo(t))
}

test('the walk reads the school’s screens and messages (it is not reading nothing)', () => {
  expect(Object.keys(FUENTES).length).toBeGreaterThan(60)
  const todos = Object.values(FUENTES).flatMap(textosDe)
  expect(todos).toContain('Acciones del personal, de la más reciente a la más antigua')
  expect(todos).toContain('Cada acción del personal queda registrada aquí y no se puede modificar ni borrar.')
})

test('the probe finds what it must: a count of 1 with plural words, «Si» as an answer, a missing accent', () => {
  const fuente = [
    'const a = `${pregunta.respondieron} escribieron una respuesta.`',
    "const b = n === 1 ? '1 oferta' : `${n} ofertas`",
    'const c = `${MAXIMO} caracteres, ${n} rechazado${n === 1 ? "" : "s"}`',
    "const d = valor ? 'Si' : 'No'",
    'const e = <p>Página de revision: {total} documentos</p>',
  ].join('\n')
  expect(textosDe(fuente).flatMap(problemasDeRedaccion)).toHaveLength(4)
})

test('every text of the school’s side is written right: plurals, «Sí», accents', () => {
  const problemas = Object.entries(FUENTES).flatMap(([archivo, fuente]) =>
    textosDe(fuente).flatMap((texto) => problemasDeRedaccion(texto).map((p) => `${archivo}: «${texto}» — ${p}`)),
  )
  expect(problemas).toEqual([])
})

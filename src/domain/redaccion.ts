// The check every text of the school's screens passes (src/textos-escuela.test.ts over their
// sources, and the browser tests over what the screens show): a number and its words agree
// ('1 documento rechazado', 'respondió 1'), 'Sí' as an answer carries its accent, and the words
// the keyboard most often leaves without theirs ('revisión', 'código', 'página'…) have them.

/** Words ending in s that are singular: a '1' before them is right. */
const SINGULARES_EN_S = new Set([
  'es',
  'mes',
  'más',
  'país',
  'análisis',
  'lunes',
  'martes',
  'miércoles',
  'jueves',
  'viernes',
  'tesis',
  'crisis',
  'atrás',
  'inglés',
  'interés',
  'estrés',
  'gas',
  'bus',
  'virus',
  'campus',
])

/** Plural verbs that do not end in -ron ('1 son', '1 están'). */
const VERBOS_PLURALES = new Set(['son', 'están', 'tienen', 'han', 'deben', 'faltan', 'quedan', 'esperan', 'pueden'])

/** Words after a count that end the words agreeing with it ('1 de 3', '1 en revisión'). */
const CORTES = new Set(['de', 'del', 'en', 'con', 'por', 'para', 'sin', 'a', 'al', 'y', 'o', 'que', 'desde', 'hasta'])

/** Words written without their accent, and how they are written. */
const SIN_TILDE: Readonly<Record<string, string>> = {
  codigo: 'código',
  codigos: 'códigos',
  numero: 'número',
  numeros: 'números',
  pagina: 'página',
  paginas: 'páginas',
  telefono: 'teléfono',
  razon: 'razón',
  contrasena: 'contraseña',
  ultimo: 'último',
  ultima: 'última',
  ultimos: 'últimos',
  ultimas: 'últimas',
  tambien: 'también',
  despues: 'después',
  segun: 'según',
  ademas: 'además',
  aqui: 'aquí',
  dia: 'día',
  dias: 'días',
  electronico: 'electrónico',
  academica: 'académica',
  academico: 'académico',
  medico: 'médico',
  clinica: 'clínica',
  clinico: 'clínico',
  tecnico: 'técnico',
  rapido: 'rápido',
  proximo: 'próximo',
  proxima: 'próxima',
  todavia: 'todavía',
  anos: 'años',
  ano: 'año',
  podra: 'podrá',
  debera: 'deberá',
  sera: 'será',
  estan: 'están',
}

const LETRA = 'a-záéíóúüñ'
const LETRA_O_MAYUSCULA = 'a-zA-ZáéíóúüñÁÉÍÓÚÜÑ'

/**
 * What is wrong in a text shown to the school, each as a short note ('«1 escribieron»: …'); an
 * empty list when nothing is. Conditional 'Si' ('Si sale ahora…') is right; 'Si' as an answer is not.
 */
export function problemasDeRedaccion(texto: string): string[] {
  // Each line apart: a count on one line does not agree with the words of the next.
  if (/[\r\n]/.test(texto)) return texto.split(/[\r\n]+/).flatMap(problemasDeRedaccion)
  const problemas: string[] = []
  const palabras = [
    ...texto.matchAll(new RegExp(`[${LETRA_O_MAYUSCULA}]+|\\d+(?:[.,]\\d+)*|[^\\s${LETRA_O_MAYUSCULA}\\d]`, 'g')),
  ].map((m) => m[0])
  palabras.forEach((palabra, i) => {
    if (palabra !== '1') return
    const anterior = palabras[i - 1]?.toLowerCase()
    if (anterior && (anterior.endsWith('ron') || VERBOS_PLURALES.has(anterior)))
      problemas.push(`«${palabras[i - 1]} 1»: el verbo debe ir en singular`)
    for (const siguiente of palabras.slice(i + 1, i + 4)) {
      const p = siguiente.toLowerCase()
      if (!new RegExp(`^[${LETRA}]+$`).test(p) || CORTES.has(p)) break
      const plural = (p.endsWith('s') && !SINGULARES_EN_S.has(p)) || p.endsWith('ron') || VERBOS_PLURALES.has(p)
      if (plural) problemas.push(`«1 … ${siguiente}»: debe ir en singular`)
    }
  })
  // 'Si' alone, or before anything but a word of its clause, is the answer: 'Sí'.
  for (const m of texto.matchAll(
    new RegExp(`(?<![${LETRA_O_MAYUSCULA}])Si(?![${LETRA_O_MAYUSCULA}])(?!\\s+[${LETRA}¿¡«(])`, 'g'),
  ))
    problemas.push(`«Si» en la posición ${m.index}: como respuesta se escribe «Sí»`)
  for (const m of texto.matchAll(new RegExp(`[${LETRA_O_MAYUSCULA}]+`, 'g'))) {
    // A word inside a file's name, an address or a code ('…-version-final.csv') is not prose.
    const entorno = texto.slice(Math.max(0, m.index - 1), m.index + m[0].length + 1)
    if (new RegExp(`[${LETRA_O_MAYUSCULA}\\d][-_/@]|[-_./@][${LETRA_O_MAYUSCULA}\\d]`).test(entorno)) continue
    // Nor is a field's name written in camelCase ('fechaEmision', as an API's JSON names it).
    if (/[a-záéíóúüñ][A-ZÁÉÍÓÚÜÑ]/.test(m[0])) continue
    const p = m[0].toLowerCase()
    const correcta = Object.hasOwn(SIN_TILDE, p) ? SIN_TILDE[p] : undefined
    if (correcta) problemas.push(`«${m[0]}»: se escribe «${correcta}»`)
    else if (/[^c]sion$|cion$/.test(p)) problemas.push(`«${m[0]}»: lleva tilde («${p.slice(0, -3)}ión»)`)
  }
  return problemas
}

// Names that look like one thing and are stored as another: the strings the text rule
// (src/domain/validacion.ts) must refuse wherever a name or a free text comes in, the student's
// own form, the file import and the CRM's API alike. One list, so every test of that rule tries
// the same strings.

/** What each hostile string hides, and the string: a name with that character inside. */
export const TEXTOS_INVISIBLES: readonly (readonly [string, string])[] = [
  ['a right-to-left override', 'Ana\u202EzeréP'],
  ['a left-to-right embedding', 'Ana\u202APérez'],
  ['a pop directional formatting', 'Ana\u202CPérez'],
  ['a left-to-right isolate', 'Ana\u2066Pérez'],
  ['a pop directional isolate', 'Ana\u2069Pérez'],
  ['a left-to-right mark', 'Ana\u200EPérez'],
  ['a right-to-left mark', 'Ana\u200FPérez'],
  ['a zero-width space', 'Ana\u200BPérez'],
  ['a zero-width non-joiner', 'Ana\u200CPérez'],
  ['a zero-width joiner', 'Ana\u200DPérez'],
  ['a word joiner', 'Ana\u2060Pérez'],
  ['a byte-order mark inside', 'Ana\uFEFFPérez'],
  ['a NUL character', 'Ana\u0000Pérez'],
  ['a bell character', 'Ana\u0007Pérez'],
  ['an escape character', 'Ana\u001B[31mPérez'],
  ['a delete character', 'Ana\u007FPérez'],
  ['a C1 control (next line)', 'Ana\u0085Pérez'],
  ['a C1 control (CSI)', 'Ana\u009BPérez'],
  ['a line break inside', 'Ana\nPérez'],
  ['a tab inside', 'Ana\tPérez'],
  ['a line separator', 'Ana\u2028Pérez'],
  ['a paragraph separator', 'Ana\u2029Pérez'],
]

/** Ordinary names the rule must let through: accents, ñ, apostrophes, hyphens, spaces. */
export const NOMBRES_ORDINARIOS: readonly string[] = [
  "José O'Higgins Ñúñez",
  'María-José Pérez',
  'Zoë Ångström Müller',
  'Łukasz Żółć',
  'Ana  Pérez',
]

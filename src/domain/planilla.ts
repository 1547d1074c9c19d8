// What the school's spreadsheets hold, written so they open safely in Excel. A text a student
// typed that begins with '=', '+', '-' or '@' (or a tab or carriage return, which some programs
// skip before reading the rest) would be read as a formula by a spreadsheet program once the cell
// is edited or the sheet is saved as CSV and opened again: it is written with a leading apostrophe,
// which keeps it text everywhere and shows the school it was typed that way.

const INICIO_DE_FORMULA = /^[=+\-@\t\r]/

/** Whether a spreadsheet program could take this text for a formula. */
export function pareceFormula(texto: string): boolean {
  return INICIO_DE_FORMULA.test(texto)
}

/** The text as a spreadsheet's cell must hold it: never a formula. */
export function textoParaPlanilla(texto: string): string {
  return pareceFormula(texto) ? `'${texto}` : texto
}

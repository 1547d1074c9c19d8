import { expect, test } from 'vitest'
import { pareceFormula, textoParaPlanilla } from './planilla.ts'

test('a text that starts like a formula is written with a leading apostrophe', () => {
  for (const texto of ['=HIPERVINCULO("http://x";"clic")', '+56 9 1234 5678', '-2+3', '@SUMA(A1)', '\t=1', '\r=1']) {
    expect(pareceFormula(texto)).toBe(true)
    expect(textoParaPlanilla(texto)).toBe(`'${texto}`)
  }
})

test('any other text is written as it is, accents included', () => {
  for (const texto of ['Mapuche', 'Kawésqar', '', ' =1 con espacio delante', 'Sala de alivio sensorial', "O'Higgins"]) {
    expect(pareceFormula(texto)).toBe(false)
    expect(textoParaPlanilla(texto)).toBe(texto)
  }
})

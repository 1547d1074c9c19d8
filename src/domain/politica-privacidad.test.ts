import { describe, expect, test } from 'vitest'
import { CONSENTIMIENTOS, FINALIDADES_CONSENTIMIENTO } from './consentimiento.ts'
import { construirPolitica } from './politica-privacidad.ts'

const politica = construirPolitica({
  nombre: 'Escuela de Postgrado',
  domicilio: 'Av. Siempre Viva 123, Santiago',
  correo: 'privacidad@escuela.cl',
  paisAlmacen: 'Chile',
})

describe('the policy on consent (art. 14 ter: how to withdraw it)', () => {
  test('names each survey consent the portal asks for', () => {
    for (const finalidad of FINALIDADES_CONSENTIMIENTO)
      expect(politica.consentimiento.toLowerCase()).toContain(CONSENTIMIENTOS[finalidad].seccion.toLowerCase())
  })

  test('sends the student to where the portal withdraws it: Información Personal', () => {
    expect(politica.consentimiento).toContain('«Retirar consentimiento» en Información Personal')
  })
})

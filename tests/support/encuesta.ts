import { encuestaVacia, type EncuestaFormulario } from '../../src/domain/encuesta.ts'

/** A complete general survey answering "no" wherever it can, as most students do; `cambios` on top. */
export function encuestaCompleta(cambios: Partial<EncuestaFormulario> = {}): EncuestaFormulario {
  return {
    ...encuestaVacia(),
    cursaFuera: 'No',
    // The disability question is answered only with its express consent (asked apart).
    consentimientoDiscapacidad: 'Si',
    poseeDiscapacidad: 'No',
    pertenecePuebloOrg: 'No',
    haCursadoPrograma: 'No',
    trabaja_actualmente: 'Si',
    tipo_organizacion: 'Servicio Público',
    trabaja_area: 'Si',
    razon_cursa_1: 'Actualizar conocimientos',
    razon_eligeuni_1: 'Prestigio de la universidad',
    como_seentera: 'Prensa',
    ...cambios,
  }
}

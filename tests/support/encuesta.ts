import { encuestaVacia, type EncuestaFormulario } from '../../src/domain/encuesta.ts'

/** A complete general survey answering "no" wherever it can, as most students do; `cambios` on top. */
export function encuestaCompleta(cambios: Partial<EncuestaFormulario> = {}): EncuestaFormulario {
  return {
    ...encuestaVacia(),
    cursaFuera: 'No',
    // The disability and indigenous questions are answered only with their express consents (asked apart).
    consentimientoDiscapacidad: 'Si',
    poseeDiscapacidad: 'No',
    consentimientoPuebloOriginario: 'Si',
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

import { SI } from './encuesta.ts'

// Express consent to sensitive data (Ley 19.628 as amended by Ley 21.719, arts. 12 and 16): where
// consent is the basis (the survey's disability questions), it is asked apart from the questions,
// in words that say what for; it is recorded with the privacy policy's version and the moment; the
// student withdraws it from Información Personal, and then the answers are no longer shown to
// staff, sent to the CRM or counted, and are deleted unless the registry says why they stay.

export const FINALIDADES_CONSENTIMIENTO = ['encuesta-discapacidad'] as const
export type FinalidadConsentimiento = (typeof FINALIDADES_CONSENTIMIENTO)[number]

export function esFinalidadConsentimiento(valor: string): valor is FinalidadConsentimiento {
  return (FINALIDADES_CONSENTIMIENTO as readonly string[]).includes(valor)
}

/** The survey's answers each consent covers (deleted or hidden when it is withdrawn). */
export const CAMPOS_DISCAPACIDAD = [
  'poseeDiscapacidad',
  'tipoDiscapacidad',
  'otroTipoDiscapacidad',
  'otroTipoDiscaObs',
  'adecuacion',
  'otraAdecuacion',
  'otrosOrigenesDisca',
  'servicioApoyo',
  'materialApoyo',
  'inscritoRND',
] as const

export const CONSENTIMIENTOS: Record<
  FinalidadConsentimiento,
  { titulo: string; texto: string; para: string; campoEncuesta: 'consentimientoDiscapacidad' }
> = {
  'encuesta-discapacidad': {
    titulo: 'Preguntas sobre discapacidad de la encuesta',
    texto:
      'Autorizo a la escuela a tratar mis respuestas sobre discapacidad (si tengo una, su tipo y origen, y las adecuaciones y apoyos que necesito) para preparar esas adecuaciones y apoyos durante mis estudios, y para las estadísticas de inclusión de la escuela.',
    para: 'Son datos sensibles: responderlas es voluntario. Si no autoriza, no se le harán estas preguntas. Puede retirar esta autorización cuando quiera desde Información Personal; al retirarla, sus respuestas se eliminan.',
    campoEncuesta: 'consentimientoDiscapacidad',
  },
}

export const MENSAJE_CONSENTIMIENTO_RETIRADO =
  'Retiró su consentimiento: sus respuestas sobre discapacidad se eliminaron y ya no las ve la escuela ni el CRM.'
export const MENSAJE_SIN_CONSENTIMIENTO = 'No tiene un consentimiento vigente que retirar.'
export const MENSAJE_FINALIDAD_DESCONOCIDA = 'Ese consentimiento no existe.'

/**
 * The answers as anyone but the student may read them (staff, the CRM, the counts): a survey whose
 * consent is recorded as not given has its disability answers blanked. A survey sent before the
 * consent existed has no such field and is read as it was stored.
 */
export function respuestasConsentidas<T extends Record<string, unknown>>(respuestas: T): T {
  if (!('consentimientoDiscapacidad' in respuestas) || respuestas.consentimientoDiscapacidad === SI) return respuestas
  return { ...respuestas, ...respuestasSinDiscapacidad() }
}

/** The disability answers emptied, as a survey sent without the consent holds them. */
export function respuestasSinDiscapacidad(): Record<(typeof CAMPOS_DISCAPACIDAD)[number], string | string[]> {
  return Object.fromEntries(CAMPOS_DISCAPACIDAD.map((c) => [c, c === 'otrosOrigenesDisca' ? [] : ''])) as Record<
    (typeof CAMPOS_DISCAPACIDAD)[number],
    string | string[]
  >
}

/** A consent's state as the student's Información Personal shows it. */
export type EstadoConsentimiento = {
  finalidad: FinalidadConsentimiento
  estado: 'otorgado' | 'retirado' | 'sin-respuesta'
  en: string | null
  versionPolitica: number | null
}

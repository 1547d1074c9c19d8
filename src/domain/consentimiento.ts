import { SI } from './encuesta.ts'

// Express consent to sensitive data (Ley 19.628 as amended by Ley 21.719, arts. 12 and 16): where
// consent is the basis (the survey's disability and indigenous questions), it is asked apart from
// the questions, in words that say what for; it is recorded with the privacy policy's version and
// the moment; the student withdraws it from Información Personal, and then the answers it covers
// are no longer shown to staff, sent to the CRM or counted, and are deleted unless the registry
// says why they stay.

export const FINALIDADES_CONSENTIMIENTO = ['encuesta-discapacidad', 'encuesta-pueblo-originario'] as const
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
export const CAMPOS_PUEBLO_ORIGINARIO = ['pertenecePuebloOrg', 'puebloOrg', 'otroPuebloOriginario'] as const

type CampoConsentimiento = 'consentimientoDiscapacidad' | 'consentimientoPuebloOriginario'
type CampoCubierto = (typeof CAMPOS_DISCAPACIDAD)[number] | (typeof CAMPOS_PUEBLO_ORIGINARIO)[number]

export const CONSENTIMIENTOS: Record<
  FinalidadConsentimiento,
  {
    titulo: string
    texto: string
    para: string
    /** What the student loses on withdrawing it (the question before, the notice after). */
    alRetirar: string
    retirado: string
    /** The survey's section it opens, and the field that carries it with the answers. */
    seccion: string
    campoEncuesta: CampoConsentimiento
    campos: readonly CampoCubierto[]
  }
> = {
  'encuesta-discapacidad': {
    titulo: 'Preguntas sobre discapacidad de la encuesta',
    texto:
      'Autorizo a la escuela a tratar mis respuestas sobre discapacidad (si tengo una, su tipo y origen, y las adecuaciones y apoyos que necesito) para preparar esas adecuaciones y apoyos durante mis estudios, y para las estadísticas de inclusión de la escuela.',
    para: 'Son datos sensibles: responderlas es voluntario. Si no autoriza, no se le harán estas preguntas. Puede retirar esta autorización cuando quiera desde Información Personal; al retirarla, sus respuestas se eliminan.',
    alRetirar:
      'Sus respuestas sobre discapacidad de la encuesta se eliminarán y la escuela ya no podrá verlas ni enviarlas al CRM. ¿Desea retirar su consentimiento?',
    retirado:
      'Retiró su consentimiento: sus respuestas sobre discapacidad se eliminaron y ya no las ve la escuela ni el CRM.',
    seccion: 'Discapacidad',
    campoEncuesta: 'consentimientoDiscapacidad',
    campos: CAMPOS_DISCAPACIDAD,
  },
  // Ethnic origin is sensitive data too (art. 2 g of the amended law); the school asks it for its
  // diversity and inclusion statistics and has no other basis for it than the student's consent.
  'encuesta-pueblo-originario': {
    titulo: 'Pregunta sobre pueblos originarios de la encuesta',
    texto:
      'Autorizo a la escuela a tratar mi respuesta sobre pertenencia a un pueblo originario (si pertenezco y a cuál) para las estadísticas de diversidad e inclusión de la escuela.',
    para: 'Es un dato sensible, pues revela su origen étnico: responderla es voluntario. Si no autoriza, no se le hará esta pregunta. Puede retirar esta autorización cuando quiera desde Información Personal; al retirarla, su respuesta se elimina.',
    alRetirar:
      'Su respuesta sobre pueblos originarios de la encuesta se eliminará y la escuela ya no podrá verla ni enviarla al CRM. ¿Desea retirar su consentimiento?',
    retirado:
      'Retiró su consentimiento: su respuesta sobre pueblos originarios se eliminó y ya no la ve la escuela ni el CRM.',
    seccion: 'Pueblos originarios',
    campoEncuesta: 'consentimientoPuebloOriginario',
    campos: CAMPOS_PUEBLO_ORIGINARIO,
  },
}

export const MENSAJE_SIN_CONSENTIMIENTO = 'No tiene un consentimiento vigente que retirar.'
export const MENSAJE_FINALIDAD_DESCONOCIDA = 'Ese consentimiento no existe.'

/**
 * The answers as anyone but the student may read them (staff, the CRM, the counts): each consent
 * recorded as not given has its answers blanked. A survey sent before a consent existed has no
 * field for it and is read as it was stored.
 */
export function respuestasConsentidas<T extends Record<string, unknown>>(respuestas: T): T {
  let leidas = respuestas
  for (const finalidad of FINALIDADES_CONSENTIMIENTO) {
    const { campoEncuesta } = CONSENTIMIENTOS[finalidad]
    if (campoEncuesta in respuestas && respuestas[campoEncuesta] !== SI)
      leidas = { ...leidas, ...respuestasSin(finalidad) }
  }
  return leidas
}

/** The answers a consent covers, emptied, as a survey sent without it holds them. */
export function respuestasSin(finalidad: FinalidadConsentimiento): Partial<Record<CampoCubierto, string | string[]>> {
  return Object.fromEntries(CONSENTIMIENTOS[finalidad].campos.map((c) => [c, c === 'otrosOrigenesDisca' ? [] : '']))
}

/** A consent's state as the student's Información Personal shows it. */
export type EstadoConsentimiento = {
  finalidad: FinalidadConsentimiento
  estado: 'otorgado' | 'retirado' | 'sin-respuesta'
  en: string | null
  versionPolitica: number | null
}

import * as v from 'valibot'
import { TIPOS_CURSO_SIN_DOCUMENTOS } from './documentos.ts'

// The enrolment list ('Solicitudes'): what each row shows and which of its actions apply.

/** Rows per page of the enrolment list. */
export const TAMANO_PAGINA_SOLICITUDES = 7

/** Groups whose students answer the general survey (and accept the regulations after it). */
export const GRUPOS_CON_ENCUESTA = ['1', '5'] as const

export const MENSAJE_SIN_SOLICITUDES = 'No posee solicitudes; en caso de error, comuníquese con su Asistente Comercial.'
export const MENSAJE_SIN_RUT =
  'No encontramos su RUT o pasaporte en sus datos de contacto. Comuníquese con su Asistente Comercial para completarlo.'
export const MENSAJE_SOLICITUD_NO_ENCONTRADA = 'Solicitud no encontrada'

/** Whether the row shows its uploaded / required documents count. */
export function muestraDocumentos(tipoCurso: string): boolean {
  return !(TIPOS_CURSO_SIN_DOCUMENTOS as readonly string[]).includes(tipoCurso)
}

/** Whether the enrolment asks for the general survey; for other groups it counts as sent. */
export function requiereEncuesta(codGrupo: string): boolean {
  return (GRUPOS_CON_ENCUESTA as readonly string[]).includes(codGrupo)
}

/** A date stored as yyyy-mm-dd, as the list shows it: dd-mm-aaaa. */
export function fechaCorta(fechaIso: string): string {
  const [anio, mes, dia] = fechaIso.slice(0, 10).split('-')
  return anio && mes && dia ? `${dia}-${mes}-${anio}` : fechaIso
}

// ---------------------------------------------------------------------------------------------
// Enrolment conditions
// ---------------------------------------------------------------------------------------------

export const DECISIONES_CONDICIONES = ['aceptadas', 'rechazadas'] as const
export type DecisionCondiciones = (typeof DECISIONES_CONDICIONES)[number]

export const decisionCondicionesSchema = v.object({
  decision: v.picklist(DECISIONES_CONDICIONES, 'Indique si acepta o rechaza las condiciones'),
})

/** The conditions as a student reads them, paragraph by paragraph. */
export const TEXTO_CONDICIONES = [
  'Si se retira del programa antes de su inicio o durante la primera semana de clases, se le devolverá el 100% de lo pagado. Esta devolución aplica a los programas de un mes de duración o más.',
  'Las devoluciones se realizan en un plazo de hasta 90 días desde que la solicitud de retiro es recibida.',
  'El certificado del programa se envía dentro de los 2 meses siguientes al término del programa. En las estadías clínicas, dentro de 1 mes, una vez recibido el informe académico.',
  'Estas condiciones aplican a los programas que comienzan a partir del 10 de noviembre de 2022.',
] as const

export const MENSAJE_CONDICIONES_ACEPTADAS = 'Condiciones aceptadas'
export const MENSAJE_CONDICIONES_RECHAZADAS =
  'Condiciones rechazadas. Su Asistente Comercial fue informado y se pondrá en contacto con usted; puede aceptarlas más adelante si lo decide.'

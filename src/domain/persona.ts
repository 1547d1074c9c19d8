import * as v from 'valibot'
import { esNumeroDocumentoValido, MENSAJE_PASAPORTE_OBLIGATORIO } from './documento-identidad.ts'
import { MENSAJE_EDAD, esMayorDeEdad } from './edad.ts'
import { esRutPlaceholder, MENSAJE_RUT_INVALIDO, rutValido } from './rut.ts'
import { telefonoOpcionalSchema, telefonoRequeridoSchema } from './telefono.ts'
import {
  MENSAJE_CAMPO_OBLIGATORIO,
  requeridoSi,
  textoOpcional as opcional,
  textoRequerido as requerido,
} from './validacion.ts'

// 'Información Personal': the one set of rules the form and the server both apply.
//
// The reference-data codes below are the same values the server seeds (server/db/seed/); they are
// defined here because src/domain is the innermost layer and imports nothing from the server.
// persona.test.ts checks that both agree.

/** Country code of Chile. */
export const COD_PAIS_CHILE = '40'

/**
 * Nationality is stored as the codPais of the nationality's country (the country lookup carries
 * the demonym for the label, 'Chilena'), so a Chilean has nacionalidad '40'.
 */
export const NACIONALIDAD_CHILENA = COD_PAIS_CHILE

/** The only region a person living outside Chile may have. */
export const REGION_INTERNACIONAL = '99'

/** The only comuna a person living outside Chile may have. */
export const COMUNA_OTRA = '99999'

/** City set for a person living outside Chile (the comuna-city map gives it for COMUNA_OTRA too). */
export const CIUDAD_OTRA = 'OTRA'

/** University value that asks for `otrauniversidad`. */
export const UNIVERSIDAD_OTRA = 'OTRA'

/** Education level that asks for `otronivelformacion`. */
export const NIVEL_OTRA = 'OTRA'

/** Institution type that asks for `otrotipoinstitucion`. */
export const INSTITUCION_OTRA = 'OTRA'

/** Profession codes that ask for `otraProfesion`. */
export const PROFESIONES_CON_OTRA = ['29', '43', '54', '68', 'Otra profesión'] as const

/** Registered sex. */
export const SEXOS = ['Masculino', 'Femenino', 'No Binario'] as const

/** Identity document of a foreigner, who has no RUT. */
export const TIPOS_DOCUMENTO = ['PASAPORTE', 'DNI'] as const

/** Residence type of a non-Chilean, by its stored code. */
export const TIPOS_RESIDENCIA = {
  1: 'Con residencia previa en Chile',
  2: 'Sin residencia previa en Chile',
  3: 'No reside en Chile',
} as const

const CODIGOS_RESIDENCIA = ['1', '2', '3'] as const

/** Highest education level, stored by its label, plus 'OTRA'. */
export const NIVELES_FORMACION = [
  'Básica Completa',
  'Media Completa',
  'Universitaria Completa',
  'Técnico de Nivel Superior',
  'Profesional IP',
  'Magister',
  'Doctorado',
  NIVEL_OTRA,
] as const

/** Higher-education institution type, stored by its label, plus 'OTRA'. */
export const TIPOS_INSTITUCION = [
  'Centro de Formación Técnica',
  'Instituto Profesional',
  'Universidad',
  INSTITUCION_OTRA,
] as const

/** A personal-data save that failed. */
export const MENSAJE_ACTUALIZACION_FALLIDA =
  'Error al actualizar sus datos, volver a intentar. Si el error continúa, contactar con su Asistente Comercial.'

/** Dialog shown when the form is invalid (the fields in red say what is missing). */
export const MENSAJE_FALTAN_DATOS = 'Faltan datos requeridos'

/** Dialog shown after a successful save. */
export const MENSAJE_DATOS_ACTUALIZADOS = 'Datos Actualizados'

export const MAX_NOMBRES = 80
export const MAX_DIRECCION = 200
export const MAX_OTRA = 100
export const MAX_NUMERO_DOCUMENTO = 20
const MAX_CODIGO = 100
const MAX_UNIVERSIDAD = 150

// ---------------------------------------------------------------------------------------------
// When a field applies
// ---------------------------------------------------------------------------------------------

/** A country other than Chile has been chosen ('' is "not chosen yet", not "abroad"). */
export function esPaisExtranjero(codPais: string | undefined): boolean {
  return !!codPais && codPais !== COD_PAIS_CHILE
}

/** Residence type and origin country apply (are shown and required) only to a non-Chilean. */
export function requiereDatosResidencia(nacionalidad: string | undefined): boolean {
  return !!nacionalidad && nacionalidad !== NACIONALIDAD_CHILENA
}

export function requiereOtraProfesion(codProfesion: string | undefined): boolean {
  return (PROFESIONES_CON_OTRA as readonly string[]).includes(codProfesion ?? '')
}

export function requiereOtraUniversidad(universidad: string | undefined): boolean {
  return universidad === UNIVERSIDAD_OTRA
}

export function requiereOtroNivelFormacion(maxnivelformacion: string | undefined): boolean {
  return maxnivelformacion === NIVEL_OTRA
}

export function requiereOtroTipoInstitucion(tipoinstitucion: string | undefined): boolean {
  return tipoinstitucion === INSTITUCION_OTRA
}

// ---------------------------------------------------------------------------------------------
// RUT or passport, checked apart from the schema: the RUT is read-only and comes from
// the student's record (the server reads it from the session, the form from the loaded data).
// ---------------------------------------------------------------------------------------------

/** The RUT is shown only when it is a real one, not the foreigner's placeholder. */
export function rutVisible(rut: string | null | undefined): boolean {
  return !esRutPlaceholder(rut)
}

export type DocumentoIdentidad = {
  rut: string | null | undefined
  codPais: string | undefined
  tipoDocumento: string | undefined
  numeroDocumento: string | undefined
}

/**
 * With a real RUT and country code 40 the RUT must pass modulo 11; a foreigner (placeholder
 * RUT) must give a passport or DNI. Returns the message, or null when the pair is acceptable. The
 * message belongs to the RUT field when `rutVisible(rut)`, otherwise to `numeroDocumento`.
 */
export function validarDocumentoIdentidad({
  rut,
  codPais,
  tipoDocumento,
  numeroDocumento,
}: DocumentoIdentidad): string | null {
  if (rutVisible(rut)) {
    return codPais === COD_PAIS_CHILE && !rutValido(rut ?? '') ? MENSAJE_RUT_INVALIDO : null
  }
  const tipoValido = (TIPOS_DOCUMENTO as readonly string[]).includes(tipoDocumento ?? '')
  return tipoValido && (numeroDocumento ?? '').trim() !== '' ? null : MENSAJE_PASAPORTE_OBLIGATORIO
}

// ---------------------------------------------------------------------------------------------
// Schema
// ---------------------------------------------------------------------------------------------

const opcionEntre = <T extends readonly string[]>(opciones: T) =>
  v.optional(v.picklist(['', ...opciones], MENSAJE_CAMPO_OBLIGATORIO), '')

/** A real calendar date written yyyy-mm-dd ('2001-02-29' is not one). */
function esFechaIso(fecha: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fecha)) return false
  const ms = Date.parse(`${fecha}T00:00:00Z`)
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === fecha
}

/** The person's fields, each checked on its own. */
function objetoPersona(hoy?: Date) {
  return v.object(
    {
      tipoDocumento: opcionEntre(TIPOS_DOCUMENTO),
      numeroDocumento: v.pipe(
        opcional(MAX_NUMERO_DOCUMENTO),
        v.toUpperCase(),
        v.check((n) => n === '' || esNumeroDocumentoValido(n), MENSAJE_CAMPO_OBLIGATORIO),
      ),
      nombres: requerido(MAX_NOMBRES),
      apPaterno: requerido(MAX_NOMBRES),
      sexoregistral: v.picklist(SEXOS, MENSAJE_CAMPO_OBLIGATORIO),
      fechaNac: v.pipe(
        requerido(10),
        v.check(esFechaIso, MENSAJE_CAMPO_OBLIGATORIO),
        v.check((fecha) => !esFechaIso(fecha) || esMayorDeEdad(fecha, hoy ?? new Date()), MENSAJE_EDAD),
      ),
      telefonoParticular: telefonoRequeridoSchema(MENSAJE_CAMPO_OBLIGATORIO),
      celular: telefonoOpcionalSchema,
      nacionalidad: requerido(MAX_CODIGO),
      tipoResidencia: opcionEntre(CODIGOS_RESIDENCIA),
      paisOrigen: opcional(MAX_CODIGO),
      direccion: requerido(MAX_DIRECCION),
      codPais: requerido(MAX_CODIGO),
      codRegion: requerido(MAX_CODIGO),
      codComuna: requerido(MAX_CODIGO),
      /** Set from the comuna-city map; the server may derive it again from the comuna. */
      ciudad: opcional(MAX_CODIGO),
      codProfesion: requerido(MAX_CODIGO),
      otraProfesion: opcional(MAX_OTRA),
      universidad: requerido(MAX_UNIVERSIDAD),
      otrauniversidad: opcional(MAX_OTRA),
      maxnivelformacion: v.picklist(NIVELES_FORMACION, MENSAJE_CAMPO_OBLIGATORIO),
      otronivelformacion: opcional(MAX_OTRA),
      tipoinstitucion: v.picklist(TIPOS_INSTITUCION, MENSAJE_CAMPO_OBLIGATORIO),
      otrotipoinstitucion: opcional(MAX_OTRA),
      paisEstSecund: requerido(MAX_CODIGO),
    },
    MENSAJE_CAMPO_OBLIGATORIO,
  )
}

type EntradaPersona = v.InferOutput<ReturnType<typeof objetoPersona>>

/**
 * The editable person. E-mail and RUT are not part of it: they are read-only
 * and the server takes them from the session's student (check the RUT/passport pair with
 * `validarDocumentoIdentidad`). Codes of countries, regions, comunas, professions and
 * universities are checked here only for shape; that a code exists, and that the comuna belongs
 * to the region, is for the server to check against the database.
 *
 * `hoy` fixes the date the minimum age is measured on. The server builds the schema per request
 * (`crearPersonaSchema()`), so a long-running process never measures age on the day it started.
 *
 * The output has unused 'Otra' texts cleared and, for a Chilean, no residence type or
 * origin country: what the server stores is exactly what the rules allow.
 */
export function crearPersonaSchema(hoy?: Date) {
  return v.pipe(
    objetoPersona(hoy),
    // A document number needs its type.
    requeridoSi<EntradaPersona>('tipoDocumento', 'numeroDocumento', (numero) => numero !== ''),
    // Residence type and country of origin only, and then required, for a non-Chilean.
    requeridoSi<EntradaPersona>('tipoResidencia', 'nacionalidad', requiereDatosResidencia),
    requeridoSi<EntradaPersona>('paisOrigen', 'nacionalidad', requiereDatosResidencia),
    // Outside Chile the region is INTERNACIONAL and the comuna OTRA; in Chile, never.
    v.forward(
      v.partialCheck(
        [['codPais'], ['codRegion']],
        (p) => esPaisExtranjero(p.codPais) === (p.codRegion === REGION_INTERNACIONAL),
        MENSAJE_CAMPO_OBLIGATORIO,
      ),
      ['codRegion'],
    ),
    v.forward(
      v.partialCheck(
        [['codPais'], ['codComuna']],
        (p) => esPaisExtranjero(p.codPais) === (p.codComuna === COMUNA_OTRA),
        MENSAJE_CAMPO_OBLIGATORIO,
      ),
      ['codComuna'],
    ),
    // The 'Otra' texts are required when their trigger is chosen.
    requeridoSi<EntradaPersona>('otraProfesion', 'codProfesion', requiereOtraProfesion),
    requeridoSi<EntradaPersona>('otrauniversidad', 'universidad', requiereOtraUniversidad),
    requeridoSi<EntradaPersona>('otronivelformacion', 'maxnivelformacion', requiereOtroNivelFormacion),
    requeridoSi<EntradaPersona>('otrotipoinstitucion', 'tipoinstitucion', requiereOtroTipoInstitucion),
    v.transform((p) => limpiarOtrasSinUso(alCambiarNacionalidad(p, p.nacionalidad))),
  )
}

/** For callers without a clock to pin. Measures age on the day it was built: the server must use `crearPersonaSchema()` per request. */
export const personaSchema = crearPersonaSchema()

export type PersonaSchema = ReturnType<typeof crearPersonaSchema>
/** A valid person, as the server stores it. */
export type Persona = v.InferOutput<PersonaSchema>
/** What the form sends and the server receives. */
export type PersonaInput = v.InferInput<PersonaSchema>
/** The form's state while editing: every field a string, possibly '' (not yet valid). */
export type PersonaFormulario = { [K in keyof Persona]: string }

// ---------------------------------------------------------------------------------------------
// Cascades: each returns the next form state.
// ---------------------------------------------------------------------------------------------

type CamposResidencia = { nacionalidad?: string; tipoResidencia?: string; paisOrigen?: string }
type CamposUbicacion = { codPais?: string; codRegion?: string; codComuna?: string; ciudad?: string }
type CamposOtra = {
  codProfesion?: string
  otraProfesion?: string
  universidad?: string
  otrauniversidad?: string
  maxnivelformacion?: string
  otronivelformacion?: string
  tipoinstitucion?: string
  otrotipoinstitucion?: string
}

/** Choosing Chilean nationality clears residence type and country of origin. */
export function alCambiarNacionalidad<T extends CamposResidencia>(persona: T, nacionalidad: string): T {
  if (nacionalidad === NACIONALIDAD_CHILENA) return { ...persona, nacionalidad, tipoResidencia: '', paisOrigen: '' }
  return { ...persona, nacionalidad }
}

/**
 * A country other than Chile fixes region INTERNACIONAL, comuna OTRA and city OTRA; coming back
 * to Chile (or clearing the country) clears them so the student picks real ones.
 */
export function alCambiarPais<T extends CamposUbicacion>(persona: T, codPais: string): T {
  if (codPais === persona.codPais) return persona
  if (esPaisExtranjero(codPais)) {
    return { ...persona, codPais, codRegion: REGION_INTERNACIONAL, codComuna: COMUNA_OTRA, ciudad: CIUDAD_OTRA }
  }
  if (esPaisExtranjero(persona.codPais)) return { ...persona, codPais, codRegion: '', codComuna: '', ciudad: '' }
  return { ...persona, codPais }
}

/** A new region clears comuna and city; the screen then loads that region's comunas. */
export function alCambiarRegion<T extends CamposUbicacion>(persona: T, codRegion: string): T {
  if (codRegion === persona.codRegion) return persona
  return { ...persona, codRegion, codComuna: '', ciudad: '' }
}

/** Choosing a comuna sets the city from the comuna-city lookup ('' when the map has none). */
export function alCambiarComuna<T extends CamposUbicacion>(
  persona: T,
  codComuna: string,
  comunaCiudad: Readonly<Record<string, string>>,
): T {
  return { ...persona, codComuna, ciudad: comunaCiudad[codComuna] ?? '' }
}

/** Regions offered for a country: outside Chile only INTERNACIONAL, otherwise every other one. */
export function opcionesRegion<R extends { codRegion: string }>(regiones: readonly R[], codPais: string): R[] {
  const extranjero = esPaisExtranjero(codPais)
  return regiones.filter((r) => (r.codRegion === REGION_INTERNACIONAL) === extranjero)
}

/** Comunas offered for a country: outside Chile only OTRA, otherwise every other one. */
export function opcionesComuna<C extends { codComuna: string }>(comunas: readonly C[], codPais: string): C[] {
  const extranjero = esPaisExtranjero(codPais)
  return comunas.filter((c) => (c.codComuna === COMUNA_OTRA) === extranjero)
}

/** 'Otra' free texts whose trigger is not chosen are cleared before saving. */
export function limpiarOtrasSinUso<T extends CamposOtra>(persona: T): T {
  return {
    ...persona,
    otraProfesion: requiereOtraProfesion(persona.codProfesion) ? persona.otraProfesion : '',
    otrauniversidad: requiereOtraUniversidad(persona.universidad) ? persona.otrauniversidad : '',
    otronivelformacion: requiereOtroNivelFormacion(persona.maxnivelformacion) ? persona.otronivelformacion : '',
    otrotipoinstitucion: requiereOtroTipoInstitucion(persona.tipoinstitucion) ? persona.otrotipoinstitucion : '',
  }
}

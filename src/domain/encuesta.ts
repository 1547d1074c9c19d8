import * as v from 'valibot'
import { requeridoSi, sinCaracteresInvisibles } from './validacion.ts'

// The general survey ('Encuesta general') a student of groups 1 and 5 answers before accepting
// the program's regulations: its questions and options, which follow-up questions appear for
// which answer, and what must be answered. The form renders from `PREGUNTAS_*` and checks with
// `encuestaSchema`; the server checks every submission with the same schema.

export const MENSAJE_OBLIGATORIO = 'campo obligatorio'
export const MENSAJE_PUEBLO_ORIGINARIO = 'indique pueblo originario'
export const MENSAJE_PRIORIDADES = 'Campo obligatorio, debe seleccionar las prioridades'
export const MENSAJE_PRIMERA_RAZON_CURSA = 'Debe seleccionar una primera prioridad en razones para cursar'
export const MENSAJE_PRIMERA_RAZON_UNIVERSIDAD = 'Debe seleccionar una primera prioridad en elección de universidad'
export const MENSAJE_RAZON_REPETIDA = 'No puede elegir la misma razón en dos prioridades'
export const MENSAJE_ENCUESTA_INCOMPLETA = 'Debe completar todos los campos de la encuesta'
export const MENSAJE_FALTAN_CAMPOS = 'Faltan campos requeridos. Complete toda la encuesta antes de enviar.'
export const MENSAJE_ENCUESTA_ENVIADA = 'Encuesta enviada'
export const MENSAJE_ERROR_SERVIDOR_ENCUESTA =
  'Ocurrió un error en el servidor, revise su conexión o cierre la encuesta y abra nuevamente.'
export const MENSAJE_SIN_ENCUESTA = 'Aún no hay una encuesta registrada para esta solicitud: complétela y envíela.'
export const MENSAJE_ENCUESTA_YA_ENVIADA = 'La encuesta de esta solicitud ya fue enviada y no se puede modificar.'
export function mensajeConsultaFallida(mensaje: string): string {
  return `No se pudo consultar encuesta: ${mensaje}`
}

export const MAX_IDENTIDAD_GENERO = 100
export const MAX_TEXTO_ENCUESTA = 250

export const SI = 'Si'
export const NO = 'No'

/**
 * How an answer reads on a screen or in the spreadsheet: 'Sí' with its accent. The stored value
 * stays the CRM's 'Si' (the survey's wire value); only its words change.
 */
export function opcionEnPalabras(opcion: string): string {
  return opcion === SI ? 'Sí' : opcion
}
export const OTRA = 'Otra'
export const OTRO = 'Otro'
const SI_NO = [SI, NO] as const

export const TIPOS_RESIDENCIA_ENCUESTA = [
  'Residencia Temporal',
  'Residencia Permanente',
  'Permiso de Estudiante',
  'Permiso de Trabajo',
] as const

export const TIPOS_DISCAPACIDAD = [
  'Sensorial auditiva',
  'Sensorial visual',
  'Física o motora',
  'Espectro autista',
  'Psicosocial o psíquica',
  'Intelectual / Cognitiva',
  'Dificultades específicas de aprendizaje',
  OTRA,
] as const

export const ADECUACIONES = [
  'Ascensores o rampas para silla de ruedas',
  'Intérprete de lengua de señas',
  'Subtítulos en el material audiovisual',
  'Transcriptor de voz a texto',
  'Restricción alimentaria',
  'Ajustes de iluminación o ruido en la sala',
  'Sala de alivio sensorial',
  'Tiempo adicional en evaluaciones',
  OTRA,
] as const

export const ORIGENES_DISCAPACIDAD = [
  'De nacimiento',
  'Enfermedad',
  'Accidente',
  'Accidente laboral',
  'Envejecimiento',
  'Otro origen',
] as const

export const PUEBLOS_ORIGINARIOS = [
  'Aymara',
  'Rapanui',
  'Quechua',
  'Yagán',
  'Diaguita',
  'Colla',
  'Kawésqar',
  'Mapuche',
  OTRO,
] as const

export const TIPOS_PROGRAMA_CURSADO = [
  'Diploma de Postítulo',
  'Diploma de Extensión',
  'Curso',
  'Taller',
  'Simposio',
  'Seminario',
  OTRO,
] as const

export const TIPOS_ORGANIZACION = [
  'ONG',
  'Servicio Público',
  'Empresa Privada',
  'Trabajo Independiente',
  'Trabajo Normal',
  'Trabajo Temporal',
  'No me encuentro Trabajando',
  OTRA,
] as const

export const TRABAJA_EN_AREA = [SI, NO, 'No me encuentro trabajando'] as const

export const COMO_SE_ENTERA = [
  'Feria educacional',
  'Sitio Web de la Universidad',
  'Recomendación de un cercano',
  'Prensa',
  'Redes Sociales',
  OTRA,
] as const

/** Reasons for taking the program, ranked. */
export const RAZONES_CURSA = [
  'Nuevas oportunidades laborales',
  'Obtener mi primer empleo',
  'Actualizar conocimientos',
  'Mejorar mis competencias profesionales',
  'Mejorar mis ingresos',
  'Realización personal',
  'Requisito de mi empleador',
] as const

/** Reasons for choosing this university, ranked. */
export const RAZONES_ELIGE_UNIVERSIDAD = [
  'Prestigio de la universidad',
  'Calidad de los docentes',
  'Relación costo-beneficio',
  'Contenidos del programa',
  'Modalidad y horarios',
  'Campos clínicos y convenios',
  'Recomendación de colegas',
  'Acreditación',
  'Ubicación',
  'Beneficios y facilidades de pago',
] as const

// ---------------------------------------------------------------------------------------------
// When a follow-up applies (the form shows it, the schema requires it, the server keeps it)
// ---------------------------------------------------------------------------------------------

export const tieneDiscapacidad = (poseeDiscapacidad: string) => poseeDiscapacidad === SI
export const perteneceAPueblo = (pertenecePuebloOrg: string) => pertenecePuebloOrg === SI
export const cursoProgramaAntes = (haCursadoPrograma: string) => haCursadoPrograma === SI
export const esOtra = (valor: string) => valor === OTRA || valor === OTRO

// ---------------------------------------------------------------------------------------------
// Schema
// ---------------------------------------------------------------------------------------------

const eleccion = <T extends readonly string[]>(opciones: T) =>
  v.optional(v.picklist(['', ...opciones], MENSAJE_OBLIGATORIO), '')
const obligatoria = <T extends readonly string[]>(opciones: T) => v.picklist(opciones, MENSAJE_OBLIGATORIO)
const texto = (max: number) =>
  v.pipe(
    v.optional(v.string(MENSAJE_OBLIGATORIO), ''),
    v.trim(),
    sinCaracteresInvisibles(),
    v.maxLength(max, `Máximo ${max} caracteres`),
  )

function objetoEncuesta() {
  return v.object(
    {
      cursaFuera: obligatoria(SI_NO),
      tipoResidencia: eleccion(TIPOS_RESIDENCIA_ENCUESTA),
      identidadGenero: texto(MAX_IDENTIDAD_GENERO),
      /**
       * The express consents to the disability and the indigenous questions (Ley 19.628, art. 16),
       * each asked apart from its questions: 'Si' when given, '' when not. They travel with the
       * answers (also through the outbox, offline), and the server records each with the privacy
       * policy's version and the moment.
       */
      consentimientoDiscapacidad: eleccion([SI] as const),
      consentimientoPuebloOriginario: eleccion([SI] as const),
      poseeDiscapacidad: eleccion(SI_NO),
      tipoDiscapacidad: eleccion(TIPOS_DISCAPACIDAD),
      otroTipoDiscapacidad: texto(MAX_TEXTO_ENCUESTA),
      otroTipoDiscaObs: texto(MAX_TEXTO_ENCUESTA),
      adecuacion: eleccion(ADECUACIONES),
      otraAdecuacion: texto(MAX_TEXTO_ENCUESTA),
      otrosOrigenesDisca: v.pipe(
        v.optional(v.array(v.picklist(ORIGENES_DISCAPACIDAD, MENSAJE_OBLIGATORIO), MENSAJE_OBLIGATORIO), []),
        v.maxLength(ORIGENES_DISCAPACIDAD.length, MENSAJE_OBLIGATORIO),
      ),
      servicioApoyo: texto(MAX_TEXTO_ENCUESTA),
      materialApoyo: texto(MAX_TEXTO_ENCUESTA),
      inscritoRND: eleccion(SI_NO),
      pertenecePuebloOrg: eleccion(SI_NO),
      puebloOrg: eleccion(PUEBLOS_ORIGINARIOS),
      otroPuebloOriginario: texto(MAX_TEXTO_ENCUESTA),
      haCursadoPrograma: obligatoria(SI_NO),
      tipoProgramaCur: eleccion(TIPOS_PROGRAMA_CURSADO),
      otroTipoProgramaCur: texto(MAX_TEXTO_ENCUESTA),
      trabaja_actualmente: obligatoria(SI_NO),
      tipo_organizacion: obligatoria(TIPOS_ORGANIZACION),
      otroTipoOrg: texto(MAX_TEXTO_ENCUESTA),
      trabaja_area: obligatoria(TRABAJA_EN_AREA),
      razon_cursa_1: v.picklist(RAZONES_CURSA, MENSAJE_PRIMERA_RAZON_CURSA),
      razon_cursa_2: eleccion(RAZONES_CURSA),
      razon_cursa_3: eleccion(RAZONES_CURSA),
      razon_eligeuni_1: v.picklist(RAZONES_ELIGE_UNIVERSIDAD, MENSAJE_PRIMERA_RAZON_UNIVERSIDAD),
      razon_eligeuni_2: eleccion(RAZONES_ELIGE_UNIVERSIDAD),
      razon_eligeuni_3: eleccion(RAZONES_ELIGE_UNIVERSIDAD),
      como_seentera: obligatoria(COMO_SE_ENTERA),
      otroComoSeEntera: texto(MAX_TEXTO_ENCUESTA),
    },
    MENSAJE_ENCUESTA_INCOMPLETA,
  )
}

type Entrada = v.InferOutput<ReturnType<typeof objetoEncuesta>>

/** A later rank never repeats an earlier one: the message goes on the later rank. */
function distintaDeLasAnteriores(campo: keyof Entrada & string, anteriores: readonly (keyof Entrada & string)[]) {
  const regla = v.partialCheck(
    [...anteriores.map((a) => [a]), [campo]] as never,
    (e: Record<string, unknown>) => e[campo] === '' || anteriores.every((a) => e[a] !== e[campo]),
    MENSAJE_RAZON_REPETIDA,
  )
  // Typed by the object it belongs to, as requeridoSi is: valibot types paths only from literals.
  return v.forward(regla as never, [campo] as never) as v.BaseValidation<Entrada, Entrada, v.BaseIssue<unknown>>
}

/**
 * A disability detail is required only with the consent given and a disability declared (and,
 * for an 'other' text, 'Otra' chosen in `otraDe`): without the consent none of them is asked.
 */
function requeridoConDiscapacidad(campo: keyof Entrada & string, otraDe?: keyof Entrada & string) {
  const caminos = [['consentimientoDiscapacidad'], ['poseeDiscapacidad'], ...(otraDe ? [[otraDe]] : []), [campo]]
  const regla = v.partialCheck(
    caminos as never,
    (e: Record<string, unknown>) => {
      const aplica =
        e.consentimientoDiscapacidad === SI &&
        tieneDiscapacidad(String(e.poseeDiscapacidad ?? '')) &&
        (!otraDe || esOtra(String(e[otraDe] ?? '')))
      const valor = e[campo]
      return !aplica || (valor !== undefined && valor !== null && valor !== '')
    },
    MENSAJE_OBLIGATORIO,
  )
  return v.forward(regla as never, [campo] as never) as v.BaseValidation<Entrada, Entrada, v.BaseIssue<unknown>>
}

export const encuestaSchema = v.pipe(
  objetoEncuesta(),
  // The disability question only with the consent; its details, when the student has one.
  requeridoSi<Entrada>('poseeDiscapacidad', 'consentimientoDiscapacidad', (c) => c === SI, MENSAJE_OBLIGATORIO),
  requeridoConDiscapacidad('tipoDiscapacidad'),
  requeridoConDiscapacidad('adecuacion'),
  requeridoConDiscapacidad('inscritoRND'),
  requeridoConDiscapacidad('otroTipoDiscapacidad', 'tipoDiscapacidad'),
  requeridoConDiscapacidad('otraAdecuacion', 'adecuacion'),
  // Indigenous people: the question only with the consent; which people, when the student belongs
  // to one (without the consent the answer is cleared below, whatever was sent).
  requeridoSi<Entrada>('pertenecePuebloOrg', 'consentimientoPuebloOriginario', (c) => c === SI, MENSAJE_OBLIGATORIO),
  requeridoSi<Entrada>('puebloOrg', 'pertenecePuebloOrg', perteneceAPueblo, MENSAJE_OBLIGATORIO),
  requeridoSi<Entrada>('otroPuebloOriginario', 'puebloOrg', esOtra, MENSAJE_PUEBLO_ORIGINARIO),
  // A program taken before.
  requeridoSi<Entrada>('tipoProgramaCur', 'haCursadoPrograma', cursoProgramaAntes, MENSAJE_OBLIGATORIO),
  requeridoSi<Entrada>('otroTipoProgramaCur', 'tipoProgramaCur', esOtra, MENSAJE_OBLIGATORIO),
  // Work and how the student heard of the program: the 'other' texts.
  requeridoSi<Entrada>('otroTipoOrg', 'tipo_organizacion', esOtra, MENSAJE_OBLIGATORIO),
  requeridoSi<Entrada>('otroComoSeEntera', 'como_seentera', esOtra, MENSAJE_OBLIGATORIO),
  // Ranked reasons (the first is required by the object itself): never one reason twice.
  distintaDeLasAnteriores('razon_cursa_2', ['razon_cursa_1']),
  distintaDeLasAnteriores('razon_cursa_3', ['razon_cursa_1', 'razon_cursa_2']),
  distintaDeLasAnteriores('razon_eligeuni_2', ['razon_eligeuni_1']),
  distintaDeLasAnteriores('razon_eligeuni_3', ['razon_eligeuni_1', 'razon_eligeuni_2']),
  v.transform(limpiarSeguimientosOcultos),
)

/** The answers as the form holds them while editing: strings ('' when not answered) and a list. */
export type EncuestaFormulario = { [K in keyof Entrada]: Entrada[K] extends readonly string[] ? string[] : string }
/** A complete, valid survey, as the server stores it. */
export type Encuesta = v.InferOutput<typeof encuestaSchema>

/** A blank survey: nothing answered yet. */
export function encuestaVacia(): EncuestaFormulario {
  const vacia = Object.fromEntries(
    Object.keys(objetoEncuesta().entries).map((campo) => [campo, '']),
  ) as unknown as EncuestaFormulario
  return { ...vacia, otrosOrigenesDisca: [] }
}

/** Follow-ups whose question is hidden are cleared, so what is stored matches what was asked. */
export function limpiarSeguimientosOcultos<T extends Partial<Record<keyof Entrada, unknown>>>(e: T): T {
  // Without the express consent, nothing about a disability or a people is kept, not even a 'No'.
  const consiente = e.consentimientoDiscapacidad === SI
  const discapacidad = consiente && tieneDiscapacidad(String(e.poseeDiscapacidad ?? ''))
  const consientePueblo = e.consentimientoPuebloOriginario === SI
  const pueblo = consientePueblo && perteneceAPueblo(String(e.pertenecePuebloOrg ?? ''))
  const programa = cursoProgramaAntes(String(e.haCursadoPrograma ?? ''))
  return {
    ...e,
    consentimientoDiscapacidad: consiente ? SI : '',
    poseeDiscapacidad: consiente ? e.poseeDiscapacidad : '',
    tipoDiscapacidad: discapacidad ? e.tipoDiscapacidad : '',
    otroTipoDiscapacidad: discapacidad && esOtra(String(e.tipoDiscapacidad ?? '')) ? e.otroTipoDiscapacidad : '',
    otroTipoDiscaObs: discapacidad ? e.otroTipoDiscaObs : '',
    adecuacion: discapacidad ? e.adecuacion : '',
    otraAdecuacion: discapacidad && esOtra(String(e.adecuacion ?? '')) ? e.otraAdecuacion : '',
    otrosOrigenesDisca: discapacidad ? e.otrosOrigenesDisca : [],
    servicioApoyo: discapacidad ? e.servicioApoyo : '',
    materialApoyo: discapacidad ? e.materialApoyo : '',
    inscritoRND: discapacidad ? e.inscritoRND : '',
    consentimientoPuebloOriginario: consientePueblo ? SI : '',
    pertenecePuebloOrg: consientePueblo ? e.pertenecePuebloOrg : '',
    puebloOrg: pueblo ? e.puebloOrg : '',
    otroPuebloOriginario: pueblo && esOtra(String(e.puebloOrg ?? '')) ? e.otroPuebloOriginario : '',
    tipoProgramaCur: programa ? e.tipoProgramaCur : '',
    otroTipoProgramaCur: programa && esOtra(String(e.tipoProgramaCur ?? '')) ? e.otroTipoProgramaCur : '',
    otroTipoOrg: esOtra(String(e.tipo_organizacion ?? '')) ? e.otroTipoOrg : '',
    otroComoSeEntera: esOtra(String(e.como_seentera ?? '')) ? e.otroComoSeEntera : '',
  }
}

// ---------------------------------------------------------------------------------------------
// The questions, as the form renders them
// ---------------------------------------------------------------------------------------------

type CampoEncuesta = keyof EncuestaFormulario

export type Pregunta =
  | {
      tipo: 'opcion'
      campo: CampoEncuesta
      etiqueta: string
      opciones: readonly string[]
      obligatoria: boolean
      /** Shown only when this holds for the current answers. */
      cuando?: (e: EncuestaFormulario) => boolean
    }
  | {
      tipo: 'texto'
      campo: CampoEncuesta
      etiqueta: string
      max: number
      obligatoria: boolean
      cuando?: (e: EncuestaFormulario) => boolean
    }
  | {
      tipo: 'varias'
      campo: 'otrosOrigenesDisca'
      etiqueta: string
      opciones: readonly string[]
      cuando?: (e: EncuestaFormulario) => boolean
    }
  | {
      tipo: 'prioridades'
      campos: readonly [CampoEncuesta, CampoEncuesta, CampoEncuesta]
      etiqueta: string
      opciones: readonly string[]
    }

export type Seccion = { titulo: string; preguntas: readonly Pregunta[] }

/** The student gave the express consent to the disability questions. */
export const consienteDiscapacidad = (e: Pick<EncuestaFormulario, 'consentimientoDiscapacidad'>) =>
  e.consentimientoDiscapacidad === SI
const conDiscapacidad = (e: EncuestaFormulario) => consienteDiscapacidad(e) && tieneDiscapacidad(e.poseeDiscapacidad)
/** The student gave the express consent to the indigenous question. */
const consientePuebloOriginario = (e: Pick<EncuestaFormulario, 'consentimientoPuebloOriginario'>) =>
  e.consentimientoPuebloOriginario === SI
const conPueblo = (e: EncuestaFormulario) => consientePuebloOriginario(e) && perteneceAPueblo(e.pertenecePuebloOrg)

export const SECCIONES_ENCUESTA: readonly Seccion[] = [
  {
    titulo: 'Antecedentes',
    preguntas: [
      {
        tipo: 'opcion',
        campo: 'cursaFuera',
        etiqueta: '¿Cursará el programa fuera de su país de residencia?',
        opciones: SI_NO,
        obligatoria: true,
      },
      {
        tipo: 'opcion',
        campo: 'tipoResidencia',
        etiqueta: 'Tipo de residencia en Chile',
        opciones: TIPOS_RESIDENCIA_ENCUESTA,
        obligatoria: false,
      },
      {
        tipo: 'texto',
        campo: 'identidadGenero',
        etiqueta: 'Identidad de género',
        max: MAX_IDENTIDAD_GENERO,
        obligatoria: false,
      },
    ],
  },
  {
    titulo: 'Discapacidad',
    preguntas: [
      {
        tipo: 'opcion',
        campo: 'poseeDiscapacidad',
        etiqueta: '¿Posee alguna discapacidad?',
        opciones: SI_NO,
        obligatoria: true,
        // Asked only once the student consents (the consent is asked apart, above it).
        cuando: consienteDiscapacidad,
      },
      {
        tipo: 'opcion',
        campo: 'tipoDiscapacidad',
        etiqueta: 'Tipo de discapacidad',
        opciones: TIPOS_DISCAPACIDAD,
        obligatoria: true,
        cuando: conDiscapacidad,
      },
      {
        tipo: 'texto',
        campo: 'otroTipoDiscapacidad',
        etiqueta: 'Indique el tipo de discapacidad',
        max: MAX_TEXTO_ENCUESTA,
        obligatoria: true,
        cuando: (e) => conDiscapacidad(e) && esOtra(e.tipoDiscapacidad),
      },
      {
        tipo: 'texto',
        campo: 'otroTipoDiscaObs',
        etiqueta: 'Observaciones sobre su discapacidad',
        max: MAX_TEXTO_ENCUESTA,
        obligatoria: false,
        cuando: conDiscapacidad,
      },
      {
        tipo: 'varias',
        campo: 'otrosOrigenesDisca',
        etiqueta: 'Origen de la discapacidad (puede marcar varios)',
        opciones: ORIGENES_DISCAPACIDAD,
        cuando: conDiscapacidad,
      },
      {
        tipo: 'opcion',
        campo: 'adecuacion',
        etiqueta: 'Adecuación que necesita',
        opciones: ADECUACIONES,
        obligatoria: true,
        cuando: conDiscapacidad,
      },
      {
        tipo: 'texto',
        campo: 'otraAdecuacion',
        etiqueta: 'Indique la adecuación',
        max: MAX_TEXTO_ENCUESTA,
        obligatoria: true,
        cuando: (e) => conDiscapacidad(e) && esOtra(e.adecuacion),
      },
      {
        tipo: 'texto',
        campo: 'servicioApoyo',
        etiqueta: 'Servicios de apoyo que utiliza',
        max: MAX_TEXTO_ENCUESTA,
        obligatoria: false,
        cuando: conDiscapacidad,
      },
      {
        tipo: 'texto',
        campo: 'materialApoyo',
        etiqueta: 'Material de apoyo que necesita',
        max: MAX_TEXTO_ENCUESTA,
        obligatoria: false,
        cuando: conDiscapacidad,
      },
      {
        tipo: 'opcion',
        campo: 'inscritoRND',
        etiqueta: '¿Está inscrito en el Registro Nacional de la Discapacidad?',
        opciones: SI_NO,
        obligatoria: true,
        cuando: conDiscapacidad,
      },
    ],
  },
  {
    titulo: 'Pueblos originarios',
    preguntas: [
      {
        tipo: 'opcion',
        campo: 'pertenecePuebloOrg',
        etiqueta: '¿Pertenece a algún pueblo originario?',
        opciones: SI_NO,
        obligatoria: true,
        cuando: consientePuebloOriginario,
      },
      {
        tipo: 'opcion',
        campo: 'puebloOrg',
        etiqueta: 'Pueblo originario',
        opciones: PUEBLOS_ORIGINARIOS,
        obligatoria: true,
        cuando: conPueblo,
      },
      {
        tipo: 'texto',
        campo: 'otroPuebloOriginario',
        etiqueta: 'Indique pueblo originario',
        max: MAX_TEXTO_ENCUESTA,
        obligatoria: true,
        cuando: (e) => conPueblo(e) && esOtra(e.puebloOrg),
      },
    ],
  },
  {
    titulo: 'Estudios anteriores',
    preguntas: [
      {
        tipo: 'opcion',
        campo: 'haCursadoPrograma',
        etiqueta: '¿Ha cursado antes un programa en esta universidad?',
        opciones: SI_NO,
        obligatoria: true,
      },
      {
        tipo: 'opcion',
        campo: 'tipoProgramaCur',
        etiqueta: 'Tipo de programa cursado',
        opciones: TIPOS_PROGRAMA_CURSADO,
        obligatoria: true,
        cuando: (e) => cursoProgramaAntes(e.haCursadoPrograma),
      },
      {
        tipo: 'texto',
        campo: 'otroTipoProgramaCur',
        etiqueta: 'Indique el tipo de programa',
        max: MAX_TEXTO_ENCUESTA,
        obligatoria: true,
        cuando: (e) => cursoProgramaAntes(e.haCursadoPrograma) && esOtra(e.tipoProgramaCur),
      },
    ],
  },
  {
    titulo: 'Situación laboral',
    preguntas: [
      {
        tipo: 'opcion',
        campo: 'trabaja_actualmente',
        etiqueta: '¿Trabaja actualmente?',
        opciones: SI_NO,
        obligatoria: true,
      },
      {
        tipo: 'opcion',
        campo: 'tipo_organizacion',
        etiqueta: 'Tipo de organización',
        opciones: TIPOS_ORGANIZACION,
        obligatoria: true,
      },
      {
        tipo: 'texto',
        campo: 'otroTipoOrg',
        etiqueta: 'Indique el tipo de organización',
        max: MAX_TEXTO_ENCUESTA,
        obligatoria: true,
        cuando: (e) => esOtra(e.tipo_organizacion),
      },
      {
        tipo: 'opcion',
        campo: 'trabaja_area',
        etiqueta: '¿Trabaja en el área del programa?',
        opciones: TRABAJA_EN_AREA,
        obligatoria: true,
      },
    ],
  },
  {
    titulo: 'Motivaciones',
    preguntas: [
      {
        tipo: 'prioridades',
        campos: ['razon_cursa_1', 'razon_cursa_2', 'razon_cursa_3'],
        etiqueta: 'Razones para cursar el programa (hasta 3, en orden de prioridad)',
        opciones: RAZONES_CURSA,
      },
      {
        tipo: 'prioridades',
        campos: ['razon_eligeuni_1', 'razon_eligeuni_2', 'razon_eligeuni_3'],
        etiqueta: 'Razones para elegir esta universidad (hasta 3, en orden de prioridad)',
        opciones: RAZONES_ELIGE_UNIVERSIDAD,
      },
      {
        tipo: 'opcion',
        campo: 'como_seentera',
        etiqueta: '¿Cómo se enteró del programa?',
        opciones: COMO_SE_ENTERA,
        obligatoria: true,
      },
      {
        tipo: 'texto',
        campo: 'otroComoSeEntera',
        etiqueta: 'Indique cómo se enteró',
        max: MAX_TEXTO_ENCUESTA,
        obligatoria: true,
        cuando: (e) => esOtra(e.como_seentera),
      },
    ],
  },
]

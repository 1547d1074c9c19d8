import * as v from 'valibot'
import { requiereEncuesta } from './solicitudes.ts'

// The program regulations a student reads and accepts with an electronic signature, one per
// program type. The server signs the text the student saw: the acceptance carries the version
// read, and a version that is no longer the current one is refused, so the signed record never
// names a text the student did not see.

export type ArticuloReglamento = { titulo: string; texto: string }
export type Reglamento = { version: string; titulo: string; articulos: readonly ArticuloReglamento[] }

const GENERALES: readonly ArticuloReglamento[] = [
  {
    titulo: 'Ámbito',
    texto:
      'El presente reglamento rige las actividades académicas y administrativas del programa en que el estudiante se inscribe, y se complementa con el Reglamento General de Estudiantes de Educación Continua de la Escuela.',
  },
  {
    titulo: 'Asistencia',
    texto:
      'El estudiante debe cumplir una asistencia mínima del 75% a las actividades sincrónicas y del 100% a las actividades prácticas y clínicas. Las inasistencias se justifican ante la coordinación del programa dentro de los 5 días hábiles siguientes.',
  },
  {
    titulo: 'Evaluación y aprobación',
    texto:
      'Las calificaciones se expresan en la escala de 1,0 a 7,0. Para aprobar, el estudiante debe obtener una nota final igual o superior a 4,0 en cada módulo y cumplir la asistencia exigida.',
  },
  {
    titulo: 'Conducta y ética',
    texto:
      'El estudiante se compromete a actuar con honestidad académica, respeto por pacientes, docentes y compañeros, y a resguardar la confidencialidad de la información clínica a la que acceda. El plagio y la copia son faltas graves.',
  },
  {
    titulo: 'Compromisos económicos',
    texto:
      'El estudiante se obliga a pagar el arancel del programa en la forma y plazos convenidos. Las cuotas impagas impiden la emisión del certificado hasta su regularización. Las devoluciones se rigen por las condiciones de inscripción aceptadas.',
  },
  {
    titulo: 'Datos personales',
    texto:
      'La Escuela trata los datos personales del estudiante para fines académicos y administrativos, conforme a la Ley N° 19.628 sobre protección de la vida privada, y no los comunica a terceros sin su consentimiento, salvo obligación legal.',
  },
]

const PROPIOS: Record<string, { titulo: string; articulos: readonly ArticuloReglamento[] }> = {
  Diplomado: {
    titulo: 'Reglamento de Diplomados',
    articulos: [
      {
        titulo: 'Trabajo final',
        texto:
          'Los diplomados concluyen con un trabajo final integrador, que se entrega dentro de los 30 días siguientes al último módulo. Su calificación pondera un 30% de la nota final.',
      },
    ],
  },
  Curso: {
    titulo: 'Reglamento de Cursos',
    articulos: [
      {
        titulo: 'Certificación',
        texto:
          'Los cursos con evaluación otorgan un certificado de aprobación con las horas cronológicas cursadas; los cursos sin evaluación otorgan un certificado de participación.',
      },
    ],
  },
  Magíster: {
    titulo: 'Reglamento de Programas de Magíster',
    articulos: [
      {
        titulo: 'Permanencia',
        texto:
          'El plazo máximo de permanencia en el programa es de 4 años desde la primera inscripción. La reprobación de una misma asignatura en dos oportunidades causa la eliminación del programa.',
      },
      {
        titulo: 'Tesis o actividad formativa equivalente',
        texto:
          'El grado se obtiene tras aprobar todas las asignaturas y la tesis o actividad formativa equivalente ante una comisión de al menos dos académicos, conforme al decreto del programa.',
      },
    ],
  },
  'Estadía Clínica': {
    titulo: 'Reglamento de Estadías Clínicas',
    articulos: [
      {
        titulo: 'Campo clínico',
        texto:
          'El estudiante se somete a las normas internas del establecimiento de salud, usa la identificación entregada y sigue las instrucciones de su tutor clínico. Debe mantener vigentes su inmunización contra la hepatitis B y su seguro de responsabilidad civil.',
      },
      {
        titulo: 'Informe académico',
        texto:
          'Al término de la estadía, el tutor emite un informe académico. El certificado se envía dentro del mes siguiente a la recepción de ese informe.',
      },
    ],
  },
}

const PROGRAMA = { titulo: 'Reglamento del Programa', articulos: [] }

/** The regulations of a program type; a type without its own takes the general ones. */
export function reglamentoDe(tipoCurso: string): Reglamento {
  const propio = PROPIOS[tipoCurso] ?? PROGRAMA
  return { version: '2026-1', titulo: propio.titulo, articulos: [...GENERALES, ...propio.articulos] }
}

/** The text that is signed, as one string: title, then each article numbered. */
export function textoReglamento(reglamento: Reglamento): string {
  return [reglamento.titulo, ...reglamento.articulos.map((a, i) => `Artículo ${i + 1}. ${a.titulo}. ${a.texto}`)].join(
    '\n',
  )
}

/** Groups 1 and 5, and every type but the derived one, accept regulations. */
export function requiereReglamento(codGrupo: string, tipoCurso: string): boolean {
  return requiereEncuesta(codGrupo) || tipoCurso !== 'Derivada'
}

export type SolicitudParaReglamento = {
  codGrupo: string
  /** Whether the survey is sent ('no-aplica' counts as sent). */
  encuesta: 'enviada' | 'pendiente' | 'no-aplica'
  tieneDocumentoIdentidad: boolean
}

export const MENSAJE_REGLAMENTO_SIN_RUT =
  'Para aceptar el reglamento debe registrar su RUT o pasaporte en el menú Información Personal.'
export const MENSAJE_REGLAMENTO_SIN_ENCUESTA = 'Antes de aceptar el reglamento debe completar la Encuesta General.'
export const MENSAJE_REGLAMENTO_YA_ACEPTADO = 'El reglamento de esta solicitud ya fue aceptado.'
export const MENSAJE_REGLAMENTO_NO_REQUERIDO = 'Esta solicitud no requiere aceptar un reglamento.'
export const MENSAJE_REGLAMENTO_CAMBIO =
  'El reglamento fue actualizado mientras lo leía. Ábralo de nuevo, léalo y acéptelo otra vez.'

/** Why the regulations cannot be accepted yet, in the words the school uses, or null when they can. */
export function bloqueoReglamento(s: SolicitudParaReglamento): string | null {
  if (!s.tieneDocumentoIdentidad) return MENSAJE_REGLAMENTO_SIN_RUT
  if (requiereEncuesta(s.codGrupo) && s.encuesta !== 'enviada') return MENSAJE_REGLAMENTO_SIN_ENCUESTA
  return null
}

/** The two signature failures: with the server's reason, or with none (no reply). */
export function mensajeErrorFirma(mensajeServidor?: string): string {
  return mensajeServidor
    ? `Error en la firma: ${mensajeServidor.replace(/\.$/, '')}, contacte a su Asistente`
    : 'Error al crear la firma, contacte a su asistente'
}

/** What the acceptance carries: the version of the regulations the student read. */
export const aceptacionReglamentoSchema = v.object({
  version: v.pipe(v.string('Indique la versión del reglamento'), v.nonEmpty('Indique la versión del reglamento')),
})

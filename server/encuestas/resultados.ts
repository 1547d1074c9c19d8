// The general survey's results for the school: the enrolments that ask for it (groups 1 and 5)
// within the staff member's reach, filtered by program and year, their surveys counted (with the
// rules of src/domain/resultados-encuesta.ts) or written as a spreadsheet, one row per survey.
import { respuestasConsentidas } from '../../src/domain/consentimiento.ts'
import { opcionEnPalabras } from '../../src/domain/encuesta.ts'
import { textoParaPlanilla } from '../../src/domain/planilla.ts'
import {
  contarRespuestas,
  preguntasVisibles,
  type ConsultaResultadosEncuesta,
} from '../../src/domain/resultados-encuesta.ts'
import { GRUPOS_CON_ENCUESTA } from '../../src/domain/solicitudes.ts'
import { personalPuede } from '../personal/rol.ts'
import { documentoDeIdentidad } from '../../src/domain/documento-identidad.ts'
import type { Db } from '../db/connection.ts'
import { celdaFechaHora, hojaConEncabezado, nuevoLibro } from '../planilla.ts'
import type { Personal } from '../db/schema.ts'
import { alumnosAlAlcance } from '../personal/alcance.ts'

type Alcance = Pick<Personal, 'rol' | 'asistente_id'>

/** Whether this staff member may see the sensitive answers (disability, indigenous peoples). */
export function veSensibles(personal: Alcance): boolean {
  return personalPuede(personal, 'encuestas.sensibles')
}

/** The enrolments that ask for the survey, of the students this staff member reaches. */
function solicitudesConEncuesta(db: Db, personal: Alcance) {
  return db
    .selectFrom('solicitudes')
    .innerJoin('alumnos', 'alumnos.id', 'solicitudes.alumno_id')
    .where('solicitudes.cod_grupo', 'in', [...GRUPOS_CON_ENCUESTA])
    .where(alumnosAlAlcance(personal))
}

function filtradas(db: Db, personal: Alcance, { programa, anio }: ConsultaResultadosEncuesta) {
  let consulta = solicitudesConEncuesta(db, personal)
  if (programa !== '') consulta = consulta.where('solicitudes.curso', '=', programa)
  if (anio !== null) consulta = consulta.where('solicitudes.anio_curso', '=', anio)
  return consulta
}

/** What the filters offer: the programs and the years of the enrolments in reach. */
async function opcionesDeFiltro(db: Db, personal: Alcance) {
  const [programas, anios] = await Promise.all([
    solicitudesConEncuesta(db, personal)
      .select(['solicitudes.curso', 'solicitudes.nombre_curso'])
      .distinct()
      .orderBy('solicitudes.nombre_curso')
      .orderBy('solicitudes.curso')
      .execute(),
    solicitudesConEncuesta(db, personal)
      .select('solicitudes.anio_curso')
      .distinct()
      .orderBy('solicitudes.anio_curso', 'desc')
      .execute(),
  ])
  // A program renamed between enrolments is offered once, by its latest name in the list.
  const porCodigo = new Map(programas.map((p) => [p.curso, p.nombre_curso]))
  return {
    programas: [...porCodigo].map(([curso, nombre]) => ({ curso, nombre })),
    anios: anios.map((a) => Number(a.anio_curso)),
  }
}

/** The filters' options, how many enrolments and surveys, and every question counted. */
export async function resultadosEncuesta(db: Db, personal: Alcance, consulta: ConsultaResultadosEncuesta) {
  const sensibles = veSensibles(personal)
  const [opciones, total, encuestas] = await Promise.all([
    opcionesDeFiltro(db, personal),
    filtradas(db, personal, consulta)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    filtradas(db, personal, consulta)
      .innerJoin('encuestas', 'encuestas.codigo_inscripcion', 'solicitudes.codigo_inscripcion')
      .select('encuestas.respuestas')
      .execute(),
  ])
  return {
    filtros: { programa: consulta.programa, anio: consulta.anio },
    ...opciones,
    solicitudes: Number(total.n),
    respondidas: encuestas.length,
    sensibles,
    preguntas: contarRespuestas(
      // A withdrawn consent's answers are not counted.
      encuestas.map((e) => respuestasConsentidas(JSON.parse(e.respuestas) as Record<string, unknown>)),
      sensibles,
    ),
  }
}

/** The surveys answered, one per enrolment, with the student and the program, oldest first. */
async function encuestasRespondidas(db: Db, personal: Alcance, consulta: ConsultaResultadosEncuesta) {
  return filtradas(db, personal, consulta)
    .innerJoin('encuestas', 'encuestas.codigo_inscripcion', 'solicitudes.codigo_inscripcion')
    .select([
      'solicitudes.codigo_inscripcion',
      'solicitudes.curso',
      'solicitudes.nombre_curso',
      'solicitudes.anio_curso',
      'solicitudes.fecha_inicio',
      'alumnos.id as alumno_id',
      'alumnos.codigo_alumno',
      'alumnos.nombres',
      'alumnos.apellidos',
      'alumnos.rut',
      'alumnos.tipo_documento',
      'alumnos.numero_documento',
      'alumnos.email',
      'encuestas.enviada_en',
      'encuestas.respuestas',
    ])
    .orderBy('encuestas.enviada_en')
    .orderBy('solicitudes.codigo_inscripcion')
    .execute()
}

type Columna = { titulo: string; ancho: number; formato?: string }

/**
 * The spreadsheet of the surveys answered: one row per survey, the student as the school
 * identifies them (code, names, RUT or passport, e-mail), the program, the dates as dates, the year
 * as a number, and every answer in its own column (each priority of a ranked question in its own);
 * the sensitive questions only for the roles that may see them. Every text goes through
 * `textoParaPlanilla`, so nothing a student typed becomes a formula.
 */
export async function planillaEncuestas(db: Db, personal: Alcance, consulta: ConsultaResultadosEncuesta) {
  const filas = await encuestasRespondidas(db, personal, consulta)
  const preguntas = preguntasVisibles(veSensibles(personal))

  const columnas: Columna[] = [
    { titulo: 'Código de inscripción', ancho: 16 },
    { titulo: 'Código del alumno', ancho: 14 },
    { titulo: 'Apellidos', ancho: 22 },
    { titulo: 'Nombres', ancho: 22 },
    { titulo: 'RUT o documento', ancho: 18 },
    { titulo: 'Correo electrónico', ancho: 28 },
    { titulo: 'Código del programa', ancho: 12 },
    { titulo: 'Programa', ancho: 40 },
    { titulo: 'Año', ancho: 8, formato: '0' },
    { titulo: 'Inicio del programa', ancho: 14, formato: 'dd-mm-yyyy' },
    { titulo: 'Fecha de envío', ancho: 17, formato: 'dd-mm-yyyy hh:mm' },
  ]
  for (const p of preguntas) {
    if (p.tipo === 'prioridades')
      p.campos.forEach((_, i) => columnas.push({ titulo: `${p.etiqueta} — prioridad ${i + 1}`, ancho: 30 }))
    else columnas.push({ titulo: p.etiqueta, ancho: p.tipo === 'texto' ? 30 : 24 })
  }

  const libro = nuevoLibro()
  const hoja = hojaConEncabezado(
    libro,
    'Encuestas',
    columnas.map((c) => ({ header: c.titulo, width: c.ancho, ...(c.formato ? { style: { numFmt: c.formato } } : {}) })),
  )

  const texto = (valor: unknown) => textoParaPlanilla(typeof valor === 'string' ? valor : '')
  for (const f of filas) {
    const respuestas = respuestasConsentidas(JSON.parse(f.respuestas) as Record<string, unknown>)
    const documento = documentoDeIdentidad(f)
    const valores: (string | number | Date)[] = [
      texto(f.codigo_inscripcion),
      texto(f.codigo_alumno),
      texto(f.apellidos),
      texto(f.nombres),
      texto(documento),
      texto(f.email),
      texto(f.curso),
      texto(f.nombre_curso),
      Number(f.anio_curso),
      new Date(`${f.fecha_inicio}T00:00:00.000Z`),
      celdaFechaHora(f.enviada_en),
    ]
    for (const p of preguntas) {
      if (p.tipo === 'prioridades') for (const campo of p.campos) valores.push(texto(respuestas[campo]))
      else if (p.tipo === 'varias') {
        const elegidas = respuestas[p.campo]
        valores.push(texto(Array.isArray(elegidas) ? elegidas.join('; ') : ''))
      } else if (p.tipo === 'opcion') {
        const respuesta = respuestas[p.campo]
        valores.push(texto(typeof respuesta === 'string' ? opcionEnPalabras(respuesta) : respuesta))
      } else valores.push(texto(respuestas[p.campo]))
    }
    hoja.addRow(valores)
  }
  hoja.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columnas.length } }

  return {
    contenido: Buffer.from(await libro.xlsx.writeBuffer()),
    filas: filas.length,
    /** Whose survey each row is (the read log records the sensitive answers each staff download held). */
    leidas: filas.map((f) => ({ alumnoId: f.alumno_id, codigoInscripcion: f.codigo_inscripcion })),
  }
}

/** The file's name: the filters it holds. */
export function nombrePlanilla({ programa, anio }: ConsultaResultadosEncuesta): string {
  const parte = (valor: string) => valor.replace(/[^A-Za-z0-9-]+/g, '') || 'todos'
  return `encuestas-${parte(programa)}-${anio ?? 'todos'}.xlsx`
}

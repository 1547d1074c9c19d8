// Demo contests, applications and job offers. Every date is counted from the seed's `ahora` in
// Chile's days, so the states the README promises (open, closed, not yet open, paid) stay true
// whenever the demo is started. Ids are fixed so the README, the tests and the contest links
// (`/?concurso=7`) can name them.
import type { Insertable } from 'kysely'
import { esCodigoDeDocumento } from '../../../src/domain/concursos.ts'
import { fechaEnChile, sumarDias } from '../../../src/domain/fechas.ts'
import type { ConcursosTable, OfertasLaboralesTable, PostulacionesTable } from '../schema.ts'

/** The demo contests by what each shows. */
export const CONCURSOS_DEMO = {
  /** Open; nobody has applied: the contest link of the README and the registration journey. */
  abierto: '7',
  /** Open, another specialty and hospital. */
  abiertoConcepcion: '8',
  /** Open; estudiante@demo.cl has paid its fee and has not uploaded its documents yet. */
  pagado: '9',
  /** Open; extranjera@demo.cl has applied and not paid. */
  deExtranjera: '10',
  /** Its application period ended. */
  cerrado: '5',
  /** Its application period has not begun. */
  proximo: '11',
} as const

type ConcursoDemo = Omit<Insertable<ConcursosTable>, 'requisitos' | 'calendario' | 'documentos'> & {
  requisitos: string[]
  /** Days after the end of the application period. */
  hitos: [number, string][]
  documentos: string[]
}

const REQUISITOS_COMUNES = [
  'Título de Médico Cirujano otorgado o revalidado en Chile.',
  'Examen Único Nacional de Conocimientos de Medicina (EUNACOM) aprobado.',
  'Inscripción vigente en el Registro Nacional de Prestadores Individuales de Salud.',
]

const HITOS_COMUNES: [number, string][] = [
  [10, 'Revisión de antecedentes y publicación de preseleccionados'],
  [20, 'Entrevistas personales'],
  [30, 'Publicación de resultados'],
  [60, 'Inicio del programa'],
]

export function concursosDemo(ahora: Date): Insertable<ConcursosTable>[] {
  const hoy = fechaEnChile(ahora)
  const dia = (n: number) => sumarDias(hoy, n)
  const concursos: ConcursoDemo[] = [
    {
      id: CONCURSOS_DEMO.abierto,
      especialidad: 'Medicina Interna',
      sede: 'Hospital Clínico San Borja Arriarán',
      ciudad: 'Santiago',
      vacantes: 4,
      postulacion_desde: dia(-10),
      postulacion_hasta: dia(20),
      derecho_postulacion: 85_000,
      descripcion:
        'Programa de formación de especialistas en Medicina Interna de tres años, con rotaciones por las unidades de hospitalización, urgencia y policlínico del hospital.',
      requisitos: [...REQUISITOS_COMUNES, 'Nota de egreso igual o superior a 5,5.'],
      hitos: HITOS_COMUNES,
      documentos: ['41', '42', '44', '45', '48', '49', '51'],
    },
    {
      id: CONCURSOS_DEMO.abiertoConcepcion,
      especialidad: 'Pediatría',
      sede: 'Hospital Guillermo Grant Benavente',
      ciudad: 'Concepción',
      vacantes: 3,
      postulacion_desde: dia(-5),
      postulacion_hasta: dia(25),
      derecho_postulacion: 85_000,
      descripcion:
        'Programa de tres años en el hospital base del Biobío: neonatología, cuidados intensivos pediátricos y atención primaria.',
      requisitos: [...REQUISITOS_COMUNES, 'Esquema de vacunación completo, incluida la hepatitis B.'],
      hitos: HITOS_COMUNES,
      documentos: ['41', '42', '43', '44', '45', '51'],
    },
    {
      id: CONCURSOS_DEMO.pagado,
      especialidad: 'Anestesiología',
      sede: 'Hospital Dr. Gustavo Fricke',
      ciudad: 'Viña del Mar',
      vacantes: 2,
      postulacion_desde: dia(-15),
      postulacion_hasta: dia(15),
      derecho_postulacion: 120_000,
      descripcion:
        'Programa de tres años en pabellones de cirugía general y de especialidades, con rotación por la unidad de paciente crítico.',
      requisitos: [...REQUISITOS_COMUNES, 'Curso de soporte vital avanzado (ACLS) vigente.'],
      hitos: HITOS_COMUNES,
      documentos: ['41', '42', '44', '46', '51'],
    },
    {
      id: CONCURSOS_DEMO.deExtranjera,
      especialidad: 'Psiquiatría Adulto',
      sede: 'Campus Oriente',
      ciudad: 'Santiago',
      vacantes: 2,
      postulacion_desde: dia(-3),
      postulacion_hasta: dia(27),
      derecho_postulacion: 95_000,
      descripcion:
        'Programa de tres años en el campus y sus centros asociados de salud mental, con formación en psicoterapia.',
      requisitos: [
        ...REQUISITOS_COMUNES,
        'Postulantes extranjeros: seguro de salud con cobertura en Chile durante todo el programa.',
      ],
      hitos: HITOS_COMUNES,
      documentos: ['41', '42', '47', '51', '52'],
    },
    {
      id: CONCURSOS_DEMO.cerrado,
      especialidad: 'Cirugía General',
      sede: 'Hospital de Puerto Montt',
      ciudad: 'Puerto Montt',
      vacantes: 3,
      postulacion_desde: dia(-60),
      postulacion_hasta: dia(-30),
      derecho_postulacion: 110_000,
      descripcion:
        'Programa de cuatro años en el hospital base de la región de Los Lagos, con cirugía de urgencia y electiva.',
      requisitos: [...REQUISITOS_COMUNES, 'Experiencia clínica de al menos un año.'],
      hitos: HITOS_COMUNES,
      documentos: ['41', '42', '44', '45', '46', '50'],
    },
    {
      id: CONCURSOS_DEMO.proximo,
      especialidad: 'Medicina Familiar',
      sede: 'Hospital Dr. Hernán Henríquez Aravena',
      ciudad: 'Temuco',
      vacantes: 5,
      postulacion_desde: dia(15),
      postulacion_hasta: dia(45),
      derecho_postulacion: 75_000,
      descripcion:
        'Programa de tres años con foco en la atención primaria de la región de La Araucanía y la salud intercultural.',
      requisitos: [...REQUISITOS_COMUNES, 'Carta de la fundación o del servicio de salud que patrocina.'],
      hitos: HITOS_COMUNES,
      documentos: ['41', '42', '44', '50'],
    },
  ]
  return concursos.map(({ requisitos, hitos, documentos, ...concurso }) => {
    // The documents are the shared document types; a typo here would ask for a document nobody can upload.
    const desconocido = documentos.find((codigo) => !esCodigoDeDocumento(codigo))
    if (desconocido) throw new Error(`El concurso ${concurso.id} pide un documento desconocido: ${desconocido}`)
    return {
      ...concurso,
      requisitos: JSON.stringify(requisitos),
      calendario: JSON.stringify(
        hitos.map(([dias, hito]) => ({ fecha: sumarDias(concurso.postulacion_hasta, dias), hito })),
      ),
      documentos: JSON.stringify(documentos),
    }
  })
}

/**
 * estudiante@demo.cl paid the Anestesiología fee three days ago; extranjera@demo.cl applied to
 * Psiquiatría Adulto yesterday and has not paid. The paid one has no payment reference: payments
 * live in the payment flow's own tables, which hold no demo payment for it.
 */
export function postulacionesDemo(ahora: Date): Insertable<PostulacionesTable>[] {
  const haceDias = (n: number) => new Date(ahora.getTime() - n * 86_400_000).toISOString()
  return [
    {
      id: 'postulacion-estudiante-9',
      concurso_id: CONCURSOS_DEMO.pagado,
      alumno_id: 'alumno-estudiante',
      creada_en: haceDias(3),
      pagada_en: haceDias(3),
      pago_id: null,
    },
    {
      id: 'postulacion-extranjera-10',
      concurso_id: CONCURSOS_DEMO.deExtranjera,
      alumno_id: 'alumno-extranjera',
      creada_en: haceDias(1),
      pagada_en: null,
      pago_id: null,
    },
  ]
}

/** Four offers listed today and one already closed (not listed). */
export function ofertasDemo(ahora: Date): Insertable<OfertasLaboralesTable>[] {
  const hoy = fechaEnChile(ahora)
  const dia = (n: number) => sumarDias(hoy, n)
  return [
    {
      id: 'oferta-valdivia-internista',
      institucion: 'Hospital Base Valdivia',
      cargo: 'Médico(a) internista, jornada completa',
      ciudad: 'Valdivia',
      descripcion: 'Unidad de medicina interna y turnos de residencia. Incorporación inmediata.',
      publicada_el: dia(-4),
      cierra_el: dia(26),
      contacto_nombre: 'Unidad de Reclutamiento',
      contacto_email: 'reclutamiento@hbvaldivia-demo.cl',
    },
    {
      id: 'oferta-antofagasta-pediatra',
      institucion: 'Clínica Bupa Antofagasta',
      cargo: 'Pediatra para urgencia infantil',
      ciudad: 'Antofagasta',
      descripcion: 'Turnos de 24 horas en el servicio de urgencia pediátrica, sistema 4x4.',
      publicada_el: dia(-10),
      cierra_el: dia(5),
      contacto_nombre: 'Dra. Paula Contreras',
      contacto_email: 'pcontreras@clinica-antofagasta-demo.cl',
    },
    {
      id: 'oferta-santiago-cesfam',
      institucion: 'CESFAM Dr. Salvador Bustos',
      cargo: 'Médico(a) general de zona, 44 horas',
      ciudad: 'Santiago',
      descripcion: 'Atención de morbilidad, programas de salud cardiovascular y visitas domiciliarias.',
      publicada_el: dia(-1),
      cierra_el: dia(30),
      contacto_nombre: 'Dirección del CESFAM',
      contacto_email: 'direccion@cesfam-bustos-demo.cl',
    },
    {
      id: 'oferta-talca-anestesia',
      institucion: 'Hospital Regional de Talca',
      cargo: 'Anestesiólogo(a), 22 horas',
      ciudad: 'Talca',
      descripcion: 'Pabellón central y anestesia obstétrica. Se valorará experiencia en anestesia regional.',
      publicada_el: dia(-20),
      cierra_el: dia(0),
      contacto_nombre: 'Subdirección Médica',
      contacto_email: 'subdireccion.medica@hrtalca-demo.cl',
    },
    {
      id: 'oferta-rancagua-cerrada',
      institucion: 'Hospital Regional de Rancagua',
      cargo: 'Médico(a) de urgencia adultos',
      ciudad: 'Rancagua',
      descripcion: 'Turnos de urgencia. Esta oferta ya cerró.',
      publicada_el: dia(-40),
      cierra_el: dia(-10),
      contacto_nombre: 'Recursos Humanos',
      contacto_email: 'rrhh@hrrancagua-demo.cl',
    },
  ]
}

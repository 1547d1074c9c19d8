// A student's person (personal and professional data), as the student's form reads and writes it
// and as the school's staff read it on the student's page.
import type { Kysely } from 'kysely'
import { TIPOS_RESIDENCIA, type Persona } from '../../src/domain/persona.ts'
import type { Alumno, AlumnosTable, Database } from '../db/schema.ts'

type CampoPersona = keyof Persona

/** Where each field of the shared schema is stored. */
export const COLUMNAS = {
  tipoDocumento: 'tipo_documento',
  numeroDocumento: 'numero_documento',
  nombres: 'nombres',
  apPaterno: 'apellidos',
  sexoregistral: 'sexoregistral',
  fechaNac: 'fecha_nac',
  telefonoParticular: 'telefono_particular',
  celular: 'celular',
  nacionalidad: 'nacionalidad',
  tipoResidencia: 'tipo_residencia',
  paisOrigen: 'pais_origen',
  direccion: 'direccion',
  codPais: 'cod_pais',
  codRegion: 'cod_region',
  codComuna: 'cod_comuna',
  ciudad: 'ciudad',
  codProfesion: 'cod_profesion',
  otraProfesion: 'otra_profesion',
  universidad: 'universidad',
  otrauniversidad: 'otrauniversidad',
  maxnivelformacion: 'maxnivelformacion',
  otronivelformacion: 'otronivelformacion',
  tipoinstitucion: 'tipoinstitucion',
  otrotipoinstitucion: 'otrotipoinstitucion',
  paisEstSecund: 'pais_est_secund',
} as const satisfies Record<CampoPersona, keyof AlumnosTable>

export const CAMPOS = Object.keys(COLUMNAS) as CampoPersona[]

/** The stored person as the form sees it: every field a string, '' when not given. */
export function personaDe(alumno: Alumno): Record<CampoPersona, string> {
  return Object.fromEntries(CAMPOS.map((campo) => [campo, alumno[COLUMNAS[campo]] ?? ''])) as Record<
    CampoPersona,
    string
  >
}

/** GET and PUT reply: codPersona is the student's code (one person per student account). */
export function respuestaPersona(alumno: Alumno) {
  return { codPersona: alumno.codigo_alumno, email: alumno.email, rut: alumno.rut, ...personaDe(alumno) }
}

/**
 * The person in words for the school's staff: every code (country, region, comuna, profession,
 * residence type) replaced by its name, and an 'other' answer in place of 'Otra'; null where the
 * student gave nothing.
 */
export async function personaEnPalabras(db: Kysely<Database>, alumno: Alumno) {
  const codigosPais = [alumno.nacionalidad, alumno.pais_origen, alumno.cod_pais, alumno.pais_est_secund].filter(
    (c): c is string => !!c,
  )
  const paises =
    codigosPais.length > 0
      ? await db
          .selectFrom('paises')
          .select(['cod_pais', 'pais', 'nacionalidad'])
          .where('cod_pais', 'in', codigosPais)
          .execute()
      : []
  const pais = (codigo: string | null) => paises.find((p) => p.cod_pais === codigo)
  const region = alumno.cod_region
    ? await db.selectFrom('regiones').select('region').where('cod_region', '=', alumno.cod_region).executeTakeFirst()
    : undefined
  const comuna = alumno.cod_comuna
    ? await db.selectFrom('comunas').select('comuna').where('cod_comuna', '=', alumno.cod_comuna).executeTakeFirst()
    : undefined
  const profesion = alumno.cod_profesion
    ? await db
        .selectFrom('profesiones')
        .select(['profesion', 'requiere_otra'])
        .where('cod_profesion', '=', alumno.cod_profesion)
        .executeTakeFirst()
    : undefined
  const otra = (valor: string | null, otro: string | null) => (valor === 'OTRA' ? otro || valor : valor)
  const residencias: Record<string, string> = TIPOS_RESIDENCIA
  return {
    nombres: alumno.nombres,
    apellidos: alumno.apellidos,
    sexoRegistral: alumno.sexoregistral,
    fechaNacimiento: alumno.fecha_nac,
    telefono: alumno.telefono_particular,
    celular: alumno.celular,
    nacionalidad: pais(alumno.nacionalidad)?.nacionalidad ?? alumno.nacionalidad,
    tipoResidencia: alumno.tipo_residencia ? (residencias[alumno.tipo_residencia] ?? alumno.tipo_residencia) : null,
    paisOrigen: pais(alumno.pais_origen)?.pais ?? alumno.pais_origen,
    direccion: alumno.direccion,
    pais: pais(alumno.cod_pais)?.pais ?? alumno.cod_pais,
    region: region?.region ?? alumno.cod_region,
    comuna: comuna?.comuna ?? alumno.cod_comuna,
    ciudad: alumno.ciudad,
    profesion:
      profesion?.requiere_otra && alumno.otra_profesion ? alumno.otra_profesion : (profesion?.profesion ?? null),
    universidad: otra(alumno.universidad, alumno.otrauniversidad),
    nivelFormacion: otra(alumno.maxnivelformacion, alumno.otronivelformacion),
    tipoInstitucion: otra(alumno.tipoinstitucion, alumno.otrotipoinstitucion),
    paisEstudiosSecundarios: pais(alumno.pais_est_secund)?.pais ?? alumno.pais_est_secund,
  }
}

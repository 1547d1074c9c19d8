// A student's person (personal and professional data), as the student's form reads and writes it
// (routes/persona.ts, at /api/alumno/persona) and as the school's staff read it on the student's
// page. Saving checks against the database what the schema cannot know, and writes the record,
// the search index and the history row in one transaction.
import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction, Updateable } from 'kysely'
import { MENSAJE_DOCUMENTO_EN_USO } from '../../src/domain/documento-identidad.ts'
import { rutVisible, TIPOS_RESIDENCIA, validarDocumentoIdentidad, type Persona } from '../../src/domain/persona.ts'
import { MENSAJE_CAMPO_OBLIGATORIO } from '../../src/domain/validacion.ts'
import type { Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import type { Alumno, AlumnosTable, Database } from '../db/schema.ts'
import { contar, type Estado } from '../middleware/limites.ts'
import { indexarAlumno } from './busqueda.ts'

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

export async function documentoEnUso(db: Db, alumnoId: string, persona: Persona): Promise<boolean> {
  if (persona.tipoDocumento === '' || persona.numeroDocumento === '') return false
  const otro = await db
    .selectFrom('alumnos')
    .select('id')
    .where('tipo_documento', '=', persona.tipoDocumento)
    .where('numero_documento', '=', persona.numeroDocumento)
    .where('id', '<>', alumnoId)
    .executeTakeFirst()
  return !!otro
}

/**
 * What the schema cannot know: the RUT/passport pair against the student's record, and that every
 * code exists and the comuna belongs to the region. Returns the refused fields and, when the comuna
 * is good, its city (the server derives it rather than trusting the body's).
 */
export async function validarContraBaseDeDatos(
  db: Db,
  alumno: Alumno,
  persona: Persona,
): Promise<{ campos: Record<string, string>; ciudad: string }> {
  const campos: Record<string, string> = {}
  const documento = validarDocumentoIdentidad({
    rut: alumno.rut,
    codPais: persona.codPais,
    tipoDocumento: persona.tipoDocumento,
    numeroDocumento: persona.numeroDocumento,
  })
  if (documento) campos[rutVisible(alumno.rut) ? 'rut' : 'numeroDocumento'] = documento

  const camposPais = (['nacionalidad', 'paisOrigen', 'codPais', 'paisEstSecund'] as const).filter(
    (campo) => persona[campo] !== '',
  )
  const codigos = camposPais.map((campo) => persona[campo])
  const encontrados =
    codigos.length > 0
      ? await db.selectFrom('paises').select('cod_pais').where('cod_pais', 'in', codigos).execute()
      : []
  const paises = new Set(encontrados.map((p) => p.cod_pais))
  for (const campo of camposPais) if (!paises.has(persona[campo])) campos[campo] = MENSAJE_CAMPO_OBLIGATORIO

  const profesion = await db
    .selectFrom('profesiones')
    .select('cod_profesion')
    .where('cod_profesion', '=', persona.codProfesion)
    .executeTakeFirst()
  if (!profesion) campos.codProfesion = MENSAJE_CAMPO_OBLIGATORIO
  const universidad = await db
    .selectFrom('universidades')
    .select('universidad')
    .where('universidad', '=', persona.universidad)
    .executeTakeFirst()
  if (!universidad) campos.universidad = MENSAJE_CAMPO_OBLIGATORIO

  const region = await db
    .selectFrom('regiones')
    .select('cod_region')
    .where('cod_region', '=', persona.codRegion)
    .executeTakeFirst()
  if (!region) campos.codRegion = MENSAJE_CAMPO_OBLIGATORIO
  const comuna = await db
    .selectFrom('comunas')
    .select(['cod_region', 'ciudad'])
    .where('cod_comuna', '=', persona.codComuna)
    .executeTakeFirst()
  if (!comuna || comuna.cod_region !== persona.codRegion) campos.codComuna = MENSAJE_CAMPO_OBLIGATORIO

  if (await documentoEnUso(db, alumno.id, persona)) campos.numeroDocumento = MENSAJE_DOCUMENTO_EN_USO
  return { campos, ciudad: comuna?.ciudad ?? '' }
}

/**
 * Writes a checked person (the schema and `validarContraBaseDeDatos` passed) inside `trx`: the
 * student's columns, the search index and the history row. The student's form and an approved
 * rectification request both save through here, so the same rules hold.
 */
export async function guardarPersona(
  trx: Transaction<Database>,
  alumnoId: string,
  persona: Persona,
  clave: string | null,
  ahora: Date,
): Promise<string[]> {
  // Already applied under this key (its idempotency record was lost, e.g. the server died
  // between this commit and storing the reply): applying it again would count it twice.
  if (clave) {
    const aplicado = await trx
      .selectFrom('historial_persona')
      .select('id')
      .where('alumno_id', '=', alumnoId)
      .where('clave_idempotencia', '=', clave)
      .executeTakeFirst()
    if (aplicado) return []
  }
  // '' is stored as NULL, as for a student who never filled the field; names are never empty.
  const columnas = Object.fromEntries(
    CAMPOS.map((campo) => [COLUMNAS[campo], persona[campo] === '' ? null : persona[campo]]),
  ) as Updateable<AlumnosTable>
  const actual = personaDe(
    await trx.selectFrom('alumnos').selectAll().where('id', '=', alumnoId).executeTakeFirstOrThrow(),
  )
  const cambiados = CAMPOS.filter((campo) => actual[campo] !== persona[campo])
  await trx.updateTable('alumnos').set(columnas).where('id', '=', alumnoId).execute()
  await indexarAlumno(trx, alumnoId)
  await trx
    .insertInto('historial_persona')
    .values({
      id: randomUUID(),
      alumno_id: alumnoId,
      clave_idempotencia: clave,
      cambiado_en: ahora.toISOString(),
      campos: JSON.stringify(cambiados),
    })
    .execute()
  return cambiados
}

export type CambioPersona =
  | { tipo: 'limite'; limite: Estado }
  /** Refused fields, each with its Spanish message (`error` the first one's): nothing was changed. */
  | { tipo: 'invalida'; error: string; campos: Record<string, string> }
  /** Saved: the student's record as it is now. */
  | { tipo: 'ok'; alumno: Alumno }

/**
 * setAlumno + updAlumnoDir: the student's own form, already checked by the schema. `clave` is the
 * request's idempotency key, recorded in the history so the same submission is applied once.
 */
export async function actualizarPersona(
  deps: Dependencias,
  alumno: Alumno,
  datos: Persona,
  clave: string | null,
): Promise<CambioPersona> {
  const { db, config, clock } = deps
  // Saving a passport or DNI number tells the student whether another account holds it, so
  // trying numbers other than one's own is limited per student. The counter's key names the
  // student, never the number tried: a refused number is kept nowhere.
  if (
    datos.numeroDocumento !== '' &&
    (datos.numeroDocumento !== alumno.numero_documento || datos.tipoDocumento !== alumno.tipo_documento)
  ) {
    const limite = await contar(db, `documento-alumno:${alumno.id}`, config.limites.documentoAlumno, clock())
    if (limite.excedido) return { tipo: 'limite', limite }
  }
  const { campos, ciudad } = await validarContraBaseDeDatos(db, alumno, datos)
  const primero = Object.values(campos)[0]
  if (primero) return { tipo: 'invalida', error: primero, campos }

  const persona: Persona = { ...datos, ciudad }
  try {
    await db.transaction().execute((trx) => guardarPersona(trx, alumno.id, persona, clave, clock()))
  } catch (err) {
    // Another account took the same passport between the check and the update.
    if (await documentoEnUso(db, alumno.id, persona))
      return {
        tipo: 'invalida',
        error: MENSAJE_DOCUMENTO_EN_USO,
        campos: { numeroDocumento: MENSAJE_DOCUMENTO_EN_USO },
      }
    throw err
  }
  const guardado = await db.selectFrom('alumnos').selectAll().where('id', '=', alumno.id).executeTakeFirstOrThrow()
  return { tipo: 'ok', alumno: guardado }
}

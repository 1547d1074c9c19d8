// The student's person, mounted at
// /api/alumno/persona. The student comes from the session only: the body cannot name one, and
// its e-mail and RUT are read from the record, never from the body.
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import type { Transaction, Updateable } from 'kysely'
import { MENSAJE_DOCUMENTO_EN_USO } from '../../src/domain/documento-identidad.ts'
import { MENSAJE_CAMPO_OBLIGATORIO } from '../../src/domain/validacion.ts'
import { crearPersonaSchema, rutVisible, validarDocumentoIdentidad, type Persona } from '../../src/domain/persona.ts'
import { indexarAlumno } from '../alumnos/busqueda.ts'
import { CAMPOS, COLUMNAS, personaDe, respuestaPersona } from '../alumnos/persona.ts'
import type { EntornoApp } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import type { Alumno, AlumnosTable, Database } from '../db/schema.ts'
import { CABECERA_CLAVE } from '../middleware/idempotencia.ts'
import { contar, respuestaLimite } from '../middleware/limites.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { cuerpoJson } from './validacion.ts'

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

export const rutasPersona = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/', (c) => {
    return c.json({ status: 'ok', data: respuestaPersona(c.var.alumno) })
  })
  // Built per request: the minimum age is measured on today's date, not the day the server started.
  .put(
    '/',
    cuerpoJson((c) => crearPersonaSchema(c.var.deps.clock())),
    async (c) => {
      const { db, config, clock } = c.var.deps
      const alumno = c.var.alumno
      const datos = c.req.valid('json')
      // Saving a passport or DNI number tells the student whether another account holds it, so
      // trying numbers other than one's own is limited per student. The counter's key names the
      // student, never the number tried: a refused number is kept nowhere.
      if (
        datos.numeroDocumento !== '' &&
        (datos.numeroDocumento !== alumno.numero_documento || datos.tipoDocumento !== alumno.tipo_documento)
      ) {
        const limite = await contar(db, `documento-alumno:${alumno.id}`, config.limites.documentoAlumno, clock())
        if (limite.excedido) return respuestaLimite(c, limite)
      }
      const { campos, ciudad } = await validarContraBaseDeDatos(db, alumno, datos)
      const primero = Object.values(campos)[0]
      if (primero) return c.json({ error: primero, campos }, 400)

      const persona: Persona = { ...datos, ciudad }
      const clave = c.req.header(CABECERA_CLAVE) ?? null
      try {
        await db.transaction().execute((trx) => guardarPersona(trx, alumno.id, persona, clave, clock()))
      } catch (err) {
        // Another account took the same passport between the check and the update.
        if (await documentoEnUso(db, alumno.id, persona)) {
          return c.json({ error: MENSAJE_DOCUMENTO_EN_USO, campos: { numeroDocumento: MENSAJE_DOCUMENTO_EN_USO } }, 400)
        }
        throw err
      }
      const guardado = await db.selectFrom('alumnos').selectAll().where('id', '=', alumno.id).executeTakeFirstOrThrow()
      return c.json({ status: 'ok', data: respuestaPersona(guardado) })
    },
  )

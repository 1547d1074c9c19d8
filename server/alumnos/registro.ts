// A new applicant's account: the student record the portal creates when someone registers to
// apply (routes/auth.ts signs them in at once and answers with the login reply).
import { randomInt, randomUUID } from 'node:crypto'
import type * as v from 'valibot'
import { MENSAJE_DOCUMENTO_EN_USO } from '../../src/domain/documento-identidad.ts'
import type { registroSchema } from '../../src/domain/registro.ts'
import { normalizarRut, RUT_PLACEHOLDER } from '../../src/domain/rut.ts'
import type { Dependencias } from '../contexto.ts'
import { ASISTENTE_PORTAL_ID } from '../db/seed/base.ts'
import type { Alumno } from '../db/schema.ts'
import { contar } from '../middleware/limites.ts'
import { hashearPassword } from '../seguridad/password.ts'
import { indexarAlumno } from './busqueda.ts'
import type { Limitado } from './cuentas.ts'

export const MENSAJE_CUENTA_CREADA = 'Cuenta creada. Ya inició sesión en el portal.'
export const MENSAJE_EMAIL_DUPLICADO = 'Ya existe una cuenta con ese correo electrónico.'

export type Registro = Limitado | { tipo: 'duplicado'; mensaje: string } | { tipo: 'ok'; alumno: Alumno }

async function codigoAlumnoNuevo(deps: Dependencias): Promise<string> {
  for (;;) {
    const codigo = `AL${String(randomInt(0, 100_000_000)).padStart(8, '0')}`
    const existe = await deps.db
      .selectFrom('alumnos')
      .select('id')
      .where('codigo_alumno', '=', codigo)
      .executeTakeFirst()
    if (!existe) return codigo
  }
}

/**
 * Creates the applicant's account (registrations limited per IP); refused when the e-mail, or the
 * RUT or passport, is already on record, checked before and, for two registrations racing past
 * that check, by the unique indexes.
 */
export async function registrar(
  deps: Dependencias,
  datos: v.InferOutput<typeof registroSchema>,
  ip: string,
): Promise<Registro> {
  const { db, config, clock } = deps
  const ahora = clock()
  const porIp = await contar(db, `registro-ip:${ip}`, config.limites.registroIp, ahora)
  if (porIp.excedido) return { tipo: 'limite', limite: porIp }

  const conRut = datos.tipoDocumento === 'RUT'
  const rut = conRut ? normalizarRut(datos.documento) : RUT_PLACEHOLDER
  const numeroDocumento = conRut ? null : datos.documento.toUpperCase()

  const duplicado = async (): Promise<Registro | null> => {
    const porEmail = await db.selectFrom('alumnos').select('id').where('email', '=', datos.email).executeTakeFirst()
    if (porEmail) return { tipo: 'duplicado', mensaje: MENSAJE_EMAIL_DUPLICADO }
    const porDocumento = conRut
      ? await db.selectFrom('alumnos').select('id').where('rut', '=', rut).executeTakeFirst()
      : await db
          .selectFrom('alumnos')
          .select('id')
          .where('tipo_documento', '=', 'PASAPORTE')
          .where('numero_documento', '=', numeroDocumento)
          .executeTakeFirst()
    return porDocumento ? { tipo: 'duplicado', mensaje: MENSAJE_DOCUMENTO_EN_USO } : null
  }
  const antes = await duplicado()
  if (antes) return antes

  const id = `alumno-${randomUUID()}`
  try {
    const passwordHash = await hashearPassword(datos.password)
    const codigoAlumno = await codigoAlumnoNuevo(deps)
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('alumnos')
        .values({
          id,
          email: datos.email,
          password_hash: passwordHash,
          rut,
          tipo_documento: conRut ? null : 'PASAPORTE',
          numero_documento: numeroDocumento,
          nombres: datos.nombres,
          apellidos: datos.apellidos,
          codigo_alumno: codigoAlumno,
          // Until a commercial assistant takes the applicant, the portal's own account owns
          // them, and the home page hides that assistant.
          asistente_id: ASISTENTE_PORTAL_ID,
          telefono_particular: datos.telefono,
          creado: ahora.toISOString(),
        })
        .execute()
      await indexarAlumno(trx, id)
    })
  } catch (err) {
    // Two registrations racing past the check above: the unique indexes decide.
    const despues = await duplicado()
    if (despues) return despues
    throw err
  }
  const alumno = await db.selectFrom('alumnos').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  return { tipo: 'ok', alumno }
}

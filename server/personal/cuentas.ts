// Staff accounts as an admin manages them: the list, inviting a new member (through the same
// invitation links as the first admin's), changing a role, disabling and enabling an account,
// resetting its second factor, sending its invitation again and lifting a sign-in lock. Each
// change is one transaction with its audit row.
//
// The portal must always keep one active admin. Two admins acting at once (each disabling the
// other) must not both pass the check, so every change first locks the rows of the active admins
// (on PostgreSQL with SELECT … FOR UPDATE, in id order so two transactions never wait on each
// other crosswise; SQLite runs one transaction at a time on its one connection) and counts them
// inside the transaction that makes the change: the second one waits, then counts what the first
// left.
import type { Kysely } from 'kysely'
import {
  MENSAJE_ASISTENTE_DESCONOCIDO,
  MENSAJE_CORREO_PERSONAL_EN_USO,
  MENSAJE_CUENTA_DESACTIVADA,
  MENSAJE_CUENTA_PERSONAL_NO_ENCONTRADA,
  MENSAJE_INVITACION_YA_USADA,
  MENSAJE_MISMO_ROL,
  MENSAJE_ULTIMO_ADMIN,
  MENSAJE_YA_ACTIVA,
  MENSAJE_YA_DESACTIVADA,
  estadoCuentaPersonal,
} from '../../src/domain/gestion-personal.ts'
import { MENSAJE_CUENTA_NO_BLOQUEADA } from '../../src/domain/bloqueo-ingreso.ts'
import type { RolPersonal } from '../../src/domain/personal.ts'
import { etiquetaDeRol } from './rol.ts'
import type { Dependencias } from '../contexto.ts'
import { esPostgres, esViolacionDeUnicidad, type Db } from '../db/connection.ts'
import { ASISTENTE_PORTAL_ID } from '../db/seed/base.ts'
import type { Database, Personal } from '../db/schema.ts'
import { bloqueoVigente, levantarBloqueo } from '../seguridad/bloqueos.ts'
import { auditar, type Autor } from './auditoria.ts'
import { anularEnlaces } from './enlace-contrasena.ts'
import {
  correoInvitacion,
  crearInvitacion,
  crearPersonal,
  enlaceInvitacion,
  type MotivoInvitacion,
} from './invitacion.ts'
import { detalleDeError } from '../bitacora.ts'

type Trx = Kysely<Database>

/** A refusal: the status and the Spanish message (and the field it is about, for a form). */
export type Rechazo = { rechazo: { status: 400 | 404 | 409; error: string; campos?: Record<string, string> } }

const columnasCuenta = [
  'personal.id',
  'personal.nombre',
  'personal.email',
  'personal.rol',
  'personal.asistente_id',
  'personal.activo',
  'personal.password_hash',
  'personal.totp_confirmado_en',
  'personal.creado_en',
] as const

/** A staff account as the list shows it: never its password hash nor its secret. */
function fila(
  cuenta: Pick<
    Personal,
    'id' | 'nombre' | 'email' | 'rol' | 'asistente_id' | 'activo' | 'password_hash' | 'totp_confirmado_en' | 'creado_en'
  >,
  ultimoIngreso: string | null,
  asistenteNombre: string | null,
  bloqueadaHasta: string | null,
) {
  const rol = cuenta.rol
  return {
    id: cuenta.id,
    nombre: cuenta.nombre,
    email: cuenta.email,
    rol,
    etiquetaRol: etiquetaDeRol(rol),
    asistente: cuenta.asistente_id ? { id: cuenta.asistente_id, nombre: asistenteNombre ?? cuenta.asistente_id } : null,
    estado: estadoCuentaPersonal({ activo: cuenta.activo === 1, conContrasena: cuenta.password_hash !== null }),
    segundoFactor: cuenta.totp_confirmado_en !== null,
    /** Until when its sign-in is locked by failed attempts, or null. */
    bloqueadaHasta,
    ultimoIngreso,
    creadoEn: cuenta.creado_en,
  }
}
export type CuentaPersonal = ReturnType<typeof fila>

/**
 * Every staff account (by name), with the last time each signed in and the lock on its sign-in,
 * if one holds at `ahora`.
 */
export async function listarCuentas(db: Db, ahora: Date) {
  const [cuentas, ingresos, asistentes, bloqueos] = await Promise.all([
    db
      .selectFrom('personal')
      .leftJoin('asistentes', 'asistentes.id', 'personal.asistente_id')
      .select([...columnasCuenta, 'asistentes.nombre as asistente_nombre'])
      .orderBy('personal.nombre')
      .orderBy('personal.id')
      .execute(),
    // A sign-in is an audit row: the last one per account is its last sign-in.
    db
      .selectFrom('auditoria')
      .select(['actor_id', (eb) => eb.fn.max('en').as('ultimo')])
      .where('actor_tipo', '=', 'personal')
      .where('accion', '=', 'sesion.ingreso')
      .groupBy('actor_id')
      .execute(),
    listarAsistentes(db),
    // A staff sign-in is locked by e-mail (personal/bloqueo.ts).
    db
      .selectFrom('bloqueos_ingreso')
      .select(['sujeto', 'bloqueada_hasta'])
      .where('ambito', '=', 'personal')
      .where('bloqueada_hasta', '>', ahora.toISOString())
      .execute(),
  ])
  const ultimo = new Map(ingresos.map((i) => [i.actor_id, i.ultimo as string | null]))
  const bloqueada = new Map(bloqueos.map((b) => [b.sujeto, b.bloqueada_hasta]))
  return {
    cuentas: cuentas.map((c) => fila(c, ultimo.get(c.id) ?? null, c.asistente_nombre, bloqueada.get(c.email) ?? null)),
    asistentes,
  }
}

/** The commercial assistants an account may be tied to (not the portal's own service account). */
function listarAsistentes(db: Db) {
  return db
    .selectFrom('asistentes')
    .select(['id', 'nombre', 'email'])
    .where('id', '<>', ASISTENTE_PORTAL_ID)
    .orderBy('nombre')
    .execute()
}

async function cuentaListada(db: Db, id: string, ahora: Date): Promise<CuentaPersonal | undefined> {
  const { cuentas } = await listarCuentas(db, ahora)
  return cuentas.find((c) => c.id === id)
}

/**
 * Inside a transaction: locks the active admins' rows and then the account's, and says how many
 * active admins there are now. Every change below starts here (see the top of this file).
 */
async function bloquear(trx: Trx, id: string) {
  const pg = esPostgres(trx)
  const admins = await trx
    .selectFrom('personal')
    .select('id')
    .where('rol', '=', 'admin')
    .where('activo', '=', 1)
    .orderBy('id')
    .$if(pg, (q) => q.forUpdate())
    .execute()
  const cuenta = await trx
    .selectFrom('personal')
    .selectAll()
    .where('id', '=', id)
    .$if(pg, (q) => q.forUpdate())
    .executeTakeFirst()
  return { cuenta, adminsActivos: admins.length }
}

/** Whether `cuenta` is an active admin who is the last one: removing them is refused. */
function esUltimoAdmin(cuenta: Personal, adminsActivos: number): boolean {
  return cuenta.rol === 'admin' && cuenta.activo === 1 && adminsActivos <= 1
}

const noEncontrada: Rechazo = { rechazo: { status: 404, error: MENSAJE_CUENTA_PERSONAL_NO_ENCONTRADA } }
const conflicto = (error: string): Rechazo => ({ rechazo: { status: 409, error } })

async function asistenteExiste(db: Trx, asistenteId: string | null): Promise<boolean> {
  if (asistenteId === null) return true
  if (asistenteId === ASISTENTE_PORTAL_ID) return false
  return !!(await db.selectFrom('asistentes').select('id').where('id', '=', asistenteId).executeTakeFirst())
}

const asistenteDesconocido: Rechazo = {
  rechazo: {
    status: 400,
    error: MENSAJE_ASISTENTE_DESCONOCIDO,
    campos: { asistenteId: MENSAJE_ASISTENTE_DESCONOCIDO },
  },
}

const enUso: Rechazo = {
  rechazo: { status: 409, error: MENSAJE_CORREO_PERSONAL_EN_USO, campos: { email: MENSAJE_CORREO_PERSONAL_EN_USO } },
}

/** Sends an invitation e-mail; false (and logged) when the mail server refused it. */
async function enviarInvitacion(
  deps: Dependencias,
  cuenta: { nombre: string; email: string },
  token: string,
  motivo: MotivoInvitacion,
): Promise<boolean> {
  const enlace = enlaceInvitacion(deps.config.publicUrl, token)
  try {
    await deps.correo.enviar({ to: cuenta.email, ...correoInvitacion(cuenta.nombre, enlace, motivo) })
    return true
  } catch (err) {
    deps.log(`error al enviar la invitación del personal: ${detalleDeError(err)}`)
    return false
  }
}

type Resultado = { cuenta: CuentaPersonal; correoEnviado?: boolean } | Rechazo

/** A new account without a password and its invitation link, e-mailed once the account exists. */
export async function invitarPersonal(
  deps: Dependencias,
  autor: Autor,
  datos: { nombre: string; email: string; rol: RolPersonal; asistenteId: string | null },
): Promise<Resultado> {
  const clock = () => autor.ahora
  let creado: { id: string; token: string } | Rechazo
  try {
    creado = await deps.db.transaction().execute(async (trx) => {
      if (!(await asistenteExiste(trx, datos.asistenteId))) return asistenteDesconocido
      const existente = await trx
        .selectFrom('personal')
        .select('id')
        .where('email', '=', datos.email)
        .executeTakeFirst()
      if (existente) return enUso
      const id = await crearPersonal({ db: trx, clock }, datos)
      const token = await crearInvitacion({ db: trx, clock }, id)
      await auditar(trx, autor, {
        accion: 'personal.invitar',
        entidad: 'personal',
        entidadId: id,
        despues: { nombre: datos.nombre, email: datos.email, rol: datos.rol, asistente: datos.asistenteId },
      })
      return { id, token }
    })
  } catch (err) {
    // The same address invited twice at once: the unique e-mail lets one in.
    if (esViolacionDeUnicidad(err)) return enUso
    throw err
  }
  if ('rechazo' in creado) return creado
  const correoEnviado = await enviarInvitacion(deps, datos, creado.token, 'nueva')
  return { cuenta: (await cuentaListada(deps.db, creado.id, autor.ahora))!, correoEnviado }
}

/**
 * Runs `cambio` on the locked account (404 when there is none), then answers with the account as
 * the list shows it. `cambio` returns a refusal, or what to do once the transaction committed.
 */
async function cambiar(
  deps: Dependencias,
  autor: Autor,
  id: string,
  cambio: (
    trx: Trx,
    cuenta: Personal,
    adminsActivos: number,
  ) => Promise<Rechazo | { despues?: () => Promise<boolean | undefined> }>,
): Promise<Resultado> {
  const hecho = await deps.db.transaction().execute(async (trx) => {
    const { cuenta, adminsActivos } = await bloquear(trx, id)
    if (!cuenta) return noEncontrada
    return cambio(trx, cuenta, adminsActivos)
  })
  if ('rechazo' in hecho) return hecho
  const correoEnviado = await hecho.despues?.()
  const cuenta = (await cuentaListada(deps.db, id, autor.ahora))!
  return correoEnviado === undefined ? { cuenta } : { cuenta, correoEnviado }
}

/** Ends every session of the account (signed in, or half-way through its sign-in). */
async function cerrarSesiones(trx: Trx, id: string): Promise<void> {
  await trx.deleteFrom('sesiones').where('actor_tipo', '=', 'personal').where('actor_id', '=', id).execute()
}

export function cambiarRol(
  deps: Dependencias,
  autor: Autor,
  id: string,
  datos: { rol: RolPersonal; asistenteId: string | null },
) {
  return cambiar(deps, autor, id, async (trx, cuenta, adminsActivos) => {
    if (cuenta.rol === datos.rol && cuenta.asistente_id === datos.asistenteId) return conflicto(MENSAJE_MISMO_ROL)
    if (datos.rol !== 'admin' && esUltimoAdmin(cuenta, adminsActivos)) return conflicto(MENSAJE_ULTIMO_ADMIN)
    if (!(await asistenteExiste(trx, datos.asistenteId))) return asistenteDesconocido
    await trx
      .updateTable('personal')
      .set({ rol: datos.rol, asistente_id: datos.asistenteId })
      .where('id', '=', id)
      .execute()
    await auditar(trx, autor, {
      accion: 'personal.cambiar-rol',
      entidad: 'personal',
      entidadId: id,
      antes: { rol: cuenta.rol, asistente: cuenta.asistente_id },
      despues: { rol: datos.rol, asistente: datos.asistenteId },
    })
    return {}
  })
}

/** A disabled account cannot sign in, its sessions end at once and its unused links are void. */
export function desactivarCuenta(deps: Dependencias, autor: Autor, id: string) {
  return cambiar(deps, autor, id, async (trx, cuenta, adminsActivos) => {
    if (cuenta.activo !== 1) return conflicto(MENSAJE_YA_DESACTIVADA)
    if (esUltimoAdmin(cuenta, adminsActivos)) return conflicto(MENSAJE_ULTIMO_ADMIN)
    await trx.updateTable('personal').set({ activo: 0 }).where('id', '=', id).execute()
    await cerrarSesiones(trx, id)
    await anularEnlaces(trx, id, autor.ahora)
    await auditar(trx, autor, {
      accion: 'personal.desactivar',
      entidad: 'personal',
      entidadId: id,
      antes: { estado: 'activa' },
      despues: { estado: 'desactivada' },
    })
    return {}
  })
}

/** Enabled again as it was: with its password and second factor, or still to use a new invitation. */
export function activarCuenta(deps: Dependencias, autor: Autor, id: string) {
  return cambiar(deps, autor, id, async (trx, cuenta) => {
    if (cuenta.activo === 1) return conflicto(MENSAJE_YA_ACTIVA)
    await trx.updateTable('personal').set({ activo: 1 }).where('id', '=', id).execute()
    await auditar(trx, autor, {
      accion: 'personal.activar',
      entidad: 'personal',
      entidadId: id,
      antes: { estado: 'desactivada' },
      despues: { estado: 'activa' },
    })
    return {}
  })
}

/**
 * A lost or compromised authenticator: the account's secret and password are cleared, its
 * sessions end, and a new invitation link is e-mailed. The member then creates a password from
 * that link and enrols a new secret at the next sign-in, the same steps as a new account, so only
 * whoever reads the account's mailbox can enrol, not someone who only knows the old password.
 */
export function reiniciarSegundoFactor(deps: Dependencias, autor: Autor, id: string) {
  let token = ''
  let destinatario = { nombre: '', email: '' }
  return cambiar(deps, autor, id, async (trx, cuenta) => {
    if (cuenta.activo !== 1) return conflicto(MENSAJE_CUENTA_DESACTIVADA)
    await trx
      .updateTable('personal')
      .set({ password_hash: null, totp_secreto: null, totp_confirmado_en: null, totp_ultimo_paso: null })
      .where('id', '=', id)
      .execute()
    await cerrarSesiones(trx, id)
    await anularEnlaces(trx, id, autor.ahora)
    token = await crearInvitacion({ db: trx, clock: () => autor.ahora }, id)
    destinatario = { nombre: cuenta.nombre, email: cuenta.email }
    await auditar(trx, autor, {
      accion: 'personal.reiniciar-segundo-factor',
      entidad: 'personal',
      entidadId: id,
      antes: {
        segundoFactor: cuenta.totp_confirmado_en ? 'activado' : 'sin activar',
        contrasena: cuenta.password_hash ? 'creada' : 'por crear',
      },
      despues: { segundoFactor: 'sin activar', contrasena: 'por crear' },
    })
    return { despues: () => enviarInvitacion(deps, destinatario, token, 'segundo-factor') }
  })
}

/** A new link for an account that has not created its password yet; the earlier ones stop working. */
export function reenviarInvitacion(deps: Dependencias, autor: Autor, id: string) {
  let token = ''
  let destinatario = { nombre: '', email: '' }
  return cambiar(deps, autor, id, async (trx, cuenta) => {
    if (cuenta.activo !== 1) return conflicto(MENSAJE_CUENTA_DESACTIVADA)
    if (cuenta.password_hash !== null) return conflicto(MENSAJE_INVITACION_YA_USADA)
    await anularEnlaces(trx, id, autor.ahora)
    token = await crearInvitacion({ db: trx, clock: () => autor.ahora }, id)
    destinatario = { nombre: cuenta.nombre, email: cuenta.email }
    await auditar(trx, autor, { accion: 'personal.reenviar-invitacion', entidad: 'personal', entidadId: id })
    return { despues: () => enviarInvitacion(deps, destinatario, token, 'nueva') }
  })
}

/**
 * Lifts the lock that failed passwords or codes put on the account's sign-in, and forgets those
 * failures: the member may sign in at once. The lock of an address is not the account's and
 * stays (it ends by itself).
 */
export function desbloquearCuenta(deps: Dependencias, autor: Autor, id: string) {
  return cambiar(deps, autor, id, async (trx, cuenta) => {
    const hasta = await bloqueoVigente(trx, 'personal', cuenta.email, autor.ahora)
    if (!hasta) return conflicto(MENSAJE_CUENTA_NO_BLOQUEADA)
    await levantarBloqueo(trx, 'personal', cuenta.email)
    await auditar(trx, autor, {
      accion: 'personal.desbloquear',
      entidad: 'personal',
      entidadId: id,
      antes: { bloqueadaHasta: hasta },
      despues: { bloqueadaHasta: null },
    })
    return {}
  })
}

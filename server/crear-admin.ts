// `npm run admin:crear -- <email> <nombre completo>`: the first admin of a real portal (or a new
// invitation for an account that has not created its password yet). Uses the same configuration
// as the server (DATABASE_URL or DATA_DIR, PUBLIC_URL), migrates the database if it is new, and
// prints the invitation link, valid for VIGENCIA_INVITACION_HORAS and once. The admin then opens
// it, creates a password, signs in at /admin/login and enrols the second factor.
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'
import { emailSchema } from '../src/domain/email.ts'
import * as v from 'valibot'
import { blobStoreEnDisco } from './blobs.ts'
import { construirConfig, type Config } from './config.ts'
import { abrirBaseDeDatos, conBloqueoDeArranque, migrar } from './db/connection.ts'
import { sembrar } from './db/seed/index.ts'
import { crearInvitacion, crearPersonal, enlaceInvitacion, VIGENCIA_INVITACION_HORAS } from './personal/invitacion.ts'
import { certificadoEscuela } from './papel/certificado-escuela.ts'
import { mensajeDeFallo } from './bitacora.ts'

export type AdminCreado = { enlace: string; nuevo: boolean }

export async function crearAdmin(
  config: Config,
  email: string,
  nombre: string,
  ahora = new Date(),
): Promise<AdminCreado> {
  const correo = v.safeParse(emailSchema, email.trim().toLowerCase())
  if (!correo.success) throw new Error(`El correo no es válido: ${email}`)
  if (!nombre.trim()) throw new Error('Falta el nombre completo del administrador')
  const db = abrirBaseDeDatos({ ...config, log: () => {} })
  const clock = () => ahora
  try {
    await conBloqueoDeArranque(db, async (conexion) => {
      await migrar(conexion)
      // The base data only (never the demo): what a server would seed on its first start.
      await sembrar(conexion, {
        serviceAccountEmail: config.serviceAccountEmail,
        ahora,
        blobs: blobStoreEnDisco(join(config.dataDir, 'archivos')),
        firma: certificadoEscuela(
          { rutaP12: config.firma.p12, passphrase: config.firma.passphrase, dataDir: config.dataDir },
          () => {},
        ),
        urlPublica: config.publicUrl ?? `http://${config.host}:${config.port}`,
        demo: false,
      })
    })
    const existente = await db
      .selectFrom('personal')
      .select(['id', 'password_hash'])
      .where('email', '=', correo.output)
      .executeTakeFirst()
    if (existente?.password_hash)
      throw new Error(`${correo.output} ya tiene una cuenta con contraseña: que ingrese en /admin/login`)
    const id =
      existente?.id ??
      (await crearPersonal({ db, clock }, { email: correo.output, nombre: nombre.trim(), rol: 'admin' }))
    const token = await crearInvitacion({ db, clock }, id)
    return {
      enlace: enlaceInvitacion(config.publicUrl ?? `http://${config.host}:${config.port}`, token),
      nuevo: !existente,
    }
  } finally {
    await db.destroy()
  }
}

async function principal(): Promise<void> {
  const [email, ...nombre] = process.argv.slice(2)
  if (!email || nombre.length === 0) {
    console.error('Uso: npm run admin:crear -- <correo> <nombre completo>')
    process.exit(2)
  }
  const { enlace, nuevo } = await crearAdmin(construirConfig(process.env), email, nombre.join(' '))
  console.log(`${nuevo ? 'Cuenta de administración creada' : 'Nueva invitación'} para ${email}.`)
  console.log(`Enlace para crear su contraseña (vale ${VIGENCIA_INVITACION_HORAS} horas y una sola vez):`)
  console.log(enlace)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  principal().catch((err: unknown) => {
    console.error(`No se pudo crear la cuenta: ${mensajeDeFallo(err)}`)
    process.exit(1)
  })
}

// The VAPID key pair that signs every push. A device's subscription is bound to the public key it
// was made with, so every server must sign with the same pair: from VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY when set; otherwise the first server to need one generates it and keeps it in
// the database, the one place all servers share (each server's DATA_DIR is its own disk, so a
// pair generated there would differ from server to server, and pushes signed by the others would
// be refused). One insert that a second server's loses, then both read the same row.
import webpush from 'web-push'
import type { ConfigNotificaciones } from '../config.ts'
import type { Db } from '../db/connection.ts'

export type ClavesVapid = { subject: string; publicKey: string; privateKey: string }

const NOMBRE = 'vapid'

export async function clavesVapid(db: Db, config: ConfigNotificaciones, ahora: Date): Promise<ClavesVapid> {
  if (config.vapid) return { subject: config.vapidSubject, ...config.vapid }
  const leer = () => db.selectFrom('claves_servidor').select('valor').where('nombre', '=', NOMBRE).executeTakeFirst()
  let fila = await leer()
  if (!fila) {
    const nuevas = webpush.generateVAPIDKeys()
    await db
      .insertInto('claves_servidor')
      .values({ nombre: NOMBRE, valor: JSON.stringify(nuevas), creada_en: ahora.toISOString() })
      .onConflict((oc) => oc.column('nombre').doNothing())
      .execute()
    fila = await leer()
  }
  if (!fila) throw new Error('no se pudieron guardar las claves VAPID')
  const { publicKey, privateKey } = JSON.parse(fila.valor) as { publicKey: string; privateKey: string }
  return { subject: config.vapidSubject, publicKey, privateKey }
}

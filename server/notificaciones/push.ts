// Web Push through the `web-push` library: it encrypts the message for the device (aes128gcm) and
// signs the request with our VAPID key; we send the request it describes with fetch, which also
// reaches a plain-http push service in tests (the library's own sender speaks https only).
import { createHash } from 'node:crypto'
import webpush from 'web-push'
import type { MensajePush } from '../../src/domain/notificaciones.ts'
import { esUrlLocal } from '../config.ts'
import type { ClavesVapid } from './vapid.ts'

/**
 * A day: a phone that was off longer gets the newer notice (the topic replaces the older one still
 * waiting) and the rest in the app and by e-mail, not a pile of stale reminders.
 */
export const TTL_PUSH_S = 24 * 3600

/** Web Push's Topic: at most 32 characters of the URL-safe base64 alphabet. */
export function temaPush(tema: string): string {
  return createHash('sha256').update(tema).digest('base64url').slice(0, 32)
}

export type Destino = { endpoint: string; p256dh: string; auth: string }

/** The push service's HTTP status: 201 accepted; 404 and 410 mean the subscription is gone. */
export async function enviarPush(
  destino: Destino,
  mensaje: MensajePush,
  opciones: { vapid: ClavesVapid; tema: string },
): Promise<number> {
  const pedido = webpush.generateRequestDetails(
    { endpoint: destino.endpoint, keys: { p256dh: destino.p256dh, auth: destino.auth } },
    JSON.stringify(mensaje),
    {
      vapidDetails: opciones.vapid,
      TTL: TTL_PUSH_S,
      topic: temaPush(opciones.tema),
      urgency: 'normal',
      contentEncoding: 'aes128gcm',
    },
  )
  const cabeceras = { ...pedido.headers } as Record<string, string>
  // fetch sets the length of the body itself.
  delete cabeceras['Content-Length']
  const respuesta = await fetch(pedido.endpoint, {
    method: pedido.method,
    headers: cabeceras,
    body: pedido.body ? new Uint8Array(pedido.body) : null,
    signal: AbortSignal.timeout(30_000),
  })
  await respuesta.body?.cancel()
  return respuesta.status
}

/**
 * Where the server may send a student's pushes: the push service's https address, never a host
 * given as an IP address or localhost, since the address comes from the browser and the server
 * posts to it (a subscription naming an internal service must not make the server call it). A
 * portal that runs on this machine (development, tests) also takes a local push service's http.
 */
export function destinoPermitido(endpoint: string, publicUrl: string): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (esUrlLocal(publicUrl)) return url.protocol === 'https:' || url.protocol === 'http:'
  const host = url.hostname
  const esIp = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[')
  return url.protocol === 'https:' && !esIp && host !== 'localhost' && !host.endsWith('.localhost')
}

export function subscripcionDesaparecida(status: number): boolean {
  return status === 404 || status === 410
}

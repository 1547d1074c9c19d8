// Web Push through the `web-push` library: it encrypts the message for the device (aes128gcm) and
// signs the request with our VAPID key; we send the request it describes ourselves, with Node's
// http and https, which also reach a plain-http push service in tests (the library's own sender
// speaks https only) and let us choose the address the connection goes to.
//
// A push service's address comes from the browser, so the server posts wherever a subscription
// says: on a published portal it must be a push service on the Internet, never this machine, the
// private network or the cloud's metadata service. The name is resolved and every address it
// gives is checked (seguridad/direcciones.ts), when the device subscribes and again before each
// message, and the message goes to one of the addresses just checked (a name that changes its
// answer between the check and the connection, DNS rebinding, reaches nothing new). A redirect is
// never followed: no push service answers one, and following it would send the server wherever
// the reply points.
import { createHash } from 'node:crypto'
import { lookup } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import webpush from 'web-push'
import type { MensajePush } from '../../src/domain/notificaciones.ts'
import { esUrlLocal } from '../config.ts'
import { claseDeDireccion } from '../seguridad/direcciones.ts'
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

/** Every address a name has, as `dns.lookup(nombre, { all: true })` gives them. */
export type ResolverDns = (nombre: string) => Promise<{ address: string; family: number }[]>

export const resolverDelSistema: ResolverDns = (nombre) => lookup(nombre, { all: true, verbatim: true })

/** Names that never lead to the Internet, whatever they resolve to. */
const NOMBRES_INTERNOS = /(^|\.)(localhost|local|internal|home\.arpa)$/

/**
 * Why an address is refused: `direccion`, what it names is not a push service on the Internet (it
 * never will be); `dns`, its name has no address; `dns-temporal`, the resolver could not answer
 * just now.
 */
export type CausaDeRechazo = 'direccion' | 'dns' | 'dns-temporal'

export type DestinoPush =
  | { permitido: true; url: URL; direcciones: { address: string; family: number }[] }
  | { permitido: false; causa: CausaDeRechazo; motivo: string }

function rechazo(motivo: string, causa: CausaDeRechazo = 'direccion'): DestinoPush {
  return { permitido: false, causa, motivo }
}

/** DNS answers that may change in a moment (a resolver down or slow), unlike "no such name". */
const FALLOS_TEMPORALES = new Set(['EAI_AGAIN', 'ETIMEOUT', 'ECONNREFUSED', 'ESERVFAIL', 'EAI_FAIL'])

/**
 * Where the server may send a student's pushes, and the addresses it may connect to. A published
 * portal: an `https:` push service named by host (no IP address, no single-label or local name),
 * every address of which is public. A portal that runs on this machine (development, tests) also
 * takes a local push service, over http too, but never the cloud's metadata service.
 */
export async function comprobarDestinoPush(
  endpoint: string,
  { publicUrl, resolver = resolverDelSistema }: { publicUrl: string; resolver?: ResolverDns },
): Promise<DestinoPush> {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return rechazo('la dirección no es una URL')
  }
  const publicada = !esUrlLocal(publicUrl)
  if (url.username || url.password) return rechazo('la dirección lleva credenciales')
  if (url.protocol !== 'https:' && (publicada || url.protocol !== 'http:'))
    return rechazo(`el protocolo ${url.protocol} no está permitido`)
  // Brackets off an IPv6 address; a trailing dot (`localhost.`) names the same host.
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase()
  if (publicada) {
    if (isIP(host) !== 0) return rechazo('la dirección es una IP, no el nombre de un servicio de push')
    if (!host.includes('.') || NOMBRES_INTERNOS.test(host)) return rechazo(`${host} es un nombre interno`)
  }
  let direcciones: { address: string; family: number }[]
  try {
    direcciones = isIP(host) !== 0 ? [{ address: host, family: isIP(host) }] : await resolver(host)
  } catch (err) {
    const codigo = (err as { code?: string }).code ?? ''
    const causa = FALLOS_TEMPORALES.has(codigo) ? 'dns-temporal' : 'dns'
    return rechazo(`no se pudo resolver ${host} (${codigo || String(err)})`, causa)
  }
  if (direcciones.length === 0) return rechazo(`${host} no tiene direcciones`, 'dns')
  for (const { address } of direcciones) {
    const clase = claseDeDireccion(address)
    if (clase === 'metadatos' || (publicada && clase === 'interna'))
      return rechazo(`${host} apunta a una dirección interna (${address})`)
  }
  return { permitido: true, url, direcciones }
}

/** The address resolution of a connection: only the addresses already checked, whatever the name. */
function soloEstas(direcciones: { address: string; family: number }[]): LookupFunction {
  return (_nombre, opciones, listo) => {
    const aptas = direcciones.filter((d) => !opciones.family || d.family === opciones.family)
    if (aptas.length === 0) {
      const error = Object.assign(new Error('sin direcciones de esa familia'), { code: 'ENOTFOUND' })
      return opciones.all ? listo(error, []) : listo(error, '', 0)
    }
    if (opciones.all) listo(null, aptas)
    else listo(null, aptas[0]!.address, aptas[0]!.family)
  }
}

/** A push service's address that the server refuses to post to (see comprobarDestinoPush). */
export class DestinoNoPermitido extends Error {}

/**
 * Sends one message; answers the push service's HTTP status: 201 accepted; 404 and 410 mean the
 * subscription is gone; a 3xx is answered as it is, never followed. Throws DestinoNoPermitido
 * when the address now leads where the server does not post (the subscription should go), any
 * other error when it could not be sent (a name not resolved now included: try again later).
 */
export async function enviarPush(
  destino: Destino,
  mensaje: MensajePush,
  opciones: { vapid: ClavesVapid; tema: string; publicUrl: string; resolver?: ResolverDns },
): Promise<number> {
  const comprobado = await comprobarDestinoPush(destino.endpoint, opciones)
  if (!comprobado.permitido) {
    if (comprobado.causa === 'direccion') throw new DestinoNoPermitido(comprobado.motivo)
    throw new Error(comprobado.motivo)
  }
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
  const { url, direcciones } = comprobado
  const cliente = url.protocol === 'https:' ? https : http
  return new Promise<number>((resolver, rechazar) => {
    const peticion = cliente.request(
      {
        method: pedido.method,
        protocol: url.protocol,
        // The name, not the address: the TLS certificate is checked against it (and SNI carries it).
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: pedido.headers,
        lookup: soloEstas(direcciones),
        // A connection of its own: a pooled one might have been opened to another address.
        agent: false,
        signal: AbortSignal.timeout(30_000),
      },
      (respuesta) => {
        respuesta.resume()
        resolver(respuesta.statusCode ?? 0)
      },
    )
    peticion.on('error', rechazar)
    peticion.end(pedido.body ?? undefined)
  })
}

export function subscripcionDesaparecida(status: number): boolean {
  return status === 404 || status === 410
}

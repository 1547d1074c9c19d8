// Password hashing with scrypt from node:crypto. The stored string carries
// its parameters, so they can be raised later without breaking existing hashes:
// scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const N = 16384
const R = 8
const P = 1
const KEYLEN = 32

function derivar(password: string, salt: Buffer, opciones: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEYLEN, { ...opciones, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })
}

export async function hashearPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await derivar(password, salt, { N, r: R, p: P })
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$')
}

export async function verificarPassword(password: string, almacenado: string): Promise<boolean> {
  const [tipo, n, r, p, salt, hash] = almacenado.split('$')
  if (tipo !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const esperado = Buffer.from(hash, 'base64')
  const calculado = await derivar(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) })
  return calculado.length === esperado.length && timingSafeEqual(calculado, esperado)
}

/**
 * A real hash of a random password, checked when the e-mail is unknown so that a login for a
 * missing account costs as much as one with a wrong password (no account enumeration by timing).
 */
let hashSenuelo: Promise<string> | undefined
export function hashDeRelleno(): Promise<string> {
  hashSenuelo ??= hashearPassword(randomBytes(16).toString('hex'))
  return hashSenuelo
}

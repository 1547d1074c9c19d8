// Which IP addresses a server may post to when the address comes from outside (a device's push
// service): only public ones. A name that resolves to this machine, the private network, the
// cloud's metadata service or any other range that is not the public Internet would turn the
// portal into a way into the network it runs in. IPv6 forms that carry an IPv4 address
// (IPv4-mapped, NAT64, 6to4) are judged by that IPv4 address.
import { BlockList, isIPv4, isIPv6 } from 'node:net'

/**
 * `publica`: on the Internet; `metadatos`: the cloud's instance metadata and other link-local
 * addresses, never reached even by a portal on a developer's machine; `interna`: everything else
 * that is not the Internet (loopback, private, shared address space, unique local, reserved…).
 */
export type ClaseDeDireccion = 'publica' | 'interna' | 'metadatos'

const METADATOS = new BlockList()
// Link-local: AWS, GCP and Azure's metadata at 169.254.169.254, and every host's own link.
METADATOS.addSubnet('169.254.0.0', 16, 'ipv4')
METADATOS.addSubnet('fe80::', 10, 'ipv6')
// AWS's metadata over IPv6, Alibaba's and Oracle's.
METADATOS.addAddress('fd00:ec2::254', 'ipv6')
METADATOS.addAddress('100.100.100.200', 'ipv4')
METADATOS.addAddress('192.0.0.192', 'ipv4')

const NO_PUBLICAS = new BlockList()
for (const [red, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  NO_PUBLICAS.addSubnet(red, bits, 'ipv4')
// IPv6's Internet is 2000::/3 (global unicast); outside it there is loopback, unique local
// (fc00::/7), link-local, multicast and reserved space. Within it, these are not the Internet:
for (const [red, bits] of [
  ['2001::', 23], // IETF protocol assignments: Teredo (its IPv4 address hidden), benchmarking…
  ['2001:db8::', 32], // documentation
] as const)
  NO_PUBLICAS.addSubnet(red, bits, 'ipv6')
const UNICAST_GLOBAL = new BlockList()
UNICAST_GLOBAL.addSubnet('2000::', 3, 'ipv6')

/** The 16 bytes of an IPv6 address (a zone such as `%eth0` ignored), or null if it is not one. */
function bytesIpv6(ip: string): Uint8Array | null {
  const sinZona = ip.split('%')[0]!
  if (!isIPv6(sinZona)) return null
  let texto = sinZona
  // A trailing dotted IPv4 (::ffff:127.0.0.1) becomes its two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(texto)?.[1]
  if (v4) {
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number]
    texto = `${texto.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [cabeza = '', cola] = texto.split('::')
  const grupos = (s: string) => (s === '' ? [] : s.split(':'))
  const izquierda = grupos(cabeza)
  const derecha = cola === undefined ? [] : grupos(cola)
  const todos = [...izquierda, ...Array<string>(8 - izquierda.length - derecha.length).fill('0'), ...derecha]
  const bytes = new Uint8Array(16)
  todos.forEach((grupo, i) => {
    const n = parseInt(grupo, 16)
    bytes[2 * i] = n >> 8
    bytes[2 * i + 1] = n & 0xff
  })
  return bytes
}

const ipv4De = (b: Uint8Array, desde: number) => `${b[desde]}.${b[desde + 1]}.${b[desde + 2]}.${b[desde + 3]}`

/**
 * The IPv4 address an IPv6 one carries (IPv4-mapped, NAT64's well-known prefix, 6to4), if any.
 * The deprecated IPv4-compatible form (::a.b.c.d) is not read: outside 2000::/3, it is internal.
 */
function ipv4Incluida(b: Uint8Array): string | null {
  const ceros = (hasta: number) => b.subarray(0, hasta).every((x) => x === 0)
  if (ceros(10) && b[10] === 0xff && b[11] === 0xff) return ipv4De(b, 12)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && b.subarray(4, 12).every((x) => x === 0))
    return ipv4De(b, 12)
  if (b[0] === 0x20 && b[1] === 0x02) return ipv4De(b, 2)
  return null
}

/** What kind of address `ip` is; anything that is not an IP address counts as `interna`. */
export function claseDeDireccion(ip: string): ClaseDeDireccion {
  if (isIPv4(ip)) {
    if (METADATOS.check(ip, 'ipv4')) return 'metadatos'
    return NO_PUBLICAS.check(ip, 'ipv4') ? 'interna' : 'publica'
  }
  const bytes = bytesIpv6(ip)
  if (!bytes) return 'interna'
  const v4 = ipv4Incluida(bytes)
  if (v4) return claseDeDireccion(v4)
  const normal = ip.split('%')[0]!
  if (METADATOS.check(normal, 'ipv6')) return 'metadatos'
  return UNICAST_GLOBAL.check(normal, 'ipv6') && !NO_PUBLICAS.check(normal, 'ipv6') ? 'publica' : 'interna'
}

// The tus protocol spoken by hand, for the server tests of resumable uploads (server/subidas*.test.ts):
// POST creates an upload, PATCH sends bytes from an offset, HEAD tells how many the server has, and
// the document's endpoint is then told which finished upload to make the document of.
import type { ClienteDePrueba } from './servidor.ts'

type Servidor = { url: string }

/** A PDF of `tamanno` bytes whose content marks it. */
export function pdf(tamanno: number, marca = 'x'): Uint8Array {
  const cabeza = new TextEncoder().encode(`%PDF-1.4\n% ${marca}\n`)
  const cola = new TextEncoder().encode('\n%%EOF\n')
  const bytes = new Uint8Array(tamanno)
  for (let i = 0; i < tamanno; i++) bytes[i] = 32 + ((i * 7) % 90)
  bytes.set(cabeza, 0)
  bytes.set(cola, tamanno - cola.length)
  return bytes
}

export function cabeceras(cliente: ClienteDePrueba): Record<string, string> {
  return {
    cookie: [...cliente.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': cliente.cookies.get('XSRF-TOKEN') ?? '',
    'Tus-Resumable': '1.0.0',
  }
}

const b64 = (texto: string) => Buffer.from(texto).toString('base64')

type Para = { destino?: string; cod?: string; nombre?: string }

/** Begins an upload on `servidor`: its address (relative), or the refusal. */
export async function crear(servidor: Servidor, cliente: ClienteDePrueba, tamanno: number, para: Para = {}) {
  const { destino = '/api/alumno/documentos', cod = '21', nombre = 'trabajo.pdf' } = para
  const res = await fetch(`${servidor.url}/api/subidas`, {
    method: 'POST',
    headers: {
      ...cabeceras(cliente),
      'Upload-Length': String(tamanno),
      'Upload-Metadata': `destino ${b64(destino)},codTipoDocumento ${b64(cod)},filename ${b64(nombre)}`,
    },
  })
  return { res, ubicacion: res.headers.get('location') ?? '' }
}

export async function enviarTrozo(
  servidor: Servidor,
  cliente: ClienteDePrueba,
  ubicacion: string,
  desde: number,
  bytes: Uint8Array,
) {
  return fetch(`${servidor.url}${ubicacion}`, {
    method: 'PATCH',
    headers: {
      ...cabeceras(cliente),
      'Content-Type': 'application/offset+octet-stream',
      'Upload-Offset': String(desde),
    },
    body: bytes as Uint8Array<ArrayBuffer>,
  })
}

/**
 * A PATCH whose body stops after `hasta` bytes and whose connection then stays open (a phone that
 * lost its signal): `cortar()` drops it. Resolves once the server has had time to receive them.
 */
export async function patchQueSeCorta(
  servidor: Servidor,
  cliente: ClienteDePrueba,
  ubicacion: string,
  desde: number,
  bytes: Uint8Array,
  hasta: number,
) {
  const control = new AbortController()
  const cuerpo = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes.slice(desde, hasta))
    },
    // Never more, never the end: the connection hangs as a lost signal leaves it.
  })
  const respuesta = fetch(`${servidor.url}${ubicacion}`, {
    method: 'PATCH',
    headers: {
      ...cabeceras(cliente),
      'Content-Type': 'application/offset+octet-stream',
      'Upload-Offset': String(desde),
      'Content-Length': String(bytes.length - desde),
    },
    body: cuerpo,
    signal: control.signal,
    duplex: 'half',
  } as RequestInit).catch(() => null)
  await new Promise((r) => setTimeout(r, 400))
  return {
    respuesta,
    cortar: async () => {
      control.abort()
      await respuesta
    },
  }
}

export async function offsetEn(servidor: Servidor, cliente: ClienteDePrueba, ubicacion: string) {
  const res = await fetch(`${servidor.url}${ubicacion}`, { method: 'HEAD', headers: cabeceras(cliente) })
  return { res, offset: Number(res.headers.get('upload-offset') ?? NaN) }
}

export async function hacerDocumento(
  servidor: Servidor,
  cliente: ClienteDePrueba,
  ubicacion: string,
  { destino = '/api/alumno/documentos', cod = '21', clave = crypto.randomUUID() } = {},
) {
  const res = await fetch(`${servidor.url}${destino}`, {
    method: 'POST',
    headers: { ...cabeceras(cliente), 'content-type': 'application/json', 'Idempotency-Key': clave },
    body: JSON.stringify({ codTipoDocumento: cod, subida: ubicacion.split('/').pop() }),
  })
  return { res, cuerpo: (await res.json()) as { data?: { id: string; enlace: string }; error?: string } }
}

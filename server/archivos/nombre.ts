// A file's name is the client's data, never a path: how it is kept, and how it is sent back in a
// header. Nothing here imports the uploads' machinery, so tus (subidas/tus.ts) can use it.
import { extensionDe } from '../../src/domain/documentos.ts'

const MAX_NOMBRE = 150

/**
 * The client's file name as harmless data: no directories, control characters or characters that
 * mean something in a header or a file system; at most MAX_NOMBRE characters, extension kept.
 */
export function sanearNombreArchivo(nombre: string): string {
  const base = nombre.split(/[\\/]/).pop() ?? ''
  const limpio = base
    .normalize('NFC')
    // Control characters and what is special in headers or file systems.
    .replace(/[\p{Cc}\p{Cf}"*:<>?|]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  if ([...limpio].length <= MAX_NOMBRE) return limpio
  const extension = extensionDe(limpio)
  const sufijo = extension ? `.${extension}` : ''
  return [...limpio].slice(0, MAX_NOMBRE - sufijo.length).join('') + sufijo
}

/**
 * Both forms: `filename` (ASCII, for old clients) and `filename*` (RFC 5987, UTF-8); a download
 * by default, or shown in the browser.
 */
export function contentDisposition(nombre: string, disposicion: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = nombre
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const utf8 = encodeURIComponent(nombre).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${disposicion}; filename="${ascii}"; filename*=UTF-8''${utf8}`
}

// Generates the PWA icons in public/ from a simple mark (a white medical cross in a ring on the
// theme colour #0b4f8a), with no dependency beyond node:zlib. Run: node scripts/crear-iconos.mjs
import { writeFileSync, mkdirSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const TEMA = [0x0b, 0x4f, 0x8a]
const BLANCO = [0xff, 0xff, 0xff]

const CRC_TABLA = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(buf) {
  let c = 0xffffffff
  for (const byte of buf) c = CRC_TABLA[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function bloque(tipo, datos) {
  const largo = Buffer.alloc(4)
  largo.writeUInt32BE(datos.length)
  const cuerpo = Buffer.concat([Buffer.from(tipo, 'ascii'), datos])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(cuerpo))
  return Buffer.concat([largo, cuerpo, crc])
}

function png(ancho, alto, rgba) {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(ancho, 0)
  ihdr.writeUInt32BE(alto, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 6 // RGBA
  const filas = Buffer.alloc((ancho * 4 + 1) * alto)
  for (let y = 0; y < alto; y++) {
    filas[y * (ancho * 4 + 1)] = 0 // filter: none
    rgba.copy(filas, y * (ancho * 4 + 1) + 1, y * ancho * 4, (y + 1) * ancho * 4)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    bloque('IHDR', ihdr),
    bloque('IDAT', deflateSync(filas, { level: 9 })),
    bloque('IEND', Buffer.alloc(0)),
  ])
}

/**
 * Coverage of the mark at (x, y) in a unit square: 'fondo' (background), 'marca' (white).
 * escala: the mark's radius as a fraction of the size (smaller for maskable, inside the 80 % safe zone).
 * redondeo: corner radius of the background (0 = full bleed, as maskable icons must be).
 */
function muestra(x, y, escala, redondeo) {
  const cx = x - 0.5
  const cy = y - 0.5
  if (redondeo > 0) {
    const dx = Math.max(Math.abs(cx) - (0.5 - redondeo), 0)
    const dy = Math.max(Math.abs(cy) - (0.5 - redondeo), 0)
    if (dx * dx + dy * dy > redondeo * redondeo) return 'nada'
  }
  const r = Math.hypot(cx, cy) / escala
  const anillo = r > 0.86 && r < 1
  const brazo = 0.2
  const largo = 0.62
  const cruz =
    (Math.abs(cx) / escala < brazo && Math.abs(cy) / escala < largo) ||
    (Math.abs(cy) / escala < brazo && Math.abs(cx) / escala < largo)
  return anillo || cruz ? 'marca' : 'fondo'
}

function icono(tamano, { escala, redondeo }) {
  const ss = 4 // supersampling for smooth edges
  const rgba = Buffer.alloc(tamano * tamano * 4)
  for (let y = 0; y < tamano; y++) {
    for (let x = 0; x < tamano; x++) {
      let blancos = 0
      let cubiertos = 0
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const m = muestra((x + (sx + 0.5) / ss) / tamano, (y + (sy + 0.5) / ss) / tamano, escala, redondeo)
          if (m !== 'nada') cubiertos++
          if (m === 'marca') blancos++
        }
      }
      const total = ss * ss
      const i = (y * tamano + x) * 4
      const t = cubiertos ? blancos / cubiertos : 0
      for (let c = 0; c < 3; c++) rgba[i + c] = Math.round(TEMA[c] * (1 - t) + BLANCO[c] * t)
      rgba[i + 3] = Math.round((255 * cubiertos) / total)
    }
  }
  return png(tamano, tamano, rgba)
}

const salida = new URL('../public/', import.meta.url)
mkdirSync(new URL('icons/', salida), { recursive: true })
const normal = { escala: 0.36, redondeo: 0.18 }
writeFileSync(new URL('icons/icon-192.png', salida), icono(192, normal))
writeFileSync(new URL('icons/icon-512.png', salida), icono(512, normal))
// Maskable: full-bleed background, the mark within the central 80 % safe zone (radius 0.4).
writeFileSync(new URL('icons/icon-maskable-512.png', salida), icono(512, { escala: 0.28, redondeo: 0 }))
// iOS draws its own rounded corners and ignores transparency: full bleed.
writeFileSync(new URL('apple-touch-icon.png', salida), icono(180, { escala: 0.34, redondeo: 0 }))
console.log('Iconos generados en public/')

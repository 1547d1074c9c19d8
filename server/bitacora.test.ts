// The log written in batches: every line, in the order logged, one write per batch, and nothing
// left behind when the server stops.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as esperar } from 'node:timers/promises'
import { expect, test } from 'vitest'
import { motorDePrueba } from '../tests/support/base-de-datos.ts'
import { iniciarProcesoPortal } from '../tests/support/proceso.ts'
import { CORREO_OCULTO, crearLog, ESPERA_LOTE_MS, lineaDeEvento, salidaEnLotes } from './bitacora.ts'

test('a line masks e-mail addresses and escapes invisible characters, also where the short way could miss them', () => {
  // The common line: plain ASCII, no address, written as JSON writes it.
  const simple = { id: 'a1', ruta: '/api/alumno', status: 200, ms: 1.5 }
  expect(lineaDeEvento(simple)).toBe(JSON.stringify(simple))
  expect(lineaDeEvento({ a: 'x@y', b: 'escribe a ana.perez@demo.cl' })).toBe(
    JSON.stringify({ a: 'x@y', b: `escribe a ${CORREO_OCULTO}` }),
  )
  // DEL is ASCII but invisible (alone, or the rest of the line would take the long way anyway).
  expect(lineaDeEvento({ r: 'a\u007fb' })).toBe('{"r":"a\\u007fb"}')
  // C1 controls, zero-width, bidirectional and line separators are not ASCII.
  expect(lineaDeEvento({ r: 'a\u007fb\u0085c\u200bd\u202ee\u2028f' })).toBe(
    '{"r":"a\\u007fb\\u0085c\\u200bd\\u202ee\\u2028f"}',
  )
  expect(lineaDeEvento({ r: 'ñandú@x', c: 'ana@demo.cl\u202e' })).toBe(`{"r":"ñandú@x","c":"${CORREO_OCULTO}\\u202e"}`)
})

test('lines logged close together go out together, in order, soon after; vaciar writes at once', async () => {
  const escrituras: string[] = []
  const salida = salidaEnLotes((texto) => escrituras.push(texto))
  const log = crearLog(salida)
  log('uno', { correo: 'ana@ejemplo.cl' })
  await esperar(1)
  log('dos\u202e')
  expect(escrituras).toEqual([])
  await esperar(ESPERA_LOTE_MS + 20)
  expect(escrituras).toHaveLength(1)
  const lineas = escrituras[0]!.split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
  expect(lineas.map((l) => l.mensaje)).toEqual(['uno', 'dos\u202e'])
  // Still one JSON object a line, masked and escaped as each line is.
  expect(lineas[0]!.correo).toBe(CORREO_OCULTO)
  expect(escrituras[0]).toContain('dos\\u202e')

  log('tres')
  salida.vaciar()
  expect(escrituras).toEqual([expect.any(String), expect.stringContaining('"tres"')])
  salida.vaciar()
  await esperar(ESPERA_LOTE_MS + 20)
  expect(escrituras).toHaveLength(2)
})

test.runIf(motorDePrueba() === 'sqlite')(
  "a server's request lines all reach standard output, in the order answered, also those of the last requests before it stops",
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-bitacora-'))
    const portal = await iniciarProcesoPortal({ DATA_DIR: dataDir })
    try {
      const ids: string[] = []
      for (let i = 0; i < 30; i++) {
        const res = await fetch(`${portal.url}/api/sesion?i=${i}`)
        await res.arrayBuffer()
        ids.push(res.headers.get('x-request-id') ?? '')
      }
      // Several at once: the lines of one batch.
      const juntas = await Promise.all(Array.from({ length: 20 }, () => fetch(`${portal.url}/api/salud`)))
      for (const res of juntas) await res.arrayBuffer()
      await portal.detener()
      const eventos = portal.salida
        .join('')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { mensaje: string; id?: string; ruta?: string })
      const peticiones = eventos.filter((e) => e.mensaje === 'petición')
      expect(peticiones.slice(0, 30).map((e) => e.id)).toEqual(ids)
      expect(peticiones.slice(30).filter((e) => e.ruta === '/api/salud')).toHaveLength(20)
      expect(peticiones).toHaveLength(50)
    } finally {
      await portal.detener()
      rmSync(dataDir, { recursive: true, force: true })
    }
  },
)

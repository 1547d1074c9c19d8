// A slow link in front of a local server, for the bench: every request waits one round trip
// before it is forwarded, and every reply's body goes out through one shared link of fixed
// throughput, in order. Applied outside the browser so that it also slows the service worker's own
// fetches (its precache and its background step), which Chromium's per-page network emulation
// (DevTools protocol Network.emulateNetworkConditions) leaves at full speed.
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Red = { nombre: string; rttMs: number; bajadaKbps: number }

/** Chromium DevTools' 'Fast 3G' preset, the figures Lighthouse's own presets use too. */
export const FAST_3G: Red = { nombre: "'Fast 3G'", rttMs: 562.5, bajadaKbps: 1474.56 }

export async function redLenta(destino: string, red: Red): Promise<{ url: string; cerrar: () => Promise<void> }> {
  const bytesPorMs = (red.bajadaKbps * 1024) / 8 / 1000
  let libreDesde = 0
  /** Sends `trozo` once the link is free and has carried it. */
  function porElEnlace(trozo: Buffer, escribir: (t: Buffer) => void): Promise<void> {
    const ahora = performance.now()
    libreDesde = Math.max(ahora, libreDesde) + trozo.length / bytesPorMs
    return new Promise((listo) =>
      setTimeout(() => {
        escribir(trozo)
        listo()
      }, libreDesde - ahora),
    )
  }
  const servidor = createServer((req, res) => {
    setTimeout(() => {
      const ida = request(
        new URL(req.url ?? '/', destino),
        { method: req.method, headers: req.headers },
        async (respuesta) => {
          res.writeHead(respuesta.statusCode ?? 502, respuesta.headers)
          for await (const trozo of respuesta) await porElEnlace(trozo as Buffer, (t) => res.write(t))
          res.end()
        },
      )
      ida.on('error', () => res.writeHead(502).end())
      req.pipe(ida)
    }, red.rttMs)
  })
  await new Promise<void>((listo) => servidor.listen(0, '127.0.0.1', listo))
  const { port } = servidor.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    cerrar: () =>
      new Promise((listo) => {
        servidor.closeAllConnections()
        servidor.close(() => listo())
      }),
  }
}

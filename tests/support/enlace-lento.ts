// A weak link between a client and the portal, for the upload journeys and the upload bench: a
// TCP proxy that lets the client's bytes through to the server at a set rate (a phone's upload
// on a hospital's signal), counts every byte that crossed it, and can cut every open connection
// at once (the signal lost). The server's replies go back unthrottled: downloads are not measured.
import { createConnection, createServer, type Socket } from 'node:net'

export type EnlaceLento = {
  /** The proxy's base URL: the client talks to this instead of the server. */
  url: string
  /** Bytes the client sent that crossed to the server since the last `reiniciarCuenta()`. */
  readonly enviados: number
  reiniciarCuenta(): void
  /** Drops every open connection (both sides), as when the signal goes. */
  cortar(): void
  /** Bytes per second from client to server (Infinity: no limit). */
  velocidad: number
  cerrar(): Promise<void>
}

/** A proxy to `destino` (http://host:port). */
export async function abrirEnlaceLento(destino: string, bytesPorSegundo = Infinity): Promise<EnlaceLento> {
  const { hostname, port } = new URL(destino)
  const abiertos = new Set<Socket>()
  let enviados = 0
  const TICK_MS = 50

  const servidor = createServer((cliente) => {
    const haciaServidor = createConnection({ host: hostname, port: Number(port) })
    cliente.setNoDelay(true)
    haciaServidor.setNoDelay(true)
    abiertos.add(cliente)
    abiertos.add(haciaServidor)
    const cerrarAmbos = () => {
      cliente.destroy()
      haciaServidor.destroy()
      abiertos.delete(cliente)
      abiertos.delete(haciaServidor)
    }
    cliente.on('error', cerrarAmbos)
    haciaServidor.on('error', cerrarAmbos)
    cliente.on('close', cerrarAmbos)
    haciaServidor.on('close', cerrarAmbos)
    haciaServidor.on('data', (d: Buffer) => cliente.write(d))

    // Client to server: a queue drained at the link's rate; the client is paused while the queue
    // holds more than a tick's worth, so bytes wait in the client's buffers, not in ours.
    const cola: Buffer[] = []
    let enCola = 0
    const porTick = () => (enlace.velocidad === Infinity ? Infinity : Math.max(1, (enlace.velocidad * TICK_MS) / 1000))
    const drenar = () => {
      let cupo = porTick()
      while (cola.length > 0 && cupo > 0) {
        const trozo = cola[0]!
        const parte = cupo >= trozo.length ? trozo : trozo.subarray(0, cupo)
        if (parte === trozo) cola.shift()
        else cola[0] = trozo.subarray(parte.length)
        enCola -= parte.length
        cupo -= parte.length
        enviados += parte.length
        haciaServidor.write(parte)
      }
      if (enCola <= porTick() && cliente.isPaused()) cliente.resume()
    }
    const reloj = setInterval(drenar, TICK_MS)
    cliente.on('close', () => clearInterval(reloj))
    cliente.on('data', (d: Buffer) => {
      cola.push(d)
      enCola += d.length
      if (enlace.velocidad === Infinity) return drenar()
      if (enCola > porTick()) cliente.pause()
    })
  })
  await new Promise<void>((resolver) => servidor.listen(0, '127.0.0.1', resolver))
  const { port: puerto } = servidor.address() as { port: number }

  const enlace: EnlaceLento = {
    url: `http://127.0.0.1:${puerto}`,
    get enviados() {
      return enviados
    },
    reiniciarCuenta() {
      enviados = 0
    },
    cortar() {
      for (const s of abiertos) s.destroy()
      abiertos.clear()
    },
    velocidad: bytesPorSegundo,
    async cerrar() {
      enlace.cortar()
      await new Promise<void>((resolver) => servidor.close(() => resolver()))
    },
  }
  return enlace
}

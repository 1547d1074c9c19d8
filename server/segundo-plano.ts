// Work a server starts and does not await: a notice sent after the reply, a tax document issued
// after a payment, the periodic runs. Kept here so that closing the server stops new work and waits
// for what is running before the database closes (and, in tests, before the data folder goes):
// a document's PDF written into a folder being removed made `rm -r` fail with ENOTEMPTY.
import { detalleDeError, type Log } from './bitacora.ts'

export class SegundoPlano {
  private readonly enCurso = new Set<Promise<void>>()
  private readonly temporizadores = new Set<NodeJS.Timeout>()
  private cerrado = false

  constructor(private readonly log: Log) {}

  /** Runs `tarea` now without waiting for it; a failure is logged as "error al <que>", never thrown. */
  lanzar(que: string, tarea: () => Promise<unknown>): Promise<void> {
    if (this.cerrado) return Promise.resolve()
    const corriendo: Promise<void> = new Promise<unknown>((resolve) => resolve(tarea()))
      .then(
        () => undefined,
        (err: unknown) => this.log(`error al ${que}: ${detalleDeError(err)}`),
      )
      .finally(() => this.enCurso.delete(corriendo))
    this.enCurso.add(corriendo)
    return corriendo
  }

  /** `lanzar` once `ms` have passed, unless the server closes first. Does not keep the process alive. */
  tras(ms: number, que: string, tarea: () => Promise<unknown>): void {
    if (this.cerrado) return
    const temporizador = setTimeout(() => {
      this.temporizadores.delete(temporizador)
      void this.lanzar(que, tarea)
    }, ms)
    temporizador.unref()
    this.temporizadores.add(temporizador)
  }

  /** `lanzar` now (awaited, so the server starts with it done) and then every `cadaMs`. */
  async cada(cadaMs: number, que: string, tarea: () => Promise<unknown>): Promise<void> {
    await this.lanzar(que, tarea)
    if (this.cerrado) return
    const intervalo = setInterval(() => void this.lanzar(que, tarea), cadaMs)
    intervalo.unref()
    this.temporizadores.add(intervalo)
  }

  /** No new work from now on; resolves once what was running has finished. */
  async cerrar(): Promise<void> {
    this.cerrado = true
    for (const temporizador of this.temporizadores) clearTimeout(temporizador)
    this.temporizadores.clear()
    while (this.enCurso.size > 0) await Promise.all(this.enCurso)
  }
}

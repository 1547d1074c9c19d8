// The order in which the run's workers take the files: the longest first, so that the run does
// not end waiting on one long file started late. Vitest's own order runs the projects one after
// another by name and, on a fresh clone (no durations remembered), the larger files first.
// Here a file counts what it took in the last run when vitest remembers it; otherwise what a file
// of its project takes on average (measured on 2026-11-27), with the larger files first.
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Milliseconds a file of each project took on average. */
const MS_POR_ARCHIVO: Record<string, number> = {
  e2e: 8_000,
  'server-pg': 4_000,
  server: 2_500,
  'server-aislado': 2_000,
  cliente: 700,
  dominio: 50,
}

export default class LosLargosPrimero extends BaseSequencer {
  override async sort(archivos: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx
    const estimado = (a: TestSpecification) => {
      const clave = `${a.project.name}:${relative(config.root, a.moduleId)}`
      const bytes = cache.getFileStats(clave)?.size ?? 0
      // Bytes only break ties between files of one project: a kilobyte weighs a millisecond.
      return cache.getFileTestResults(clave)?.duration ?? (MS_POR_ARCHIVO[a.project.name] ?? 1_000) + bytes / 1_000
    }
    return [...archivos].sort((a, b) => estimado(b) - estimado(a))
  }
}

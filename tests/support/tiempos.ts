// A vitest reporter that says where a run's time went: the wall time of each project (from its
// first file's start to its last file's end; projects overlap, so these do not add up), its files
// and tests, the 15 slowest files, and the whole run against the suite's budget. It prints after
// every run, so a change that costs minutes shows in its own run.
//
// The budget is for a fresh clone's `npm ci && npm test` on a 2-core machine: 12 minutes. `npm ci`
// takes about 1.5 of them (better-sqlite3 builds from source), so `npm test` has 10.5. When
// `npm test` runs it, PRUEBAS_INICIO (set by the script, in seconds) also counts the type-check,
// the format check, the lint and the build that ran before vitest.
import type { Reporter, TestModule } from 'vitest/node'

const PRESUPUESTO_NPM_TEST_MS = 10.5 * 60_000

type Archivo = {
  proyecto: string
  ruta: string
  msFin: number
  ms: number
  pruebas: number
  omitidas: number
  /** The full names of the tests it ran, to count a test run on both engines once. */
  nombres: string[]
}

function minutos(ms: number): string {
  const s = Math.round(ms / 1000)
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`
}

function segundos(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}

export default class ReporteDeTiempos implements Reporter {
  private inicio = Date.now()
  private raiz = ''
  private archivos: Archivo[] = []

  onInit(vitest: { config: { root: string } }): void {
    this.raiz = vitest.config.root
  }

  onTestRunStart(): void {
    this.inicio = Date.now()
    this.archivos = []
  }

  onTestModuleEnd(modulo: TestModule): void {
    const d = modulo.diagnostic()
    this.archivos.push({
      proyecto: modulo.project.name,
      ruta: modulo.moduleId.replace(`${this.raiz}/`, ''),
      msFin: Date.now(),
      // What the file cost its worker: its environment, the import of its modules and its tests.
      ms: d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration,
      pruebas: [...modulo.children.allTests()].filter((t) => t.result().state !== 'skipped').length,
      omitidas: [...modulo.children.allTests('skipped')].length,
      nombres: [...modulo.children.allTests()]
        .filter((t) => t.result().state !== 'skipped')
        .map((t) => `${modulo.moduleId} > ${t.fullName}`),
    })
  }

  onTestRunEnd(): void {
    if (this.archivos.length === 0) return
    const fin = Date.now()
    const lineas = ['', 'Tiempos de la suite']
    const proyectos = [...new Set(this.archivos.map((a) => a.proyecto))]
    for (const proyecto of proyectos) {
      const suyos = this.archivos.filter((a) => a.proyecto === proyecto)
      const desde = Math.min(...suyos.map((a) => a.msFin - a.ms))
      const hasta = Math.max(...suyos.map((a) => a.msFin))
      const pruebas = suyos.reduce((n, a) => n + a.pruebas, 0)
      lineas.push(
        `  ${proyecto.padEnd(10)} ${minutos(hasta - desde).padStart(12)} de reloj, ${String(suyos.length).padStart(3)} archivos, ${String(pruebas).padStart(5)} pruebas`,
      )
    }
    lineas.push('  Los 15 archivos más lentos (lo que costó cada uno a su proceso):')
    for (const a of [...this.archivos].sort((x, y) => y.ms - x.ms).slice(0, 15))
      lineas.push(`    ${segundos(a.ms).padStart(8)}  ${a.proyecto.padEnd(10)} ${a.ruta}`)
    const total = this.archivos.reduce((n, a) => n + a.pruebas, 0)
    const omitidas = this.archivos.reduce((n, a) => n + a.omitidas, 0)
    const distintas = new Set(this.archivos.flatMap((a) => a.nombres)).size
    lineas.push(
      `  vitest: ${minutos(fin - this.inicio)}; ${distintas} pruebas distintas, ${total} ejecuciones (las que tocan SQL, en ambos motores), ${omitidas} omitidas`,
    )
    const inicioNpm = Number(process.env.PRUEBAS_INICIO) * 1000
    if (inicioNpm > 0) {
      const ms = fin - inicioNpm
      const veredicto = ms <= PRESUPUESTO_NPM_TEST_MS ? 'dentro del' : 'FUERA DEL'
      lineas.push(
        `  npm test: ${minutos(ms)}, ${veredicto} presupuesto de ${minutos(PRESUPUESTO_NPM_TEST_MS)} (12 min con npm ci, en 2 núcleos)`,
      )
    }
    console.log(lineas.join('\n'))
  }
}

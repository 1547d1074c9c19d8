// Vitest global setup of the SQLite projects ('server', 'e2e'): the run's seeded template
// (plantilla.ts), built once however many projects list this setup, and removed at the end.
import { rmSync } from 'node:fs'
import { VARIABLE_PLANTILLA } from './base-de-datos.ts'
import { construirPlantilla } from './plantilla.ts'

// The projects' setups run in one process, each loading its own copy of this module.
const compartida = globalThis as { plantillaSqlite?: Promise<string> }

export default async function prepararPlantilla(): Promise<() => void> {
  compartida.plantillaSqlite ??= construirPlantilla()
  const carpeta = await compartida.plantillaSqlite
  process.env[VARIABLE_PLANTILLA.sqlite] = carpeta
  return () => rmSync(carpeta, { recursive: true, force: true })
}

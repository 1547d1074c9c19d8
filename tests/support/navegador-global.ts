// Vitest global setup of the 'e2e' project: one headless Chromium for the whole run, instead of
// one launch per test file. It runs as a Playwright browser server; each file connects to it
// (conectarNavegador) and each test opens a context of its own, as before. The files that need
// Chromium flags of their own (the fake camera) still launch their own browser.
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { rutaChromium } from './navegador.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium, for `chromium.connect`; see tests/support/e2e.ts. */
    navegadorWs: string
  }
}

export default async function prepararNavegador(project: TestProject): Promise<() => Promise<void>> {
  const { executablePath, args } = await rutaChromium()
  const servidor = await chromium.launchServer({ executablePath, args })
  project.provide('navegadorWs', servidor.wsEndpoint())
  return () => servidor.close()
}

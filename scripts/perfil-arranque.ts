// Where a signed-out first screen spends its main thread: `npx tsx scripts/perfil-arranque.ts
// [ruta]` (after `vite build`; default /login) opens `ruta` in a fresh phone-sized context with
// the CPU slowed 4x (as Lighthouse's mobile run does), records a CPU profile through the DevTools
// protocol from the navigation until the page has settled, and prints the long tasks (over 50 ms),
// the scripts with the most time of their own, and the functions with the most, beside the bare
// React + TanStack + PWA page recorded the same way. The .cpuprofile files are left in the folder
// printed, for Chrome's DevTools.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { lanzarNavegador } from '../tests/support/navegador.ts'
import { iniciarServidorDePrueba } from '../tests/support/servidor.ts'
import { servirPaginaMinima } from './pagina-minima/servir.ts'

type Nodo = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}
type Perfil = { nodes: Nodo[]; samples: number[]; timeDeltas: number[] }

const ruta = process.argv[2] ?? '/login'
const carpeta = mkdtempSync(join(tmpdir(), 'perfil-arranque-'))

async function perfilar(url: string, nombre: string) {
  const navegador = await lanzarNavegador()
  try {
    const context = await navegador.newContext()
    const page = await context.newPage()
    await page.addInitScript(() => {
      const tareas: { inicio: number; duracion: number }[] = []
      Object.assign(window, { __tareasLargas: tareas })
      new PerformanceObserver((lista) => {
        for (const e of lista.getEntries()) tareas.push({ inicio: e.startTime, duracion: e.duration })
      }).observe({ type: 'longtask', buffered: true })
    })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.waitForTimeout(2000)
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Perfil }
    const tareas = await page.evaluate(
      () => (window as unknown as { __tareasLargas: { inicio: number; duracion: number }[] }).__tareasLargas,
    )
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    )
    writeFileSync(join(carpeta, `${nombre}.cpuprofile`), JSON.stringify(profile))
    return { profile, tareas, fcp, origen: new URL(url).origin }
  } finally {
    await navegador.close()
  }
}

function informar(nombre: string, { profile, tareas, fcp, origen }: Awaited<ReturnType<typeof perfilar>>) {
  const propio = new Map<number, number>()
  profile.samples.forEach((id, i) => propio.set(id, (propio.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000))
  const porUrl = new Map<string, number>()
  const porFuncion = new Map<string, number>()
  let ocupado = 0
  for (const n of profile.nodes) {
    const ms = propio.get(n.id) ?? 0
    const f = n.callFrame
    if (f.functionName === '(idle)') continue
    ocupado += ms
    const url = f.url.replace(origen, '') || f.functionName
    porUrl.set(url, (porUrl.get(url) ?? 0) + ms)
    const clave = `${f.functionName || '(anónima)'} ${f.url ? `${url}:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`
    porFuncion.set(clave, (porFuncion.get(clave) ?? 0) + ms)
  }
  const bloqueo = tareas.reduce((s, t) => s + Math.max(0, t.duracion - 50), 0)
  console.log(`\n${nombre}: primer pintado a los ${fcp.toFixed(0)} ms; hilo ocupado ${ocupado.toFixed(0)} ms`)
  console.log(`  tareas largas: ${tareas.length}, ${bloqueo.toFixed(0)} ms sobre 50 ms cada una`)
  for (const t of tareas.slice(0, 8))
    console.log(`    ${t.duracion.toFixed(0).padStart(5)} ms a los ${t.inicio.toFixed(0)} ms`)
  console.log('  guiones con más tiempo propio:')
  for (const [url, ms] of [...porUrl].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`    ${ms.toFixed(0).padStart(5)} ms  ${url}`)
  console.log('  funciones con más tiempo propio:')
  for (const [f, ms] of [...porFuncion].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`    ${ms.toFixed(0).padStart(5)} ms  ${f}`)
}

const minima = await servirPaginaMinima()
const server = await iniciarServidorDePrueba({ throttle: 'off' })
try {
  informar('página mínima', await perfilar(minima.url, 'minima'))
  informar(ruta, await perfilar(`${server.url}${ruta}`, 'portal'))
  console.log(`\nPerfiles: ${carpeta}`)
} finally {
  await server.close()
  await minima.cerrar()
}

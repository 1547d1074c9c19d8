// `npm test`'s first step: the type-check, the format check, the lint and the build, all at once
// (they read the sources and share nothing; one after another they took about 30 s on two cores).
// Each one's output is printed when it ends, whole, so two are never interleaved; the step fails
// when any of them fails, naming it.
import { spawn } from 'node:child_process'

const COMPROBACIONES = ['typecheck', 'format:check', 'lint', 'build']

function correr(script) {
  const inicio = Date.now()
  return new Promise((resolve) => {
    const hijo = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    const salida = []
    hijo.stdout.on('data', (trozo) => salida.push(trozo))
    hijo.stderr.on('data', (trozo) => salida.push(trozo))
    hijo.on('close', (codigo) => {
      const segundos = ((Date.now() - inicio) / 1000).toFixed(1)
      process.stdout.write(`\n> npm run ${script} (${segundos} s)\n${Buffer.concat(salida).toString()}`)
      resolve({ script, codigo })
    })
  })
}

const fallidas = (await Promise.all(COMPROBACIONES.map(correr))).filter((r) => r.codigo !== 0)
if (fallidas.length > 0) {
  console.error(`\nFalló: ${fallidas.map((r) => `npm run ${r.script} (código ${r.codigo})`).join(', ')}`)
  process.exit(1)
}

// `npm run dev`: the portal server (API on PORT, default 8080, restarted on change) and Vite's dev
// server with hot reload, which proxies /api to it (vite.config.ts). Open the URL Vite prints.
import { spawn } from 'node:child_process'

const hijos = [
  spawn('node_modules/.bin/tsx', ['watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { DATOS_DEMO: '1', ...process.env },
  }),
  spawn('node_modules/.bin/vite', [], { stdio: 'inherit' }),
]

function parar(codigo = 0) {
  for (const hijo of hijos) if (hijo.exitCode === null) hijo.kill('SIGTERM')
  process.exitCode = codigo
}

for (const hijo of hijos) hijo.on('exit', (codigo) => parar(codigo ?? 0))
process.on('SIGINT', () => parar())
process.on('SIGTERM', () => parar())

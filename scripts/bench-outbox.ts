// `npm run bench`: the exactly-once outbox end to end. 200 personal-data
// submissions are queued in the REAL client outbox (src/lib/offline/outbox.ts, on an in-memory
// IndexedDB) while it has no student to send for, then replayed against the real server. One in
// five replies is "lost": the request reached the server and was applied, but the outbox gets an
// error instead of the reply and sends the same item again later. Then the database must hold
// exactly one history row per submission: no duplicates, no losses, last one applied last.
// Exits non-zero otherwise. Loopback only; the server runs on a temporary DATA_DIR.
import 'fake-indexeddb/auto'
import { crearOutbox, type ItemOutbox } from '../src/lib/offline/outbox.ts'
import type { PersonaInput } from '../src/domain/persona.ts'
import { consultarDb, iniciarSesion, iniciarServidorDePrueba, personaEditable } from '../tests/support/servidor.ts'

const ENVIOS = 200
/** Every PERDER_CADA-th submission loses the reply of its first attempt. */
const PERDER_CADA = 5

const server = await iniciarServidorDePrueba({ throttle: 'off' })
try {
  const cliente = await iniciarSesion(server.url, 'estudiante@demo.cl')
  const codigoAlumno = ((await (await cliente.get('/api/alumno')).json()) as { data: { Codigo_Alumno__c: string } })
    .data.Codigo_Alumno__c
  const base = await personaEditable(cliente)

  const cabecerasSesion = () => ({
    cookie: [...cliente.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': cliente.cookies.get('XSRF-TOKEN') ?? '',
  })
  const numero = (item: ItemOutbox) => Number(/(\d+)$/.exec((item.cuerpo as PersonaInput).direccion ?? '')?.[1])
  let perdidas = 0
  let repetidas = 0

  const outbox = crearOutbox({
    // One tab, no Web Locks in Node.
    bloqueo: (pasada) => pasada(),
    async enviar(item) {
      const res = await fetch(`${server.url}${item.url}`, {
        method: item.metodo,
        headers: { ...cabecerasSesion(), 'content-type': 'application/json', 'Idempotency-Key': item.id },
        body: JSON.stringify(item.cuerpo),
      })
      const body: unknown = await res.json()
      if (res.headers.get('idempotency-replayed') === 'true') repetidas++
      if (item.intentos === 1 && numero(item) % PERDER_CADA === 0) {
        perdidas++
        throw new Error('respuesta perdida')
      }
      return { status: res.status, body }
    },
  })
  await outbox.listo()

  // Queued "offline": no student to send for yet, so nothing leaves.
  const claves: string[] = []
  for (let n = 1; n <= ENVIOS; n++) {
    const item = await outbox.encolar({
      alumno: codigoAlumno,
      tipo: 'persona',
      etiqueta: 'Datos personales',
      metodo: 'PUT',
      url: '/api/alumno/persona',
      cuerpo: { ...base, direccion: `Av. Siempre Viva ${n}` },
    })
    claves.push(item.id)
  }

  const inicio = performance.now()
  outbox.cambiarAlumno(codigoAlumno)
  // A lost reply ends a pass (the outbox cannot tell it from a lost connection); the app's
  // triggers (online, focus, timer) start the next one. Here: at once.
  for (let pasadas = 0; outbox.items().length > 0; pasadas++) {
    const rechazado = outbox.items().find((i) => i.estado === 'rechazado')
    if (rechazado) throw new Error(`el servidor rechazó un envío: ${rechazado.ultimoError}`)
    if (pasadas > ENVIOS * 4) throw new Error('la bandeja de salida no se vació')
    await outbox.procesar()
  }
  const ms = performance.now() - inicio

  const filas = await consultarDb<{ clave_idempotencia: string; n: number }>(
    server.dataDir,
    `select clave_idempotencia, count(*) as n from historial_persona where alumno_id = 'alumno-estudiante' and clave_idempotencia is not null group by clave_idempotencia`,
  )
  const porClave = new Map(filas.map((f) => [f.clave_idempotencia, f.n]))
  const duplicados = claves.reduce((total, clave) => total + Math.max(0, (porClave.get(clave) ?? 0) - 1), 0)
  const perdidos = claves.filter((clave) => !porClave.has(clave)).length
  const final = ((await (await cliente.get('/api/alumno/persona')).json()) as { data: PersonaInput }).data.direccion
  const enOrden = final === `Av. Siempre Viva ${ENVIOS}`

  console.log(
    `Outbox: ${ENVIOS} envíos, ${perdidas} respuestas perdidas y ${repetidas} repetidas por el servidor, en ${ms.toFixed(0)} ms ` +
      `(${(ms / ENVIOS).toFixed(1)} ms/envío), duplicados ${duplicados}, perdidos ${perdidos}${enOrden ? '' : `, último aplicado: ${final}`}`,
  )
  if (duplicados !== 0 || perdidos !== 0 || !enOrden || repetidas !== perdidas) process.exitCode = 1
} finally {
  await server.close()
}

// Notices on one server, on SQLite and PostgreSQL: a rejected document reaches the student's device
// (through a local push service that checks the VAPID signature and decrypts the message) once, and
// an e-mail at once; a failing push service is retried with backoff; a subscription the service
// reports gone (410) is removed; the quiet hours hold a push until 08:00 in Chile; the rest goes in
// one daily digest; the preferences are honoured. The server's clock is the test's, moved forward
// by hand; the scheduler runs every 100 ms.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import { iniciarServicioPush, type ServicioPush, type SuscripcionDePrueba } from '../tests/support/servicio-push.ts'
import {
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  leerCorreos,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { canalesPorDefecto, type MensajePush } from '../src/domain/notificaciones.ts'
import { construirConfig } from './config.ts'
import { abrirBaseDeDatos, type Db } from './db/connection.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { revisarRecordatorios } from './notificaciones/recordatorios.ts'
import { notificarRevisionDocumento } from './notificaciones/revision-documento.ts'
import { ESPERAS_MS } from './notificaciones/programador.ts'

const EMAIL = DEMO_CUENTAS.estudiante
const SOLICITUD = 'INS-26-40018'
/** 12:00 in Chile (summer, UTC-3): outside the quiet hours, after the 09:00 digest. */
const INICIO = Date.parse('2026-11-25T15:00:00Z')

let desfase = 0
const inicioReal = Date.now()
const reloj = () => new Date(INICIO + (Date.now() - inicioReal) + desfase)
/** Moves the server's clock to that moment (only forward). */
function llevarRelojA(iso: string) {
  desfase += Date.parse(iso) - reloj().getTime()
}

let servidor: ServidorDePrueba
let servicio: ServicioPush
let db: Db
let alumno: ClienteDePrueba
let dispositivo: SuscripcionDePrueba

beforeAll(async () => {
  servicio = await iniciarServicioPush()
  const base = construirConfig({})
  servidor = await iniciarServidorDePrueba({
    throttle: 'off',
    clock: reloj,
    config: { notificaciones: { ...base.notificaciones, cadaMs: 100 } },
  })
  db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(servidor.dataDir))
  alumno = await iniciarSesion(servidor.url, EMAIL)
  const preferencias = (await (await alumno.get('/api/notificaciones/preferencias')).json()) as {
    data: { clavePublica: string }
  }
  dispositivo = await servicio.suscribir(preferencias.data.clavePublica)
  const alta = await alumno.post('/api/notificaciones/suscripciones', {
    endpoint: dispositivo.endpoint,
    keys: dispositivo.keys,
  })
  expect(alta.status).toBe(201)
}, 60_000)

afterAll(async () => {
  await db?.destroy()
  await servidor?.close()
  await servicio?.cerrar()
})

async function esperar<T>(leer: () => Promise<T> | T, listo: (v: T) => boolean, ms = 10_000): Promise<T> {
  const limite = Date.now() + ms
  for (;;) {
    const valor = await leer()
    if (listo(valor)) return valor
    if (Date.now() > limite) throw new Error(`no se cumplió a tiempo: ${JSON.stringify(valor)}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** An upload of the student's, then the school's rejection of it, as the review will record it. */
async function rechazarDocumentoSubido(motivo: string, codTipoDocumento = '41'): Promise<string> {
  const form = new FormData()
  form.append('codTipoDocumento', codTipoDocumento)
  form.append('archivo', new File(['%PDF-1.4\n%%EOF\n'], 'carta.pdf', { type: 'application/pdf' }))
  const subida = await alumno.request('POST', `/api/solicitudes/${SOLICITUD}/documentos`, form)
  expect(subida.status).toBe(201)
  const archivoId = ((await subida.json()) as { data: { id: string } }).data.id
  for (let vez = 0; vez < 2; vez++)
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('archivos_solicitud')
        .set({ estado_revision: 'rechazado', motivo_rechazo: motivo, revisado_en: reloj().toISOString() })
        .where('id', '=', archivoId)
        .execute()
      // A decision repeated (a retried request, another server) makes no second notice.
      const id = await notificarRevisionDocumento(trx, {
        tabla: 'archivos_solicitud',
        archivoId,
        decision: 'rechazado',
        motivo,
        ahora: reloj(),
      })
      expect(id === null).toBe(vez === 1)
    })
  return archivoId
}

const mensajes = () => servicio.mensajes(dispositivo) as MensajePush[]

async function enviosDe(titulo: string) {
  return consultarDb<{ canal: string; estado: string; intentos: number; ultimo_error: string | null }>(
    servidor.dataDir,
    `select e.canal, e.estado, e.intentos, e.ultimo_error from envios_notificacion e
     join notificaciones n on n.id = e.notificacion_id where n.cuerpo like ? order by e.canal`,
    `%${titulo}%`,
  )
}

test('a rejected document reaches the device once and is e-mailed at once with the link to the preferences', async () => {
  const antes = mensajes().length
  await rechazarDocumentoSubido('La carta no tiene firma.')
  const [mensaje] = (await esperar(mensajes, (m) => m.length > antes)).slice(antes)
  expect(mensaje).toMatchObject({
    titulo: 'Documento rechazado',
    cuerpo:
      'La escuela rechazó su documento «Carta de Intención» por este motivo: «La carta no tiene firma.». Súbalo nuevamente.',
    ruta: '/info/solicitudes',
  })
  const peticion = servicio.cabeceras.at(-1)!
  expect(peticion.ttl).toBe('86400')
  expect(peticion.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/)
  expect(peticion.urgency).toBe('normal')
  expect(peticion.authorization).toMatch(/^vapid t=.+, k=.+$/)

  const correo = await esperar(
    () =>
      leerCorreos(servidor.dataDir).filter((c) => c.to.includes(EMAIL) && c.subject.startsWith('Documento rechazado')),
    (c) => c.length > 0,
  )
  expect(correo[0]!.text).toContain('La carta no tiene firma.')
  expect(correo[0]!.text).toContain(`${servidor.url}/info/solicitudes`)
  expect(correo[0]!.text).toContain(`${servidor.url}/notificaciones`)
  await esperar(
    () => enviosDe('La carta no tiene firma.'),
    (e) => e.every((x) => x.estado === 'enviado'),
  )

  // A few more runs of the scheduler send nothing more.
  await new Promise((r) => setTimeout(r, 500))
  expect(mensajes().filter((m) => m.id === mensaje!.id)).toHaveLength(1)
  expect(leerCorreos(servidor.dataDir).filter((c) => c.text.includes('La carta no tiene firma.'))).toHaveLength(1)

  const lista = (await (await alumno.get('/api/notificaciones')).json()) as {
    data: { noLeidas: number; notificaciones: { id: string; titulo: string; leidaEn: string | null }[] }
  }
  expect(lista.data.notificaciones[0]).toMatchObject({ id: mensaje!.id, titulo: 'Documento rechazado', leidaEn: null })
  const leida = await alumno.post(`/api/notificaciones/${mensaje!.id}/leida`)
  expect(leida.status).toBe(200)
  const despues = (await (await alumno.get('/api/notificaciones')).json()) as typeof lista
  expect(despues.data.noLeidas).toBe(lista.data.noLeidas - 1)
  expect(despues.data.notificaciones[0]!.leidaEn).not.toBeNull()
})

test('a failing push service is tried again after the backoff, and the message arrives once', async () => {
  servicio.fallar(1, 503)
  const antes = mensajes().length
  await rechazarDocumentoSubido('Falta la segunda página.')
  const [fallido] = await esperar(
    () => enviosDe('Falta la segunda página.'),
    (e) => e.some((x) => x.canal === 'push' && x.ultimo_error !== null),
  ).then((e) => e.filter((x) => x.canal === 'push'))
  expect(fallido).toMatchObject({ estado: 'pendiente', intentos: 1, ultimo_error: 'el servicio de push respondió 503' })
  await new Promise((r) => setTimeout(r, 400))
  expect(mensajes()).toHaveLength(antes)

  desfase += ESPERAS_MS[0]!
  await esperar(mensajes, (m) => m.length === antes + 1)
  const [enviado] = (
    await esperar(
      () => enviosDe('Falta la segunda página.'),
      (e) => e.every((x) => x.estado === 'enviado'),
    )
  ).filter((x) => x.canal === 'push')
  expect(enviado!.intentos).toBe(2)
})

test('the preferences are honoured: a kind out of e-mail is not e-mailed, out of the app is not listed', async () => {
  const canales = canalesPorDefecto()
  canales['documento-rechazado'] = { app: false, push: true, correo: false }
  const guardado = await alumno.put('/api/notificaciones/preferencias', {
    canales,
    silencio: { desde: '22:00', hasta: '08:00' },
  })
  expect(guardado.status).toBe(200)
  const malo = await alumno.put('/api/notificaciones/preferencias', {
    canales,
    silencio: { desde: '7', hasta: '08:00' },
  })
  expect(malo.status).toBe(400)

  const antes = mensajes().length
  await rechazarDocumentoSubido('Documento ilegible.')
  await esperar(mensajes, (m) => m.length === antes + 1)
  // Recorded as sent just after the push service accepted it.
  await esperar(
    () => enviosDe('Documento ilegible.'),
    (e) => e.length === 1 && e[0]!.canal === 'push' && e[0]!.estado === 'enviado',
  )
  const lista = (await (await alumno.get('/api/notificaciones')).json()) as {
    data: { notificaciones: { cuerpo: string }[] }
  }
  expect(lista.data.notificaciones.some((n) => n.cuerpo.includes('Documento ilegible.'))).toBe(false)

  await alumno.put('/api/notificaciones/preferencias', {
    canales: canalesPorDefecto(),
    silencio: { desde: '22:00', hasta: '08:00' },
  })
})

test('a subscription the push service reports gone (410) is removed', async () => {
  const otro = await servicio.suscribir(
    ((await (await alumno.get('/api/notificaciones/preferencias')).json()) as { data: { clavePublica: string } }).data
      .clavePublica,
  )
  await alumno.post('/api/notificaciones/suscripciones', { endpoint: otro.endpoint, keys: otro.keys })
  servicio.expirar(otro)
  const antes = mensajes().length
  await rechazarDocumentoSubido('Fecha vencida.')
  await esperar(mensajes, (m) => m.length === antes + 1)
  await esperar(
    () => consultarDb(servidor.dataDir, 'select endpoint from suscripciones_push where endpoint = ?', otro.endpoint),
    (filas) => filas.length === 0,
  )
  expect(
    await consultarDb(servidor.dataDir, 'select 1 from suscripciones_push where endpoint = ?', dispositivo.endpoint),
  ).toHaveLength(1)
})

test('an installment due in 3 days is noticed once however often the check runs, and a push at night waits for 08:00 in Chile', async () => {
  await consultarDb(
    servidor.dataDir,
    'insert into cuotas (codigo_inscripcion, numero, monto, vencimiento, pago_id) values (?, ?, ?, ?, null)',
    SOLICITUD,
    77,
    310_000,
    '2026-11-29',
  )
  // 23:30 in Chile, on the 26th: three days before.
  llevarRelojA('2026-11-27T02:30:00Z')
  const antes = mensajes().length
  await revisarRecordatorios(db, reloj())
  await revisarRecordatorios(db, reloj())
  const filas = await consultarDb<{ cuerpo: string }>(
    servidor.dataDir,
    "select cuerpo from notificaciones where tipo = 'cuota-por-vencer' and ocasion like ?",
    `${SOLICITUD}/77:%`,
  )
  expect(filas).toEqual([
    { cuerpo: 'La cuota 77 de INS-26-40018, de $310.000, vence el 29-11-2026. Puede pagarla en línea.' },
  ])
  await new Promise((r) => setTimeout(r, 500))
  expect(mensajes()).toHaveLength(antes)
  const [retenido] = await consultarDb<{ disponible_desde: string }>(
    servidor.dataDir,
    `select e.disponible_desde from envios_notificacion e join notificaciones n on n.id = e.notificacion_id
     where n.ocasion like ? and e.canal = 'push'`,
    `${SOLICITUD}/77:%`,
  )
  expect(retenido!.disponible_desde).toBe('2026-11-27T11:00:00.000Z')

  // Other reminders of that night (a survey's new week) were held too and go with it.
  llevarRelojA('2026-11-27T11:00:05Z')
  const deLaCuota = (m: MensajePush[]) => m.filter((x) => x.ruta === `/pagos/${SOLICITUD}/77`)
  const [cuota] = deLaCuota(await esperar(mensajes, (m) => deLaCuota(m).length > 0))
  expect(cuota).toMatchObject({ titulo: 'Cuota por vencer', cuerpo: filas[0]!.cuerpo })
})

test('everything else goes in one daily digest e-mail at 09:00 in Chile, with the link to the preferences', async () => {
  const digestos = () =>
    leerCorreos(servidor.dataDir).filter((c) => c.to.includes(EMAIL) && /avisos? nuevos?/.test(c.subject))
  // The clock went past 09:00 of the 26th: that day's digest went out with what the 25th made.
  const previos = digestos().length
  expect(previos).toBe(1)
  expect(digestos()[0]!.text).not.toContain('La cuota 77')
  llevarRelojA('2026-11-27T12:00:05Z')
  const [resumen] = (await esperar(digestos, (c) => c.length > previos)).slice(previos)
  expect(resumen!.text).toContain('Cuota por vencer: La cuota 77 de INS-26-40018')
  expect(resumen!.text).toContain(`${servidor.url}/notificaciones`)
  expect(resumen!.text).not.toContain('Documento rechazado')
  await new Promise((r) => setTimeout(r, 500))
  expect(digestos()).toHaveLength(previos + 1)
})

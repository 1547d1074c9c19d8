// Two portal processes on one database (SQLite here, PostgreSQL in the server-pg project), both
// running the reminder check and the notice scheduler, restarted together: every reminder and a
// rejected document reach the student's device once, and the rejection's e-mail goes once.
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fechaEnChile, sumarDias } from '../src/domain/fechas.ts'
import type { MensajePush } from '../src/domain/notificaciones.ts'
import { borrarBaseDePrueba, carpetaConPlantilla, opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import { CLAVE_FIRMA_DE_PRUEBA, rutaFirmaDePrueba } from '../tests/support/firma.ts'
import { iniciarProcesoPortal, type ProcesoPortal } from '../tests/support/proceso.ts'
import { iniciarServicioPush, type ServicioPush, type SuscripcionDePrueba } from '../tests/support/servicio-push.ts'
import { consultarDb, iniciarSesion, leerCorreos } from '../tests/support/servidor.ts'
import { abrirBaseDeDatos } from './db/connection.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { notificarRevisionDocumento } from './notificaciones/revision-documento.ts'

const SOLICITUD = 'INS-26-40018'
const CUOTAS = 10

let carpeta: string
let servicio: ServicioPush
let dispositivo: SuscripcionDePrueba
let procesos: ProcesoPortal[] = []

beforeAll(async () => {
  servicio = await iniciarServicioPush()
  const { carpeta: nueva, databaseUrl } = await carpetaConPlantilla('portal-avisos-')
  carpeta = nueva
  const entorno = {
    DATA_DIR: carpeta,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: '4' } : {}),
    SIGNING_P12: rutaFirmaDePrueba(),
    SIGNING_P12_PASSPHRASE: CLAVE_FIRMA_DE_PRUEBA,
    NOTIFICACIONES_INTERVALO_S: '0.2',
    // No quiet hours, whatever the hour this test runs at.
    SILENCIO_DESDE: '00:00',
    SILENCIO_HASTA: '00:00',
  }
  // On the seeded template, the student turns notices on for a device.
  const primero = await iniciarProcesoPortal(entorno)
  const alumno = await iniciarSesion(primero.url, DEMO_CUENTAS.estudiante)
  const preferencias = (await (await alumno.get('/api/notificaciones/preferencias')).json()) as {
    data: { clavePublica: string }
  }
  dispositivo = await servicio.suscribir(preferencias.data.clavePublica)
  expect((await alumno.post('/api/notificaciones/suscripciones', dispositivo)).status).toBe(201)
  await primero.detener()
  // Installments the school recorded meanwhile, due in 3 days.
  const vencimiento = sumarDias(fechaEnChile(new Date()), 3)
  for (let n = 1; n <= CUOTAS; n++)
    await consultarDb(
      carpeta,
      'insert into cuotas (codigo_inscripcion, numero, monto, vencimiento, pago_id) values (?, ?, ?, ?, null)',
      SOLICITUD,
      200 + n,
      150_000,
      vencimiento,
    )
  procesos = await Promise.all([iniciarProcesoPortal(entorno), iniciarProcesoPortal(entorno)])
}, 180_000)

afterAll(async () => {
  await Promise.all(procesos.map((p) => p.detener()))
  await servicio?.cerrar()
  rmSync(carpeta, { recursive: true, force: true })
  await borrarBaseDePrueba(carpeta)
})

async function esperar<T>(leer: () => T, listo: (v: T) => boolean, ms = 30_000): Promise<T> {
  const limite = Date.now() + ms
  for (;;) {
    const valor = leer()
    if (listo(valor)) return valor
    if (Date.now() > limite) throw new Error(`no se cumplió a tiempo: ${JSON.stringify(valor)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

test('two servers send each reminder and a rejected document to the device once, and its e-mail once', async () => {
  const db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(carpeta))
  try {
    const [archivo] = await consultarDb<{ id: string }>(
      carpeta,
      'select id from archivos_solicitud where codigo_inscripcion = ? order by id',
      SOLICITUD,
    )
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('archivos_solicitud')
        .set({ estado_revision: 'rechazado', motivo_rechazo: 'El certificado está vencido.' })
        .where('id', '=', archivo!.id)
        .execute()
      await notificarRevisionDocumento(trx, {
        tabla: 'archivos_solicitud',
        archivoId: archivo!.id,
        decision: 'rechazado',
        motivo: 'El certificado está vencido.',
        ahora: new Date(),
      })
    })
  } finally {
    await db.destroy()
  }
  const mensajes = () => servicio.mensajes(dispositivo) as MensajePush[]
  await esperar(mensajes, (m) => m.length >= CUOTAS + 1)
  // Many more runs of both schedulers.
  await new Promise((r) => setTimeout(r, 2000))
  const recibidos = mensajes()
  expect(recibidos).toHaveLength(CUOTAS + 1)
  expect(new Set(recibidos.map((m) => m.id)).size).toBe(CUOTAS + 1)
  for (let n = 1; n <= CUOTAS; n++)
    expect(
      recibidos.filter((m) => m.ruta === `/pagos/${SOLICITUD}/${200 + n}`),
      `cuota ${200 + n}`,
    ).toHaveLength(1)
  expect(recibidos.filter((m) => m.titulo === 'Documento rechazado')).toHaveLength(1)

  const correos = () => leerCorreos(carpeta).filter((c) => c.text.includes('El certificado está vencido.'))
  await esperar(correos, (c) => c.length > 0)
  await new Promise((r) => setTimeout(r, 1000))
  expect(correos()).toHaveLength(1)

  const notificaciones = await consultarDb<{ n: number }>(
    carpeta,
    "select count(*) as n from notificaciones where tipo = 'cuota-por-vencer' and ocasion like ?",
    `${SOLICITUD}/2%`,
  )
  expect(notificaciones[0]!.n).toBe(CUOTAS)
}, 90_000)

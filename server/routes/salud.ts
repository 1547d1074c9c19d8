// GET /api/salud: the load balancer's readiness check. 200 only when this server's database answers
// and has every migration this code expects (a server started against a database that another,
// newer or older, deployment migrated differently must not take traffic); 503 otherwise, so the
// balancer sends requests to the other servers meanwhile.
import { Hono } from 'hono'
import type { EntornoApp } from '../contexto.ts'
import { migracionesPendientes } from '../db/connection.ts'
import { mensajeDeFallo } from '../bitacora.ts'

export const MENSAJE_NO_DISPONIBLE = 'Servidor no disponible: la base de datos no responde o no está al día.'

export const rutasSalud = new Hono<EntornoApp>().get('/', async (c) => {
  c.header('Cache-Control', 'no-store')
  const { db, log } = c.var.deps
  try {
    const pendientes = await migracionesPendientes(db)
    if (pendientes === 0) return c.json({ status: 'ok' })
    log(`salud: faltan ${pendientes} migraciones en la base de datos`)
  } catch (err) {
    log(`salud: la base de datos no responde: ${mensajeDeFallo(err)}`)
  }
  return c.json({ status: 'error', error: MENSAJE_NO_DISPONIBLE }, 503)
})

// The personal form's reference data (getPaises, getProfesiones, getUniversidades, getRegiones,
// getComunas, getCiudades), read by server/alumnos/lookups.ts. Signed-in only, like the original
// calls: a failed lookup sends the student back to login.
import { Hono } from 'hono'
import { ciudadPorComuna, comunasDeRegion, paises, profesiones, regiones, universidades } from '../alumnos/lookups.ts'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'

export const MENSAJE_REGION_INVALIDA = 'La región indicada no existe.'

export const rutasLookups = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/paises', async (c) => c.json({ status: 'ok', data: await paises(c.var.deps.db) }))
  .get('/profesiones', async (c) => c.json({ status: 'ok', data: await profesiones(c.var.deps.db) }))
  .get('/universidades', async (c) => c.json({ status: 'ok', data: await universidades(c.var.deps.db) }))
  .get('/regiones', async (c) => c.json({ status: 'ok', data: await regiones(c.var.deps.db) }))
  .get('/comunas', async (c) => {
    const data = await comunasDeRegion(c.var.deps.db, c.req.query('region') ?? '')
    if (!data)
      return c.json(
        { status: 'error', error: MENSAJE_REGION_INVALIDA, campos: { region: MENSAJE_REGION_INVALIDA } },
        400,
      )
    return c.json({ status: 'ok', data })
  })
  .get('/ciudades', async (c) => c.json({ status: 'ok', data: { comunaCiudad: await ciudadPorComuna(c.var.deps.db) } }))

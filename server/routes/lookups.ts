// The personal form's reference data (getPaises, getProfesiones, getUniversidades, getRegiones,
// getComunas, getCiudades). Signed-in only, like the original calls:
// a failed lookup sends the student back to login.
import { Hono } from 'hono'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'

export const MENSAJE_REGION_INVALIDA = 'La región indicada no existe.'

export const rutasLookups = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/paises', async (c) => {
    const data = await c.var.deps.db
      .selectFrom('paises')
      .select(['cod_pais as codPais', 'pais', 'nacionalidad'])
      .orderBy('orden')
      .execute()
    return c.json({ status: 'ok', data })
  })
  .get('/profesiones', async (c) => {
    const data = await c.var.deps.db
      .selectFrom('profesiones')
      .select(['cod_profesion as codProfesion', 'profesion'])
      .orderBy('orden')
      .execute()
    return c.json({ status: 'ok', data })
  })
  .get('/universidades', async (c) => {
    const data = await c.var.deps.db.selectFrom('universidades').select(['universidad']).orderBy('orden').execute()
    return c.json({ status: 'ok', data })
  })
  .get('/regiones', async (c) => {
    const data = await c.var.deps.db
      .selectFrom('regiones')
      .select(['cod_region as codRegion', 'region'])
      .orderBy('orden')
      .execute()
    return c.json({ status: 'ok', data })
  })
  .get('/comunas', async (c) => {
    const { db } = c.var.deps
    const region = c.req.query('region') ?? ''
    const existe = await db
      .selectFrom('regiones')
      .select('cod_region')
      .where('cod_region', '=', region)
      .executeTakeFirst()
    if (!existe)
      return c.json(
        { status: 'error', error: MENSAJE_REGION_INVALIDA, campos: { region: MENSAJE_REGION_INVALIDA } },
        400,
      )
    const data = await db
      .selectFrom('comunas')
      .select(['cod_comuna as codComuna', 'comuna'])
      .where('cod_region', '=', region)
      .orderBy('orden')
      .execute()
    return c.json({ status: 'ok', data })
  })
  .get('/ciudades', async (c) => {
    const filas = await c.var.deps.db.selectFrom('comunas').select(['cod_comuna', 'ciudad']).orderBy('orden').execute()
    const comunaCiudad = Object.fromEntries(filas.map((f) => [f.cod_comuna, f.ciudad]))
    return c.json({ status: 'ok', data: { comunaCiudad } })
  })

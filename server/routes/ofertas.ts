// Job offers ('Ofertas Laborales'), mounted at /api/ofertas: the offers listed today (not those the
// school closed; server/ofertas/listado.ts), and whether the home page shows their tile (the
// school's setting on /admin/ofertas, the environment's default until set; the list itself answers
// either way).
import { Hono } from 'hono'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { ofertasVigentes } from '../ofertas/listado.ts'
import { mosaicoOfertas } from '../ofertas/mosaico.ts'

export const rutasOfertas = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/', async (c) => {
    const { db, clock } = c.var.deps
    const ofertas = await ofertasVigentes(db, fechaEnChile(clock()))
    return c.json({ status: 'ok' as const, data: { ofertas } })
  })
  .get('/mosaico', async (c) => {
    const { visible } = await mosaicoOfertas(c.var.deps.db, c.var.deps.config)
    return c.json({ status: 'ok' as const, data: { visible } })
  })

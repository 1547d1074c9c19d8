// Job offers ('Ofertas Laborales'), mounted at /api/ofertas: the offers listed today (not those the
// school closed), and whether the home page shows their tile (the school's setting on
// /admin/ofertas, the environment's default until set; the list itself answers either way).
import { Hono } from 'hono'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { mosaicoOfertas } from '../ofertas/mosaico.ts'

export const rutasOfertas = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/', async (c) => {
    const { db, clock } = c.var.deps
    const hoy = fechaEnChile(clock())
    // The same rule as ofertaVigente in src/domain/ofertas-laborales.ts, applied by the query.
    const ofertas = await db
      .selectFrom('ofertas_laborales')
      .selectAll()
      .where('publicada_el', '<=', hoy)
      .where('cierra_el', '>=', hoy)
      .where('cerrada_en', 'is', null)
      .orderBy('publicada_el', 'desc')
      .orderBy('id')
      .execute()
    return c.json({
      status: 'ok' as const,
      data: {
        ofertas: ofertas.map((o) => ({
          id: o.id,
          institucion: o.institucion,
          cargo: o.cargo,
          ciudad: o.ciudad,
          descripcion: o.descripcion,
          publicadaEl: o.publicada_el,
          cierraEl: o.cierra_el,
          contacto: { nombre: o.contacto_nombre, email: o.contacto_email },
        })),
      },
    })
  })
  .get('/mosaico', async (c) => {
    const { visible } = await mosaicoOfertas(c.var.deps.db, c.var.deps.config)
    return c.json({ status: 'ok' as const, data: { visible } })
  })

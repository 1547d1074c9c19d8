// Job offers ('Ofertas Laborales'), mounted at /api/ofertas: the offers listed today, and whether
// the home page shows their tile (a server setting, so the school turns the tile on without a new
// build; the list itself answers either way).
import { Hono } from 'hono'
import { fechaEnChile } from '../../src/domain/fechas.ts'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'

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
  .get('/mosaico', (c) =>
    c.json({ status: 'ok' as const, data: { visible: c.var.deps.config.ofertasLaboralesVisibles } }),
  )

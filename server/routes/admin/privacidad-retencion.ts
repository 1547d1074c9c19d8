// The retention run, mounted at /api/admin/privacidad/retencion (capability privacidad.retencion,
// the administration's alone): the proposal waiting for confirmation (a dry run: counts and a few
// of each, nothing deleted) and the last batches applied; a fresh proposal on demand; and the
// confirmation, which applies the batch. Every change audited. The work is in
// server/privacidad/retencion.ts.
import { Hono } from 'hono'
import { rechazar } from '../../http/respuesta.ts'
import type { EntornoApp } from '../../contexto.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { auditar } from '../../personal/auditoria.ts'
import { confirmarLote, estadoRetencion, leerLote, proponerLote } from '../../privacidad/retencion.ts'
import { subidasDe } from '../../subidas/tus.ts'

const retencion = requiereCapacidad('privacidad.retencion')

export const MENSAJE_REVISION_EN_CURSO =
  'Otra revisión se está preparando en este momento. Intente nuevamente en unos segundos.'

export const rutasRetencionAdmin = new Hono<EntornoApp>()
  .get('/', retencion, async (c) => c.json(await estadoRetencion(c.var.deps.db)))
  .post('/revisar', retencion, async (c) => {
    const { deps } = c.var
    const id = await proponerLote(deps)
    if (!id) return rechazar(c, 409, MENSAJE_REVISION_EN_CURSO)
    const lote = (await leerLote(deps.db, id))!
    await auditar(
      deps.db,
      { personal: c.var.personal, ip: c.var.ip, ahora: deps.clock() },
      {
        accion: 'privacidad.retencion-revisar',
        entidad: 'retencion-lote',
        entidadId: id,
        despues: Object.fromEntries(lote.tareas.filter((t) => t.cantidad > 0).map((t) => [t.tipo, t.cantidad])),
      },
    )
    return c.json({ propuesto: lote })
  })
  .post('/:lote/confirmar', retencion, async (c) => {
    const { deps } = c.var
    const r = await confirmarLote(
      { ...deps, subidas: subidasDe(deps).almacen },
      { personal: c.var.personal, ip: c.var.ip, ahora: deps.clock() },
      c.req.param('lote'),
    )
    if ('rechazo' in r) return rechazar(c, r.rechazo.status, r.rechazo.error)
    return c.json(r)
  })

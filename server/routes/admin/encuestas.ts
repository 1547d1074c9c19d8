// The general survey's results, mounted at /api/admin/encuestas (capability encuestas.ver): the
// counts per question for a program and a year, and the spreadsheet of the surveys answered. The
// sensitive answers reach only the roles with encuestas.sensibles; every download is in the
// audit trail with the filters it used.
import { Hono } from 'hono'
import { consultaResultadosEncuestaSchema } from '../../../src/domain/resultados-encuesta.ts'
import type { EntornoApp } from '../../contexto.ts'
import { nombrePlanilla, planillaEncuestas, resultadosEncuesta, veSensibles } from '../../encuestas/resultados.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { auditar } from '../../personal/auditoria.ts'
import { contentDisposition } from '../../archivos/nombre.ts'
import { consultaValida } from '../../http/validacion.ts'
import { TIPO_XLSX } from '../../planilla.ts'

const ver = requiereCapacidad('encuestas.ver')

export const rutasEncuestasAdmin = new Hono<EntornoApp>()
  .get('/', ver, consultaValida(consultaResultadosEncuestaSchema), async (c) => {
    return c.json(await resultadosEncuesta(c.var.deps.db, c.var.personal, c.req.valid('query')))
  })
  .get('/planilla', ver, consultaValida(consultaResultadosEncuestaSchema), async (c) => {
    const { db, clock } = c.var.deps
    const consulta = c.req.valid('query')
    const personal = c.var.personal
    const { contenido, filas, leidas } = await planillaEncuestas(db, personal, consulta)
    // Recorded before the file leaves: a download the trail cannot record is not sent.
    await auditar(
      db,
      { personal, ip: c.var.ip, ahora: clock() },
      {
        accion: 'encuestas.exportar',
        entidad: 'encuestas',
        despues: {
          programa: consulta.programa || null,
          anio: consulta.anio,
          filas,
          respuestasSensibles: veSensibles(personal),
        },
      },
    )
    // Each student whose sensitive answers the file holds sees this read in their list.
    if (veSensibles(personal)) {
      const en = clock()
      c.var.deps.lecturas.registrar(
        ...leidas.map((l) => ({
          lector: { personal },
          alumnoId: l.alumnoId,
          que: 'encuesta-sensible' as const,
          detalle: `Planilla de encuestas: respuestas de la solicitud ${l.codigoInscripcion}`,
          ip: c.var.ip,
          en,
        })),
      )
    }
    c.header('Content-Type', TIPO_XLSX)
    c.header('Content-Length', String(contenido.length))
    c.header('Content-Disposition', contentDisposition(nombrePlanilla(consulta)))
    c.header('Cache-Control', 'private, no-store')
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(new Uint8Array(contenido))
  })

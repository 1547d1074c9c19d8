// The privacy policy: public (anyone may read it, and every version published), and, for a
// signed-in student, the version they have not been shown yet and the record that they saw it.
import { Hono } from 'hono'
import * as v from 'valibot'
import { VERSION_VIGENTE } from '../../src/domain/politica-privacidad.ts'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import {
  politicaVigente,
  registrarVista,
  textoDeVersion,
  versionesPublicadas,
  versionPorMostrar,
} from '../privacidad/politica.ts'
import { rechazar } from '../http/respuesta.ts'
import { cuerpoJson } from '../http/validacion.ts'

export const MENSAJE_VERSION_NO_PUBLICADA = 'Esa versión de la política de privacidad no existe.'
export const MENSAJE_VERSION_NO_VIGENTE = 'Esa no es la versión vigente de la política de privacidad.'

const vistaSchema = v.object({ version: v.pipe(v.number(), v.integer()) })

export const rutasPrivacidad = new Hono<EntornoApp>()
  .get('/', async (c) => c.json(await politicaVigente(c.var.deps)))
  .get('/versiones', async (c) => {
    await politicaVigente(c.var.deps)
    return c.json(await versionesPublicadas(c.var.deps.db))
  })
  .get('/versiones/:version', async (c) => {
    await politicaVigente(c.var.deps)
    const texto = /^\d{1,6}$/.test(c.req.param('version'))
      ? await textoDeVersion(c.var.deps.db, Number(c.req.param('version')))
      : undefined
    return texto ? c.json(texto) : rechazar(c, 404, MENSAJE_VERSION_NO_PUBLICADA)
  })
  .get('/aviso', requiereAlumno, async (c) =>
    c.json({ porMostrar: await versionPorMostrar(c.var.deps.db, c.var.alumno.id) }),
  )
  .post('/aviso', requiereAlumno, cuerpoJson(vistaSchema), async (c) => {
    const { version } = c.req.valid('json')
    if (version !== VERSION_VIGENTE.version) return rechazar(c, 409, MENSAJE_VERSION_NO_VIGENTE)
    await registrarVista(c.var.deps, c.var.alumno.id, version)
    return c.json({ porMostrar: null })
  })

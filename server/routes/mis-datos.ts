// The student's own data and rights, mounted at /api/privacidad/mis-datos: the downloads of their
// data (a ZIP, free once a quarter and throttled beyond), and their rights requests with every
// message the school sent. The student comes from the session only.
import { Hono } from 'hono'
import { descargaPermitida, solicitudDerechoSchema } from '../../src/domain/derechos.ts'
import type { EntornoApp } from '../contexto.ts'
import { requiereAlumno } from '../middleware/sesion.ts'
import { crearSolicitud, solicitudesDeAlumno } from '../privacidad/derechos.ts'
import { exportacionesDe, pedirExportacion, zipDeExportacion } from '../privacidad/exportacion.ts'
import { enviarArchivo } from '../archivos/enviar.ts'
import { rechazar } from '../http/respuesta.ts'
import { cuerpoJson } from '../http/validacion.ts'

export const MENSAJE_DESCARGA_VENCIDA =
  'Este enlace de descarga ya venció o no existe. Pida una nueva copia de sus datos.'

export const rutasMisDatos = new Hono<EntornoApp>()
  .use(requiereAlumno)
  .get('/', async (c) => {
    const { db, clock } = c.var.deps
    const alumnoId = c.var.alumno.id
    const exportaciones = await exportacionesDe(db, alumnoId, clock())
    const permitida = descargaPermitida(
      exportaciones.filter((e) => e.estado !== 'fallida').map((e) => e.pedidaEn),
      clock(),
    )
    return c.json({
      exportaciones,
      descarga: permitida.permitida ? { permitida: true as const } : permitida,
      solicitudes: await solicitudesDeAlumno(db, alumnoId),
    })
  })
  .post('/exportaciones', async (c) => {
    const resultado = await pedirExportacion(c.var.deps, c.var.alumno.id)
    if ('error' in resultado) return rechazar(c, resultado.status, resultado.error)
    return c.json(resultado, 201)
  })
  .get('/exportaciones/:id/zip', async (c) => {
    const { db, clock } = c.var.deps
    const archivo = await zipDeExportacion(db, c.var.alumno.id, c.req.param('id'), clock())
    if (!archivo) return rechazar(c, 404, MENSAJE_DESCARGA_VENCIDA)
    return enviarArchivo(c, archivo, `la copia de datos ${c.req.param('id')}`)
  })
  .post('/solicitudes', cuerpoJson(solicitudDerechoSchema), async (c) => {
    const creada = await crearSolicitud(c.var.deps, c.var.alumno, c.req.valid('json'))
    return c.json(creada, 201)
  })

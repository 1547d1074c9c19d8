// Document review, mounted at /api/admin/documentos (capability documentos.revisar): the queue and
// its next document, an owner's checklist (an enrolment, a student's personal documents or a
// contest application), one of its files shown inline, the decision and the undoing of a
// rejection. An assistant reaches only their own students' documents; anything out of reach is
// answered like something that does not exist.
import { Hono } from 'hono'
import * as v from 'valibot'
import { erroresPorCampo } from '../../../src/domain/errores-por-campo.ts'
import {
  decisionDocumentosSchema,
  deshacerRechazoSchema,
  filtrosColaSchema,
  MENSAJE_DOCUMENTOS_NO_ENCONTRADOS,
  siguienteDocumentoSchema,
} from '../../../src/domain/revision-documentos.ts'
import { esOrigenDocumento } from '../../../src/domain/estado-revision.ts'
import type { EntornoApp } from '../../contexto.ts'
import {
  archivoAlAlcance,
  colaDeRevision,
  decidirDocumentos,
  deshacerRechazo,
  expedienteDeRevision,
  siguienteEnCola,
} from '../../documentos/revision.ts'
import { esDocumentoDeSalud } from '../../../src/domain/lecturas.ts'
import { nombreTipoDocumento } from '../../../src/domain/revision-documentos.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { enviarArchivo } from '../../archivos/enviar.ts'
import { consultaValida, cuerpoJson, MENSAJE_CUERPO_INVALIDO } from '../../http/validacion.ts'
import { rechazar } from '../../http/respuesta.ts'

const revisar = requiereCapacidad('documentos.revisar')

export const rutasDocumentosAdmin = new Hono<EntornoApp>()
  .get('/', revisar, async (c) => {
    const filtros = v.safeParse(filtrosColaSchema, c.req.query())
    if (!filtros.success) {
      const campos = erroresPorCampo(filtros.issues)
      return rechazar(c, 400, Object.values(campos)[0] ?? MENSAJE_CUERPO_INVALIDO, campos)
    }
    return c.json(await colaDeRevision(c.var.deps.db, c.var.personal, filtros.output))
  })
  .get('/siguiente', revisar, consultaValida(siguienteDocumentoSchema), async (c) => {
    return c.json(await siguienteEnCola(c.var.deps.db, c.var.personal, c.req.valid('query')))
  })
  .get('/:origen/:dueno', revisar, async (c) => {
    const origen = c.req.param('origen')
    const expediente = esOrigenDocumento(origen)
      ? await expedienteDeRevision(c.var.deps.db, c.var.personal, origen, c.req.param('dueno'))
      : null
    if (!expediente) return rechazar(c, 404, MENSAJE_DOCUMENTOS_NO_ENCONTRADOS)
    return c.json(expediente)
  })
  .get('/:origen/:dueno/archivos/:id', revisar, async (c) => {
    const origen = c.req.param('origen')
    const archivo = esOrigenDocumento(origen)
      ? await archivoAlAlcance(c.var.deps.db, c.var.personal, origen, c.req.param('dueno'), c.req.param('id'))
      : null
    if (!archivo) return rechazar(c, 404, MENSAJE_DOCUMENTOS_NO_ENCONTRADOS)
    // A health document opened by staff is recorded (who, which, when), off the request's path.
    if (esDocumentoDeSalud(archivo.cod_documento))
      c.var.deps.lecturas.registrar({
        lector: { personal: c.var.personal },
        alumnoId: archivo.alumno_id,
        que: 'documento-salud',
        detalle: `${nombreTipoDocumento(archivo.cod_documento)} (${archivo.nombre})`,
        ip: c.var.ip,
        en: c.var.deps.clock(),
      })
    return enviarArchivo(c, { ...archivo, nombre_original: archivo.nombre }, 'un documento en revisión', {
      enLinea: true,
    })
  })
  .post('/:origen/:dueno/decision', revisar, cuerpoJson(decisionDocumentosSchema), async (c) => {
    const origen = c.req.param('origen')
    if (!esOrigenDocumento(origen)) return rechazar(c, 404, MENSAJE_DOCUMENTOS_NO_ENCONTRADOS)
    const personal = c.var.personal
    const resultado = await decidirDocumentos(
      c.var.deps,
      personal,
      { personal, ip: c.var.ip, ahora: c.var.deps.clock() },
      origen,
      c.req.param('dueno'),
      c.req.valid('json'),
    )
    if (!resultado.ok) return rechazar(c, resultado.status, resultado.error)
    return c.json({ documentos: resultado.documentos, deshacer: resultado.deshacer })
  })
  .post('/:origen/:dueno/deshacer', revisar, cuerpoJson(deshacerRechazoSchema), async (c) => {
    const origen = c.req.param('origen')
    if (!esOrigenDocumento(origen)) return rechazar(c, 404, MENSAJE_DOCUMENTOS_NO_ENCONTRADOS)
    const personal = c.var.personal
    const resultado = await deshacerRechazo(
      c.var.deps,
      personal,
      { personal, ip: c.var.ip, ahora: c.var.deps.clock() },
      origen,
      c.req.param('dueno'),
      c.req.valid('json').documentos,
    )
    if (!resultado.ok) return rechazar(c, resultado.status, resultado.error)
    return c.json({ documentos: resultado.documentos })
  })

// Loading students and enrolments from a file, mounted at /api/admin/importacion (capability
// alumnos.importar). Two steps, both with the file: `previa` reads it and answers every row's
// outcome with nothing written, and the file's SHA-256; `confirmar` takes the file again with that
// hash, refuses it if it is not the same file (409), and applies it. So what is applied is
// exactly the file that was previewed, and no server keeps an upload between the two steps.
// Applying writes the audit rows (with the counts) in the same transactions as the changes, and
// the new students get their invitations.
//
// A row that changes a student's sign-in e-mail shows in the preview as such (`cambioCorreo`) and
// is applied only when the confirmation names it in its own field (`CAMPO_CAMBIOS_CORREO`, the
// screen's separate checkbox); the old address is then told.
import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import {
  CAMPO_CAMBIOS_CORREO,
  HUELLA_PATTERN,
  MAX_MB_IMPORTACION,
  MENSAJE_ARCHIVO_CAMBIO,
  contarResultados,
  leerFilasConfirmadas,
  mensajeArchivoImportacionGrande,
  type RechazoArchivoImportacion,
  type RespuestaImportacion,
  type RespuestaPreviaImportacion,
} from '../../../src/domain/importacion.ts'
import { BYTES_POR_MB, MENSAJE_ARCHIVO_OBLIGATORIO } from '../../../src/domain/documentos.ts'
import type { EntornoApp } from '../../contexto.ts'
import { declarar } from '../../middleware/declaracion.ts'
import { aplicar, previsualizar } from '../../importacion/aplicar.ts'
import { avisarCambiosDeCorreo } from '../../importacion/cambio-correo.ts'
import { invitarAlumnos } from '../../importacion/invitacion.ts'
import { leerArchivo } from '../../importacion/leer.ts'
import { requiereCapacidad } from '../../middleware/capacidad.ts'
import { sanearNombreArchivo } from '../../archivos/nombre.ts'
import { leerFormularioConUnArchivo, MENSAJE_CUERPO_INVALIDO } from '../../http/validacion.ts'

const importar = requiereCapacidad('alumnos.importar')

function rechazo<E extends EntornoApp>(c: Context<E>, errores: string[], status: 400 | 409 | 413 | 415 = 400) {
  const cuerpo: RechazoArchivoImportacion = { error: errores[0] ?? MENSAJE_CUERPO_INVALIDO, errores }
  return c.json(cuerpo, status)
}

/** The uploaded file read into rows, with its name and hash; or the reply refusing it. */
async function recibir<E extends EntornoApp>(c: Context<E>) {
  const formulario = await leerFormularioConUnArchivo(c)
  if (!formulario.ok) return { respuesta: rechazo(c, [formulario.mensaje], formulario.status) }
  const archivo = formulario.campos.archivo
  if (!(archivo instanceof File)) return { respuesta: rechazo(c, [MENSAJE_ARCHIVO_OBLIGATORIO]) }
  if (archivo.size > MAX_MB_IMPORTACION * BYTES_POR_MB)
    return { respuesta: rechazo(c, [mensajeArchivoImportacionGrande()], 413) }
  const bytes = new Uint8Array(await archivo.arrayBuffer())
  const nombre = sanearNombreArchivo(archivo.name)
  const leido = await leerArchivo(nombre, bytes)
  if (!leido.ok) return { respuesta: rechazo(c, leido.errores) }
  const huella = createHash('sha256').update(bytes).digest('hex')
  const enviada = formulario.campos.huella
  const cambiosDeCorreo = formulario.campos[CAMPO_CAMBIOS_CORREO]
  return {
    nombre,
    huella,
    enviada: typeof enviada === 'string' ? enviada : null,
    correosConfirmados: leerFilasConfirmadas(typeof cambiosDeCorreo === 'string' ? cambiosDeCorreo : null),
    ...leido,
  }
}

export const rutasImportacionAdmin = new Hono<EntornoApp>()
  .post('/previa', importar, declarar({ cuerpo: 'importacion' }), async (c) => {
    const r = await recibir(c)
    if ('respuesta' in r) return r.respuesta
    // Every change of sign-in e-mail is shown here as what it is; it needs its own confirmation.
    const resultados = await previsualizar(c.var.deps.db, r.filas, {
      numeracion: r.numeros,
      cambiosDeCorreo: { filas: 'todas' },
    })
    const cuerpo: RespuestaPreviaImportacion = {
      archivo: r.nombre,
      huella: r.huella,
      conteo: contarResultados(resultados),
      resultados,
    }
    return c.json(cuerpo)
  })
  .post('/confirmar', importar, declarar({ cuerpo: 'importacion' }), async (c) => {
    const r = await recibir(c)
    if ('respuesta' in r) return r.respuesta
    if (!r.enviada || !HUELLA_PATTERN.test(r.enviada) || r.enviada !== r.huella)
      return rechazo(c, [MENSAJE_ARCHIVO_CAMBIO], 409)
    const deps = c.var.deps
    const { id, nombre, rol } = c.var.personal
    const hecho = await aplicar(
      deps.db,
      r.filas,
      { tipo: 'personal', id, nombre, rol, ip: c.var.ip },
      {
        numeracion: r.numeros,
        ahora: deps.clock(),
        detalleAuditoria: { archivo: r.nombre, huella: r.huella },
        cambiosDeCorreo: { filas: r.correosConfirmados },
      },
    )
    await invitarAlumnos(deps, hecho.invitar)
    await avisarCambiosDeCorreo(deps, hecho.correosCambiados)
    const cuerpo: RespuestaImportacion = {
      archivo: r.nombre,
      conteo: contarResultados(hecho.resultados),
      resultados: hecho.resultados,
      alumnosInvitados: hecho.invitar.length,
      correosCambiados: hecho.correosCambiados.length,
    }
    return c.json(cuerpo)
  })

// A student's rights requests (src/domain/derechos.ts): filed and acknowledged at once with the
// legal deadline, extended once with a reason, answered, approved (which applies what was asked)
// or refused with grounds. Every message the student is sent is kept word for word, with when and
// who, in `respuestas_derechos`, which the database refuses to change: the proof the law asks for.
// Each change happens in one transaction with its proof, its notice to the student and its audit
// row; a request is answered once (a conditional update on its open state).
import { randomUUID } from 'node:crypto'
import * as v from 'valibot'
import {
  CAMPO_OTRO,
  CAMPOS_RECTIFICABLES,
  DERECHO,
  estadoTrasDecision,
  etiquetaCampoRectificacion,
  plazoLegal,
  prorrogar,
  MENSAJE_SOLICITUD_CERRADA,
  resumenSolicitud,
  textoAcuse,
  textoRechazo,
  type CampoRectificable,
  type Derecho,
  type RespuestaDerecho,
  type SolicitudDerecho,
} from '../../src/domain/derechos.ts'
import { fechaEnChile, fechaLarga } from '../../src/domain/fechas.ts'
import { crearPersonaSchema, type Persona } from '../../src/domain/persona.ts'
import { guardarPersona, personaDe, validarContraBaseDeDatos } from '../alumnos/persona.ts'
import type { Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import type { Alumno, SolicitudDerechoFila } from '../db/schema.ts'
import { despacharAhora } from '../notificaciones/programador.ts'
import { notificar } from '../notificaciones/notificar.ts'
import { auditar, type Autor } from '../personal/auditoria.ts'
import { subidasDe } from '../subidas/tus.ts'
import { bloquearAlumno } from './bloqueo.ts'
import { suprimirDatosAlumno, type ResultadoSupresion } from './supresion.ts'
import {
  correoDeRespuesta,
  correoRespuestaDe,
  encolarRespuestaPorCorreo,
  enviarRespuestasPorCorreo,
} from './respuesta-por-correo.ts'

export const MENSAJE_SOLICITUD_NO_EXISTE = 'La solicitud no existe.'
export const MENSAJE_RECTIFICACION_MANUAL =
  'Este dato no se corrige solo: corríjalo donde corresponda y use «Responder» para contarle al estudiante lo que se hizo.'

function numeroDeSolicitud(id: string): string {
  return `D-${id.replaceAll('-', '').slice(0, 6).toUpperCase()}`
}

const RUTA_MIS_DATOS = '/privacidad/mis-datos'

/** Files a request, acknowledges it (kept as proof) and tells the student in the app and by e-mail. */
export async function crearSolicitud(deps: Dependencias, alumno: Alumno, datos: SolicitudDerecho) {
  const ahora = deps.clock()
  const recibida = fechaEnChile(ahora)
  const plazo = plazoLegal(datos.derecho, recibida)
  const id = randomUUID()
  const numero = numeroDeSolicitud(id)
  const acuse = textoAcuse({ derecho: datos.derecho, numero, recibida, plazo })
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('solicitudes_derechos')
      .values({
        id,
        numero,
        alumno_id: alumno.id,
        derecho: datos.derecho,
        datos: JSON.stringify(datos),
        resumen: resumenSolicitud(datos),
        estado: 'recibida',
        recibida_en: ahora.toISOString(),
        plazo,
        plazo_original: plazo,
        prorrogada_en: null,
        motivo_prorroga: null,
        respondida_en: null,
        respondida_por: null,
        resultado: null,
      })
      .execute()
    await trx
      .insertInto('respuestas_derechos')
      .values({
        id: randomUUID(),
        solicitud_id: id,
        tipo: 'acuse',
        texto: acuse,
        enviada_en: ahora.toISOString(),
        por_id: null,
        por_nombre: null,
        por_rol: null,
      })
      .execute()
    await notificar(trx, {
      alumnoId: alumno.id,
      tipo: 'privacidad-solicitud',
      ocasion: `solicitud:${id}:acuse`,
      aviso: { titulo: `Recibimos su solicitud N° ${numero}`, cuerpo: acuse, ruta: RUTA_MIS_DATOS },
      ahora,
    })
  })
  despacharAhora(deps)
  return { id, numero, plazo, acuse }
}

async function respuestasDe(db: Db, ids: string[]) {
  if (ids.length === 0) return []
  return db
    .selectFrom('respuestas_derechos')
    .select(['id', 'solicitud_id', 'tipo', 'texto', 'enviada_en', 'por_nombre'])
    .where('solicitud_id', 'in', ids)
    .orderBy('enviada_en')
    .orderBy('id')
    .execute()
}

function enVista(f: SolicitudDerechoFila) {
  return {
    id: f.id,
    numero: f.numero,
    derecho: f.derecho,
    nombreDerecho: DERECHO[f.derecho].nombre,
    resumen: f.resumen,
    estado: f.estado,
    recibidaEn: f.recibida_en,
    plazo: f.plazo,
    plazoOriginal: f.plazo_original,
    prorrogadaEn: f.prorrogada_en,
    motivoProrroga: f.motivo_prorroga,
    respondidaEn: f.respondida_en,
  }
}

/** The student's requests, newest first, each with every message they were sent. */
export async function solicitudesDeAlumno(db: Db, alumnoId: string) {
  const filas = await db
    .selectFrom('solicitudes_derechos')
    .selectAll()
    .where('alumno_id', '=', alumnoId)
    .orderBy('recibida_en', 'desc')
    .execute()
  const respuestas = await respuestasDe(
    db,
    filas.map((f) => f.id),
  )
  return filas.map((f) => ({
    ...enVista(f),
    mensajes: respuestas
      .filter((r) => r.solicitud_id === f.id)
      .map((r) => ({ tipo: r.tipo, texto: r.texto, enviadaEn: r.enviada_en })),
  }))
}

/** The school's queue: open requests first by what falls due first, then the answered ones. */
export async function colaDeSolicitudes(db: Db) {
  const filas = await db
    .selectFrom('solicitudes_derechos as s')
    .innerJoin('alumnos as a', 'a.id', 's.alumno_id')
    .selectAll('s')
    .select(['a.nombres', 'a.apellidos', 'a.email'])
    .orderBy('s.plazo')
    .orderBy('s.recibida_en')
    .limit(500)
    .execute()
  const vista = filas.map((f) => ({
    ...enVista(f),
    alumno: { id: f.alumno_id, nombre: `${f.nombres} ${f.apellidos}`, email: f.email },
  }))
  return [...vista.filter((s) => s.estado === 'recibida'), ...vista.filter((s) => s.estado !== 'recibida').reverse()]
}

/** One request for the school: what was asked, the student, every message sent with who sent it. */
export async function detalleDeSolicitud(db: Db, id: string) {
  const f = await db
    .selectFrom('solicitudes_derechos as s')
    .innerJoin('alumnos as a', 'a.id', 's.alumno_id')
    .selectAll('s')
    .select(['a.nombres', 'a.apellidos', 'a.email'])
    .where('s.id', '=', id)
    .executeTakeFirst()
  if (!f) return null
  const mensajes = await respuestasDe(db, [id])
  return {
    ...enVista(f),
    datos: JSON.parse(f.datos) as SolicitudDerecho,
    resultado: f.resultado ? (JSON.parse(f.resultado) as unknown) : null,
    correoRespuesta: correoRespuestaDe(f),
    alumno: { id: f.alumno_id, nombre: `${f.nombres} ${f.apellidos}`, email: f.email },
    mensajes: mensajes.map((r) => ({ tipo: r.tipo, texto: r.texto, enviadaEn: r.enviada_en, por: r.por_nombre })),
  }
}

type Fallo = { error: string; status: 400 | 404 | 409 }

/** Extends the deadline once, with its reason; the student is told. */
export async function prorrogarSolicitud(
  deps: Dependencias,
  autor: Autor,
  id: string,
  motivo: string,
): Promise<Fallo | { plazo: string }> {
  const { db } = deps
  const fila = await db.selectFrom('solicitudes_derechos').selectAll().where('id', '=', id).executeTakeFirst()
  if (!fila) return { error: MENSAJE_SOLICITUD_NO_EXISTE, status: 404 }
  const nuevo = prorrogar({
    derecho: fila.derecho,
    plazo: fila.plazo,
    prorrogada: fila.prorrogada_en !== null,
    estado: fila.estado,
  })
  if ('error' in nuevo) return { error: nuevo.error, status: 409 }
  const texto =
    `El plazo para responder su solicitud N° ${fila.numero} se prorrogó hasta el ${fechaLarga(nuevo.plazo)}, ` +
    `por el siguiente motivo: ${motivo}`
  const hecho = await db.transaction().execute(async (trx) => {
    const actualizada = await trx
      .updateTable('solicitudes_derechos')
      .set({ plazo: nuevo.plazo, prorrogada_en: autor.ahora.toISOString(), motivo_prorroga: motivo })
      .where('id', '=', id)
      .where('estado', '=', 'recibida')
      .where('prorrogada_en', 'is', null)
      .returning('id')
      .executeTakeFirst()
    if (!actualizada) return false
    await registrarMensaje(trx, autor, id, 'prorroga', texto)
    await notificar(trx, {
      alumnoId: fila.alumno_id,
      tipo: 'privacidad-solicitud',
      ocasion: `solicitud:${id}:prorroga`,
      aviso: { titulo: `Se prorrogó el plazo de su solicitud N° ${fila.numero}`, cuerpo: texto, ruta: RUTA_MIS_DATOS },
      ahora: autor.ahora,
    })
    await auditar(trx, autor, {
      accion: 'privacidad.prorrogar',
      entidad: 'solicitud-derecho',
      entidadId: id,
      alumnoId: fila.alumno_id,
      antes: { plazoRespuesta: fila.plazo },
      despues: { plazoRespuesta: nuevo.plazo, motivoProrroga: motivo },
    })
    return true
  })
  if (!hecho) return { error: MENSAJE_SOLICITUD_CERRADA, status: 409 }
  despacharAhora(deps)
  return { plazo: nuevo.plazo }
}

async function registrarMensaje(
  trx: Db,
  autor: Autor,
  solicitudId: string,
  tipo: 'prorroga' | 'respuesta',
  texto: string,
) {
  await trx
    .insertInto('respuestas_derechos')
    .values({
      id: randomUUID(),
      solicitud_id: solicitudId,
      tipo,
      texto,
      enviada_en: autor.ahora.toISOString(),
      por_id: autor.personal.id,
      por_nombre: autor.personal.nombre,
      por_rol: autor.personal.rol,
    })
    .execute()
}

/**
 * What approving a rectification will write: the student's person with the one field replaced,
 * checked by the same schema and database rules as the student's own form. An error in words when
 * the field is not one the portal corrects by itself, or the corrected person breaks a rule.
 */
type Rectificacion = { campo: CampoRectificable; antes: string; persona: Persona }

async function rectificacionAplicable(
  deps: Dependencias,
  alumno: Alumno,
  datos: SolicitudDerecho,
): Promise<Rectificacion | { error: string }> {
  if (datos.derecho !== 'rectificacion') throw new Error('no es una rectificación')
  if (datos.campo === CAMPO_OTRO) return { error: MENSAJE_RECTIFICACION_MANUAL }
  const campo: CampoRectificable = datos.campo
  const actual = personaDe(alumno)
  const candidata = v.safeParse(crearPersonaSchema(deps.clock()), { ...actual, [campo]: datos.valorCorrecto })
  if (!candidata.success)
    return {
      error: `La corrección no cumple las reglas de Información Personal: ${candidata.issues[0].message}`,
    }
  const { campos, ciudad } = await validarContraBaseDeDatos(deps.db, alumno, candidata.output)
  const primero = Object.values(campos)[0]
  if (primero) return { error: `La corrección no cumple las reglas de Información Personal: ${primero}` }
  return {
    campo,
    antes: actual[campo],
    persona: { ...candidata.output, ciudad },
  }
}

/**
 * The school's answer. Approving applies what was asked where the portal can (a rectification of
 * a listed field); a refusal is sent with its grounds and the complaint to the Agencia.
 */
export async function responderSolicitud(
  deps: Dependencias,
  autor: Autor,
  id: string,
  respuesta: RespuestaDerecho,
): Promise<Fallo | { estado: string; texto: string }> {
  const { db } = deps
  const fila = await db.selectFrom('solicitudes_derechos').selectAll().where('id', '=', id).executeTakeFirst()
  if (!fila) return { error: MENSAJE_SOLICITUD_NO_EXISTE, status: 404 }
  if (fila.estado !== 'recibida') return { error: MENSAJE_SOLICITUD_CERRADA, status: 409 }
  const datos = JSON.parse(fila.datos) as SolicitudDerecho
  const alumno = await db.selectFrom('alumnos').selectAll().where('id', '=', fila.alumno_id).executeTakeFirstOrThrow()
  const hoy = fechaEnChile(autor.ahora)

  let aplicar: Rectificacion | null = null
  let supresion: ResultadoSupresion | null = null
  if (respuesta.decision === 'aprobar') {
    if (datos.derecho === 'rectificacion') {
      const rectificacion = await rectificacionAplicable(deps, alumno, datos)
      if ('error' in rectificacion) return { error: rectificacion.error, status: 409 }
      aplicar = rectificacion
    } else if (datos.derecho === 'supresion') {
      // Idempotent and safe to rerun: approving again after a failure below finishes it.
      supresion = await suprimirDatosAlumno(
        { ...deps, subidas: subidasDe(deps).almacen },
        { alumnoId: alumno.id, actor: `personal:${autor.personal.id}` },
      )
    } else if (datos.derecho === 'bloqueo') {
      // Blocks once: a block already in force is left as it is.
      await bloquearAlumno(db, {
        alumnoId: alumno.id,
        motivo: `Solicitud N° ${fila.numero}: ${datos.que}`,
        actor: autor,
      })
    }
  }

  const texto = textoDeRespuesta(fila.derecho, respuesta, hoy, aplicar, supresion)
  const estado = estadoTrasDecision(respuesta.decision)
  const hecho = await db.transaction().execute(async (trx) => {
    const cerrada = await trx
      .updateTable('solicitudes_derechos')
      .set({
        estado,
        respondida_en: autor.ahora.toISOString(),
        respondida_por: autor.personal.id,
        resultado: aplicar
          ? JSON.stringify({ campo: aplicar.campo, antes: aplicar.antes, despues: aplicar.persona[aplicar.campo] })
          : supresion
            ? JSON.stringify(supresion)
            : null,
      })
      .where('id', '=', id)
      .where('estado', '=', 'recibida')
      .returning('id')
      .executeTakeFirst()
    if (!cerrada) return false
    if (aplicar) await guardarPersona(trx, alumno.id, aplicar.persona, null, autor.ahora)
    await registrarMensaje(trx, autor, id, 'respuesta', texto)
    // A student whose data was suppressed has no account left to read it in, nor an e-mail on
    // record: the answer is queued to the address they had, and sent after the commit.
    if (supresion) await encolarRespuestaPorCorreo(trx, id, correoDeRespuesta(alumno, fila.numero, texto), autor.ahora)
    else
      await notificar(trx, {
        alumnoId: fila.alumno_id,
        tipo: 'privacidad-solicitud',
        ocasion: `solicitud:${id}:respuesta`,
        aviso: { titulo: `Respondimos su solicitud N° ${fila.numero}`, cuerpo: texto, ruta: RUTA_MIS_DATOS },
        ahora: autor.ahora,
      })
    await auditar(trx, autor, {
      accion:
        respuesta.decision === 'aprobar'
          ? 'privacidad.aprobar'
          : respuesta.decision === 'rechazar'
            ? 'privacidad.rechazar'
            : 'privacidad.responder',
      entidad: 'solicitud-derecho',
      entidadId: id,
      alumnoId: fila.alumno_id,
      antes: aplicar ? { estadoSolicitud: fila.estado, valorDelDato: aplicar.antes } : { estadoSolicitud: fila.estado },
      despues: {
        numeroSolicitud: fila.numero,
        derecho: fila.derecho,
        estadoSolicitud: estado,
        textoRespuesta: texto,
        ...(aplicar
          ? { datoCorregido: CAMPOS_RECTIFICABLES[aplicar.campo], valorDelDato: aplicar.persona[aplicar.campo] }
          : {}),
        ...(supresion
          ? {
              eliminado: supresion.eliminado.map((e) => e.categoria).join('; '),
              conservado: supresion.conservado.map((c) => c.categoria).join('; '),
            }
          : {}),
      },
    })
    return true
  })
  if (!hecho) return { error: MENSAJE_SOLICITUD_CERRADA, status: 409 }
  if (supresion)
    void deps.segundoPlano.lanzar('enviar la respuesta por correo', () => enviarRespuestasPorCorreo(deps, id))
  else despacharAhora(deps)
  return { estado, texto }
}

function textoDeRespuesta(
  derecho: Derecho,
  respuesta: RespuestaDerecho,
  hoy: string,
  aplicar: Rectificacion | null,
  supresion: ResultadoSupresion | null,
): string {
  if (respuesta.decision === 'rechazar') return textoRechazo(respuesta.texto, hoy)
  if (respuesta.decision === 'responder') return respuesta.texto
  const hecho = aplicar
    ? `Corregimos «${etiquetaCampoRectificacion(aplicar.campo)}»: ahora dice «${aplicar.persona[aplicar.campo]}».`
    : supresion
      ? [
          'Aprobamos su solicitud de supresión. Se eliminó o anonimizó:',
          ...supresion.eliminado.map((e) => `- ${e.categoria}: ${e.descripcion}`),
          'Se conserva, por los motivos que se indican:',
          ...supresion.conservado.map((c) => `- ${c.categoria}: ${c.motivo}`),
        ].join('\n')
      : `Su solicitud de ${DERECHO[derecho].nombre.toLowerCase()} fue aprobada.`
  return respuesta.texto ? `${hecho}\n\n${respuesta.texto}` : hecho
}

/** Open requests, for the staff's home. */
export async function contarSolicitudesAbiertas(db: Db): Promise<number> {
  const fila = await db
    .selectFrom('solicitudes_derechos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('estado', '=', 'recibida')
    .executeTakeFirst()
  return Number(fila?.n ?? 0)
}

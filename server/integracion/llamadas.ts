// What the CRM's API does for an authenticated key (routes/integracion.ts checks the request and
// writes the reply): one audit row per accepted call, whose actor is the key; the reads of what
// changed, a page at a time from a cursor, with each student named recorded as read; the loads of
// students and enrolments through the file import's rules; and the tax documents the school's ERP
// issued.
import { ETIQUETAS_ACCION as ETIQUETA_ACCION } from '../../src/domain/palabras-auditoria.ts'
import { contarResultados, type FilaCruda } from '../../src/domain/importacion.ts'
import {
  MENSAJE_CAMBIO_CORREO_SIN_PERMISO,
  MENSAJE_CURSOR_INVALIDO,
  type ConsultaCambios,
  type DocumentoErp,
} from '../../src/domain/integracion.ts'
import type { Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import { aplicar, previsualizar, type PermisoCambioCorreo } from '../importacion/aplicar.ts'
import { avisarCambiosDeCorreo } from '../importacion/cambio-correo.ts'
import { invitarAlumnos } from '../importacion/invitacion.ts'
import { auditar, type EventoAuditoria } from '../personal/auditoria.ts'
import { recibirDocumentoErp, vistaParaErp } from '../tributario/erp.ts'
import type { ClaveAutenticada } from './claves.ts'
import { leerCursor, type Posicion } from './lecturas.ts'

/** One of the reads of lecturas.ts: a page of what changed from a position. */
export type Lector<P extends { datos: unknown[] } = { datos: unknown[] }> = (
  db: Db,
  consulta: ConsultaCambios,
  desde: Posicion | null,
) => Promise<P>

/** Who calls: the authenticated key, from the request's address. */
export type Llamada = { clave: ClaveAutenticada; ip: string }

async function auditarLlamada(
  deps: Pick<Dependencias, 'db' | 'clock'>,
  { clave, ip }: Llamada,
  evento: EventoAuditoria,
) {
  const autor = { clave: { id: clave.id, nombre: clave.nombre }, ip, ahora: deps.clock() }
  await auditar(deps.db, autor, { entidad: 'clave-integracion', entidadId: clave.id, ...evento })
}

/**
 * A read of what changed: the page from the cursor's position (or from «desde»), the call audited
 * with what it asked and how many rows it gave, and each student the page names recorded as read
 * (off the request's path). A cursor this server did not make is refused (400) before anything is
 * read.
 */
export async function paginaAuditada<P extends { datos: unknown[] }>(
  deps: Pick<Dependencias, 'db' | 'clock' | 'lecturas'>,
  llamada: Llamada,
  consulta: ConsultaCambios,
  accion: EventoAuditoria['accion'],
  leer: Lector<P>,
  otrosDatos: Record<string, unknown> = {},
): Promise<{ rechazo: { status: 400; error: string; campos: Record<string, string> } } | { pagina: P }> {
  const desde = consulta.cursor === undefined ? null : leerCursor(consulta.cursor)
  if (consulta.cursor !== undefined && !desde)
    return { rechazo: { status: 400, error: MENSAJE_CURSOR_INVALIDO, campos: { cursor: MENSAJE_CURSOR_INVALIDO } } }
  const pagina = await leer(deps.db, consulta, desde)
  const despues = { desde: consulta.desde ?? null, cursor: consulta.cursor !== undefined, filas: pagina.datos.length }
  await auditarLlamada(deps, llamada, { accion, despues: { ...despues, ...otrosDatos } })
  const alumnos = new Set(pagina.datos.map((d) => (d as { alumno: { id: string } }).alumno.id))
  const en = deps.clock()
  const detalle = `API del CRM: ${ETIQUETA_ACCION[accion].replace(/^CRM: /, '')}${otrosDatos.conRespuestas ? ', con las respuestas sensibles' : ''}`
  const { clave, ip } = llamada
  deps.lecturas.registrar(
    ...[...alumnos].map((alumnoId) => ({
      lector: { clave: { id: clave.id, nombre: clave.nombre } },
      alumnoId,
      que: 'integracion' as const,
      detalle,
      ip,
      en,
    })),
  )
  return { pagina }
}

/**
 * A key changes a student's sign-in e-mail only with its own permission: it is what 'Olvidó su
 * contraseña' writes to, so changing it hands over the account. Without the permission such a row
 * is refused, in the preview too, and its message does not say the address on record.
 */
function permisoCambioCorreo(clave: ClaveAutenticada): PermisoCambioCorreo {
  return clave.alcances.includes('alumnos.cambiar-correo')
    ? { filas: 'todas' }
    : { filas: new Set(), rechazo: () => MENSAJE_CAMBIO_CORREO_SIN_PERMISO }
}

/** What each row of a load would do, written nowhere but the call's audit row. */
export async function previsualizarCarga(
  deps: Pick<Dependencias, 'db' | 'clock'>,
  llamada: Llamada,
  filas: readonly FilaCruda[],
) {
  const resultados = await previsualizar(deps.db, filas, { cambiosDeCorreo: permisoCambioCorreo(llamada.clave) })
  const conteo = contarResultados(resultados)
  await auditarLlamada(deps, llamada, {
    accion: 'integracion.previsualizar',
    despues: { filas: filas.length, ...conteo },
  })
  return { resultados, conteo }
}

/** A load of students and enrolments: applied, new students invited, changed e-mails told. */
export async function cargarInscripciones(deps: Dependencias, { clave, ip }: Llamada, filas: readonly FilaCruda[]) {
  // The import writes its own audit rows (one per chunk, in the chunk's transaction), with the
  // key as their actor.
  const r = await aplicar(
    deps.db,
    filas,
    { tipo: 'integracion', id: clave.id, nombre: clave.nombre, rol: null, ip },
    { ahora: deps.clock(), cambiosDeCorreo: permisoCambioCorreo(clave) },
  )
  // The links exist once this returns; the e-mails go in the background.
  await invitarAlumnos(deps, r.invitar)
  await avisarCambiosDeCorreo(deps, r.correosCambiados)
  return {
    importacionId: r.importacionId,
    resultados: r.resultados,
    conteo: contarResultados(r.resultados),
    invitados: r.invitar.length,
    correosCambiados: r.correosCambiados.length,
  }
}

/** A tax document the ERP issued, received (or refused) and audited either way. */
export async function recibirDocumentoTributario(
  deps: Dependencias,
  llamada: Llamada,
  doc: DocumentoErp,
): Promise<
  | { rechazo: { status: 404 | 409 | 422; error: string; campos?: Record<string, string> } }
  | { documento: Awaited<ReturnType<typeof vistaParaErp>>; repetido: boolean; status: 200 | 201 }
> {
  const r = await recibirDocumentoErp(deps, doc)
  await auditarLlamada(deps, llamada, {
    accion: 'integracion.documento-tributario',
    despues: {
      codigo: doc.referencia,
      folio: doc.folio,
      repetido: r.ok ? r.repetido : false,
      ...(r.ok ? {} : { errorEmisor: r.error }),
    },
  })
  if (!r.ok) return { rechazo: { status: r.status, error: r.error, campos: r.campos } }
  return { documento: await vistaParaErp(deps, r.fila), repetido: r.repetido, status: r.status }
}

// The reminders the portal works out from its own data, day by day in Chile: installments due in 3
// days and overdue from the day after, the general survey still pending (3 days after the start,
// then weekly), regulations waiting to be accepted (on the same cadence, once the survey no longer
// blocks them), and a contest the student applied to closing in 3 days with its fee unpaid or
// documents missing. Nothing is asked of a finished program (its certificate issued and valid).
// Every server runs this now and then; the occasion's unique key makes each reminder once,
// whichever server or run gets there first. The same run withdraws the notices that no longer
// apply (retiro.ts).
import { fechaEnChile, sumarDias } from '../../src/domain/fechas.ts'
import {
  avisoConcursoPorCerrar,
  avisoCuotaPorVencer,
  avisoCuotaVencida,
  avisoDeCuota,
  avisoEncuestaPendiente,
  avisoReglamentoPendiente,
  concursoPorCerrar,
  DIAS_DE_AVISO,
  semanaDeRecordatorio,
} from '../../src/domain/notificaciones.ts'
import { DOC_CERTIFICADO_PROGRAMA, DOC_REGLAMENTO } from '../../src/domain/documentos-emitidos.ts'
import { requiereReglamento } from '../../src/domain/reglamentos.ts'
import { GRUPOS_CON_ENCUESTA, requiereEncuesta } from '../../src/domain/solicitudes.ts'
import type { Db } from '../db/connection.ts'
import { notificar, type NuevaNotificacion } from './notificar.ts'
import { retirarAvisosQueNoAplican } from './retiro.ts'

export async function revisarRecordatorios(db: Db, ahora: Date): Promise<void> {
  const hoy = fechaEnChile(ahora)
  const nuevas: NuevaNotificacion[] = []

  const cuotas = await db
    .selectFrom('cuotas as c')
    .innerJoin('solicitudes as s', 's.codigo_inscripcion', 'c.codigo_inscripcion')
    .select(['s.alumno_id', 'c.codigo_inscripcion', 'c.numero', 'c.monto', 'c.vencimiento'])
    .where('c.pago_id', 'is', null)
    .where('c.vencimiento', '<=', sumarDias(hoy, DIAS_DE_AVISO))
    .execute()
  for (const c of cuotas) {
    const cae = avisoDeCuota({ vencimiento: c.vencimiento, pagada: false }, hoy)
    if (!cae) continue
    const datos = { codigo: c.codigo_inscripcion, numero: c.numero, monto: c.monto, vencimiento: c.vencimiento }
    nuevas.push({
      alumnoId: c.alumno_id,
      tipo: cae.tipo,
      ocasion: `${c.codigo_inscripcion}/${c.numero}:${cae.ocasion}`,
      aviso: cae.tipo === 'cuota-vencida' ? avisoCuotaVencida(datos) : avisoCuotaPorVencer(datos),
      ahora,
    })
  }

  const solicitudes = await db
    .selectFrom('solicitudes as s')
    .leftJoin('encuestas as e', 'e.codigo_inscripcion', 's.codigo_inscripcion')
    .select(['s.alumno_id', 's.codigo_inscripcion', 's.nombre_curso', 's.fecha_inicio', 's.cod_grupo', 's.tipo_curso'])
    .select('e.enviada_en')
    .where('s.fecha_inicio', '<=', sumarDias(hoy, -DIAS_DE_AVISO))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('documentos_emitidos as d')
            .select('d.codigo')
            .whereRef('d.codigo_inscripcion', '=', 's.codigo_inscripcion')
            .where('d.cod_tipo_documento', '=', DOC_REGLAMENTO),
        ),
      ),
    )
    // A finished program asks nothing more of taking it.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('documentos_emitidos as c')
            .select('c.codigo')
            .whereRef('c.codigo_inscripcion', '=', 's.codigo_inscripcion')
            .where('c.cod_tipo_documento', '=', DOC_CERTIFICADO_PROGRAMA)
            .where('c.revocado_en', 'is', null),
        ),
      ),
    )
    .where((eb) => eb.or([eb('s.cod_grupo', 'in', [...GRUPOS_CON_ENCUESTA]), eb('s.tipo_curso', '!=', 'Derivada')]))
    .execute()
  for (const s of solicitudes) {
    const semana = semanaDeRecordatorio(s.fecha_inicio, hoy)
    if (semana === null) continue
    const datos = { codigo: s.codigo_inscripcion, programa: s.nombre_curso }
    const encuestaPendiente = requiereEncuesta(s.cod_grupo) && !s.enviada_en
    // Until the survey is sent the regulations cannot be accepted: one reminder at a time.
    const [tipo, aviso] = encuestaPendiente
      ? (['encuesta-pendiente', avisoEncuestaPendiente(datos)] as const)
      : requiereReglamento(s.cod_grupo, s.tipo_curso)
        ? (['reglamento-pendiente', avisoReglamentoPendiente(datos)] as const)
        : []
    if (!tipo) continue
    nuevas.push({
      alumnoId: s.alumno_id,
      tipo,
      ocasion: `${s.codigo_inscripcion}#${semana}`,
      tema: s.codigo_inscripcion,
      aviso,
      ahora,
    })
  }

  const postulaciones = await db
    .selectFrom('postulaciones as p')
    .innerJoin('concursos as c', 'c.id', 'p.concurso_id')
    .select(['p.id', 'p.alumno_id', 'p.pagada_en', 'c.id as concurso_id', 'c.especialidad', 'c.postulacion_hasta'])
    .select('c.documentos')
    .where('c.postulacion_hasta', '>=', hoy)
    .where('c.postulacion_hasta', '<=', sumarDias(hoy, DIAS_DE_AVISO))
    .execute()
  for (const p of postulaciones) {
    if (!concursoPorCerrar(p.postulacion_hasta, hoy)) continue
    const pedidos = JSON.parse(p.documentos) as string[]
    // A document the school rejected is still to deliver: the student must replace it.
    const subidos = await db
      .selectFrom('archivos_postulacion')
      .select('cod_documento')
      .where('postulacion_id', '=', p.id)
      .where('estado_revision', '!=', 'rechazado')
      .execute()
    const faltanDocumentos = pedidos.some((cod) => !subidos.some((s) => s.cod_documento === cod))
    const faltaPago = !p.pagada_en
    if (!faltaPago && !faltanDocumentos) continue
    nuevas.push({
      alumnoId: p.alumno_id,
      tipo: 'concurso-por-cerrar',
      ocasion: p.id,
      aviso: avisoConcursoPorCerrar({
        concursoId: p.concurso_id,
        especialidad: p.especialidad,
        hasta: p.postulacion_hasta,
        faltaPago,
        faltanDocumentos,
      }),
      ahora,
    })
  }

  for (const n of nuevas) await db.transaction().execute((trx) => notificar(trx, n))
  await retirarAvisosQueNoAplican(db, ahora)
}

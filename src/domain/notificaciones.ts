import * as v from 'valibot'
import { fechaEnChile, fechaLarga, horaEnChile, sumarDias } from './fechas.ts'
import { formatearClp } from './moneda.ts'
import { fechaCorta } from './solicitudes.ts'
import { urlPagarCuota, urlPostulacion, urlSolicitud } from './urls.ts'

// What the portal tells a student without being asked, and when: each kind of notice with its
// Spanish text and the screen it opens, when a reminder falls due (in Chile's days), the quiet
// hours of push and the hour of the daily e-mail digest. Shared by the server, which decides and
// sends, and the screens, which list notices and edit the preferences.

export const TIPOS_NOTIFICACION = [
  'documento-rechazado',
  'documento-aprobado',
  'encuesta-pendiente',
  'reglamento-pendiente',
  'cuota-por-vencer',
  'cuota-vencida',
  'documento-emitido',
  'pago-aprobado',
  'concurso-por-cerrar',
  'pago-reembolsado',
  'certificado-revocado',
  'privacidad-solicitud',
  'incidente-seguridad',
] as const
export type TipoNotificacion = (typeof TIPOS_NOTIFICACION)[number]

/** Where a notice reaches the student: the bell in the app, Web Push on a device, e-mail. */
export const CANALES = ['app', 'push', 'correo'] as const
export type Canal = (typeof CANALES)[number]

export const ETIQUETA_CANAL: Record<Canal, string> = {
  app: 'En el portal',
  push: 'Notificación en sus dispositivos',
  correo: 'Por correo',
}

/**
 * How each kind is named in the preferences, and whether its e-mail goes at once: a rejected
 * document, an approved or refunded payment and a revoked certificate are news the student acts
 * on today; the rest wait for the daily digest, so a busy week is one e-mail a day at most.
 */
export const TIPOS: Record<TipoNotificacion, { etiqueta: string; correoInmediato: boolean }> = {
  'documento-rechazado': { etiqueta: 'Documento rechazado', correoInmediato: true },
  'documento-aprobado': { etiqueta: 'Documento aprobado', correoInmediato: false },
  'encuesta-pendiente': { etiqueta: 'Encuesta General pendiente', correoInmediato: false },
  'reglamento-pendiente': { etiqueta: 'Reglamento por aceptar', correoInmediato: false },
  'cuota-por-vencer': { etiqueta: 'Cuota por vencer', correoInmediato: false },
  'cuota-vencida': { etiqueta: 'Cuota vencida', correoInmediato: false },
  'documento-emitido': { etiqueta: 'Certificado o documento de pago disponible', correoInmediato: false },
  'pago-aprobado': { etiqueta: 'Pago aprobado', correoInmediato: true },
  'concurso-por-cerrar': { etiqueta: 'Postulación a concurso por cerrar', correoInmediato: false },
  'pago-reembolsado': { etiqueta: 'Pago reembolsado', correoInmediato: true },
  'certificado-revocado': { etiqueta: 'Certificado revocado', correoInmediato: true },
  'privacidad-solicitud': { etiqueta: 'Sus solicitudes sobre sus datos y sus descargas', correoInmediato: true },
  // A security incident that affected the student's data (art. 14 sexies): told at once.
  'incidente-seguridad': { etiqueta: 'Incidente de seguridad con sus datos', correoInmediato: true },
}

/** What a notice says and which screen of the app it opens: the very thing it is about. */
export type Aviso = { titulo: string; cuerpo: string; ruta: string }

// ---------------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------------

export function avisoDocumentoRechazado(d: { documento: string; motivo: string; ruta: string }): Aviso {
  return {
    titulo: 'Documento rechazado',
    cuerpo: `La escuela rechazó su documento «${d.documento}» por este motivo: «${d.motivo}». Súbalo nuevamente.`,
    ruta: d.ruta,
  }
}

export function avisoDocumentoAprobado(d: { documento: string; ruta: string }): Aviso {
  return { titulo: 'Documento aprobado', cuerpo: `La escuela aprobó su documento «${d.documento}».`, ruta: d.ruta }
}

export function avisoEncuestaPendiente(d: { codigo: string; programa: string }): Aviso {
  return {
    titulo: 'Encuesta General pendiente',
    cuerpo: `Aún no ha enviado la Encuesta General de ${d.programa} (${d.codigo}). Complétela en Solicitudes.`,
    ruta: urlSolicitud(d.codigo, 'encuesta'),
  }
}

export function avisoReglamentoPendiente(d: { codigo: string; programa: string }): Aviso {
  return {
    titulo: 'Reglamento por aceptar',
    cuerpo: `Falta aceptar el reglamento de ${d.programa} (${d.codigo}). Léalo y acéptelo en Solicitudes.`,
    ruta: urlSolicitud(d.codigo, 'reglamento'),
  }
}

type DatosCuota = { codigo: string; numero: number; monto: number; vencimiento: string }

export function avisoCuotaPorVencer(d: DatosCuota): Aviso {
  return {
    titulo: 'Cuota por vencer',
    cuerpo: `La cuota ${d.numero} de ${d.codigo}, de ${formatearClp(d.monto)}, vence el ${fechaCorta(d.vencimiento)}. Puede pagarla en línea.`,
    ruta: urlPagarCuota(d.codigo, d.numero),
  }
}

export function avisoCuotaVencida(d: DatosCuota): Aviso {
  return {
    titulo: 'Cuota vencida',
    cuerpo: `La cuota ${d.numero} de ${d.codigo}, de ${formatearClp(d.monto)}, venció el ${fechaCorta(d.vencimiento)}. Puede pagarla en línea.`,
    ruta: urlPagarCuota(d.codigo, d.numero),
  }
}

/** How a program's payment receipt is announced (migration 0037 rewrote the older notices so). */
export const TITULO_COMPROBANTE_DISPONIBLE = 'Comprobante de pago disponible'
export const CUERPO_COMPROBANTE_DISPONIBLE = 'El comprobante de pago del programa'

/**
 * A program's payment receipt ('30') or a program certificate ('35') the school issued; it opens
 * the enrolment at its link.
 */
export function avisoDocumentoEmitido(d: {
  codTipoDocumento: '30' | '35'
  programa: string
  codigoInscripcion: string
}): Aviso {
  const comprobante = d.codTipoDocumento === '30'
  return {
    titulo: comprobante ? TITULO_COMPROBANTE_DISPONIBLE : 'Certificado disponible',
    cuerpo: `${comprobante ? CUERPO_COMPROBANTE_DISPONIBLE : 'El certificado de'} ${d.programa} ya está disponible. Descárguelo en Solicitudes.`,
    ruta: urlSolicitud(d.codigoInscripcion, comprobante ? 'comprobante' : 'certificado'),
  }
}

/** The school revoked a program certificate: when, why, and what it means for the student. */
export function avisoCertificadoRevocado(d: {
  programa: string
  codigoInscripcion: string
  codigo: string
  /** The revocation's date in Chile, 'yyyy-mm-dd'. */
  fecha: string
  motivo: string
}): Aviso {
  return {
    titulo: 'Certificado revocado',
    cuerpo: `La escuela revocó el certificado de ${d.programa} (solicitud ${d.codigoInscripcion}, código ${d.codigo}) el ${fechaLarga(d.fecha)} por este motivo: «${d.motivo}». Ese certificado ya no es válido: el validador lo informa como revocado. Si tiene dudas, contacte a su Asistente Comercial.`,
    ruta: urlSolicitud(d.codigoInscripcion),
  }
}

export function avisoPagoAprobado(d: { descripcion: string; monto: number; ruta: string }): Aviso {
  return {
    titulo: 'Pago aprobado',
    cuerpo: `Su pago de ${formatearClp(d.monto)} (${d.descripcion}) fue aprobado. Su comprobante está disponible.`,
    ruta: d.ruta,
  }
}

/** The school gave back all or part of a payment; `total`: nothing of it remains paid. */
export function avisoPagoReembolsado(d: { descripcion: string; monto: number; total: boolean; ruta: string }): Aviso {
  return {
    titulo: 'Pago reembolsado',
    cuerpo: `La escuela le reembolsó ${formatearClp(d.monto)} de su pago (${d.descripcion}) en su tarjeta${
      d.total ? '; ese cargo quedó pendiente de pago nuevamente' : ''
    }. Su comprobante de reembolso está disponible.`,
    ruta: d.ruta,
  }
}

export function avisoConcursoPorCerrar(d: {
  concursoId: string
  especialidad: string
  hasta: string
  faltaPago: boolean
  faltanDocumentos: boolean
}): Aviso {
  const falta = [d.faltaPago && 'pagar el derecho de postulación', d.faltanDocumentos && 'subir documentos']
    .filter(Boolean)
    .join(' y ')
  return {
    titulo: 'Postulación por cerrar',
    cuerpo: `La postulación al concurso de ${d.especialidad} cierra el ${fechaCorta(d.hasta)} y aún le falta ${falta}.`,
    ruta: urlPostulacion(d.concursoId),
  }
}

// ---------------------------------------------------------------------------------------------
// Notices that no longer apply. They stay in the list, withdrawn: marked, with why, no longer
// unread, and what was still to be sent of them is not sent.
// ---------------------------------------------------------------------------------------------

/** Why the notice of an issued certificate no longer holds. */
export function retiroPorRevocacion(d: { fecha: string; motivo: string }): string {
  return `La escuela lo revocó el ${fechaLarga(d.fecha)} por este motivo: «${d.motivo}». Este certificado ya no es válido.`
}

export const RETIRO_PROGRAMA_FINALIZADO = 'El programa terminó y su certificado fue emitido.'
export const RETIRO_ENCUESTA_ENVIADA = 'La encuesta ya fue enviada.'
export const RETIRO_REGLAMENTO_ACEPTADO = 'El reglamento ya fue aceptado.'
export const RETIRO_CUOTA_PAGADA = 'La cuota ya fue pagada.'
export const RETIRO_DOCUMENTO_REEMPLAZADO = 'Ya subió un archivo nuevo para este documento.'

/**
 * How a withdrawn notice is marked in the list, before its reason: an issued document's as
 * revoked, any other as past.
 */
export function etiquetaRetiro(tipo: string): string {
  return tipo === 'documento-emitido' ? 'Revocado' : 'Ya no aplica'
}

// ---------------------------------------------------------------------------------------------
// When a reminder falls due. `hoy` is the date in Chile, 'yyyy-mm-dd'. Each rule answers the
// occasion's key: the same key on every run of the same day (or week), so a notice is made once
// per occasion however often and on however many servers the check runs.
// ---------------------------------------------------------------------------------------------

/** Days before its due date an installment is announced, and before its close a contest. */
export const DIAS_DE_AVISO = 3

/** Whole days from `desde` to `hasta` ('yyyy-mm-dd'), negative when `hasta` comes first. */
export function diasEntre(desde: string, hasta: string): number {
  return Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000)
}

/**
 * An unpaid installment: 'por vencer' from 3 days before its due date to the day itself, 'vencida'
 * from the day after (as the payment list reads it). A window rather than one day, so a check that
 * did not run that day (every server down) still announces it; once, since the key is the due date.
 */
export function avisoDeCuota(
  cuota: { vencimiento: string; pagada: boolean },
  hoy: string,
): { tipo: 'cuota-por-vencer' | 'cuota-vencida'; ocasion: string } | null {
  if (cuota.pagada) return null
  const faltan = diasEntre(hoy, cuota.vencimiento)
  if (faltan < 0) return { tipo: 'cuota-vencida', ocasion: `vencida@${cuota.vencimiento}` }
  if (faltan <= DIAS_DE_AVISO) return { tipo: 'cuota-por-vencer', ocasion: `por-vencer@${cuota.vencimiento}` }
  return null
}

/**
 * The week of a pending survey (or regulations) reminder: the first 3 days after the enrolment's
 * start, then every 7 days until it is done. Null before that. A server that was off for weeks
 * sends the current week's reminder, not the missed ones.
 */
export function semanaDeRecordatorio(fechaInicio: string, hoy: string): number | null {
  const desde = sumarDias(fechaInicio, DIAS_DE_AVISO)
  const dias = diasEntre(desde, hoy)
  return dias < 0 ? null : Math.floor(dias / 7)
}

/** A contest closes within 3 days (its last day included). */
export function concursoPorCerrar(postulacionHasta: string, hoy: string): boolean {
  const faltan = diasEntre(hoy, postulacionHasta)
  return faltan >= 0 && faltan <= DIAS_DE_AVISO
}

// ---------------------------------------------------------------------------------------------
// Quiet hours and the daily digest, in Chile's local time whatever the server's zone.
// ---------------------------------------------------------------------------------------------

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/

export const MENSAJE_HORA = 'Indique una hora como 22:00.'

export type Silencio = { desde: string; hasta: string }

/** The moment `hora` ('hh:mm') strikes in Chile on `fecha` ('yyyy-mm-dd'). */
export function momentoEnChile(fecha: string, hora: string): Date {
  const [anio, mes, dia] = fecha.split('-').map(Number)
  const [h, m] = hora.split(':').map(Number)
  const utc = Date.UTC(anio ?? 0, (mes ?? 1) - 1, dia ?? 1, h ?? 0, m ?? 0)
  // Chile is 3 hours behind UTC in summer and 4 in winter: the offset that gives back the same
  // date and time is the right one (a time skipped by the spring change falls on the first).
  for (const horas of [3, 4]) {
    const candidato = new Date(utc + horas * 3_600_000)
    if (fechaEnChile(candidato) === fecha && horaEnChile(candidato) === hora) return candidato
  }
  return new Date(utc + 3 * 3_600_000)
}

/** Within the quiet hours (which may cross midnight; equal ends mean none). */
export function enSilencio(ahora: Date, silencio: Silencio): boolean {
  const { desde, hasta } = silencio
  if (desde === hasta) return false
  const hora = horaEnChile(ahora)
  return desde < hasta ? hora >= desde && hora < hasta : hora >= desde || hora < hasta
}

/** When a push may go: now, or at the end of the quiet hours. */
export function finDelSilencio(ahora: Date, silencio: Silencio): Date {
  if (!enSilencio(ahora, silencio)) return ahora
  const hoy = fechaEnChile(ahora)
  const fin = momentoEnChile(hoy, silencio.hasta)
  return fin > ahora ? fin : momentoEnChile(sumarDias(hoy, 1), silencio.hasta)
}

/**
 * The latest daily digest at `hora` in Chile at or before `ahora`: the digest sent then gathers the
 * notices made before it, so one made after today's goes in tomorrow's.
 */
export function ultimoResumen(ahora: Date, hora: string): Date {
  const hoy = fechaEnChile(ahora)
  const deHoy = momentoEnChile(hoy, hora)
  return deHoy <= ahora ? deHoy : momentoEnChile(sumarDias(hoy, -1), hora)
}

// ---------------------------------------------------------------------------------------------
// Preferences
// ---------------------------------------------------------------------------------------------

export type CanalesPorTipo = Record<TipoNotificacion, Record<Canal, boolean>>

/** Every kind on every channel: push reaches only the devices the student turned it on for. */
export function canalesPorDefecto(): CanalesPorTipo {
  return Object.fromEntries(
    TIPOS_NOTIFICACION.map((tipo) => [tipo, { app: true, push: true, correo: true }]),
  ) as CanalesPorTipo
}

const horaSchema = v.pipe(v.string(MENSAJE_HORA), v.regex(HORA, MENSAJE_HORA))
const canalesSchema = v.object({ app: v.boolean(), push: v.boolean(), correo: v.boolean() })

/** The body of `PUT /api/notificaciones/preferencias`. */
export const preferenciasSchema = v.object({
  canales: v.object(
    Object.fromEntries(TIPOS_NOTIFICACION.map((tipo) => [tipo, canalesSchema])) as Record<
      TipoNotificacion,
      typeof canalesSchema
    >,
  ),
  silencio: v.object({ desde: horaSchema, hasta: horaSchema }),
})
export type Preferencias = v.InferOutput<typeof preferenciasSchema>

/** Preferences stored before a kind existed read that kind as on. */
export function completarCanales(guardados: Partial<CanalesPorTipo>): CanalesPorTipo {
  const todos = canalesPorDefecto()
  for (const tipo of TIPOS_NOTIFICACION) {
    const g = guardados[tipo]
    if (g) todos[tipo] = { app: g.app !== false, push: g.push !== false, correo: g.correo !== false }
  }
  return todos
}

export const MENSAJE_PREFERENCIAS_GUARDADAS = 'Preferencias guardadas.'

// ---------------------------------------------------------------------------------------------
// A device's push subscription, as the browser gives it (PushSubscription.toJSON()).
// ---------------------------------------------------------------------------------------------

export const MENSAJE_SUSCRIPCION = 'La suscripción de este dispositivo no es válida.'

const base64url = v.pipe(v.string(MENSAJE_SUSCRIPCION), v.regex(/^[A-Za-z0-9_-]{16,200}={0,2}$/, MENSAJE_SUSCRIPCION))

export const suscripcionSchema = v.object({
  endpoint: v.pipe(
    v.string(MENSAJE_SUSCRIPCION),
    v.maxLength(1000, MENSAJE_SUSCRIPCION),
    v.url(MENSAJE_SUSCRIPCION),
    v.check((u) => /^https?:\/\//.test(u), MENSAJE_SUSCRIPCION),
  ),
  keys: v.object({ p256dh: base64url, auth: base64url }, MENSAJE_SUSCRIPCION),
})
export type SuscripcionPush = v.InferOutput<typeof suscripcionSchema>

export const bajaSuscripcionSchema = v.object({ endpoint: suscripcionSchema.entries.endpoint })

/** What a push message carries; the service worker shows it and opens `ruta` on a tap. */
export type MensajePush = Aviso & { id: string }

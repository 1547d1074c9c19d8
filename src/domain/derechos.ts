import * as v from 'valibot'
import { esFeriado } from './feriados-chile.ts'
import { fechaEnChile, fechaLarga, sumarDias } from './fechas.ts'
import { REGISTRO_DATOS, type CategoriaDatos, type IdCategoriaDatos } from './registro-datos.ts'

// A student's rights over their personal data and the requests that exercise them, as Ley 19.628
// (amended by Ley 21.719, in force 1 December 2026) sets them: the rights (arts. 4-9), free of
// charge with access at least once a quarter (art. 10), and the procedure (art. 11): a written,
// electronic request, acknowledged at once, answered in writing within 30 calendar days that may
// be extended once by 30 more with a reason, a blocking request within 2 business days, proof of
// the answer kept, and a refusal that gives its grounds and tells the person they may complain to
// the Agencia de Protección de Datos Personales within 30 business days. Shared by the student's
// forms, the school's queue and the server, which checks every request with these schemas.

export const DERECHOS = ['acceso', 'rectificacion', 'supresion', 'oposicion', 'portabilidad', 'bloqueo'] as const
export type Derecho = (typeof DERECHOS)[number]

export type DescripcionDerecho = {
  nombre: string
  /** What the right gives, in one sentence for the student (Ley 19.628, arts. 4-9). */
  explicacion: string
}

export const DERECHO: Record<Derecho, DescripcionDerecho> = {
  acceso: {
    nombre: 'Acceso',
    explicacion:
      'Saber qué datos suyos tiene la escuela, para qué, de dónde salieron, a quién se comunican y por cuánto tiempo se guardan.',
  },
  rectificacion: {
    nombre: 'Rectificación',
    explicacion: 'Corregir un dato suyo que esté equivocado, desactualizado o incompleto.',
  },
  supresion: {
    nombre: 'Supresión',
    explicacion:
      'Que se eliminen sus datos, salvo los que la ley o un contrato obligan a conservar o que se necesitan ante un reclamo.',
  },
  oposicion: {
    nombre: 'Oposición',
    explicacion: 'Que la escuela deje de usar sus datos para un fin determinado.',
  },
  portabilidad: {
    nombre: 'Portabilidad',
    explicacion: 'Recibir sus datos en un formato estructurado y de uso común (JSON) para llevarlos a otro lugar.',
  },
  bloqueo: {
    nombre: 'Bloqueo',
    explicacion:
      'Que la escuela detenga temporalmente el tratamiento de sus datos mientras se resuelve otra solicitud; los datos se conservan.',
  },
}

// ---------------------------------------------------------------------------------------------
// States and deadlines
// ---------------------------------------------------------------------------------------------

export const ESTADOS_SOLICITUD_DERECHO = ['recibida', 'respondida', 'aprobada', 'rechazada'] as const
export type EstadoSolicitudDerecho = (typeof ESTADOS_SOLICITUD_DERECHO)[number]

export const ETIQUETA_ESTADO_DERECHO: Record<EstadoSolicitudDerecho, string> = {
  recibida: 'Recibida, en trámite',
  respondida: 'Respondida',
  aprobada: 'Aprobada',
  rechazada: 'Rechazada',
}

export function estaAbierta(estado: EstadoSolicitudDerecho): boolean {
  return estado === 'recibida'
}

/** Calendar days to answer (art. 11), and the one extension. */
export const DIAS_CORRIDOS_RESPUESTA = 30
export const DIAS_CORRIDOS_PRORROGA = 30
/** Business days to answer a blocking request (art. 11). */
export const DIAS_HABILES_BLOQUEO = 2
/** Business days the person has to complain to the Agencia after a refusal (art. 11). */
export const DIAS_HABILES_RECLAMO = 30

/** Monday to Friday and not a public holiday (Ley 19.880, art. 25). */
export function esDiaHabil(fecha: string): boolean {
  const dia = new Date(`${fecha}T00:00:00.000Z`).getUTCDay()
  return dia !== 0 && dia !== 6 && !esFeriado(fecha)
}

/** The `n`-th business day after `fecha` ('yyyy-mm-dd'): the day of the request itself is not counted. */
export function sumarDiasHabiles(fecha: string, n: number): string {
  let dia = fecha
  for (let contados = 0; contados < n;) {
    dia = sumarDias(dia, 1)
    if (esDiaHabil(dia)) contados++
  }
  return dia
}

/**
 * The last day to answer a request received on `recibida` (a date in Chile): the 30th calendar
 * day after it, or, for blocking, the 2nd business day after it. The answer is due by the end of
 * that day in Chile.
 */
export function plazoLegal(derecho: Derecho, recibida: string): string {
  return derecho === 'bloqueo'
    ? sumarDiasHabiles(recibida, DIAS_HABILES_BLOQUEO)
    : sumarDias(recibida, DIAS_CORRIDOS_RESPUESTA)
}

export const MENSAJE_PRORROGA_UNA_VEZ = 'El plazo de esta solicitud ya se prorrogó una vez; la ley no permite otra.'
export const MENSAJE_PRORROGA_BLOQUEO =
  'El bloqueo debe resolverse en 2 días hábiles; la ley no permite prorrogar ese plazo.'
export const MENSAJE_SOLICITUD_CERRADA = 'Esta solicitud ya fue respondida.'

/**
 * The deadline after the one extension the law allows (30 more calendar days from the first
 * deadline), or the reason it cannot be extended.
 */
export function prorrogar(s: {
  derecho: Derecho
  plazo: string
  prorrogada: boolean
  estado: EstadoSolicitudDerecho
}): { plazo: string } | { error: string } {
  if (!estaAbierta(s.estado)) return { error: MENSAJE_SOLICITUD_CERRADA }
  if (s.derecho === 'bloqueo') return { error: MENSAJE_PRORROGA_BLOQUEO }
  if (s.prorrogada) return { error: MENSAJE_PRORROGA_UNA_VEZ }
  return { plazo: sumarDias(s.plazo, DIAS_CORRIDOS_PRORROGA) }
}

/** Days left until the deadline (0 on its last day, negative once overdue), counted in Chile. */
export function diasRestantes(plazo: string, ahora: Date): number {
  const hoy = fechaEnChile(ahora)
  return Math.round((Date.parse(`${plazo}T00:00:00Z`) - Date.parse(`${hoy}T00:00:00Z`)) / 86_400_000)
}

/** Days before a deadline on which the school's staff are reminded. */
export const DIAS_RECORDATORIO_PLAZO = [3, 1] as const

// ---------------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------------

export const AGENCIA = 'Agencia de Protección de Datos Personales'

/** The sentence every refusal ends with: the complaint to the Agencia and its term. */
export function textoReclamo(respondida: string): string {
  return (
    `Si no está de acuerdo con esta respuesta, puede reclamar ante la ${AGENCIA} dentro de ` +
    `${DIAS_HABILES_RECLAMO} días hábiles desde que la recibió (hasta el ${fechaLarga(
      sumarDiasHabiles(respondida, DIAS_HABILES_RECLAMO),
    )}), conforme al artículo 11 de la Ley 19.628.`
  )
}

/** A refusal as it is sent: its grounds, then the complaint to the Agencia. */
export function textoRechazo(fundamentos: string, respondida: string): string {
  return `Su solicitud fue rechazada por los siguientes fundamentos: ${fundamentos.trim()}\n\n${textoReclamo(respondida)}`
}

export function textoAcuse(d: { derecho: Derecho; numero: string; recibida: string; plazo: string }): string {
  const cuando =
    d.derecho === 'bloqueo'
      ? `dentro de ${DIAS_HABILES_BLOQUEO} días hábiles`
      : `dentro de ${DIAS_CORRIDOS_RESPUESTA} días corridos (plazo que puede prorrogarse una vez por ${DIAS_CORRIDOS_PRORROGA} días, con su motivo)`
  return (
    `Recibimos su solicitud de ${DERECHO[d.derecho].nombre.toLowerCase()} N° ${d.numero} el ` +
    `${fechaLarga(d.recibida)}. La escuela le responderá por escrito ${cuando}: a más tardar el ` +
    `${fechaLarga(d.plazo)}. Puede seguir su estado en Mis datos.`
  )
}

// ---------------------------------------------------------------------------------------------
// What each form asks
// ---------------------------------------------------------------------------------------------

/**
 * The fields a rectification applies by itself once approved (through the same rules as the
 * student's own form); any other datum is described in words and the school corrects it by hand.
 */
export const CAMPOS_RECTIFICABLES = {
  nombres: 'Nombres',
  apPaterno: 'Apellidos',
  fechaNac: 'Fecha de nacimiento',
  sexoregistral: 'Sexo registral',
  telefonoParticular: 'Teléfono particular',
  celular: 'Teléfono celular',
  direccion: 'Dirección',
  numeroDocumento: 'Número de pasaporte o DNI',
} as const
export type CampoRectificable = keyof typeof CAMPOS_RECTIFICABLES
export const CAMPO_OTRO = 'otro'
export type CampoRectificacion = CampoRectificable | typeof CAMPO_OTRO

export function etiquetaCampoRectificacion(campo: string): string {
  return Object.hasOwn(CAMPOS_RECTIFICABLES, campo) ? CAMPOS_RECTIFICABLES[campo as CampoRectificable] : 'Otro dato'
}

export const MAX_TEXTO_SOLICITUD = 2000
export const MAX_VALOR = 200

export const MENSAJE_CAMPO_RECTIFICAR = 'Elija el dato que quiere corregir.'
export const MENSAJE_VALOR_CORRECTO = 'Escriba el valor correcto.'
export const MENSAJE_QUE = 'Indique qué datos o qué uso de sus datos.'
export const MENSAJE_DESCRIBA_DATO = 'Describa qué dato quiere corregir.'
export const MENSAJE_CONFIRMAR_SUPRESION =
  'Confirme que leyó qué se eliminará y qué se conservará antes de enviar la solicitud.'
export const MENSAJE_DERECHO = 'Elija el derecho que quiere ejercer.'
export const MENSAJE_TEXTO_LARGO = `Use como máximo ${MAX_TEXTO_SOLICITUD} caracteres.`
export const MENSAJE_VALOR_LARGO = `Use como máximo ${MAX_VALOR} caracteres.`

const textoOpcional = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.maxLength(MAX_TEXTO_SOLICITUD, MENSAJE_TEXTO_LARGO),
)
function textoRequerido(mensaje: string, max = MAX_TEXTO_SOLICITUD) {
  return v.pipe(
    v.string(mensaje),
    v.trim(),
    v.nonEmpty(mensaje),
    v.maxLength(max, max === MAX_VALOR ? MENSAJE_VALOR_LARGO : MENSAJE_TEXTO_LARGO),
  )
}

const CAMPOS_RECTIFICACION = [...(Object.keys(CAMPOS_RECTIFICABLES) as CampoRectificable[]), CAMPO_OTRO] as const

/**
 * One request, as the student sends it: the right and what its form asks. Rectification names
 * the field and the correct value (a field outside the list is described in `detalle`);
 * opposition and blocking name what; suppression is confirmed after reading what stays.
 */
export const solicitudDerechoSchema = v.variant(
  'derecho',
  [
    v.object({ derecho: v.literal('acceso'), detalle: textoOpcional }),
    v.object({ derecho: v.literal('portabilidad'), detalle: textoOpcional }),
    v.pipe(
      v.object({
        derecho: v.literal('rectificacion'),
        campo: v.picklist(CAMPOS_RECTIFICACION, MENSAJE_CAMPO_RECTIFICAR),
        valorCorrecto: textoRequerido(MENSAJE_VALOR_CORRECTO, MAX_VALOR),
        detalle: textoOpcional,
      }),
      v.forward(
        v.check((s) => s.campo !== CAMPO_OTRO || s.detalle !== '', MENSAJE_DESCRIBA_DATO),
        ['detalle'],
      ),
    ),
    v.object({
      derecho: v.literal('supresion'),
      confirmaLoQueSeConserva: v.pipe(
        v.optional(v.boolean(), false),
        v.check((confirma) => confirma, MENSAJE_CONFIRMAR_SUPRESION),
      ),
      detalle: textoOpcional,
    }),
    v.object({ derecho: v.literal('oposicion'), que: textoRequerido(MENSAJE_QUE), detalle: textoOpcional }),
    v.object({ derecho: v.literal('bloqueo'), que: textoRequerido(MENSAJE_QUE), detalle: textoOpcional }),
  ],
  MENSAJE_DERECHO,
)
export type SolicitudDerecho = v.InferOutput<typeof solicitudDerechoSchema>

/** What the request asks, in one paragraph, for the queue, the student's list and the proof. */
export function resumenSolicitud(s: SolicitudDerecho): string {
  const detalle = 'detalle' in s && s.detalle ? ` Detalle: ${s.detalle}` : ''
  switch (s.derecho) {
    case 'acceso':
      return `Acceso a sus datos.${detalle}`
    case 'portabilidad':
      return `Sus datos en formato estructurado.${detalle}`
    case 'rectificacion':
      return `Corregir «${etiquetaCampoRectificacion(s.campo)}»; valor correcto: «${s.valorCorrecto}».${detalle}`
    case 'supresion':
      return `Eliminar sus datos (leyó qué se conserva y por qué).${detalle}`
    case 'oposicion':
      return `Se opone a: ${s.que}.${detalle}`
    case 'bloqueo':
      return `Bloquear: ${s.que}.${detalle}`
  }
}

export const MAX_MOTIVO = 1000
export const MENSAJE_MOTIVO_PRORROGA = 'Escriba el motivo de la prórroga: se le informa al estudiante.'
export const MENSAJE_TEXTO_RESPUESTA = 'Escriba la respuesta que recibirá el estudiante.'
export const MENSAJE_FUNDAMENTOS = 'Escriba los fundamentos del rechazo.'

export const prorrogaSchema = v.object({
  motivo: v.pipe(
    v.string(MENSAJE_MOTIVO_PRORROGA),
    v.trim(),
    v.nonEmpty(MENSAJE_MOTIVO_PRORROGA),
    v.maxLength(MAX_MOTIVO),
  ),
})

/** The school's answer: a reply, an approval (which applies what was asked) or a refusal. */
export const DECISIONES = ['responder', 'aprobar', 'rechazar'] as const
export type Decision = (typeof DECISIONES)[number]
export const ETIQUETA_DECISION: Record<Decision, string> = {
  responder: 'Responder',
  aprobar: 'Aprobar',
  rechazar: 'Rechazar',
}

export const respuestaDerechoSchema = v.pipe(
  v.object({
    decision: v.picklist(DECISIONES, 'Elija si responde, aprueba o rechaza.'),
    texto: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(MAX_TEXTO_SOLICITUD, MENSAJE_TEXTO_LARGO)),
  }),
  v.forward(
    v.check((r) => r.decision !== 'responder' || r.texto !== '', MENSAJE_TEXTO_RESPUESTA),
    ['texto'],
  ),
  v.forward(
    v.check((r) => r.decision !== 'rechazar' || r.texto !== '', MENSAJE_FUNDAMENTOS),
    ['texto'],
  ),
)
export type RespuestaDerecho = v.InferOutput<typeof respuestaDerechoSchema>

export function estadoTrasDecision(decision: Decision): EstadoSolicitudDerecho {
  return decision === 'aprobar' ? 'aprobada' : decision === 'rechazar' ? 'rechazada' : 'respondida'
}

// ---------------------------------------------------------------------------------------------
// Suppression, read from the registry
// ---------------------------------------------------------------------------------------------

export type LoQueSeSuprime = {
  seElimina: { id: IdCategoriaDatos; nombre: string; contenido: string; como: string }[]
  seConserva: { id: IdCategoriaDatos; nombre: string; contenido: string; porque: string; plazo: string }[]
}

/**
 * What a suppression deletes and what it keeps, with why: the registry's categories that hold a
 * student's data (not the school's staff or third parties), split by whether they may be deleted.
 */
export function loQueSeSuprime(): LoQueSeSuprime {
  const resultado: LoQueSeSuprime = { seElimina: [], seConserva: [] }
  for (const [id, c] of Object.entries(REGISTRO_DATOS) as [IdCategoriaDatos, CategoriaDatos][]) {
    if (id === 'personal' || id === 'terceros') continue
    if (c.suprimible)
      resultado.seElimina.push({
        id,
        nombre: c.nombre,
        contenido: c.contenido,
        como: c.conservacion.fin === 'anonimizar' ? 'Se anonimiza' : 'Se elimina',
      })
    else
      resultado.seConserva.push({
        id,
        nombre: c.nombre,
        contenido: c.contenido,
        porque: c.conservacion.porque,
        plazo: c.conservacion.plazo,
      })
  }
  return resultado
}

// ---------------------------------------------------------------------------------------------
// Downloading one's data: free at least once a quarter (art. 10), throttled beyond that
// ---------------------------------------------------------------------------------------------

/** Days between downloads once the quarter's free one was used. */
export const DIAS_ENTRE_DESCARGAS_EXTRA = 30
/** How long the link to a built ZIP lasts. */
export const DIAS_VIGENCIA_DESCARGA = 7

/** The calendar quarter of a date in Chile: its first day. */
export function inicioDelTrimestre(fecha: string): string {
  const [anio, mes] = fecha.split('-').map(Number)
  const primerMes = Math.floor(((mes ?? 1) - 1) / 3) * 3 + 1
  return `${anio}-${String(primerMes).padStart(2, '0')}-01`
}

export function mensajeDescargaLimitada(desde: string): string {
  return (
    `Ya descargó sus datos este trimestre. La primera descarga de cada trimestre es libre; ` +
    `después puede pedir otra cada ${DIAS_ENTRE_DESCARGAS_EXTRA} días: la próxima, desde el ${fechaLarga(desde)}.`
  )
}

/**
 * Whether the student may ask for a new download now, given when they asked before (moments):
 * the first of each calendar quarter in Chile always; after that, one every 30 days.
 */
export function descargaPermitida(
  anteriores: readonly string[],
  ahora: Date,
): { permitida: true } | { permitida: false; desde: string; mensaje: string } {
  const hoy = fechaEnChile(ahora)
  const trimestre = inicioDelTrimestre(hoy)
  const delTrimestre = anteriores.map((m) => fechaEnChile(new Date(m))).filter((f) => f >= trimestre)
  if (delTrimestre.length === 0) return { permitida: true }
  const ultima = delTrimestre.sort().at(-1) ?? hoy
  const desde = sumarDias(ultima, DIAS_ENTRE_DESCARGAS_EXTRA)
  if (hoy >= desde) return { permitida: true }
  return { permitida: false, desde, mensaje: mensajeDescargaLimitada(desde) }
}

export const ESTADOS_EXPORTACION = ['preparando', 'lista', 'fallida'] as const
export type EstadoExportacion = (typeof ESTADOS_EXPORTACION)[number]
export const ETIQUETA_ESTADO_EXPORTACION: Record<EstadoExportacion, string> = {
  preparando: 'En preparación',
  lista: 'Lista para descargar',
  fallida: 'No se pudo preparar',
}

/**
 * Where the e-mail of an answer stands, when the answer went by e-mail (a suppression's, to the
 * address the student had): sent, waiting for another try, or given up.
 */
export type CorreoRespuesta = {
  estado: 'pendiente' | 'enviado' | 'fallido'
  para: string | null
  intentos: number
  error: string | null
  enviadoEn: string | null
}

export const ETIQUETA_CORREO_RESPUESTA: Record<CorreoRespuesta['estado'], string> = {
  pendiente: 'Por enviar',
  enviado: 'Enviado',
  fallido: 'No se pudo enviar',
}

export const MENSAJE_CORREO_NO_FALLIDO = 'El correo de esta respuesta no está entre los que no se pudieron enviar.'

/** What the school reads of it; `momento` writes a moment in Chile's words. */
export function correoRespuestaEnPalabras(c: CorreoRespuesta, momento: (iso: string) => string): string {
  if (c.estado === 'enviado') return `Enviada por correo el ${c.enviadoEn ? momento(c.enviadoEn) : '—'}.`
  const fallidos = c.intentos === 1 ? '1 intento fallido' : `${c.intentos} intentos fallidos`
  const motivo = c.error ? ` (${c.error})` : ''
  if (c.estado === 'fallido')
    return `No se pudo enviar por correo a ${c.para ?? '—'} tras ${fallidos}${motivo}. Hágasela llegar por otro medio o vuelva a intentarlo.`
  if (c.intentos === 0) return `Por enviar por correo a ${c.para ?? '—'}.`
  return `Por enviar por correo a ${c.para ?? '—'}: ${fallidos}${motivo}; el portal lo intentará de nuevo.`
}

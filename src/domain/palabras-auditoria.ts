import { DERECHO, ETIQUETA_CORREO_RESPUESTA, ETIQUETA_ESTADO_DERECHO } from './derechos.ts'
import { fechaEnChile, horaEnChile } from './fechas.ts'
import { PUBLICACION_EN_PALABRAS } from './gestion-concursos.ts'
import { ETIQUETA_ALCANCE } from './integracion.ts'
import { ETIQUETA_RESULTADO } from './importacion.ts'
import { formatearClp } from './moneda.ts'
import { ETIQUETA_CAMPO_PAGO_FISICO } from './pago-presencial.ts'
import { leerReferenciaCuota } from './pagos.ts'
import { ETIQUETA_ROL } from './personal.ts'
import { REGISTRO_DATOS, TAREAS_RETENCION } from './registro-datos.ts'
import { ETIQUETA_TIPO_REEMBOLSO } from './reembolsos.ts'
import { nombreTipoDocumento } from './revision-documentos.ts'
import { fechaCorta } from './solicitudes.ts'

// The audit trail in words, one dictionary for the whole school: what each action is called, what
// each recorded field is called and how its values read (states in words, amounts in pesos, dates
// and moments in Chile's calendar and clock, people by name), and what record an action touched.
// The server writes codes and ids (they never change meaning); the log and a student's history
// read them through here.

/**
 * What each action is called on the screens. Every code the server records must be here (a test
 * walks the server's sources for them): `auditar` accepts only these codes.
 */
export const ETIQUETAS_ACCION = {
  'sesion.ingreso': 'Ingreso al área de la escuela',
  'sesion.salida': 'Salida del área de la escuela',
  'sesion.contrasena-incorrecta': 'Contraseña incorrecta',
  'sesion.segundo-factor-fallido': 'Código de verificación rechazado',
  'sesion.bloqueo': 'Ingreso bloqueado por intentos fallidos',
  'sesion.bloqueo-red': 'Ingreso bloqueado desde una red por intentos fallidos',
  'personal.contrasena-creada': 'Contraseña creada desde la invitación',
  'personal.restablecer-password': 'Contraseña cambiada desde «¿Olvidó su contraseña?»',
  'documento.aprobar': 'Documento aprobado',
  'documento.rechazar': 'Documento rechazado',
  'documento.deshacer-rechazo': 'Rechazo de documento deshecho',
  'certificado.emitir': 'Certificado emitido',
  'certificado.revocar': 'Certificado revocado',
  'personal.invitar': 'Cuenta del personal creada e invitada',
  'personal.reenviar-invitacion': 'Invitación del personal enviada de nuevo',
  'personal.cambiar-rol': 'Rol de una cuenta del personal cambiado',
  'personal.desactivar': 'Cuenta del personal desactivada',
  'personal.activar': 'Cuenta del personal activada de nuevo',
  'personal.reiniciar-segundo-factor': 'Segundo factor de una cuenta del personal reiniciado',
  'personal.desbloquear': 'Ingreso de una cuenta del personal desbloqueado',
  'encuestas.exportar': 'Planilla de encuestas descargada',
  'concurso.crear': 'Concurso creado',
  'concurso.editar': 'Concurso editado',
  'concurso.abrir': 'Concurso publicado',
  'concurso.cerrar': 'Concurso cerrado',
  'concurso.exportar': 'Planilla de postulantes descargada',
  'oferta.crear': 'Oferta laboral creada',
  'oferta.editar': 'Oferta laboral editada',
  'oferta.cerrar': 'Oferta laboral cerrada',
  'ofertas.mosaico': 'Mosaico de Ofertas Laborales cambiado',
  'integracion.crear-clave': 'Clave de integración creada',
  'integracion.revocar-clave': 'Clave de integración revocada',
  'integracion.previsualizar': 'CRM: carga de inscripciones revisada por la API, sin escribir',
  'integracion.encuestas': 'CRM: encuestas leídas por la API',
  'integracion.reglamentos': 'CRM: reglamentos leídos por la API',
  'integracion.documentos': 'CRM: documentos leídos por la API',
  'integracion.pagos': 'CRM: pagos leídos por la API',
  'alumnos.importar': 'Alumnos e inscripciones importados',
  'alumnos.cambiar-correo': 'Correo de ingreso de un alumno cambiado (importación o CRM)',
  'pago.registrar-presencial': 'Pago presencial registrado',
  'pago.descargar-comprobante': 'Comprobante de pago descargado',
  'pago.reembolsar': 'Pago reembolsado',
  'pago.reembolso-rechazado': 'Reembolso rechazado por la pasarela',
  'pagos.exportar-conciliacion': 'Planilla de conciliación de pagos descargada',
  // A student's rights requests, in the school's queue.
  'privacidad.prorrogar': 'Plazo de una solicitud de derechos prorrogado',
  'privacidad.responder': 'Solicitud de derechos respondida',
  'privacidad.aprobar': 'Solicitud de derechos aprobada y aplicada',
  'privacidad.rechazar': 'Solicitud de derechos rechazada',
  'privacidad.reintentar-correo': 'Correo de una respuesta a una solicitud de derechos, intentado de nuevo',
  // Privacy: blocking a student's data.
  'privacidad.bloquear': 'Datos del alumno bloqueados',
  'privacidad.levantar-bloqueo': 'Bloqueo de los datos del alumno levantado',
  'privacidad.retencion-revisar': 'Revisión de conservación de datos preparada (sin eliminar nada)',
  'privacidad.retencion-confirmar': 'Revisión de conservación de datos confirmada: se eliminó lo vencido',
  'privacidad.brecha-registrar': 'Incidente de seguridad registrado y alumnos afectados avisados',
  'privacidad.brecha-agencia': 'Aviso de un incidente a la Agencia de Protección de Datos registrado',
  // Tax documents.
  'documento-tributario.descargar': 'Documento tributario descargado',
  'documento-tributario.reintentar': 'Emisión de un documento tributario reintentada',
  'integracion.documento-tributario': 'ERP: documento tributario recibido por la API',
} as const satisfies Record<string, string>

/** An action the trail records. */
export type AccionAuditada = keyof typeof ETIQUETAS_ACCION

export function esAccionAuditada(accion: string): accion is AccionAuditada {
  return Object.hasOwn(ETIQUETAS_ACCION, accion)
}

/** What the log says an integration API key is, where it says a staff member's role. */
export const ETIQUETA_ACTOR_INTEGRACION = 'Clave de integración (API)'

/**
 * An action in words. A code not in the dictionary (a row written by a later version) reads as
 * the code's words, never as nothing.
 */
export function etiquetaAccion(accion: string): string {
  return esAccionAuditada(accion) ? ETIQUETAS_ACCION[accion] : capitalizar(accion.replace(/[.\-_]+/g, ' '))
}

// ---------------------------------------------------------------------------------------------
// Records and the names they point to
// ---------------------------------------------------------------------------------------------

/** The kinds of ids a row may name, which the server turns into names. */
export type TipoReferencia =
  'personal' | 'asistente' | 'alumno' | 'concurso' | 'oferta' | 'pago' | 'clave' | 'postulacion'

export type Referencia = { tipo: TipoReferencia; id: string }

/** The name of a referenced record as the server found it ('' or undefined: it no longer exists). */
export type Nombres = (tipo: TipoReferencia, id: string) => string | undefined

/** A row as read from the trail: codes, ids and the values recorded. */
export type EventoRegistrado = {
  accion: string
  entidad: string | null
  entidadId: string | null
  antes: Record<string, unknown> | null
  despues: Record<string, unknown> | null
}

/** The kind of id each record kind holds. */
const REFERENCIA_DE_ENTIDAD: Record<string, TipoReferencia> = {
  personal: 'personal',
  concurso: 'concurso',
  oferta: 'oferta',
  pago: 'pago',
  'clave-integracion': 'clave',
  postulacion: 'postulacion',
  alumno: 'alumno',
}

/** The record an action touched, in words: its name, never its internal id. */
export function registroEnPalabras(evento: EventoRegistrado, nombres: Nombres): string | null {
  const { entidad, entidadId: id } = evento
  if (!entidad) return null
  const tipo = REFERENCIA_DE_ENTIDAD[entidad]
  const nombre = tipo && id ? nombres(tipo, id) : undefined
  switch (entidad) {
    case 'concurso':
      return nombre ? `Concurso de ${nombre}` : 'Concurso'
    case 'oferta':
      return nombre ? `Oferta laboral: ${nombre}` : 'Oferta laboral'
    case 'personal':
      return nombre ? `Cuenta de ${nombre}` : 'Cuenta del personal'
    case 'pago':
      return nombre ? `Pago: ${nombre}` : 'Pago'
    case 'clave-integracion':
      return nombre ? `Clave de integración «${nombre}»` : 'Clave de integración'
    case 'postulacion':
      return nombre ? `Postulación ${nombre}` : 'Postulación a un concurso'
    case 'alumno':
      // A decision on personal documents names them; anything else names the student.
      if (evento.accion.startsWith('documento.'))
        return nombre ? `Documentos personales de ${nombre}` : 'Documentos personales'
      return nombre ? `Alumno: ${nombre}` : 'Alumno'
    case 'solicitud':
      return id ? `Solicitud ${id}` : 'Solicitud'
    case 'certificado':
      return id ? `Certificado ${id}` : 'Certificado'
    case 'importacion': {
      const archivo = evento.despues?.archivo
      return typeof archivo === 'string' && archivo ? `Importación del archivo «${archivo}»` : 'Importación de alumnos'
    }
    case 'encuestas':
      return 'Resultados de la encuesta general'
    case 'pagos':
      return 'Conciliación de pagos'
    case 'retencion-lote':
      return 'Revisión de conservación de datos'
    case 'brecha':
      return 'Incidente de seguridad'
    case 'ajuste':
      return id === 'ofertas.mosaico-visible' ? 'Ajuste: mosaico de Ofertas Laborales' : 'Ajuste del portal'
    default:
      return capitalizar(entidad.replace(/[.\-_]+/g, ' '))
  }
}

// ---------------------------------------------------------------------------------------------
// Fields and their values
// ---------------------------------------------------------------------------------------------

type Formato =
  | { tipo: 'texto' }
  | { tipo: 'numero' }
  | { tipo: 'clp' }
  | { tipo: 'fecha' }
  | { tipo: 'momento' }
  | { tipo: 'siNo' }
  | { tipo: 'palabras'; valores: Readonly<Record<string, string>> }
  | { tipo: 'referencia'; referencia: TipoReferencia }
  | { tipo: 'lista'; de: Formato }
  | { tipo: 'cuota' }
  | { tipo: 'documentos-pedidos' }
  | { tipo: 'calendario' }

type Campo = {
  etiqueta: string
  formato: Formato
  /** How an absent value reads ('sin valor' unless said). */
  vacio?: string
  /** Only recorded before, as context (what was refunded until then), not as a change. */
  contexto?: boolean
}

const texto: Formato = { tipo: 'texto' }
const numero: Formato = { tipo: 'numero' }
const clp: Formato = { tipo: 'clp' }
const fecha: Formato = { tipo: 'fecha' }
const momento: Formato = { tipo: 'momento' }
const siNo: Formato = { tipo: 'siNo' }
const palabras = (valores: Readonly<Record<string, string>>): Formato => ({ tipo: 'palabras', valores })

const ESTADOS: Readonly<Record<string, string>> = {
  'en-revision': 'En revisión',
  rechazado: 'Rechazado',
  aprobado: 'Aprobado',
  reembolsado: 'Reembolsado',
  activa: 'Activa',
  desactivada: 'Desactivada',
}

const RESULTADO_IMPORTACION = (clave: keyof typeof ETIQUETA_RESULTADO) => ETIQUETA_RESULTADO[clave].previa

/** Every field the trail records, by its name in the row. */
export const CAMPOS_AUDITADOS: Readonly<Record<string, Campo>> = {
  // Contests (the form's fields) and their publication.
  especialidad: { etiqueta: 'Especialidad', formato: texto },
  sede: { etiqueta: 'Sede u hospital', formato: texto },
  ciudad: { etiqueta: 'Ciudad', formato: texto },
  vacantes: { etiqueta: 'Vacantes', formato: numero },
  derechoPostulacion: { etiqueta: 'Derecho de postulación', formato: clp },
  postulacionDesde: { etiqueta: 'Inicio de la postulación', formato: fecha },
  postulacionHasta: { etiqueta: 'Cierre de la postulación', formato: fecha },
  descripcion: { etiqueta: 'Descripción', formato: texto },
  requisitos: { etiqueta: 'Requisitos', formato: { tipo: 'lista', de: texto }, vacio: 'ninguno' },
  calendario: { etiqueta: 'Calendario', formato: { tipo: 'calendario' }, vacio: 'sin hitos' },
  documentos: { etiqueta: 'Documentos pedidos', formato: { tipo: 'documentos-pedidos' }, vacio: 'ninguno' },
  publicacion: { etiqueta: 'Publicación', formato: palabras(PUBLICACION_EN_PALABRAS) },
  // Job offers and the students' home tile.
  institucion: { etiqueta: 'Institución', formato: texto },
  cargo: { etiqueta: 'Cargo', formato: texto },
  publicadaEl: { etiqueta: 'Se publica el', formato: fecha },
  cierraEl: { etiqueta: 'Se muestra hasta el', formato: fecha },
  contactoNombre: { etiqueta: 'Nombre del contacto', formato: texto },
  contactoEmail: { etiqueta: 'Correo del contacto', formato: texto },
  cerradaEn: { etiqueta: 'Cerrada el', formato: momento },
  visible: { etiqueta: 'Mosaico visible para los estudiantes', formato: siNo },
  origen: {
    etiqueta: 'Definido por',
    formato: palabras({ escuela: 'la escuela, en esta pantalla', entorno: 'el valor por omisión del servidor' }),
  },
  // Certificates.
  codigo: { etiqueta: 'Código', formato: texto },
  codigoInscripcion: { etiqueta: 'Solicitud', formato: texto },
  fechaEmision: { etiqueta: 'Fecha de emisión', formato: fecha },
  revocadoEn: { etiqueta: 'Revocado el', formato: momento, vacio: 'vigente' },
  motivoRevocacion: { etiqueta: 'Motivo de la revocación', formato: texto },
  revocadoPor: { etiqueta: 'Revocado por', formato: { tipo: 'referencia', referencia: 'personal' } },
  // Integration keys.
  nombre: { etiqueta: 'Nombre', formato: texto },
  alcances: { etiqueta: 'Permisos', formato: { tipo: 'lista', de: palabras(ETIQUETA_ALCANCE) } },
  prefijo: { etiqueta: 'Comienzo de la clave', formato: texto },
  revocadaEn: { etiqueta: 'Revocada el', formato: momento, vacio: 'vigente' },
  // The import, by the screen and by the CRM's API.
  parte: { etiqueta: 'Parte', formato: numero },
  partes: { etiqueta: 'Partes de la importación', formato: numero },
  filas: { etiqueta: 'Filas', formato: numero },
  creadas: { etiqueta: 'Inscripciones creadas', formato: numero },
  actualizadas: { etiqueta: 'Inscripciones actualizadas', formato: numero },
  sinCambios: { etiqueta: 'Sin cambios', formato: numero },
  conErrores: { etiqueta: 'Filas con errores', formato: numero },
  alumnosNuevos: { etiqueta: 'Alumnos nuevos', formato: numero },
  filasDelArchivo: { etiqueta: 'Filas del archivo', formato: numero },
  erroresDelArchivo: { etiqueta: 'Errores en el archivo', formato: numero },
  correosCambiados: { etiqueta: 'Correos de ingreso cambiados', formato: numero },
  archivo: { etiqueta: 'Archivo', formato: texto },
  huella: { etiqueta: 'Huella del archivo (SHA-256)', formato: texto },
  'se creará': { etiqueta: RESULTADO_IMPORTACION('se creará'), formato: numero },
  'se actualizará': { etiqueta: RESULTADO_IMPORTACION('se actualizará'), formato: numero },
  'sin cambios': { etiqueta: RESULTADO_IMPORTACION('sin cambios'), formato: numero },
  error: { etiqueta: RESULTADO_IMPORTACION('error'), formato: numero },
  // The integration API's reads.
  desde: { etiqueta: 'Desde', formato: momento, vacio: 'el comienzo' },
  cursor: { etiqueta: 'Continuación de una lectura anterior', formato: siNo },
  conRespuestas: { etiqueta: 'Con las respuestas', formato: siNo },
  // Staff accounts and sessions.
  email: { etiqueta: 'Correo electrónico', formato: texto },
  rol: { etiqueta: 'Rol', formato: palabras(ETIQUETA_ROL) },
  asistente: {
    etiqueta: 'Asistente comercial',
    formato: { tipo: 'referencia', referencia: 'asistente' },
    vacio: 'ninguno',
  },
  estado: { etiqueta: 'Estado', formato: palabras(ESTADOS) },
  sesionesCerradas: { etiqueta: 'Sesiones abiertas cerradas', formato: numero },
  // Sign-in locks.
  bloqueadaHasta: { etiqueta: 'Bloqueado hasta', formato: momento, vacio: 'sin bloqueo' },
  intentosFallidos: { etiqueta: 'Intentos fallidos', formato: numero },
  ultimoIntento: { etiqueta: 'Último intento', formato: texto },
  direccion: { etiqueta: 'Dirección IP', formato: texto },
  // A student's sign-in e-mail changed by an import or the CRM.
  fila: { etiqueta: 'Fila del archivo', formato: numero },
  segundoFactor: {
    etiqueta: 'Verificación en dos pasos',
    formato: palabras({ activado: 'Activada', enrolado: 'Activada en este ingreso', 'sin activar': 'Sin activar' }),
  },
  contrasena: { etiqueta: 'Contraseña', formato: palabras({ creada: 'Creada', 'por crear': 'Por crear' }) },
  // The survey's spreadsheet.
  programa: { etiqueta: 'Programa', formato: texto, vacio: 'todos' },
  anio: { etiqueta: 'Año', formato: texto, vacio: 'todos' },
  respuestasSensibles: { etiqueta: 'Con las respuestas sensibles', formato: siNo },
  // Payments: in person, receipts, refunds, the reconciliation.
  cuota: { etiqueta: 'Cuota', formato: { tipo: 'cuota' } },
  monto: { etiqueta: 'Monto', formato: clp },
  ...(Object.fromEntries(
    Object.entries(ETIQUETA_CAMPO_PAGO_FISICO).map(([campo, etiqueta]) => [campo, { etiqueta, formato: texto }]),
  ) as Record<keyof typeof ETIQUETA_CAMPO_PAGO_FISICO, Campo>),
  comprobante: { etiqueta: 'Comprobante', formato: texto },
  reembolsado: { etiqueta: 'Reembolsado hasta entonces', formato: clp, contexto: true },
  motivo: { etiqueta: 'Motivo', formato: texto },
  tipo: { etiqueta: 'Tipo de reembolso', formato: palabras(ETIQUETA_TIPO_REEMBOLSO) },
  saldo: { etiqueta: 'Saldo del pago', formato: clp },
  detalle: { etiqueta: 'Respuesta de la pasarela', formato: texto },
  hasta: { etiqueta: 'Hasta', formato: fecha },
  pagos: { etiqueta: 'Pagos', formato: numero },
  reembolsos: { etiqueta: 'Reembolsos', formato: numero },
  // A student's rights requests.
  derecho: {
    etiqueta: 'Derecho',
    formato: palabras(Object.fromEntries(Object.entries(DERECHO).map(([id, d]) => [id, d.nombre]))),
  },
  numeroSolicitud: { etiqueta: 'Solicitud N°', formato: texto },
  estadoSolicitud: { etiqueta: 'Estado de la solicitud', formato: palabras(ETIQUETA_ESTADO_DERECHO) },
  plazoRespuesta: { etiqueta: 'Plazo para responder', formato: fecha },
  motivoProrroga: { etiqueta: 'Motivo de la prórroga', formato: texto },
  textoRespuesta: { etiqueta: 'Respuesta enviada', formato: texto },
  datoCorregido: { etiqueta: 'Dato corregido', formato: texto },
  valorDelDato: { etiqueta: 'Valor del dato', formato: texto, vacio: 'vacío' },
  eliminado: { etiqueta: 'Se eliminó o anonimizó', formato: texto },
  conservado: { etiqueta: 'Se conservó', formato: texto },
  correoRespuesta: { etiqueta: 'Correo de la respuesta', formato: palabras(ETIQUETA_CORREO_RESPUESTA) },
  // Privacy: blocking a student's data.
  solicitudPrivacidad: { etiqueta: 'Solicitud de privacidad', formato: numero },
  bloqueadoDesde: { etiqueta: 'Bloqueado desde', formato: momento },
  // The breach register.
  detectadaEn: { etiqueta: 'Detectado el', formato: momento },
  categorias: {
    etiqueta: 'Datos afectados',
    formato: {
      tipo: 'lista',
      de: palabras(Object.fromEntries(Object.entries(REGISTRO_DATOS).map(([id, c]) => [id, c.nombre]))),
    },
  },
  alumnosAfectados: { etiqueta: 'Alumnos afectados', formato: numero },
  medidas: { etiqueta: 'Medidas adoptadas', formato: texto },
  agenciaInformadaEn: { etiqueta: 'Informado a la Agencia el', formato: momento, vacio: 'aún no' },
  // Tax documents.
  documentoTributario: { etiqueta: 'Documento tributario', formato: texto },
  folio: { etiqueta: 'Folio', formato: numero, vacio: 'sin folio' },
  formato: { etiqueta: 'Formato', formato: texto },
  errorEmisor: { etiqueta: 'Error del emisor', formato: texto, vacio: 'ninguno' },
  repetido: { etiqueta: 'Envío repetido', formato: siNo },
}

/** The retention run's tasks, each a count in its batch's row. */
const CAMPOS_RETENCION: Readonly<Record<string, Campo>> = Object.fromEntries(
  Object.entries(TAREAS_RETENCION).map(([tipo, t]) => [tipo, { etiqueta: t.nombre, formato: numero }]),
)

/** Fields that name an action's own ids: kept in the row, never shown. */
const CAMPOS_INTERNOS = new Set(['id', 'reembolso', 'importacion'])

/** Where an action's field means something else than elsewhere. */
const CAMPOS_POR_ACCION: Partial<Record<AccionAuditada, Readonly<Record<string, Campo>>>> = {
  'privacidad.retencion-revisar': CAMPOS_RETENCION,
  'privacidad.retencion-confirmar': CAMPOS_RETENCION,
  'pago.reembolsar': { monto: { etiqueta: 'Monto reembolsado', formato: clp } },
  'pago.reembolso-rechazado': { monto: { etiqueta: 'Monto pedido', formato: clp } },
  'pagos.exportar-conciliacion': {
    desde: { etiqueta: 'Desde', formato: fecha },
    monto: { etiqueta: 'Monto total', formato: clp },
  },
  'concurso.exportar': { filas: { etiqueta: 'Postulaciones en la planilla', formato: numero } },
  'encuestas.exportar': { filas: { etiqueta: 'Encuestas en la planilla', formato: numero } },
  'alumnos.importar': { filas: { etiqueta: 'Filas de esta parte', formato: numero } },
  'integracion.previsualizar': { filas: { etiqueta: 'Filas revisadas', formato: numero } },
  'integracion.encuestas': { filas: { etiqueta: 'Filas entregadas', formato: numero } },
  'integracion.reglamentos': { filas: { etiqueta: 'Filas entregadas', formato: numero } },
  'integracion.documentos': { filas: { etiqueta: 'Filas entregadas', formato: numero } },
  'integracion.pagos': { filas: { etiqueta: 'Filas entregadas', formato: numero } },
}

/** Whether the dictionary has words for a field (of that action). */
export function tieneEtiquetaDeCampo(campo: string, accion?: string): boolean {
  return CAMPOS_INTERNOS.has(campo) || campoDe(campo, accion) !== undefined
}

function campoDe(campo: string, accion: string | undefined): Campo | undefined {
  const propio = accion && esAccionAuditada(accion) ? CAMPOS_POR_ACCION[accion]?.[campo] : undefined
  return propio ?? (Object.hasOwn(CAMPOS_AUDITADOS, campo) ? CAMPOS_AUDITADOS[campo] : undefined)
}

function capitalizar(t: string): string {
  return t.charAt(0).toUpperCase() + t.slice(1)
}

/** A field the dictionary does not know (recorded by a later version): its name split in words. */
function etiquetaDesconocida(campo: string): string {
  return capitalizar(
    campo
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/[_-]+/g, ' ')
      .toLowerCase(),
  )
}

const esVacio = (valor: unknown) =>
  valor === undefined || valor === null || valor === '' || (Array.isArray(valor) && valor.length === 0)

/** '2026-03-20T14:00:00.000Z' → '20-03-2026 11:00', in Chile's clock whatever the zone it was written in. */
export function momentoEnPalabras(iso: string): string {
  const m = new Date(iso)
  if (Number.isNaN(m.getTime())) return iso
  return `${fechaCorta(fechaEnChile(m))} ${horaEnChile(m)}`
}

/** A recorded value as a person reads it. */
function valorEnPalabras(valor: unknown, formato: Formato, nombres: Nombres): string {
  switch (formato.tipo) {
    case 'numero':
      return typeof valor === 'number' ? valor.toLocaleString('es-CL') : valorLlano(valor)
    case 'clp':
      return typeof valor === 'number' ? formatearClp(valor) : valorLlano(valor)
    case 'fecha':
      return typeof valor === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(valor) ? fechaCorta(valor) : valorLlano(valor)
    case 'momento':
      return typeof valor === 'string' ? momentoEnPalabras(valor) : valorLlano(valor)
    case 'siNo':
      return valor === true ? 'Sí' : valor === false ? 'No' : valorLlano(valor)
    case 'palabras':
      return typeof valor === 'string' && Object.hasOwn(formato.valores, valor)
        ? formato.valores[valor]!
        : valorLlano(valor)
    case 'referencia':
      return typeof valor === 'string'
        ? nombres(formato.referencia, valor) || 'una cuenta que ya no existe'
        : valorLlano(valor)
    case 'lista':
      return Array.isArray(valor)
        ? valor.map((v) => valorEnPalabras(v, formato.de, nombres)).join('; ')
        : valorEnPalabras(valor, formato.de, nombres)
    case 'cuota': {
      const cuota = typeof valor === 'string' ? leerReferenciaCuota(valor) : null
      return cuota ? `Cuota ${cuota.numero} de la solicitud ${cuota.codigoInscripcion}` : valorLlano(valor)
    }
    case 'documentos-pedidos':
      return Array.isArray(valor) ? valor.map((c) => nombreTipoDocumento(String(c))).join('; ') : valorLlano(valor)
    case 'calendario':
      return Array.isArray(valor)
        ? valor
            .map((h: { fecha?: unknown; hito?: unknown }) =>
              typeof h?.fecha === 'string' ? `${fechaCorta(h.fecha)} ${String(h.hito ?? '')}`.trim() : valorLlano(h),
            )
            .join('; ')
        : valorLlano(valor)
    case 'texto':
      return valorLlano(valor)
  }
}

/** A value with no field to tell how it reads: text as it is, yes/no, numbers the Chilean way. */
function valorLlano(valor: unknown): string {
  if (typeof valor === 'string') return valor
  if (typeof valor === 'boolean') return valor ? 'Sí' : 'No'
  if (typeof valor === 'number') return valor.toLocaleString('es-CL')
  if (Array.isArray(valor)) return valor.map(valorLlano).join('; ')
  if (valor && typeof valor === 'object')
    return Object.entries(valor)
      .filter(([campo]) => !CAMPOS_INTERNOS.has(campo))
      .map(([campo, v]) => `${campoDe(campo, undefined)?.etiqueta ?? etiquetaDesconocida(campo)}: ${valorLlano(v)}`)
      .join(', ')
  return String(valor)
}

/** One line of what changed: the field's name and what happened to its value. */
export type CambioEnPalabras = { campo: string; valor: string }

/**
 * What an action changed, line by line: 'Estado: de Aprobado a Reembolsado'; a value set where
 * there was none as the value alone; a value removed as 'de X a <sin valor>'; one recorded before
 * and not after as unchanged. Documents decided together read one line each, by the document's name.
 */
export function cambiosEnPalabras(evento: EventoRegistrado, nombres: Nombres): CambioEnPalabras[] {
  const { accion, antes, despues } = evento
  if (accion.startsWith('documento.') && (Array.isArray(despues?.documentos) || Array.isArray(antes?.documentos)))
    return documentosDecididos(antes, despues)
  const campos = [...new Set([...Object.keys(antes ?? {}), ...Object.keys(despues ?? {})])].filter(
    (c) => !CAMPOS_INTERNOS.has(c),
  )
  return campos.map((nombre) => {
    const campo = campoDe(nombre, accion) ?? { etiqueta: etiquetaDesconocida(nombre), formato: texto }
    const vacio = campo.vacio ?? 'sin valor'
    const palabras = (v: unknown) => (esVacio(v) ? vacio : valorEnPalabras(v, campo.formato, nombres))
    const previo = antes?.[nombre]
    const nuevo = despues?.[nombre]
    const soloAntes = antes !== null && nombre in antes && (despues === null || !(nombre in despues))
    if (soloAntes)
      return { campo: campo.etiqueta, valor: campo.contexto ? palabras(previo) : `${palabras(previo)} (sin cambio)` }
    if (antes === null || !(nombre in antes) || esVacio(previo))
      return { campo: campo.etiqueta, valor: palabras(nuevo) }
    const de = palabras(previo)
    const a = palabras(nuevo)
    return { campo: campo.etiqueta, valor: de === a ? `${a} (sin cambio)` : `de ${de} a ${a}` }
  })
}

type DocumentoDecidido = { id?: unknown; documento?: unknown; estado?: unknown; motivo?: unknown }

/** A review's documents: each by its name, from its state before to the decision (and its reason). */
function documentosDecididos(
  antes: Record<string, unknown> | null,
  despues: Record<string, unknown> | null,
): CambioEnPalabras[] {
  const previos = (Array.isArray(antes?.documentos) ? antes.documentos : []) as DocumentoDecidido[]
  const decididos = (Array.isArray(despues?.documentos) ? despues.documentos : previos) as DocumentoDecidido[]
  const estado = (e: unknown) => (typeof e === 'string' ? (ESTADOS[e] ?? e) : 'sin estado')
  return decididos.map((d) => {
    const previo = previos.find((p) => p.id !== undefined && p.id === d.id)
    const motivo = typeof d.motivo === 'string' && d.motivo ? ` (motivo: ${d.motivo})` : ''
    const valor =
      previo && previo.estado !== d.estado ? `de ${estado(previo.estado)} a ${estado(d.estado)}` : `${estado(d.estado)}`
    return { campo: typeof d.documento === 'string' ? d.documento : 'Documento', valor: `${valor}${motivo}` }
  })
}

/** Every id a row names (its record, and people in its values), for the server to find their names. */
export function referenciasDeEvento(evento: EventoRegistrado): Referencia[] {
  const referencias: Referencia[] = []
  const tipo = evento.entidad ? REFERENCIA_DE_ENTIDAD[evento.entidad] : undefined
  if (tipo && evento.entidadId) referencias.push({ tipo, id: evento.entidadId })
  for (const valores of [evento.antes, evento.despues])
    for (const [nombre, valor] of Object.entries(valores ?? {})) {
      const formato = campoDe(nombre, evento.accion)?.formato
      if (formato?.tipo === 'referencia' && typeof valor === 'string' && valor)
        referencias.push({ tipo: formato.referencia, id: valor })
    }
  return referencias
}

/** A row of the trail in words: its record and what changed. */
export function eventoEnPalabras(evento: EventoRegistrado, nombres: Nombres) {
  return {
    etiqueta: etiquetaAccion(evento.accion),
    registro: registroEnPalabras(evento, nombres),
    cambios: cambiosEnPalabras(evento, nombres),
  }
}

// The database as Kysely sees it. Column names are snake_case; timestamps are ISO-8601 UTC strings
// ('2026-03-15T12:00:00.000Z'), which compare correctly as text on SQLite and PostgreSQL alike;
// calendar dates (fecha_inicio, fecha_nac, fecha_emision) are 'yyyy-mm-dd'. Booleans are 0/1
// integers for the same portability reason.
import type { Generated, Insertable, Selectable } from 'kysely'

export type Database = {
  semillas: SemillasTable
  paises: PaisesTable
  regiones: RegionesTable
  comunas: ComunasTable
  profesiones: ProfesionesTable
  universidades: UniversidadesTable
  asistentes: AsistentesTable
  alumnos: AlumnosTable
  alumnos_busqueda: AlumnosBusquedaTable
  sesiones: SesionesTable
  tokens_recuperacion: TokensRecuperacionTable
  limites: LimitesTable
  bloqueos_ingreso: BloqueosIngresoTable
  solicitudes: SolicitudesTable
  documentos_emitidos: DocumentosEmitidosTable
  empresas: EmpresasTable
  idempotencia: IdempotenciaTable
  historial_persona: HistorialPersonaTable
  archivos_personales: ArchivosPersonalesTable
  encuestas: EncuestasTable
  condiciones: CondicionesTable
  archivos_solicitud: ArchivosSolicitudTable
  concursos: ConcursosTable
  postulaciones: PostulacionesTable
  archivos_postulacion: ArchivosPostulacionTable
  ofertas_laborales: OfertasLaboralesTable
  cuotas: CuotasTable
  pagos: PagosTable
  pagos_fisicos: PagosFisicosTable
  pasarela_sandbox: PasarelaSandboxTable
  personal: PersonalTable
  tokens_personal: TokensPersonalTable
  auditoria: AuditoriaTable
  notificaciones: NotificacionesTable
  envios_notificacion: EnviosNotificacionTable
  suscripciones_push: SuscripcionesPushTable
  preferencias_notificacion: PreferenciasNotificacionTable
  claves_servidor: ClavesServidorTable
  ajustes: AjustesTable
  claves_integracion: ClavesIntegracionTable
  reembolsos: ReembolsosTable
  subidas: SubidasTable
  bloqueos_subida: BloqueosSubidaTable
  politicas_privacidad: PoliticasPrivacidadTable
  privacidad_vistas: PrivacidadVistasTable
  documentos_tributarios: DocumentosTributariosTable
  sandbox_dte: SandboxDteTable
  solicitudes_derechos: SolicitudesDerechosTable
  respuestas_derechos: RespuestasDerechosTable
  recordatorios_derechos: RecordatoriosDerechosTable
  exportaciones_datos: ExportacionesDatosTable
  bloqueos_datos: BloqueosDatosTable
  lecturas_datos: LecturasDatosTable
  consentimientos: ConsentimientosTable
  supresiones: SupresionesTable
  retencion_lotes: RetencionLotesTable
  retencion_elementos: RetencionElementosTable
  brechas: BrechasTable
  brechas_alumnos: BrechasAlumnosTable
}

/** Seeds already applied, so each runs once (first start only). */
export type SemillasTable = { nombre: string; aplicada: string }

export type PaisesTable = { cod_pais: string; pais: string; nacionalidad: string; orden: number }
export type RegionesTable = { cod_region: string; region: string; orden: number }
export type ComunasTable = { cod_comuna: string; comuna: string; cod_region: string; ciudad: string; orden: number }
export type ProfesionesTable = { cod_profesion: string; profesion: string; requiere_otra: number; orden: number }
export type UniversidadesTable = { universidad: string; orden: number }

/** Commercial assistants. */
export type AsistentesTable = { id: string; nombre: string; telefono: string; email: string }

/** Students: account data plus the person's data. */
export type AlumnosTable = {
  id: string
  email: string
  password_hash: string
  /** Normalised RUT ('12345678-5'), or RUT_PLACEHOLDER '0-0' for foreigners. */
  rut: string
  /** 'PASAPORTE' | 'DNI' for foreigners; null with a RUT. */
  tipo_documento: string | null
  /** Passport/DNI number, upper-case; null with a RUT. */
  numero_documento: string | null
  nombres: string
  apellidos: string
  codigo_alumno: string
  asistente_id: string
  sexoregistral: string | null
  fecha_nac: string | null
  telefono_particular: string | null
  celular: string | null
  nacionalidad: string | null
  tipo_residencia: string | null
  pais_origen: string | null
  direccion: string | null
  cod_pais: string | null
  cod_region: string | null
  cod_comuna: string | null
  ciudad: string | null
  cod_profesion: string | null
  otra_profesion: string | null
  universidad: string | null
  otrauniversidad: string | null
  maxnivelformacion: string | null
  otronivelformacion: string | null
  tipoinstitucion: string | null
  otrotipoinstitucion: string | null
  pais_est_secund: string | null
  creado: string
  /** Surnames and names without accents or case, what the staff's list sorts by (busqueda.ts keeps it). */
  orden_nombre: Generated<string>
}

/** A student's search terms, one per row (server/alumnos/busqueda.ts keeps them). */
export type AlumnosBusquedaTable = { termino: string; alumno_id: string }

/** Who a session or an idempotency record belongs to. */
export type TipoActor = 'alumno' | 'personal'

/** A signed-in student's or staff member's session (the token is kept hashed). */
export type SesionesTable = {
  token_hash: string
  actor_tipo: TipoActor
  actor_id: string
  /** 0 while a staff member has given the password but not yet the second factor's code. */
  verificada: number
  /** Codes tried on an unverified session. */
  intentos: Generated<number>
  creada: string
  expira: string
}

export type TokensRecuperacionTable = {
  token_hash: string
  alumno_id: string
  creado: string
  expira: string
  usado: string | null
}

/** Throttle counters: fixed windows per key. */
export type LimitesTable = { clave: string; conteo: number; expira: string }

/**
 * Failed sign-ins counted per staff e-mail ('personal'), per address trying staff accounts
 * ('personal-ip') and per student e-mail ('alumno'), and the lock they led to.
 */
export type BloqueosIngresoTable = {
  ambito: string
  sujeto: string
  fallos: number
  ventana_hasta: string
  bloqueada_hasta: string | null
}

/** Enrolments. */
export type SolicitudesTable = {
  codigo_inscripcion: string
  alumno_id: string
  /** The enrolment's owner (commercial assistant); the most recent one is inscReciente.Owner. */
  asistente_id: string
  fecha_inicio: string
  anio_curso: number
  nombre_curso: string
  curso: string
  tipo_curso: string
  cod_grupo: string
  habilita_tb: number
  cod_prospecto: string
  /** What the certificate prints: the program's hours and its last day ('yyyy-mm-dd'). */
  horas: number
  fecha_termino: string | null
  /** The program's fee in CLP (whole pesos), what the invoice bills. */
  arancel: number
  /** The company that pays (see `empresas`); the student is billed when null. */
  rut_empresa: string | null
}

/**
 * Every document the portal issued: signed regulations (6), invoices (30), program certificates
 * (35) and payment receipts (31). What it certifies is recorded at issue and never changed with
 * the profile; the validator reads only this.
 */
export type DocumentosEmitidosTable = {
  /** Unguessable verification code, printed on the document and typed into the validator. */
  codigo: string
  alumno_id: string
  codigo_inscripcion: string | null
  cod_tipo_documento: string
  /** 'Reglamento Firmado' | 'Comprobante de Pago del Programa' | 'Certificado Programa' | 'Comprobante de Pago' | 'Comprobante de Reembolso'. */
  tipo_documento: string
  /** What else it is about when not only an enrolment: a receipt's payment id. */
  referencia: string | null
  /** The holder's full name, 'RUT' | 'PASAPORTE' | 'DNI' and its number. */
  titular_nombre: string
  titular_tipo_documento: string
  titular_documento: string
  programa: string
  /** The enrolment's prospect code, which the validator answers with. */
  cod_prospecto: string
  fecha_emision: string
  emitido_en: string
  /** The signed PDF (null only for certificates recorded before documents had files). */
  nombre_archivo: string | null
  blob_clave: string | null
  tamanno: number | null
  sha256: string | null
  revocado_en: string | null
  motivo_revocacion: string | null
  /** The staff member who revoked it. */
  revocado_por: string | null
}

/** Billing companies, by RUT: who an invoice bills when a company pays for an enrolment. */
export type EmpresasTable = {
  rut: string
  id: string
  nombre: string
  codigo_empresa: string
  giro: string
  direccion_facturacion: string
  comuna: string
  ciudad: string
  region: string
  pais: string
  telefono: string
  contacto_nombre: string
  contacto_telefono: string
  contacto_email: string
}

/**
 * Idempotency records: per student and Idempotency-Key, the request's
 * fingerprint and, once it finished below 500, its response.
 */
export type IdempotenciaTable = {
  /** 'alumno:<id>' or 'personal:<id>'. */
  actor: string
  clave: string
  huella: string
  estado: 'en-curso' | 'completo'
  status: number | null
  cuerpo: string | null
  content_type: string | null
  creado_en: string
}

/** One row per applied personal-data update (PUT /api/alumno/persona). */
export type HistorialPersonaTable = {
  id: string
  alumno_id: string
  clave_idempotencia: string | null
  cambiado_en: string
  /** JSON array of changed field names. */
  campos: string
}

/** Personal documents (types 20 and 21), one per type and student; bytes in the BlobStore. */
export type ArchivosPersonalesTable = RevisionDocumento & {
  id: string
  alumno_id: string
  cod_documento: string
  nombre_original: string
  tipo_archivo: string
  content_type: string
  tamanno: number
  blob_clave: string
  subido_en: string
  id_inscripcion: number
  id_grupo: number
}

export type Alumno = Selectable<AlumnosTable>
export type NuevoAlumno = Insertable<AlumnosTable>
export type Asistente = Selectable<AsistentesTable>

/** An enrolment's general survey, sent once. */
export type EncuestasTable = { codigo_inscripcion: string; alumno_id: string; respuestas: string; enviada_en: string }

/** The student's latest decision on an enrolment's conditions. */
export type CondicionesTable = { codigo_inscripcion: string; alumno_id: string; decision: string; decidida_en: string }

/** A file uploaded for one of an enrolment's required documents. */
export type ArchivosSolicitudTable = RevisionDocumento & {
  id: string
  codigo_inscripcion: string
  alumno_id: string
  cod_documento: string
  nombre_archivo: string
  tipo_archivo: string
  content_type: string
  tamanno: number
  blob_clave: string
  subido_en: string
}

/** A specialty-medicine contest. */
export type ConcursosTable = {
  id: string
  especialidad: string
  /** Campus or hospital. */
  sede: string
  ciudad: string
  vacantes: number
  /** Calendar days in Chile ('yyyy-mm-dd'), both included. */
  postulacion_desde: string
  postulacion_hasta: string
  /** Application fee, whole CLP. */
  derecho_postulacion: number
  descripcion: string
  /** JSON array of strings. */
  requisitos: string
  /** JSON array of { fecha: 'yyyy-mm-dd', hito }. */
  calendario: string
  /** JSON array of document type codes. */
  documentos: string
  /** 'borrador' (not shown to students) | 'publicado' | 'cerrado' (closed by the school). */
  publicacion: Generated<string>
}

/** A student's application to a contest (one per contest); its fee paid once. */
export type PostulacionesTable = {
  id: string
  concurso_id: string
  alumno_id: string
  creada_en: string
  pagada_en: string | null
  /** The payment that paid the fee, in the payment flow's tables. */
  pago_id: string | null
}

/** A file uploaded for one of the documents a contest asks of its applicants. */
export type ArchivosPostulacionTable = RevisionDocumento & {
  id: string
  postulacion_id: string
  alumno_id: string
  cod_documento: string
  nombre_archivo: string
  tipo_archivo: string
  content_type: string
  tamanno: number
  blob_clave: string
  subido_en: string
}

/** A job offer, listed from publicada_el to cierra_el (Chile's days, both included). */
export type OfertasLaboralesTable = {
  id: string
  institucion: string
  cargo: string
  ciudad: string
  descripcion: string
  publicada_el: string
  cierra_el: string
  contacto_nombre: string
  contacto_email: string
  /** When the school closed it before its last day; null: not closed. */
  cerrada_en: string | null
}
/** An enrolment's installment; paid once `pago_id` names the approved payment that paid it. */
export type CuotasTable = {
  codigo_inscripcion: string
  numero: number
  /** CLP. */
  monto: number
  /** 'yyyy-mm-dd'. */
  vencimiento: string
  pago_id: string | null
}

/** One payment sent to the gateway, and what the gateway answered. */
export type PagosTable = {
  id: string
  alumno_id: string
  concepto: string
  referencia: string
  monto: number
  descripcion: string
  codigo_inscripcion: string | null
  ruta_volver: string
  orden_compra: string
  id_sesion: string
  token: string | null
  estado: string
  detalle: string | null
  codigo_respuesta: number | null
  estado_pasarela: string | null
  codigo_autorizacion: string | null
  ultimos_digitos: string | null
  tipo_pago: string | null
  numero_cuotas: number | null
  fecha_contable: string | null
  fecha_transaccion: string | null
  vci: string | null
  creado_en: string
  retornado_en: string | null
  resuelto_en: string | null
  /** While 'confirmando': until when the server that claimed it is committing it. */
  confirmando_hasta: string | null
  /** The gateway's URL for `token`, where the browser posts it. */
  url_pasarela: string | null
  /** 'webpay' (through the gateway) | 'presencial' (recorded by staff). */
  medio: Generated<string>
  /** The staff member who recorded an in-person payment. */
  registrado_por: string | null
}

/** The physical payment record (setPagoFisicoWpay) of an approved payment, online or in person. */
export type PagosFisicosTable = {
  pago_id: string
  id_pago_flujo: string
  cod_pago_flujo: string
  cod_fila_wpay: string
  app_name: string
  mail_vendedor: string
  nombre_vendedor: string
  registrado_en: string
}

/** The sandbox gateway's own transactions. */
export type PasarelaSandboxTable = {
  token: string
  orden_compra: string
  id_sesion: string
  monto: number
  url_retorno: string
  creada_en: string
  resultado_pagador: string | null
  pagada_en: string | null
  ultimos_digitos: string | null
  numero_cuotas: number | null
  codigo_autorizacion: string | null
  confirmada_en: string | null
  /** CLP given back so far. */
  reembolsado: Generated<number>
  /** The last refund's kind: 'REVERSED' | 'NULLIFIED'. */
  tipo_reembolso: string | null
}

/** A refund of an online payment by the staff (migration 0018). */
export type ReembolsosTable = {
  id: string
  pago_id: string
  clave: string
  monto: number
  motivo: string
  /** 'en-curso' | 'aplicado' | 'rechazado'. */
  estado: string
  personal_id: string
  personal_nombre: string
  creado_en: string
  en_curso_hasta: string | null
  resuelto_en: string | null
  tipo: string | null
  codigo_autorizacion: string | null
  fecha_autorizacion: string | null
  saldo: number | null
  codigo_respuesta: number | null
  detalle: string | null
}
export type Reembolso = Selectable<ReembolsosTable>

export type Pago = Selectable<PagosTable>

/** 'en-revision' | 'aprobado' | 'rechazado': an uploaded document's review by the school. */
export type RevisionDocumento = {
  estado_revision: Generated<string>
  motivo_rechazo: string | null
  revisado_por: string | null
  revisado_en: string | null
}

/** The school's staff: their own accounts, apart from the students'. */
export type PersonalTable = {
  id: string
  email: string
  nombre: string
  /** One of ROLES_PERSONAL, or one this code no longer knows: read it through personal/rol.ts. */
  rol: string
  /** For role 'asistente': the commercial assistant this account is. */
  asistente_id: string | null
  password_hash: string | null
  totp_secreto: string | null
  totp_confirmado_en: string | null
  totp_ultimo_paso: number | null
  activo: Generated<number>
  creado_en: string
}
export type Personal = Selectable<PersonalTable>

/** Invitation links for a staff account to create its password (single use, expiring). */
export type TokensPersonalTable = {
  token_hash: string
  personal_id: string
  creado: string
  expira: string
  usado: string | null
  /** 'invitacion' (creates the password, the second factor enrolled at sign-in) or 'restablecer' (keeps it). */
  motivo: Generated<MotivoTokenPersonal>
}

export type MotivoTokenPersonal = 'invitacion' | 'restablecer'

/** One append-only row per staff action. */
export type AuditoriaTable = {
  id: string
  en: string
  actor_tipo: string
  actor_id: string
  actor_nombre: string
  actor_rol: string | null
  accion: string
  entidad: string | null
  entidad_id: string | null
  alumno_id: string | null
  antes: string | null
  despues: string | null
  ip: string | null
}

/** A notice to a student, once per kind and occasion (unique); what the bell lists. */
export type NotificacionesTable = {
  id: string
  alumno_id: string
  tipo: string
  ocasion: string
  /** What later notices replace this one on a device that was off (Web Push's Topic). */
  tema: string
  titulo: string
  cuerpo: string
  /** The app's screen it opens. */
  ruta: string
  creada_en: string
  leida_en: string | null
  /** When it stopped applying (a certificate revoked, a reminder done); null while it applies. */
  retirada_en: string | null
  /** Why, as the student reads it under the notice. */
  retiro: string | null
}

/** The scheduler's work: one notice on one channel, its tries, its lease and what came of it. */
export type EnviosNotificacionTable = {
  id: string
  notificacion_id: string
  alumno_id: string
  canal: 'push' | 'correo'
  modo: 'inmediato' | 'resumen'
  estado: 'pendiente' | 'enviado' | 'omitido' | 'fallido'
  creado_en: string
  /** Not taken before: now, a retry's backoff, or the end of the quiet hours. */
  disponible_desde: string
  intentos: Generated<number>
  tomado_por: string | null
  tomado_hasta: string | null
  enviado_en: string | null
  ultimo_error: string | null
  /** Push: JSON array of the subscription ids that already received it. */
  entregado_a: string | null
  detalle: string | null
}

/** A device's Web Push subscription. */
export type SuscripcionesPushTable = {
  id: string
  alumno_id: string
  endpoint: string
  p256dh: string
  auth: string
  creada_en: string
}

/** A student's channels per kind (JSON) and quiet hours ('hh:mm', Chile), once changed. */
export type PreferenciasNotificacionTable = {
  alumno_id: string
  canales: string
  silencio_desde: string
  silencio_hasta: string
  actualizado_en: string
}

/** Secrets every server shares, generated once by the first that needs them (the VAPID keys). */
export type ClavesServidorTable = { nombre: string; valor: string; creada_en: string }

/** A school's setting changed on its screens (e.g. the job offers' home tile); absent: the environment's default. */
export type AjustesTable = { clave: string; valor: string; cambiado_en: string }
/** The integration API's keys: stored hashed, shown once; revoked ones stay for the audit trail. */
export type ClavesIntegracionTable = {
  id: string
  nombre: string
  token_hash: string
  /** The key's first characters, for the list. */
  prefijo: string
  /** JSON array of scopes (src/domain/integracion.ts). */
  alcances: string
  creada_en: string
  creada_por: string
  revocada_en: string | null
  revocada_por: string | null
  ultimo_uso_en: string | null
}
export type ClaveIntegracion = Selectable<ClavesIntegracionTable>
/** A resumable upload a student began (server/subidas/): its bytes are in the tus store under `id`. */
export type SubidasTable = {
  id: string
  alumno_id: string
  destino: string
  cod_documento: string
  nombre: string
  tamanno: number
  estado: 'en-curso' | 'completa'
  creada_en: string
  expira: string
}

/** The lock on an upload shared by every server (server/subidas/bloqueo.ts). */
export type BloqueosSubidaTable = { id: string; dueno: string; expira: string; liberar: Generated<number> }

/** Each privacy policy version's text as published (src/domain/politica-privacidad.ts). */
export type PoliticasPrivacidadTable = {
  version: number
  huella: string
  vigente_desde: string
  /** The published policy, JSON (PoliticaPrivacidad). */
  contenido: string
  publicada_en: string
}

/** Which policy version each student was shown, and when. */
export type PrivacidadVistasTable = { alumno_id: string; version: number; vista_en: string }

/** The SII document of an approved payment or an applied refund (migration 0033). */
export type DocumentosTributariosTable = {
  id: string
  /** 'pago:<id>' | 'reembolso:<id>'; unique with `tipo`. */
  origen: string
  pago_id: string
  reembolso_id: string | null
  alumno_id: string
  codigo_inscripcion: string | null
  /** 41 | 34 | 61. */
  tipo: number
  /** Our reference: the provider's Idempotency-Key, what the ERP's push names. */
  clave: string
  monto: number
  /** The line's text ('Cuota 2 de …'). */
  descripcion: string
  /** JSON of the Receptor (src/domain/documento-tributario.ts), taken when queued. */
  receptor: string
  /** A nota de crédito's original document (its id here) and CodRef (1 | 3). */
  documento_referencia_id: string | null
  codigo_referencia: number | null
  /** 'pendiente' | 'emitido' | 'error'. */
  estado: string
  folio: number | null
  fecha_emision: string | null
  /** The electronic stamp, the <TED> element as issued. */
  ted: string | null
  token_proveedor: string | null
  pdf_blob: string | null
  xml_blob: string | null
  /** The provider's last message. */
  error: string | null
  intentos: Generated<number>
  /** 1: the last try had no clear answer, so the document is looked up before it is sent again. */
  dudoso: Generated<number>
  tomado_por: string | null
  tomado_hasta: string | null
  disponible_desde: string
  creado_en: string
  emitido_en: string | null
  atraso_avisado_en: string | null
}

/** The sandbox provider's own documents (server/tributario/sandbox.ts). */
export type SandboxDteTable = {
  token: string
  clave: string
  tipo: number
  folio: number
  fecha_emision: string
  monto: number
  rut_receptor: string
  ted: string
  xml: string
  /** null until its PDF is first asked for (the demo's are drawn then). */
  pdf_blob: string | null
  /** The DTE as received (JSON), to draw the PDF from. */
  solicitud: string
  creado_en: string
}

// A student's rights requests and data downloads (migration 0035, src/domain/derechos.ts).

export type SolicitudesDerechosTable = {
  id: string
  numero: string
  alumno_id: string
  derecho: 'acceso' | 'rectificacion' | 'supresion' | 'oposicion' | 'portabilidad' | 'bloqueo'
  datos: string
  resumen: string
  estado: 'recibida' | 'respondida' | 'aprobada' | 'rechazada'
  recibida_en: string
  plazo: string
  plazo_original: string
  prorrogada_en: string | null
  motivo_prorroga: string | null
  respondida_en: string | null
  respondida_por: string | null
  resultado: string | null
  /** The answer's e-mail while it waits (a suppression's, to the address the student had): JSON. */
  correo_respuesta: string | null
  correo_respuesta_estado: 'pendiente' | 'enviado' | 'fallido' | null
  correo_respuesta_intentos: number | null
  correo_respuesta_desde: string | null
  correo_respuesta_tomado_hasta: string | null
  correo_respuesta_error: string | null
  correo_respuesta_enviado_en: string | null
}
export type SolicitudDerechoFila = Selectable<SolicitudesDerechosTable>

/** What the student was sent, word for word: never updated nor deleted (triggers). */
export type RespuestasDerechosTable = {
  id: string
  solicitud_id: string
  tipo: 'acuse' | 'prorroga' | 'respuesta'
  texto: string
  enviada_en: string
  por_id: string | null
  por_nombre: string | null
  por_rol: string | null
}

export type RecordatoriosDerechosTable = {
  solicitud_id: string
  dias: number
  plazo: string
  estado: 'pendiente' | 'enviado' | 'omitido' | 'fallido'
  creado_en: string
  disponible_desde: string
  tomado_por: string | null
  tomado_hasta: string | null
  intentos: Generated<number>
  enviado_en: string | null
  ultimo_error: string | null
}

export type ExportacionesDatosTable = {
  id: string
  alumno_id: string
  pedida_en: string
  estado: 'preparando' | 'lista' | 'fallida'
  tomado_por: string | null
  tomado_hasta: string | null
  intentos: Generated<number>
  disponible_desde: string
  ultimo_error: string | null
  blob_clave: string | null
  bytes: number | null
  lista_en: string | null
  vence_en: string | null
}

// Privacy, (migration 0034).
/** A student's data blocked (processing stopped, data kept); lifted when `levantado_en` is set. */
export type BloqueosDatosTable = {
  id: string
  alumno_id: string
  motivo: string
  /** The privacy request that asked for it, when one did. */
  solicitud_id: number | null
  desde: string
  bloqueado_por_id: string
  bloqueado_por: string
  levantado_en: string | null
  levantado_por_id: string | null
  levantado_por: string | null
  motivo_levantamiento: string | null
}

/** Who read a student's sensitive data, or their data through the CRM API, and when. */
export type LecturasDatosTable = {
  id: string
  en: string
  lector_tipo: 'personal' | 'integracion'
  lector_id: string
  lector_nombre: string
  lector_rol: string | null
  alumno_id: string
  /** What kind of data: src/domain/lecturas.ts. */
  que: string
  /** What exactly, in words (the document, the survey, the API's list). */
  detalle: string
  ip: string | null
}

/** Each express consent given or withdrawn; the latest row per student and purpose is the state. */
export type ConsentimientosTable = {
  id: string
  alumno_id: string
  finalidad: string
  estado: 'otorgado' | 'retirado'
  version_politica: number | null
  en: string
  /** Where: 'encuesta' (with the survey's answers) or 'informacion-personal'. */
  origen: string
  codigo_inscripcion: string | null
}

/** A student's suppression (server/privacidad/supresion.ts): its progress and what came of it. */
export type SupresionesTable = {
  alumno_id: string
  solicitud_id: number | null
  actor: string
  estado: 'en-curso' | 'terminada'
  /** JSON array of { almacen: 'blobs' | 'subidas', clave }. */
  archivos_pendientes: string
  iniciada_en: string
  datos_en: string | null
  terminada_en: string | null
  resultado: string | null
}

/** A batch the retention run proposed, and its confirmation and application. */
export type RetencionLotesTable = {
  id: string
  estado: 'propuesto' | 'confirmado' | 'aplicado' | 'descartado'
  propuesto_en: string
  criterios: string
  confirmado_por: string | null
  confirmado_en: string | null
  aplicado_en: string | null
  tomado_por: string | null
  tomado_hasta: string | null
  intentos: Generated<number>
  ultimo_error: string | null
}

/** One thing a retention batch deletes or anonymises. */
export type RetencionElementosTable = {
  lote_id: string
  tipo: string
  ref: string
  alumno_id: string | null
  resultado: 'aplicado' | 'omitido' | null
  detalle: string | null
}

/** A security incident recorded by the school (art. 14 sexies). */
export type BrechasTable = {
  id: string
  detectada_en: string
  descripcion: string
  categorias: string
  medidas: string
  agencia_informada_en: string | null
  registrada_por: string
  registrada_en: string
}

/** A student an incident affected, and when they were told. */
export type BrechasAlumnosTable = { brecha_id: string; alumno_id: string; avisado_en: string | null }

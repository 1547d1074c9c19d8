/**
 * The registry of personal data: every category of personal data the portal keeps, why, on what
 * legal basis, who receives it, how long it is kept and what happens at the end. It is the one
 * source for the privacy policy, the explanations of a student's data export, the suppression
 * rules and the retention run; `registro-datos.test.ts` fails when a database column is not
 * classified here, so a new column cannot hold personal data unnoticed.
 *
 * Source: Ley 19.628 as amended by Ley 21.719 (in force 1 December 2026; BCN idNorma=141599),
 * articles as numbered there: bases of processing (arts. 12-13), sensitive data (arts. 16 and 16 bis),
 * duty to inform (art. 14 ter: categories, purposes, bases, recipients, retention,
 * source), data gathered before a contract (art. 14 d), suppression's exceptions (art. 7).
 * The periods marked `porConfirmar` are the portal's proposal: the school's lawyer confirms them.
 */

/** The bases of art. 12 (consent) and art. 13 of Ley 19.628. */
export type BaseLegal = 'contrato' | 'obligacion_legal' | 'consentimiento' | 'interes_legitimo'

export const BASES_LEGALES: Record<BaseLegal, string> = {
  contrato: 'Ejecución del contrato de estudios o de medidas previas a él (art. 13)',
  obligacion_legal: 'Cumplimiento de una obligación legal (art. 13)',
  consentimiento: 'Su consentimiento (art. 12), que puede retirar en cualquier momento',
  interes_legitimo: 'Interés legítimo de la escuela, sin afectar sus derechos (art. 13)',
}

/**
 * Who receives the data outside the school's staff. The file store's country and the services'
 * names are the deployment's (configuration); the privacy page completes them.
 */
export type Destinatario = 'crm' | 'webpay' | 'correo' | 'push' | 'almacen' | 'emisorDte'

export const DESTINATARIOS: Record<Destinatario, string> = {
  crm: 'El sistema de gestión de alumnos (CRM) de la escuela, por la API de integración',
  webpay: 'Transbank (Webpay Plus), que procesa los pagos con tarjeta',
  correo: 'El servicio de correo electrónico que envía los avisos de la escuela',
  push: 'El servicio de notificaciones de su navegador (Google, Mozilla o Apple), fuera de Chile',
  almacen: 'El almacenamiento de archivos de la escuela (disco del servidor o un servicio S3)',
  // Tax documents: the certified provider or the school's ERP issues them and sends them to the SII.
  emisorDte:
    'El proveedor de facturación electrónica certificado por el SII (o el sistema contable de la escuela), que emite sus boletas, facturas y notas de crédito y las envía al SII',
}

/** What happens to a category's data when its period ends. */
export type FinDeConservacion = 'eliminar' | 'anonimizar' | 'conservar'

export type Conservacion = {
  /** The period in words, as the policy and the export print it. */
  plazo: string
  /**
   * Months after `desde` for the retention run; null where the period is not a fixed time (kept
   * while a contract, a certificate or an account lasts).
   */
  meses: number | null
  desde: string
  fin: FinDeConservacion
  /** Why it ends this way (and, for 'conservar', why it outlives a suppression request). */
  porque: string
  /** A period the school's lawyer has still to confirm. */
  porConfirmar?: true
}

/** The columns of a table in a category: listed, or '*' for every column not listed elsewhere. */
export type Columnas = Readonly<Record<string, readonly string[] | '*'>>

export type CategoriaDatos = {
  nombre: string
  /** What it holds, in words a student understands. */
  contenido: string
  finalidad: string
  base: BaseLegal
  /** The basis explained for this category (and, for sensitive data, the article that allows it). */
  baseDetalle: string
  /** Sensitive data (art. 16): health, disability, ethnic origin. */
  sensible: boolean
  destinatarios: readonly Destinatario[]
  fuente: string
  conservacion: Conservacion
  /** Whether the student may have it deleted (art. 7): false where the law or a contract keeps it. */
  suprimible: boolean
  columnas: Columnas
  /** How a suppression deletes or anonymises it (only where `suprimible`). */
  supresion?: Supresion
}

// --- Suppression and retention (server/privacidad/) -------------------------------------

/**
 * What suppression does with one of a category's tables, for one student:
 * - 'eliminar': the student's rows are deleted, with the files they name ('blobs': the file store;
 *   'subidas': the resumable uploads' store); `salvoReferidas` keeps the rows that kept data
 *   (payments, issued documents) refer to, and says why in the answer.
 * - 'anonimizar': the listed columns are replaced ('{id}' is the student's id, so a replaced
 *   value stays unique) and those in `sinCambio` are left, being no data about the person.
 */
export type PasoSupresion =
  | { accion: 'eliminar'; archivos?: 'blobs' | 'subidas'; salvoReferidas?: string }
  | { accion: 'anonimizar'; valores: Readonly<Record<string, string | null>>; sinCambio?: readonly string[] }

/** A suppressible category's steps and what the answer says was done; or why it is not about students. */
export type Supresion = { eliminado: string; tablas: Readonly<Record<string, PasoSupresion>> } | { noAplica: string }

/** The name that replaces a suppressed student's in what is kept (payments, the audit trail). */
export const NOMBRE_SUPRIMIDO = 'Datos suprimidos'

const CINCO_ANNOS_TRAS_EL_TERMINO = {
  meses: 60,
  desde: 'el término de su última inscripción',
} as const

export const REGISTRO_DATOS = {
  identidad: {
    nombre: 'Identificación',
    contenido:
      'Nombres, apellidos, RUT o pasaporte, sexo registral, fecha de nacimiento, nacionalidad, tipo de residencia y país de origen.',
    finalidad: 'Identificarle como postulante o estudiante, matricularle y emitir sus documentos.',
    base: 'contrato',
    baseDetalle: 'Son necesarios para el contrato de estudios y para los documentos que la escuela emite a su nombre.',
    sensible: false,
    destinatarios: ['crm'],
    fuente: 'Usted, en Información Personal, o el CRM de la escuela al importar su inscripción.',
    conservacion: {
      plazo: 'Mientras sea postulante o estudiante y 5 años después del término de su última inscripción.',
      ...CINCO_ANNOS_TRAS_EL_TERMINO,
      fin: 'anonimizar',
      porque:
        'Pasado el plazo de prescripción de las acciones del contrato, se anonimizan; los documentos emitidos guardan su propia copia del nombre.',
      porConfirmar: true,
    },
    suprimible: true,
    columnas: {
      alumnos: [
        'id',
        'rut',
        'tipo_documento',
        'numero_documento',
        'nombres',
        'apellidos',
        'codigo_alumno',
        'sexoregistral',
        'fecha_nac',
        'nacionalidad',
        'tipo_residencia',
        'pais_origen',
        'creado',
        'orden_nombre',
      ],
      alumnos_busqueda: '*',
      historial_persona: '*',
    },
    supresion: {
      eliminado:
        'Se reemplazaron su nombre, RUT o pasaporte, código de alumno y datos de identificación; se borraron su historial de cambios y sus términos de búsqueda.',
      tablas: {
        alumnos: {
          accion: 'anonimizar',
          valores: {
            rut: '0-0',
            tipo_documento: null,
            numero_documento: null,
            nombres: NOMBRE_SUPRIMIDO,
            apellidos: '',
            orden_nombre: 'datos suprimidos',
            codigo_alumno: 'SUPRIMIDO-{id}',
            sexoregistral: null,
            fecha_nac: null,
            nacionalidad: null,
            tipo_residencia: null,
            pais_origen: null,
          },
          sinCambio: ['id', 'creado'],
        },
        alumnos_busqueda: { accion: 'eliminar' },
        historial_persona: { accion: 'eliminar' },
      },
    },
  },
  contacto: {
    nombre: 'Contacto',
    contenido: 'Correo electrónico (con el que ingresa), teléfonos y dirección.',
    finalidad: 'Comunicarse con usted sobre sus postulaciones, inscripciones, pagos y documentos.',
    base: 'contrato',
    baseDetalle: 'La escuela los necesita para cumplir el contrato de estudios y las gestiones previas a él.',
    sensible: false,
    destinatarios: ['crm', 'correo'],
    fuente: 'Usted, en Información Personal, o el CRM de la escuela al importar su inscripción.',
    conservacion: {
      plazo: 'Mientras sea postulante o estudiante y 5 años después del término de su última inscripción.',
      ...CINCO_ANNOS_TRAS_EL_TERMINO,
      fin: 'anonimizar',
      porque: 'Después no hay gestiones pendientes que lo requieran.',
      porConfirmar: true,
    },
    suprimible: true,
    columnas: {
      alumnos: [
        'email',
        'telefono_particular',
        'celular',
        'direccion',
        'cod_pais',
        'cod_region',
        'cod_comuna',
        'ciudad',
      ],
    },
    supresion: {
      eliminado: 'Se borraron su correo electrónico, sus teléfonos y su dirección.',
      tablas: {
        alumnos: {
          accion: 'anonimizar',
          valores: {
            email: 'suprimido-{id}@suprimido.invalid',
            telefono_particular: null,
            celular: null,
            direccion: null,
            cod_pais: null,
            cod_region: null,
            cod_comuna: null,
            ciudad: null,
          },
        },
      },
    },
  },
  formacion: {
    nombre: 'Formación y profesión',
    contenido: 'Profesión, universidad, nivel de formación, tipo de institución y país de estudios secundarios.',
    finalidad: 'Verificar los requisitos de admisión de cada programa.',
    base: 'contrato',
    baseDetalle: 'Son requisitos de admisión, medidas previas al contrato de estudios.',
    sensible: false,
    destinatarios: ['crm'],
    fuente: 'Usted, en Información Personal.',
    conservacion: {
      plazo: 'Mientras sea postulante o estudiante y 5 años después del término de su última inscripción.',
      ...CINCO_ANNOS_TRAS_EL_TERMINO,
      fin: 'anonimizar',
      porque: 'Después no hay admisión ni estudios que lo requieran.',
      porConfirmar: true,
    },
    suprimible: true,
    columnas: {
      alumnos: [
        'cod_profesion',
        'otra_profesion',
        'universidad',
        'otrauniversidad',
        'maxnivelformacion',
        'otronivelformacion',
        'tipoinstitucion',
        'otrotipoinstitucion',
        'pais_est_secund',
      ],
    },
    supresion: {
      eliminado: 'Se borraron su profesión, universidad y formación.',
      tablas: {
        alumnos: {
          accion: 'anonimizar',
          valores: {
            cod_profesion: null,
            otra_profesion: null,
            universidad: null,
            otrauniversidad: null,
            maxnivelformacion: null,
            otronivelformacion: null,
            tipoinstitucion: null,
            otrotipoinstitucion: null,
            pais_est_secund: null,
          },
        },
      },
    },
  },
  inscripciones: {
    nombre: 'Inscripciones y postulaciones',
    contenido:
      'Sus inscripciones en programas (código, programa, fechas, arancel, empresa que paga, asistente comercial), las condiciones aceptadas y sus postulaciones a concursos.',
    finalidad: 'Gestionar su admisión, sus estudios y sus postulaciones.',
    base: 'contrato',
    baseDetalle: 'Son el contrato de estudios y las medidas previas a él.',
    sensible: false,
    destinatarios: ['crm'],
    fuente: 'El CRM de la escuela y lo que usted decide en el portal.',
    conservacion: {
      plazo:
        'Postulantes que no se inscriben: 12 meses desde su último movimiento. Estudiantes: 5 años después del término de su última inscripción.',
      ...CINCO_ANNOS_TRAS_EL_TERMINO,
      fin: 'anonimizar',
      porque:
        'Los datos reunidos antes de un contrato se eliminan cuando dejan de ser necesarios (art. 14 letra d); los del contrato, pasado el plazo de sus acciones.',
      porConfirmar: true,
    },
    suprimible: true,
    columnas: {
      alumnos: ['asistente_id'],
      solicitudes: '*',
      condiciones: '*',
      postulaciones: '*',
    },
    supresion: {
      eliminado:
        'Se borraron las condiciones que aceptó, sus postulaciones sin pago y las inscripciones sin pagos ni documentos emitidos.',
      tablas: {
        alumnos: { accion: 'anonimizar', valores: {}, sinCambio: ['asistente_id'] },
        solicitudes: {
          accion: 'eliminar',
          salvoReferidas:
            'Las inscripciones con cuotas, pagos o documentos emitidos se conservan (programa, fechas y arancel), porque esos registros, que la ley obliga a guardar, se refieren a ellas.',
        },
        condiciones: { accion: 'eliminar' },
        postulaciones: {
          accion: 'eliminar',
          salvoReferidas:
            'Las postulaciones pagadas se conservan, porque el pago, que la ley obliga a guardar, se refiere a ellas.',
        },
      },
    },
  },
  documentos: {
    nombre: 'Documentos que usted sube',
    contenido:
      'Los archivos de sus solicitudes, de su ficha personal y de sus postulaciones (certificados, cartas, seguros), con su revisión por la escuela. El certificado de inmunización (hepatitis B) y el seguro de salud son datos de salud.',
    finalidad: 'Acreditar los requisitos de admisión y de los campos clínicos.',
    base: 'obligacion_legal',
    baseDetalle:
      'Los requisitos de los campos clínicos (inmunización contra la hepatitis B, seguros) los exigen los establecimientos de salud; los datos de salud se tratan solo para ese fin (arts. 16 y 16 bis).',
    sensible: true,
    destinatarios: ['almacen'],
    fuente: 'Usted, al subirlos.',
    conservacion: {
      plazo:
        'Mientras la inscripción esté vigente y 2 años después de su término; los rechazados o reemplazados, 6 meses.',
      meses: 24,
      desde: 'el término de la inscripción',
      fin: 'eliminar',
      porque: 'Acreditan requisitos de una inscripción; terminada, ya no se necesitan.',
      porConfirmar: true,
    },
    suprimible: true,
    columnas: {
      archivos_personales: '*',
      archivos_solicitud: '*',
      archivos_postulacion: '*',
      subidas: '*',
    },
    supresion: {
      eliminado:
        'Se eliminaron todos los archivos que subió (documentos, certificados de salud, fotos) y sus subidas en curso.',
      tablas: {
        archivos_personales: { accion: 'eliminar', archivos: 'blobs' },
        archivos_solicitud: { accion: 'eliminar', archivos: 'blobs' },
        archivos_postulacion: { accion: 'eliminar', archivos: 'blobs' },
        subidas: { accion: 'eliminar', archivos: 'subidas' },
      },
    },
  },
  encuesta: {
    nombre: 'Encuesta de caracterización',
    contenido:
      'Sus respuestas a la encuesta: motivos, trabajo, y, si usted lo indica, discapacidad, adecuaciones que necesita y pertenencia a un pueblo originario.',
    finalidad: 'Conocer a sus estudiantes y, con su consentimiento expreso, preparar las adecuaciones que necesite.',
    base: 'consentimiento',
    baseDetalle:
      'La discapacidad y el pueblo originario son datos sensibles: se tratan solo con su consentimiento expreso (art. 16), que puede retirar.',
    sensible: true,
    destinatarios: ['crm'],
    fuente: 'Usted, al responder la encuesta.',
    conservacion: {
      plazo: 'Hasta que retire su consentimiento, o 5 años después del término de su última inscripción.',
      ...CINCO_ANNOS_TRAS_EL_TERMINO,
      fin: 'eliminar',
      porque: 'Sin consentimiento no hay base para conservar los datos sensibles.',
      porConfirmar: true,
    },
    suprimible: true,
    columnas: { encuestas: '*' },
    supresion: {
      eliminado: 'Se borraron sus respuestas a la encuesta de caracterización.',
      tablas: { encuestas: { accion: 'eliminar' } },
    },
  },
  pagos: {
    nombre: 'Pagos y reembolsos',
    contenido:
      'Sus cuotas, pagos (monto, fecha, orden de compra, código de autorización, últimos 4 dígitos de la tarjeta), reembolsos y sus documentos tributarios (boletas, facturas y notas de crédito, con quien pagó).',
    finalidad: 'Cobrar el arancel, registrar lo pagado y devolver lo que corresponda.',
    base: 'obligacion_legal',
    baseDetalle: 'La ley tributaria obliga a conservar el respaldo de cada pago y de sus documentos tributarios.',
    sensible: false,
    destinatarios: ['webpay', 'crm', 'emisorDte'],
    fuente: 'Usted, al pagar; Transbank, que confirma el pago.',
    conservacion: {
      plazo: '6 años desde el pago.',
      meses: 72,
      desde: 'el pago',
      fin: 'conservar',
      porque:
        'El Código Tributario exige conservar los respaldos contables y tributarios mientras el SII pueda revisarlos; no se eliminan aunque lo solicite (art. 7).',
      porConfirmar: true,
    },
    suprimible: false,
    columnas: {
      cuotas: '*',
      pagos: '*',
      pagos_fisicos: '*',
      pasarela_sandbox: '*',
      reembolsos: '*',
      // Tax documents: kept by legal obligation with the payments they document.
      documentos_tributarios: '*',
      sandbox_dte: '*',
    },
  },
  documentosEmitidos: {
    nombre: 'Documentos emitidos por la escuela',
    contenido:
      'Los certificados, comprobantes de pago y reglamentos firmados que la escuela emitió a su nombre, con su código de validación.',
    finalidad: 'Que usted y quien usted elija puedan verificar su autenticidad, y probar lo que se firmó.',
    base: 'contrato',
    baseDetalle:
      'Prueban el contrato de estudios y lo que la escuela certificó; cualquiera con el código puede validarlos.',
    sensible: false,
    destinatarios: ['almacen'],
    fuente: 'La escuela, al emitirlos.',
    conservacion: {
      plazo: 'Mientras el documento pueda presentarse (los certificados, sin plazo).',
      meses: null,
      desde: 'su emisión',
      fin: 'conservar',
      porque:
        'Un certificado debe poder validarse siempre; el reglamento firmado prueba el contrato ante un reclamo (art. 7).',
    },
    suprimible: false,
    columnas: { documentos_emitidos: '*' },
  },
  avisos: {
    nombre: 'Avisos',
    contenido: 'Los avisos que el portal le envió, sus envíos por correo o notificación, y sus preferencias.',
    finalidad: 'Avisarle de lo que requiere su atención.',
    base: 'contrato',
    baseDetalle: 'Son parte de las gestiones del contrato de estudios.',
    sensible: false,
    destinatarios: ['correo', 'push'],
    fuente: 'El portal.',
    conservacion: {
      plazo: '12 meses desde el aviso.',
      meses: 12,
      desde: 'el aviso',
      fin: 'eliminar',
      porque: 'Un aviso antiguo ya no requiere su atención.',
      porConfirmar: true,
    },
    suprimible: true,
    columnas: { notificaciones: '*', envios_notificacion: '*', preferencias_notificacion: '*' },
    supresion: {
      eliminado: 'Se borraron los avisos que le enviamos, sus envíos y sus preferencias.',
      tablas: {
        envios_notificacion: { accion: 'eliminar' },
        notificaciones: { accion: 'eliminar' },
        preferencias_notificacion: { accion: 'eliminar' },
      },
    },
  },
  suscripcionesPush: {
    nombre: 'Suscripciones a notificaciones',
    contenido: 'La dirección que el servicio de notificaciones de cada dispositivo le asignó.',
    finalidad: 'Enviarle notificaciones al dispositivo que usted autorizó.',
    base: 'consentimiento',
    baseDetalle: 'Usted autoriza las notificaciones en cada dispositivo y puede retirarlas.',
    sensible: false,
    destinatarios: ['push'],
    fuente: 'Su navegador, cuando usted activa las notificaciones.',
    conservacion: {
      plazo: 'Hasta que desactive las notificaciones o el servicio la dé por vencida.',
      meses: null,
      desde: 'su activación',
      fin: 'eliminar',
      porque: 'Sin su autorización no hay para qué conservarla.',
    },
    suprimible: true,
    columnas: { suscripciones_push: '*' },
    supresion: {
      eliminado: 'Se borraron las suscripciones a notificaciones de sus dispositivos.',
      tablas: { suscripciones_push: { accion: 'eliminar' } },
    },
  },
  sesiones: {
    nombre: 'Sesiones, credenciales y registros de acceso',
    contenido:
      'Su contraseña (cifrada, nadie puede leerla), sus sesiones abiertas, los enlaces para recuperar la contraseña y registros técnicos con direcciones IP.',
    finalidad: 'Darle acceso seguro a su cuenta y proteger el portal de abusos.',
    base: 'interes_legitimo',
    baseDetalle: 'La seguridad de su cuenta y del portal.',
    sensible: false,
    destinatarios: [],
    fuente: 'El portal, cuando usted ingresa.',
    conservacion: {
      plazo: 'Las sesiones, hasta que vencen; los registros técnicos, 90 días.',
      meses: 3,
      desde: 'su registro',
      fin: 'eliminar',
      porque: 'Pasado ese tiempo ya no sirven para la seguridad.',
      porConfirmar: true,
    },
    suprimible: true,
    columnas: {
      alumnos: ['password_hash'],
      sesiones: '*',
      tokens_recuperacion: '*',
      limites: '*',
      idempotencia: '*',
      bloqueos_ingreso: '*',
    },
    supresion: {
      eliminado:
        'Se cerraron sus sesiones y se borraron su contraseña, sus enlaces de recuperación y los registros técnicos con su correo: ya no puede ingresar con sus datos anteriores.',
      tablas: {
        alumnos: { accion: 'anonimizar', valores: { password_hash: '!suprimida' } },
        sesiones: { accion: 'eliminar' },
        tokens_recuperacion: { accion: 'eliminar' },
        limites: { accion: 'eliminar' },
        idempotencia: { accion: 'eliminar' },
        bloqueos_ingreso: { accion: 'eliminar' },
      },
    },
  },
  auditoria: {
    nombre: 'Registro de auditoría',
    contenido:
      'Qué hizo cada persona de la escuela y cada integración con sus datos, y cuándo, con su dirección IP; y qué versión de esta política se le mostró.',
    finalidad: 'Rendir cuentas de cada acción sobre sus datos y detectar accesos indebidos.',
    base: 'obligacion_legal',
    baseDetalle: 'El deber de seguridad y de poder demostrar el cumplimiento de la ley.',
    sensible: false,
    destinatarios: [],
    fuente: 'El portal.',
    conservacion: {
      plazo: '6 años desde la acción.',
      meses: 72,
      desde: 'la acción',
      fin: 'conservar',
      porque: 'Prueba lo que la escuela hizo con sus datos, también ante un reclamo (art. 7).',
      porConfirmar: true,
    },
    suprimible: false,
    columnas: { auditoria: '*', privacidad_vistas: '*' },
  },
  // Issue 32, items 3, 7 and 8: consents, blocks and who read sensitive data.
  consentimientos: {
    nombre: 'Consentimientos, bloqueos y lecturas de sus datos',
    contenido:
      'Cada consentimiento expreso que usted dio o retiró (con la versión de esta política y el momento), los bloqueos de sus datos que pidió, y quién de la escuela o qué integración leyó sus datos sensibles o sus datos por la API del CRM, y cuándo.',
    finalidad:
      'Probar su consentimiento y respetar su bloqueo, y que usted y la escuela sepan quién leyó sus datos sensibles.',
    base: 'obligacion_legal',
    baseDetalle:
      'La escuela debe poder demostrar el consentimiento (art. 12), respetar el bloqueo (art. 8) y cuidar la seguridad de los datos sensibles (arts. 14 quinquies y 16).',
    sensible: false,
    destinatarios: [],
    fuente: 'Usted y el portal.',
    conservacion: {
      plazo: '6 años desde el registro.',
      meses: 72,
      desde: 'el registro',
      fin: 'conservar',
      porque: 'Prueba lo que usted consintió o pidió y quién accedió a sus datos, también ante un reclamo (art. 7).',
      porConfirmar: true,
    },
    suprimible: false,
    columnas: { consentimientos: '*', bloqueos_datos: '*', lecturas_datos: '*' },
  },
  personal: {
    nombre: 'Personal de la escuela',
    contenido:
      'Las cuentas del personal (nombre, correo, rol, segundo factor) y sus asistentes comerciales, con quién creó o revocó cada clave de integración.',
    finalidad: 'Dar acceso a la escuela a sus pantallas y atribuir cada acción a su autor.',
    base: 'contrato',
    baseDetalle: 'El contrato de trabajo de cada persona de la escuela.',
    sensible: false,
    destinatarios: ['correo'],
    fuente: 'La escuela.',
    conservacion: {
      plazo: 'Mientras la cuenta esté activa; desactivada, lo que la auditoría necesita para nombrar al autor.',
      meses: null,
      desde: 'la desactivación',
      fin: 'conservar',
      porque: 'La auditoría debe poder decir quién hizo cada acción.',
    },
    suprimible: false,
    columnas: {
      personal: '*',
      tokens_personal: '*',
      asistentes: '*',
      claves_integracion: ['creada_por', 'revocada_por'],
    },
    supresion: { noAplica: 'Son datos del personal de la escuela, no de estudiantes.' },
  },
  terceros: {
    nombre: 'Contactos de empresas e instituciones',
    contenido:
      'El nombre, correo y teléfono de contacto de las empresas que pagan programas y de las ofertas laborales.',
    finalidad: 'Facturar a la empresa y que los estudiantes puedan postular a una oferta.',
    base: 'interes_legitimo',
    baseDetalle: 'La relación de la escuela con la empresa o la institución.',
    sensible: false,
    destinatarios: [],
    fuente: 'La escuela.',
    conservacion: {
      plazo: 'Mientras dure la relación con la empresa o esté publicada la oferta.',
      meses: null,
      desde: 'el fin de la relación',
      fin: 'eliminar',
      porque: 'Sin relación no hay para qué conservarlos.',
    },
    suprimible: true,
    columnas: {
      empresas: '*',
      ofertas_laborales: ['contacto_nombre', 'contacto_email'],
    },
    supresion: { noAplica: 'Son datos de empresas e instituciones, no de estudiantes.' },
  },
  // --- Suppression, retention and breaches (migration 0036) ------------------------------
  registroPrivacidad: {
    nombre: 'Registro de supresiones, retención e incidentes',
    contenido:
      'Constancia de que sus datos se suprimieron (qué se borró y qué se conservó), de lo que cada revisión de conservación eliminó, y de los incidentes de seguridad que le afectaron y cuándo se le avisó.',
    finalidad:
      'Probar que la escuela cumplió sus solicitudes, sus plazos de conservación y su deber de informar incidentes.',
    base: 'obligacion_legal',
    baseDetalle:
      'La ley obliga a conservar la prueba de la respuesta a sus solicitudes (art. 11) y a registrar los incidentes (art. 14 sexies).',
    sensible: false,
    destinatarios: [],
    fuente: 'El portal.',
    conservacion: {
      plazo: '6 años desde el hecho.',
      meses: 72,
      desde: 'el hecho',
      fin: 'conservar',
      porque: 'Es la prueba de que la escuela cumplió la ley, también ante un reclamo (art. 7).',
      porConfirmar: true,
    },
    suprimible: false,
    columnas: {
      supresiones: '*',
      retencion_lotes: '*',
      retencion_elementos: '*',
      brechas: '*',
      brechas_alumnos: '*',
    },
  },
  // Rights requests and data downloads (Ley 19.628, arts. 4-11).
  solicitudesDerechos: {
    nombre: 'Solicitudes sobre sus datos',
    contenido:
      'Las solicitudes que usted hizo para ejercer sus derechos (acceso, rectificación, supresión, oposición, portabilidad, bloqueo), su plazo, su prórroga y la respuesta de la escuela tal como se le envió.',
    finalidad: 'Atender sus derechos dentro del plazo legal y probar qué se respondió y cuándo.',
    base: 'obligacion_legal',
    baseDetalle: 'La ley obliga a responder por escrito y a conservar la prueba de la respuesta (art. 11).',
    sensible: false,
    destinatarios: ['correo'],
    fuente: 'Usted, al enviar la solicitud, y la escuela, al responderla.',
    conservacion: {
      plazo: '6 años desde la respuesta.',
      meses: 72,
      desde: 'la respuesta',
      fin: 'conservar',
      porque:
        'Prueba que la escuela atendió su solicitud en el plazo legal, también ante un reclamo a la Agencia (art. 7); se conserva aunque pida la supresión.',
      porConfirmar: true,
    },
    suprimible: false,
    columnas: { solicitudes_derechos: '*', respuestas_derechos: '*', recordatorios_derechos: '*' },
  },
  descargasDatos: {
    nombre: 'Descargas de sus datos',
    contenido: 'Cuándo pidió una copia de sus datos y el archivo ZIP preparado para usted.',
    finalidad: 'Entregarle sus datos y mantener gratuita al menos una descarga por trimestre.',
    base: 'obligacion_legal',
    baseDetalle: 'Su derecho de acceso y de portabilidad (arts. 5, 9 y 10).',
    sensible: true,
    destinatarios: ['almacen'],
    fuente: 'El portal, cuando usted pide la descarga.',
    conservacion: {
      plazo: 'El archivo, 7 días; el registro de la descarga, 12 meses.',
      meses: 12,
      desde: 'la descarga',
      fin: 'eliminar',
      porque:
        'El archivo solo sirve para que usted lo descargue; el registro, para contar las descargas del trimestre.',
    },
    suprimible: true,
    columnas: { exportaciones_datos: '*' },
    supresion: {
      eliminado: 'Se borraron las copias de sus datos preparadas para descargar y su registro.',
      tablas: { exportaciones_datos: { accion: 'eliminar', archivos: 'blobs' } },
    },
  },
} as const satisfies Record<string, CategoriaDatos>

export type IdCategoriaDatos = keyof typeof REGISTRO_DATOS

/**
 * Tables and columns that hold no personal data, with why: reference lists, the school's own
 * content and settings, and the servers' machinery.
 */
export const SIN_DATOS_PERSONALES: Readonly<Record<string, { columnas: readonly string[] | '*'; porque: string }>> = {
  semillas: { columnas: '*', porque: 'Qué datos de referencia se cargaron.' },
  paises: { columnas: '*', porque: 'Lista de referencia.' },
  regiones: { columnas: '*', porque: 'Lista de referencia.' },
  comunas: { columnas: '*', porque: 'Lista de referencia.' },
  profesiones: { columnas: '*', porque: 'Lista de referencia.' },
  universidades: { columnas: '*', porque: 'Lista de referencia.' },
  concursos: { columnas: '*', porque: 'Los concursos que la escuela publica.' },
  ofertas_laborales: {
    columnas: ['id', 'institucion', 'cargo', 'ciudad', 'descripcion', 'publicada_el', 'cierra_el', 'cerrada_en'],
    porque: 'La oferta que la escuela publica (su contacto está en «terceros»).',
  },
  claves_servidor: { columnas: '*', porque: 'Las claves del servidor (VAPID).' },
  ajustes: { columnas: '*', porque: 'Los ajustes de la escuela.' },
  claves_integracion: {
    columnas: ['id', 'nombre', 'token_hash', 'prefijo', 'alcances', 'creada_en', 'revocada_en', 'ultimo_uso_en'],
    porque: 'Las claves de los sistemas de la escuela.',
  },
  bloqueos_subida: { columnas: '*', porque: 'Qué servidor atiende una subida en curso.' },
  politicas_privacidad: { columnas: '*', porque: 'El texto de cada versión publicada de la política de privacidad.' },
}

/** The category a column belongs to, or null when it holds no personal data. */
export function categoriaDeColumna(tabla: string, columna: string): IdCategoriaDatos | null | undefined {
  let resto: IdCategoriaDatos | null | undefined
  for (const [id, categoria] of Object.entries(REGISTRO_DATOS) as [IdCategoriaDatos, CategoriaDatos][]) {
    const columnas = categoria.columnas[tabla]
    if (columnas === '*') resto ??= id
    else if (columnas?.includes(columna)) return id
  }
  const sin = SIN_DATOS_PERSONALES[tabla]?.columnas
  if (sin === '*') resto ??= null
  else if (sin?.includes(columna)) return null
  return resto
}

/**
 * What the retention run looks for (server/privacidad/retencion.ts), each under the category whose
 * period it applies. `meses` is the time since `desde` after which the item is due; the
 * applicants' is the school's choice (RETENCION_POSTULANTES_MESES), 12 months by default.
 */
export const TAREAS_RETENCION = {
  postulantes: {
    categoria: 'inscripciones',
    nombre: 'Postulantes que nunca se inscribieron',
    desde: 'su último movimiento (registro, cambio de datos, postulación o ingreso)',
    accion:
      'Se suprimen sus datos como en una solicitud de supresión; lo que la ley obliga a guardar (pagos) se conserva.',
    meses: 12,
  },
  documentosRechazados: {
    categoria: 'documentos',
    nombre: 'Documentos rechazados',
    desde: 'su revisión',
    accion: 'Se eliminan el archivo y su registro (uno reemplazado se elimina al subir el nuevo).',
    meses: 6,
  },
  subidasTerminadas: {
    categoria: 'documentos',
    nombre: 'Restos de subidas terminadas o abandonadas',
    desde: 'su vencimiento',
    accion: 'Se eliminan los bytes guardados y su registro.',
    meses: 0,
  },
  sesiones: {
    categoria: 'sesiones',
    nombre: 'Sesiones y enlaces vencidos',
    desde: 'su vencimiento',
    accion: 'Se eliminan.',
    meses: 0,
  },
  avisos: {
    categoria: 'avisos',
    nombre: 'Avisos antiguos',
    desde: 'el aviso',
    accion: 'Se eliminan con sus envíos.',
    meses: REGISTRO_DATOS.avisos.conservacion.meses,
  },
  registrosIp: {
    categoria: 'sesiones',
    nombre: 'Registros técnicos con direcciones IP',
    desde: 'su registro',
    accion: 'Se eliminan los contadores de intentos y bloqueos con direcciones IP o correos.',
    meses: 0,
  },
} as const satisfies Record<
  string,
  { categoria: IdCategoriaDatos; nombre: string; desde: string; accion: string; meses: number }
>

export type TareaRetencion = keyof typeof TAREAS_RETENCION

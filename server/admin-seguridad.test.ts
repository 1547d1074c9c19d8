// Every staff endpoint, from one table: what it needs (a capability of the roles in
// src/domain/personal.ts, any staff session, or nothing for the sign-in's own steps), a body it
// accepts and whether it changes something. Each is probed without a session, with a student's
// session and with every role: refused with 401 or 403 and nothing but an error (never data, nothing
// changed), accepted for the roles that may; a change writes exactly one audit row, a refusal none;
// no reply is cached; a POST needs the staff's own XSRF token. A new staff endpoint joins with one
// row (the coverage test fails until it does).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  CAPACIDADES_DE_ROL,
  MENSAJE_SESION_PERSONAL_EXPIRADA,
  MENSAJE_SIN_PERMISO,
  ROLES_PERSONAL,
  type Capacidad,
  type RolPersonal,
} from '../src/domain/personal.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  clienteDePrueba,
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { rutasApi } from './app.ts'
import { CONCURSOS_DEMO } from './db/seed/concursos-ofertas.ts'
import { DEMO_CERTIFICADO_ACLS, DEMO_CERTIFICADO_VALIDO, DEMO_CUENTAS } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'
import { MENSAJE_XSRF } from './middleware/xsrf.ts'

type EndpointAdmin = {
  metodo: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** As Hono names it under /api. */
  ruta: string
  /** 'personal': any signed-in staff member; 'ninguno': the sign-in's own steps. */
  requiere: Capacidad | 'personal' | 'ninguno'
  /** When the route has parameters. */
  url?: () => string
  /** A JSON body it accepts. */
  cuerpo?: () => unknown
  /** Changes something when accepted: exactly one audit row. */
  cambia?: true
  /** Headers it needs besides the session's (an Idempotency-Key). */
  cabeceras?: () => Record<string, string>
  /** What must exist before a role that may is answered (its own rejection, to undo). */
  preparar?: (cliente: ClienteDePrueba) => Promise<void>
}

/** The import's sample file as an upload (with its hash, for the confirmation). */
const MUESTRA_IMPORTACION = readFileSync(join(import.meta.dirname, '../docs/importacion-ejemplo.csv'))
function archivoImportacion(conHuella: boolean) {
  const form = new FormData()
  form.set('archivo', new File([MUESTRA_IMPORTACION], 'importacion-ejemplo.csv'))
  if (conHuella) form.set('huella', createHash('sha256').update(MUESTRA_IMPORTACION).digest('hex'))
  return form
}

const ENDPOINTS_ADMIN: EndpointAdmin[] = [
  { metodo: 'POST', ruta: '/admin/auth/ingreso', requiere: 'ninguno' },
  { metodo: 'POST', ruta: '/admin/auth/codigo', requiere: 'ninguno' },
  { metodo: 'POST', ruta: '/admin/auth/salida', requiere: 'ninguno' },
  { metodo: 'POST', ruta: '/admin/auth/invitacion/verificar', requiere: 'ninguno' },
  { metodo: 'POST', ruta: '/admin/auth/invitacion', requiere: 'ninguno' },
  { metodo: 'POST', ruta: '/admin/auth/restablecer/solicitud', requiere: 'ninguno' },
  { metodo: 'POST', ruta: '/admin/auth/restablecer/verificar', requiere: 'ninguno' },
  { metodo: 'POST', ruta: '/admin/auth/restablecer', requiere: 'ninguno' },
  { metodo: 'GET', ruta: '/admin/sesion', requiere: 'personal' },
  { metodo: 'GET', ruta: '/admin/resumen', requiere: 'personal' },
  { metodo: 'GET', ruta: '/admin/certificados', requiere: 'certificados.gestionar' },
  {
    metodo: 'POST',
    ruta: '/admin/certificados/solicitudes/:codigo/emitir',
    requiere: 'certificados.gestionar',
    url: () => '/admin/certificados/solicitudes/INS-25-30145/emitir',
    // The enrolment still lacks things: issuing it confirms them (any of these it may lack).
    cuerpo: () => ({
      confirmarFaltantes: [
        '1 cuota vencida',
        '1 cuota por vencer',
        'reglamento sin firmar',
        '6 documentos pendientes',
        'encuesta sin enviar',
      ],
    }),
    cambia: true,
  },
  {
    metodo: 'POST',
    ruta: '/admin/certificados/:codigo/revocar',
    requiere: 'certificados.gestionar',
    url: () => `/admin/certificados/${DEMO_CERTIFICADO_ACLS}/revocar`,
    cuerpo: () => ({ motivo: 'Emitido con un error en las horas del programa.' }),
    cambia: true,
  },
  {
    metodo: 'GET',
    ruta: '/admin/certificados/:codigo/pdf',
    requiere: 'certificados.gestionar',
    url: () => `/admin/certificados/${DEMO_CERTIFICADO_VALIDO}/pdf`,
  },
  { metodo: 'GET', ruta: '/admin/documentos', requiere: 'documentos.revisar' },
  {
    metodo: 'GET',
    ruta: '/admin/documentos/:origen/:dueno',
    requiere: 'documentos.revisar',
    url: () => '/admin/documentos/solicitud/INS-26-40018',
  },
  {
    metodo: 'GET',
    ruta: '/admin/documentos/:origen/:dueno/archivos/:id',
    requiere: 'documentos.revisar',
    url: () => '/admin/documentos/solicitud/INS-26-40018/archivos/archivo-40018-41',
  },
  {
    metodo: 'POST',
    ruta: '/admin/documentos/:origen/:dueno/decision',
    requiere: 'documentos.revisar',
    url: () => '/admin/documentos/solicitud/INS-26-40018/decision',
    cuerpo: () => ({ decision: 'aprobar', documentos: ['archivo-40018-42'] }),
    cambia: true,
  },
  {
    metodo: 'GET',
    ruta: '/admin/documentos/siguiente',
    requiere: 'documentos.revisar',
    url: () => '/admin/documentos/siguiente?origen=solicitud&documento=archivo-40018-41',
  },
  {
    metodo: 'POST',
    ruta: '/admin/documentos/:origen/:dueno/deshacer',
    requiere: 'documentos.revisar',
    url: () => '/admin/documentos/solicitud/INS-26-40018/deshacer',
    async preparar(cliente) {
      const rechazo = await cliente.post('/api/admin/documentos/solicitud/INS-26-40018/decision', {
        decision: 'rechazar',
        documentos: ['archivo-40018-41'],
        motivo: 'Documento ilegible',
      })
      expect(rechazo.status).toBe(200)
    },
    cuerpo: () => ({ documentos: ['archivo-40018-41'] }),
    cambia: true,
  },
  { metodo: 'GET', ruta: '/admin/alumnos', requiere: 'alumnos.ver', url: () => '/admin/alumnos?q=rojas' },
  {
    metodo: 'GET',
    ruta: '/admin/alumnos/:id',
    requiere: 'alumnos.ver',
    url: () => '/admin/alumnos/alumno-estudiante',
  },
  {
    metodo: 'GET',
    ruta: '/admin/alumnos/:id/historial',
    requiere: 'alumnos.ver',
    url: () => '/admin/alumnos/alumno-estudiante/historial',
  },
  { metodo: 'GET', ruta: '/admin/auditoria', requiere: 'auditoria.ver' },
  // Staff accounts: the changes run on Tomás Muñoz's account (no session of his is used here), in
  // this order: his role changes, he is disabled and enabled again, his second factor is reset
  // (which leaves him an invitation pending), that invitation is sent again, and his locked sign-in
  // is unlocked.
  { metodo: 'GET', ruta: '/admin/personal', requiere: 'personal.gestionar' },
  {
    metodo: 'POST',
    ruta: '/admin/personal',
    requiere: 'personal.gestionar',
    cuerpo: () => ({ nombre: 'Ana Pérez Soto', email: 'ana.perez@demo.cl', rol: 'coordinacion' }),
    cambia: true,
  },
  {
    metodo: 'POST',
    ruta: '/admin/personal/:id/rol',
    requiere: 'personal.gestionar',
    url: () => '/admin/personal/personal-munoz/rol',
    cuerpo: () => ({ rol: 'coordinacion' }),
    cambia: true,
  },
  {
    metodo: 'POST',
    ruta: '/admin/personal/:id/desactivar',
    requiere: 'personal.gestionar',
    url: () => '/admin/personal/personal-munoz/desactivar',
    cambia: true,
  },
  {
    metodo: 'POST',
    ruta: '/admin/personal/:id/activar',
    requiere: 'personal.gestionar',
    url: () => '/admin/personal/personal-munoz/activar',
    cambia: true,
  },
  {
    metodo: 'POST',
    ruta: '/admin/personal/:id/segundo-factor/reiniciar',
    requiere: 'personal.gestionar',
    url: () => '/admin/personal/personal-munoz/segundo-factor/reiniciar',
    cambia: true,
  },
  {
    metodo: 'POST',
    ruta: '/admin/personal/:id/invitacion',
    requiere: 'personal.gestionar',
    url: () => '/admin/personal/personal-munoz/invitacion',
    cambia: true,
  },
  {
    // His sign-in is locked by failed attempts before the run (beforeAll below).
    metodo: 'POST',
    ruta: '/admin/personal/:id/desbloquear',
    requiere: 'personal.gestionar',
    url: () => '/admin/personal/personal-munoz/desbloquear',
    cambia: true,
  },
  { metodo: 'GET', ruta: '/admin/encuestas', requiere: 'encuestas.ver', url: () => '/admin/encuestas?anio=2026' },
  {
    metodo: 'GET',
    ruta: '/admin/encuestas/planilla',
    requiere: 'encuestas.ver',
    url: () => '/admin/encuestas/planilla?programa=DCPD',
    // Changes no data, but every download of the surveys is recorded: one audit row.
    cambia: true,
  },
  // Contests: demo contest 7 is edited, closed and opened again, in this order.
  { metodo: 'GET', ruta: '/admin/concursos', requiere: 'concursos.gestionar' },
  {
    metodo: 'POST',
    ruta: '/admin/concursos',
    requiere: 'concursos.gestionar',
    cuerpo: () => CONCURSO_DE_PRUEBA,
    cambia: true,
  },
  {
    metodo: 'GET',
    ruta: '/admin/concursos/:id',
    requiere: 'concursos.gestionar',
    url: () => `/admin/concursos/${CONCURSOS_DEMO.abierto}`,
  },
  {
    metodo: 'PUT',
    ruta: '/admin/concursos/:id',
    requiere: 'concursos.gestionar',
    url: () => `/admin/concursos/${CONCURSOS_DEMO.abierto}`,
    cuerpo: () => CONCURSO_DE_PRUEBA,
    cambia: true,
  },
  {
    metodo: 'POST',
    ruta: '/admin/concursos/:id/cerrar',
    requiere: 'concursos.gestionar',
    url: () => `/admin/concursos/${CONCURSOS_DEMO.abierto}/cerrar`,
    cambia: true,
  },
  {
    metodo: 'POST',
    ruta: '/admin/concursos/:id/abrir',
    requiere: 'concursos.gestionar',
    url: () => `/admin/concursos/${CONCURSOS_DEMO.abierto}/abrir`,
    cambia: true,
  },
  {
    metodo: 'GET',
    ruta: '/admin/concursos/:id/planilla',
    requiere: 'concursos.gestionar',
    url: () => `/admin/concursos/${CONCURSOS_DEMO.pagado}/planilla`,
    // Changes no data, but every download of the applicants is recorded: one audit row.
    cambia: true,
  },
  // Job offers: a demo offer is edited and closed; the home tile is set.
  { metodo: 'GET', ruta: '/admin/ofertas', requiere: 'ofertas.gestionar' },
  {
    metodo: 'POST',
    ruta: '/admin/ofertas',
    requiere: 'ofertas.gestionar',
    cuerpo: () => OFERTA_DE_PRUEBA,
    cambia: true,
  },
  {
    metodo: 'PUT',
    ruta: '/admin/ofertas/:id',
    requiere: 'ofertas.gestionar',
    url: () => '/admin/ofertas/oferta-talca-anestesia',
    cuerpo: () => OFERTA_DE_PRUEBA,
    cambia: true,
  },
  {
    metodo: 'POST',
    ruta: '/admin/ofertas/:id/cerrar',
    requiere: 'ofertas.gestionar',
    url: () => '/admin/ofertas/oferta-talca-anestesia/cerrar',
    cambia: true,
  },
  {
    metodo: 'PUT',
    ruta: '/admin/ofertas/mosaico',
    requiere: 'ofertas.gestionar',
    cuerpo: () => ({ visible: true }),
    cambia: true,
  },
  {
    metodo: 'GET',
    ruta: '/admin/alumnos/:id/avisos',
    requiere: 'alumnos.ver',
    url: () => '/admin/alumnos/alumno-estudiante/avisos',
  },
  // Privacy: who read a student's sensitive data.
  {
    metodo: 'GET',
    ruta: '/admin/privacidad/lecturas',
    requiere: 'privacidad.gestionar',
    url: () => '/admin/privacidad/lecturas?alumno=alumno-estudiante',
  },
  // Privacy: blocking a student's data, on the student no other row acts on.
  {
    metodo: 'POST',
    ruta: '/admin/alumnos/:id/bloqueo',
    requiere: 'privacidad.gestionar',
    url: () => '/admin/alumnos/alumno-sinsolicitudes/bloqueo',
    async preparar(cliente) {
      await cliente.request('DELETE', '/api/admin/alumnos/alumno-sinsolicitudes/bloqueo', { motivo: 'Prueba' })
    },
    cuerpo: () => ({ motivo: 'Lo pidió el estudiante (prueba de permisos).' }),
    cambia: true,
  },
  {
    metodo: 'DELETE',
    ruta: '/admin/alumnos/:id/bloqueo',
    requiere: 'privacidad.gestionar',
    url: () => '/admin/alumnos/alumno-sinsolicitudes/bloqueo',
    async preparar(cliente) {
      await cliente.post('/api/admin/alumnos/alumno-sinsolicitudes/bloqueo', { motivo: 'Prueba' })
    },
    cuerpo: () => ({ motivo: 'El estudiante retiró su pedido (prueba de permisos).' }),
    cambia: true,
  },
  // The integration API's keys: the one revoked is inserted before the tests (CLAVE_A_REVOCAR).
  { metodo: 'GET', ruta: '/admin/integracion/claves', requiere: 'integracion.gestionar' },
  {
    metodo: 'POST',
    ruta: '/admin/integracion/claves',
    requiere: 'integracion.gestionar',
    cuerpo: () => ({ nombre: 'CRM de pruebas', alcances: ['lectura'] }),
    cambia: true,
  },
  {
    metodo: 'POST',
    ruta: '/admin/integracion/claves/:id/revocar',
    requiere: 'integracion.gestionar',
    url: () => `/admin/integracion/claves/${CLAVE_A_REVOCAR}/revocar`,
    cambia: true,
  },
  {
    metodo: 'POST',
    ruta: '/admin/importacion/previa',
    requiere: 'alumnos.importar',
    cuerpo: () => archivoImportacion(false),
  },
  {
    metodo: 'POST',
    ruta: '/admin/importacion/confirmar',
    requiere: 'alumnos.importar',
    cuerpo: () => archivoImportacion(true),
    // The sample's four rows fit one transaction: one audit row with the counts.
    cambia: true,
  },
  { metodo: 'GET', ruta: '/admin/pagos', requiere: 'pagos.ver', url: () => '/admin/pagos?estado=aprobado' },
  {
    metodo: 'GET',
    ruta: '/admin/pagos/conciliacion',
    requiere: 'pagos.ver',
    url: () => '/admin/pagos/conciliacion?desde=2026-01-01&hasta=2026-01-31',
  },
  {
    metodo: 'GET',
    ruta: '/admin/pagos/conciliacion/planilla',
    requiere: 'pagos.ver',
    url: () => '/admin/pagos/conciliacion/planilla?desde=2026-01-01&hasta=2026-01-31',
    // Changes no data, but every download of the reconciliation is recorded: one audit row.
    cambia: true,
  },
  {
    metodo: 'GET',
    ruta: '/admin/pagos/:id/reembolsos',
    requiere: 'pagos.ver',
    url: () => '/admin/pagos/pago-demo-INS-24-20117-1/reembolsos',
  },
  {
    metodo: 'POST',
    ruta: '/admin/pagos/:id/reembolsos',
    requiere: 'pagos.reembolsar',
    url: () => '/admin/pagos/pago-demo-INS-24-20117-1/reembolsos',
    cuerpo: () => ({ monto: 1000, motivo: 'Prueba de permisos' }),
    cabeceras: () => ({ 'Idempotency-Key': `seguridad-${crypto.randomUUID()}` }),
    cambia: true,
  },
  {
    metodo: 'GET',
    ruta: '/admin/pagos/:id',
    requiere: 'pagos.ver',
    url: () => '/admin/pagos/pago-demo-INS-26-40018-1',
  },
  {
    metodo: 'GET',
    ruta: '/admin/pagos/:id/comprobante',
    requiere: 'pagos.ver',
    url: () => '/admin/pagos/pago-demo-INS-26-40018-1/comprobante',
    // Every download of a receipt by staff is recorded: one audit row.
    cambia: true,
  },
  {
    metodo: 'POST',
    ruta: '/admin/pagos/cuotas/:codigo/:numero/presencial',
    requiere: 'pagos.registrar',
    url: () => '/admin/pagos/cuotas/INS-25-30688/1/presencial',
    cuerpo: () => ({ idPagoFlujo: 'FL-1', codPagoFlujo: 'PF-1', codFilaWpay: 'WP-1', appName: 'Caja Escuela' }),
    cambia: true,
  },
  { metodo: 'GET', ruta: '/admin/privacidad/solicitudes', requiere: 'privacidad.gestionar' },
  {
    metodo: 'GET',
    ruta: '/admin/privacidad/solicitudes/:id',
    requiere: 'privacidad.gestionar',
    url: () => `/admin/privacidad/solicitudes/${solicitudDerecho}`,
    preparar: nuevaSolicitudDerecho,
  },
  {
    metodo: 'POST',
    ruta: '/admin/privacidad/solicitudes/:id/prorroga',
    requiere: 'privacidad.gestionar',
    url: () => `/admin/privacidad/solicitudes/${solicitudDerecho}/prorroga`,
    cuerpo: () => ({ motivo: 'Hay que consultar al CRM.' }),
    preparar: nuevaSolicitudDerecho,
    cambia: true,
  },
  // Privacy: the retention run and the breach register.
  { metodo: 'GET', ruta: '/admin/privacidad/retencion', requiere: 'privacidad.retencion' },
  { metodo: 'POST', ruta: '/admin/privacidad/retencion/revisar', requiere: 'privacidad.retencion', cambia: true },
  {
    metodo: 'POST',
    ruta: '/admin/privacidad/retencion/:lote/confirmar',
    requiere: 'privacidad.retencion',
    url: () => `/admin/privacidad/retencion/${privacidad.lote}/confirmar`,
    // A proposal with something due: an expired session.
    async preparar(cliente) {
      await consultarDb(
        servidor.dataDir,
        `insert into sesiones (token_hash, actor_tipo, actor_id, verificada, intentos, creada, expira)
         values (?, 'alumno', 'alumno-estudiante', 1, 0, '2020-01-01T00:00:00.000Z', '2020-01-02T00:00:00.000Z')`,
        `vencida-${Date.now()}`,
      )
      const res = await cliente.post('/api/admin/privacidad/retencion/revisar')
      expect(res.status).toBe(200)
      privacidad.lote = ((await res.json()) as { propuesto: { id: string } }).propuesto.id
    },
    cambia: true,
  },
  { metodo: 'GET', ruta: '/admin/privacidad/brechas', requiere: 'privacidad.brechas' },
  {
    metodo: 'POST',
    ruta: '/admin/privacidad/brechas',
    requiere: 'privacidad.brechas',
    cuerpo: () => BRECHA_DE_PRUEBA,
    cambia: true,
  },
  {
    metodo: 'POST',
    ruta: '/admin/privacidad/solicitudes/:id/respuesta',
    requiere: 'privacidad.gestionar',
    url: () => `/admin/privacidad/solicitudes/${solicitudDerecho}/respuesta`,
    cuerpo: () => ({ decision: 'responder', texto: 'Sus datos están en la descarga de Mis datos.' }),
    preparar: nuevaSolicitudDerecho,
    cambia: true,
  },
  {
    metodo: 'POST',
    ruta: '/admin/privacidad/solicitudes/:id/correo-respuesta',
    requiere: 'privacidad.gestionar',
    url: () => `/admin/privacidad/solicitudes/${solicitudDerecho}/correo-respuesta`,
    async preparar() {
      // A request whose answer's e-mail was given up (as after a suppression with the mail server down).
      await nuevaSolicitudDerecho()
      await consultarDb(
        servidor.dataDir,
        "update solicitudes_derechos set correo_respuesta = ?, correo_respuesta_estado = 'fallido', correo_respuesta_intentos = 6 where id = ?",
        JSON.stringify({
          to: 'antes@correo.cl',
          subject: 'Respondimos su solicitud',
          text: 'Hola',
          html: '<p>Hola</p>',
        }),
        solicitudDerecho,
      )
    },
    cambia: true,
  },
  {
    metodo: 'POST',
    ruta: '/admin/privacidad/brechas/:id/agencia',
    requiere: 'privacidad.brechas',
    url: () => `/admin/privacidad/brechas/${privacidad.brecha}/agencia`,
    async preparar(cliente) {
      const res = await cliente.post('/api/admin/privacidad/brechas', BRECHA_DE_PRUEBA)
      expect(res.status).toBe(201)
      privacidad.brecha = ((await res.json()) as { brecha: { id: string } }).brecha.id
    },
    cuerpo: () => ({ agenciaInformadaEl: '2026-01-05' }),
    cambia: true,
  },
  // Tax documents: downloads are recorded, a retry too.
  {
    metodo: 'GET',
    ruta: '/admin/documentos-tributarios/:id/pdf',
    requiere: 'pagos.ver',
    url: () => '/admin/documentos-tributarios/dte-demo-INS-26-40018-1/pdf',
    cambia: true,
  },
  {
    metodo: 'GET',
    ruta: '/admin/documentos-tributarios/:id/xml',
    requiere: 'pagos.ver',
    url: () => '/admin/documentos-tributarios/dte-demo-INS-26-40018-1/xml',
    cambia: true,
  },
  {
    metodo: 'POST',
    ruta: '/admin/documentos-tributarios/:id/reintentar',
    requiere: 'pagos.registrar',
    url: () => '/admin/documentos-tributarios/dte-demo-INS-24-20117-1/reintentar',
    // A document the provider refused: the retry sends it again.
    preparar: async () => {
      await consultarDb(
        servidor.dataDir,
        "update documentos_tributarios set estado = 'error', error = 'Rechazado por el emisor' where id = 'dte-demo-INS-24-20117-1'",
      )
    },
    cambia: true,
  },
]

/** The rights request the queue's endpoints act on: a new one, filed by the student, for each role that may. */
let solicitudDerecho = 'sin-solicitud'
async function nuevaSolicitudDerecho() {
  const res = await alumno.post('/api/privacidad/mis-datos/solicitudes', { derecho: 'acceso' })
  expect(res.status).toBe(201)
  solicitudDerecho = ((await res.json()) as { id: string }).id
}

/** The ids the privacy endpoints' rows prepare (a proposal to confirm, an incident to complete). */
const privacidad = { lote: 'ninguno', brecha: 'ninguna' }
const BRECHA_DE_PRUEBA = {
  detectadaEl: '2026-01-02',
  descripcion: 'Un correo con una planilla de alumnos se envió a un destinatario equivocado.',
  categorias: ['contacto'],
  medidas: 'Se pidió al destinatario borrar el correo y se revisó el procedimiento.',
  alumnos: DEMO_CUENTAS.estudiante,
}

const CONCURSO_DE_PRUEBA = {
  especialidad: 'Medicina Interna',
  sede: 'Hospital Clínico San Borja Arriarán',
  ciudad: 'Santiago',
  vacantes: 5,
  derechoPostulacion: 85_000,
  postulacionDesde: '2026-01-01',
  postulacionHasta: '2099-12-31',
  descripcion: 'Programa de formación de especialistas.',
  requisitos: ['Título de Médico Cirujano.'],
  calendario: [{ fecha: '2099-12-31', hito: 'Publicación de resultados' }],
  documentos: ['41'],
}

const OFERTA_DE_PRUEBA = {
  institucion: 'Hospital Regional de Talca',
  cargo: 'Anestesiólogo(a)',
  ciudad: 'Talca',
  descripcion: 'Jornada completa.',
  publicadaEl: '2026-01-01',
  cierraEl: '2099-12-31',
  contactoNombre: 'Unidad de Personal',
  contactoEmail: 'personal@hospitaltalca-demo.cl',
}
const CLAVE_A_REVOCAR = 'clave-seguridad'

const CUENTA_DE_ROL: Record<RolPersonal, string> = {
  admin: DEMO_PERSONAL.admin,
  coordinacion: DEMO_PERSONAL.coordinacion,
  asistente: DEMO_PERSONAL.herrera,
  delegado: DEMO_PERSONAL.delegado,
}

let servidor: ServidorDePrueba
let alumno: ClienteDePrueba
const personal = {} as Record<RolPersonal, ClienteDePrueba>

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  alumno = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
  for (const rol of ROLES_PERSONAL) personal[rol] = await iniciarSesionPersonal(servidor, CUENTA_DE_ROL[rol])
  await consultarDb(
    servidor.dataDir,
    `insert into claves_integracion (id, nombre, token_hash, prefijo, alcances, creada_en, creada_por)
     values (?, 'CRM a revocar', 'hash-de-prueba', 'portal_prueba', '["lectura"]', ?, 'personal-admin')`,
    CLAVE_A_REVOCAR,
    new Date().toISOString(),
  )
  const enUnaHora = new Date(Date.now() + 3_600_000).toISOString()
  await consultarDb(
    servidor.dataDir,
    `insert into bloqueos_ingreso (ambito, sujeto, fallos, ventana_hasta, bloqueada_hasta)
     values ('personal', ?, 10, ?, ?)`,
    DEMO_PERSONAL.munoz,
    enUnaHora,
    enUnaHora,
  )
})
afterAll(() => servidor.close())

const url = (e: EndpointAdmin) => `/api${e.url?.() ?? e.ruta}`
const protegidos = ENDPOINTS_ADMIN.filter((e) => e.requiere !== 'ninguno')
const puede = (rol: RolPersonal, e: EndpointAdmin) =>
  e.requiere === 'personal' || (e.requiere !== 'ninguno' && CAPACIDADES_DE_ROL[rol].includes(e.requiere))

function enviar(cliente: ClienteDePrueba, e: EndpointAdmin) {
  return cliente.request(e.metodo, url(e), e.metodo === 'GET' ? undefined : (e.cuerpo?.() ?? {}), e.cabeceras?.())
}

/** The audit rows and every table a staff action could change, counted. */
async function estado(): Promise<unknown[]> {
  const tablas = [
    'auditoria',
    'personal',
    'bloqueos_ingreso',
    'sesiones',
    'archivos_personales',
    'archivos_solicitud',
    'documentos_emitidos',
    'concursos',
    'ofertas_laborales',
    'ajustes',
    'claves_integracion',
    'pagos',
    'pagos_fisicos',
    'solicitudes_derechos',
    'respuestas_derechos',
    'bloqueos_datos',
  ]
  return Promise.all(
    tablas.map(async (t) => (await consultarDb(servidor.dataDir, `select count(*) as n from ${t}`))[0]),
  )
}

test('the table lists every staff endpoint', () => {
  const rutas = rutasApi.routes
    .filter((r) => r.method !== 'ALL' && r.path.startsWith('/admin'))
    .map((r) => `${r.method} ${r.path}`)
  expect([...new Set(rutas)].sort()).toEqual(ENDPOINTS_ADMIN.map((e) => `${e.metodo} ${e.ruta}`).sort())
})

test.each(protegidos)(
  '$metodo $ruta without a staff session, or with a student’s: 401, nothing else, nothing changed',
  async (e) => {
    for (const cliente of [clienteDePrueba(servidor.url), alumno]) {
      const antes = await estado()
      const res = await enviar(cliente, e)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ error: MENSAJE_SESION_PERSONAL_EXPIRADA })
      expect(await estado()).toEqual(antes)
    }
  },
)

test.each(protegidos.flatMap((e) => ROLES_PERSONAL.filter((rol) => !puede(rol, e)).map((rol) => ({ e, rol }))))(
  '$e.metodo $e.ruta refuses the role $rol with 403 and changes nothing',
  async ({ e, rol }) => {
    const antes = await estado()
    const res = await enviar(personal[rol], e)
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: MENSAJE_SIN_PERMISO })
    expect(await estado()).toEqual(antes)
  },
)

test.each(protegidos)('$metodo $ruta answers the roles that may; a change writes exactly one audit row', async (e) => {
  const roles = ROLES_PERSONAL.filter((rol) => puede(rol, e))
  expect(roles.length).toBeGreaterThan(0)
  for (const rol of e.cambia ? roles.slice(0, 1) : roles) {
    await e.preparar?.(personal[rol])
    const filas = async () =>
      (await consultarDb<{ n: number }>(servidor.dataDir, 'select count(*) as n from auditoria'))[0]!.n
    const antes = await filas()
    const res = await enviar(personal[rol], e)
    expect(res.status, `${rol}: ${await res.clone().text()}`).toBeLessThan(400)
    expect(await filas()).toBe(antes + (e.cambia ? 1 : 0))
  }
})

// A file sent to be read says 'private, no-store', as every download does: never stored either way.
test.each(ENDPOINTS_ADMIN)('$metodo $ruta: the reply is never stored by a cache', async (e) => {
  const res = await enviar(personal.admin, e)
  // A file says 'private, no-store', as the students' downloads do.
  expect(res.headers.get('cache-control')).toMatch(/^(private, )?no-store$/)
})

test.each(ENDPOINTS_ADMIN.filter((e) => e.metodo !== 'GET'))(
  '$metodo $ruta needs the staff’s own XSRF token: none, or the student side’s, is refused with 403',
  async (e) => {
    const cookies = [...personal.admin.cookies, ...alumno.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    for (const token of [undefined, alumno.cookies.get('XSRF-TOKEN')]) {
      const antes = await estado()
      const res = await fetch(`${servidor.url}${url(e)}`, {
        method: e.metodo,
        headers: { cookie: cookies, 'content-type': 'application/json', ...(token ? { 'x-xsrf-token': token } : {}) },
        body: JSON.stringify(e.cuerpo?.() ?? {}),
      })
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ error: MENSAJE_XSRF })
      expect(await estado()).toEqual(antes)
    }
  },
)

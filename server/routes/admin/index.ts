// The school's side of the API, mounted at /api/admin: only a staff session reaches it (the
// session middleware reads the staff cookie here and nowhere else), and every endpoint declares
// the capability it needs (middleware/capacidad.ts). Each area's routes are mounted below.
import { Hono } from 'hono'
import { capacidadesDe, etiquetaDeRol } from '../../personal/rol.ts'
import type { EntornoApp } from '../../contexto.ts'
import { requierePersonal } from '../../middleware/capacidad.ts'
import { rutasAlumnosAdmin } from './alumnos.ts'
import { rutasAuditoriaAdmin } from './auditoria.ts'
import { rutasAuthPersonal } from './auth.ts'
import { rutasCertificadosAdmin } from './certificados.ts'
import { rutasPersonalAdmin } from './personal.ts'
import { rutasResumenAdmin } from './resumen.ts'
import { rutasDocumentosAdmin } from './documentos.ts'
import { rutasEncuestasAdmin } from './encuestas.ts'
import { rutasAvisosAlumno } from './avisos-alumno.ts'
import { rutasConcursosAdmin } from './concursos.ts'
import { rutasOfertasAdmin } from './ofertas.ts'
import { rutasIntegracionAdmin } from './integracion.ts'
import { rutasImportacionAdmin } from './importacion.ts'
import { rutasReembolsosAdmin } from './reembolsos.ts'
import { rutasPagosAdmin } from './pagos.ts'
import { rutasDerechosAdmin } from './derechos.ts'
import { rutasBloqueoAdmin } from './bloqueo.ts'
import { rutasLecturasAdmin } from './privacidad-lecturas.ts'
import { rutasBrechasAdmin } from './privacidad-brechas.ts'
import { rutasRetencionAdmin } from './privacidad-retencion.ts'
import { rutasDocumentosTributariosAdmin } from './documentos-tributarios.ts'

export const rutasAdmin = new Hono<EntornoApp>()
  .route('/auth', rutasAuthPersonal)
  .route('/documentos', rutasDocumentosAdmin)
  .route('/alumnos', rutasAlumnosAdmin)
  .route('/alumnos', rutasAvisosAlumno)
  .route('/alumnos', rutasBloqueoAdmin)
  .route('/auditoria', rutasAuditoriaAdmin)
  .get('/sesion', requierePersonal, (c) => {
    const { id, nombre, email, rol } = c.var.personal
    return c.json({
      personal: { id, nombre, email, rol, etiquetaRol: etiquetaDeRol(rol) },
      capacidades: [...capacidadesDe(c.var.personal)],
    })
  })
  .route('/resumen', rutasResumenAdmin)
  .route('/certificados', rutasCertificadosAdmin)
  .route('/personal', rutasPersonalAdmin)
  .route('/encuestas', rutasEncuestasAdmin)
  .route('/concursos', rutasConcursosAdmin)
  .route('/ofertas', rutasOfertasAdmin)
  .route('/integracion', rutasIntegracionAdmin)
  .route('/importacion', rutasImportacionAdmin)
  .route('/pagos', rutasReembolsosAdmin)
  .route('/pagos', rutasPagosAdmin)
  .route('/privacidad/solicitudes', rutasDerechosAdmin)
  .route('/privacidad', rutasLecturasAdmin)
  .route('/privacidad/retencion', rutasRetencionAdmin)
  .route('/privacidad/brechas', rutasBrechasAdmin)
  .route('/documentos-tributarios', rutasDocumentosTributariosAdmin)

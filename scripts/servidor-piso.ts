// The floor the bench measures the portal against: bare Hono on @hono/node-server over
// better-sqlite3 prepared statements, on the portal's own database file, doing the same reads as
// the portal's home data (`GET /api/alumno`) and enrolment list (`GET /api/solicitudes`) and
// answering the same JSON (the list's rows become its reply through the portal's own functions, so
// both do the same work past the reads). Nothing else: no log, no security headers, no XSRF, no compression, no
// Kysely. What the portal spends beyond this is what its own code adds on top of its stack.
// `node --import tsx scripts/servidor-piso.ts <portal.sqlite> <publicUrl>`: prints its URL.
import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import SQLite from 'better-sqlite3'
import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { fechaEnChile } from '../src/domain/fechas.ts'
import type { Alumno } from '../server/db/schema.ts'
import { situacionDeFilas } from '../server/solicitudes/situacion.ts'
import { listaDeSolicitudes } from '../server/solicitudes/lista.ts'
import { vistaDocumento, type FilaDocumento } from '../server/tributario/documentos.ts'

const [archivo, urlPortal] = process.argv.slice(2)
if (!archivo || !urlPortal) throw new Error('uso: servidor-piso.ts <portal.sqlite> <urlPublica>')
const db = new SQLite(archivo, { fileMustExist: true })
db.pragma('journal_mode = WAL')

type Sesion = { actor_id: string; expira: string; verificada: number }
type Asistente = { nombre: string; telefono: string; email: string }

const sesion = db.prepare<[string], Sesion>(
  "select actor_id, expira, verificada from sesiones where token_hash = ? and actor_tipo = 'alumno'",
)
const alumnoPorId = db.prepare<[string], Alumno>('select * from alumnos where id = ?')
const asistente = db.prepare<[string], Asistente>('select nombre, telefono, email from asistentes where id = ?')
const asistenteReciente = db.prepare<[string], Asistente>(
  `select a.nombre, a.telefono, a.email from solicitudes s join asistentes a on a.id = s.asistente_id
   where s.alumno_id = ? order by s.fecha_inicio desc, s.codigo_inscripcion desc limit 1`,
)
type Lecturas = Parameters<typeof situacionDeFilas>[0]
const solicitudes = db.prepare<[string], Lecturas['filas'][number]>(
  `select s.codigo_inscripcion, s.fecha_inicio, s.fecha_termino, s.anio_curso, s.nombre_curso, s.curso, s.tipo_curso,
     s.cod_grupo, s.habilita_tb, s.cod_prospecto, s.asistente_id, e.enviada_en, c.decision, c.decidida_en
   from solicitudes s
   left join encuestas e on e.codigo_inscripcion = s.codigo_inscripcion
   left join condiciones c on c.codigo_inscripcion = s.codigo_inscripcion
   where s.alumno_id = ? order by s.fecha_inicio desc, s.codigo_inscripcion desc`,
)
const emitidos = db.prepare<[string], Lecturas['todosEmitidos'][number]>(
  `select codigo, codigo_inscripcion, cod_tipo_documento, tipo_documento, referencia, programa, fecha_emision,
     emitido_en, blob_clave, revocado_en, motivo_revocacion, revocado_por
   from documentos_emitidos where alumno_id = ? and revocado_en is null`,
)
const subidos = db.prepare<[string], Lecturas['subidos'][number]>(
  `select id, codigo_inscripcion, cod_documento, nombre_archivo, tipo_archivo, tamanno, subido_en, estado_revision,
     motivo_rechazo, revisado_en, revisado_por
   from archivos_solicitud where alumno_id = ?`,
)
const cuotas = db.prepare<[string], Lecturas['cuotas'][number]>(
  `select q.codigo_inscripcion, q.numero, q.monto, q.vencimiento, q.pago_id
   from cuotas q join solicitudes s on s.codigo_inscripcion = q.codigo_inscripcion where s.alumno_id = ?`,
)
const tributarios = db.prepare<[string], FilaDocumento>(
  `select * from documentos_tributarios where alumno_id = ? and codigo_inscripcion is not null
   order by creado_en, id`,
)
const referida = db.prepare<[string], Pick<FilaDocumento, 'tipo' | 'folio'>>(
  'select tipo, folio from documentos_tributarios where id = ?',
)
const cuentaServicio = process.env.SERVICE_ACCOUNT_EMAIL ?? 'portal@postgrado-demo.cl'

function alumnoDeSesion(token: string | undefined): Alumno | undefined {
  if (!token) return undefined
  const fila = sesion.get(createHash('sha256').update(token).digest('hex'))
  if (!fila || fila.verificada !== 1 || fila.expira <= new Date().toISOString()) return undefined
  return alumnoPorId.get(fila.actor_id)
}

const owner = (a: Asistente) => ({ Name: a.nombre, Phone: a.telefono, Email: a.email })

const app = new Hono()
  .get('/api/alumno', (c) => {
    const alumno = alumnoDeSesion(getCookie(c, 'portal_sesion'))
    if (!alumno) return c.json({ error: 'Sesion Expirada, vuelva a ingresar' }, 401)
    const propio = asistente.get(alumno.asistente_id)
    if (!propio) throw new Error('alumno sin asistente')
    const reciente = asistenteReciente.get(alumno.id)
    return c.json({
      codRetorno: 0,
      mensajeError: '',
      data: {
        Name: alumno.nombres,
        hed__Former_Middle_Name__c: alumno.apellidos,
        RUT__c: alumno.rut,
        Codigo_Alumno__c: alumno.codigo_alumno,
        Owner: owner(propio),
      },
      ...(reciente ? { inscReciente: { Owner: owner(reciente) } } : {}),
      cuentaServicio,
    })
  })
  .get('/api/solicitudes', (c) => {
    const alumno = alumnoDeSesion(getCookie(c, 'portal_sesion'))
    if (!alumno) return c.json({ error: 'Sesion Expirada, vuelva a ingresar' }, 401)
    const hoy = fechaEnChile(new Date())
    const situacion = situacionDeFilas(
      {
        filas: solicitudes.all(alumno.id),
        todosEmitidos: emitidos.all(alumno.id),
        subidos: subidos.all(alumno.id),
        cuotas: cuotas.all(alumno.id),
      },
      hoy,
    )
    const documentosTributarios = tributarios.all(alumno.id).map((f) => ({
      ...vistaDocumento(f, f.documento_referencia_id ? (referida.get(f.documento_referencia_id) ?? null) : null, false),
      codigoInscripcion: f.codigo_inscripcion ?? '',
    }))
    return c.json(
      listaDeSolicitudes(
        situacion,
        alumno,
        { publicUrl: urlPortal, certificadosActivos: true },
        hoy,
        documentosTributarios,
      ),
    )
  })

const servidor = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  console.log(`Piso en http://127.0.0.1:${info.port}`)
})
process.once('SIGTERM', () => {
  servidor.close()
  db.close()
  process.exit(0)
})

// The floor the bench measures the portal against: bare Hono on @hono/node-server over
// better-sqlite3 prepared statements, on the portal's own database file, doing the same reads as
// the portal's home data (`GET /api/alumno`) and enrolment list (`GET /api/solicitudes`) and
// answering the same JSON. Nothing else: no log, no security headers, no XSRF, no compression, no
// Kysely. What the portal spends beyond this is what its own code adds on top of its stack.
// `node --import tsx scripts/servidor-piso.ts <portal.sqlite> <publicUrl>`: prints its URL.
import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import SQLite from 'better-sqlite3'
import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { tieneDocumentoIdentidad } from '../src/domain/documento-identidad.ts'
import { DOC_REGLAMENTO, enlaceDocumentoEmitido } from '../src/domain/documentos-emitidos.ts'
import { documentosRequeridosDeSolicitud } from '../src/domain/documentos-solicitud.ts'
import { requiereReglamento } from '../src/domain/reglamentos.ts'
import { muestraDocumentos, requiereEncuesta } from '../src/domain/solicitudes.ts'

const [archivo, urlPortal] = process.argv.slice(2)
if (!archivo || !urlPortal) throw new Error('uso: servidor-piso.ts <portal.sqlite> <urlPublica>')
const db = new SQLite(archivo, { fileMustExist: true })
db.pragma('journal_mode = WAL')

type Sesion = { actor_id: string; expira: string; verificada: number }
type Alumno = {
  id: string
  nombres: string
  apellidos: string
  rut: string
  codigo_alumno: string
  asistente_id: string
  numero_documento: string | null
}
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
const solicitudes = db.prepare<
  [string],
  {
    codigo_inscripcion: string
    fecha_inicio: string
    anio_curso: number
    nombre_curso: string
    curso: string
    tipo_curso: string
    cod_grupo: string
    habilita_tb: number
    cod_prospecto: string
    enviada_en: string | null
    decision: string | null
    decidida_en: string | null
  }
>(
  `select s.codigo_inscripcion, s.fecha_inicio, s.anio_curso, s.nombre_curso, s.curso, s.tipo_curso, s.cod_grupo,
     s.habilita_tb, s.cod_prospecto, e.enviada_en, c.decision, c.decidida_en
   from solicitudes s
   left join encuestas e on e.codigo_inscripcion = s.codigo_inscripcion
   left join condiciones c on c.codigo_inscripcion = s.codigo_inscripcion
   where s.alumno_id = ? order by s.fecha_inicio desc, s.codigo_inscripcion desc`,
)
const emitidos = db.prepare<
  [string],
  {
    codigo: string
    codigo_inscripcion: string | null
    cod_tipo_documento: string
    tipo_documento: string
    blob_clave: string | null
  }
>(
  `select codigo, codigo_inscripcion, cod_tipo_documento, tipo_documento, blob_clave from documentos_emitidos
   where alumno_id = ? and codigo_inscripcion is not null and revocado_en is null`,
)
const subidos = db.prepare<[string], { id: string; codigo_inscripcion: string; cod_documento: string }>(
  'select id, codigo_inscripcion, cod_documento from archivos_solicitud where alumno_id = ?',
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
    const filas = solicitudes.all(alumno.id)
    const docs = emitidos.all(alumno.id)
    const archivos = subidos.all(alumno.id)
    return c.json({
      status: 'ok',
      data: {
        solicitudes: filas.map((f) => {
          const requeridos = documentosRequeridosDeSolicitud(f.cod_grupo, f.tipo_curso)
          return {
            codigoInscripcion: f.codigo_inscripcion,
            fechaInicio: f.fecha_inicio,
            anioCurso: f.anio_curso,
            nombreCurso: f.nombre_curso,
            curso: f.curso,
            tipoCurso: f.tipo_curso,
            codGrupo: f.cod_grupo,
            habilitaTb: f.habilita_tb === 1,
            codProspecto: f.cod_prospecto,
            encuesta: !requiereEncuesta(f.cod_grupo) ? 'no-aplica' : f.enviada_en ? 'enviada' : 'pendiente',
            reglamento: !requiereReglamento(f.cod_grupo, f.tipo_curso)
              ? 'no-aplica'
              : docs.some(
                    (d) => d.codigo_inscripcion === f.codigo_inscripcion && d.cod_tipo_documento === DOC_REGLAMENTO,
                  )
                ? 'firmado'
                : 'pendiente',
            documentos: !muestraDocumentos(f.tipo_curso)
              ? null
              : {
                  subidos: requeridos.filter((r) =>
                    archivos.some(
                      (a) => a.codigo_inscripcion === f.codigo_inscripcion && a.cod_documento === r.codDocumento,
                    ),
                  ).length,
                  requeridos: requeridos.length,
                },
            condiciones: f.decision && f.decidida_en ? { decision: f.decision, decididaEn: f.decidida_en } : null,
          }
        }),
        urlPortal,
        documentos: archivos.map((d) => ({
          codigoInscripcion: d.codigo_inscripcion,
          codTipoDocumento: d.cod_documento,
          enlace: `/api/solicitudes/${encodeURIComponent(d.codigo_inscripcion)}/documentos/${d.id}`,
        })),
        emitidos: docs
          .filter((d) => d.blob_clave)
          .map((d) => ({
            idInscripcion: d.codigo_inscripcion ?? '',
            codTipoDocumento: d.cod_tipo_documento,
            nombre: d.tipo_documento,
            enlace: enlaceDocumentoEmitido(d.codigo),
          })),
        tieneDocumentoIdentidad: tieneDocumentoIdentidad(alumno),
        certificadosActivos: true,
      },
    })
  })

const servidor = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  console.log(`Piso en http://127.0.0.1:${info.port}`)
})
process.once('SIGTERM', () => {
  servidor.close()
  db.close()
  process.exit(0)
})

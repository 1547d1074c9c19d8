import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { useState, type ReactNode } from 'react'
import * as v from 'valibot'
import { MENSAJE_SIN_HISTORIAL } from '../../../domain/auditoria.ts'
import { paginaEnDireccionSchema } from '../../../domain/busqueda-alumnos.ts'
import { urlValidador } from '../../../domain/urls.ts'
import { formatearClp } from '../../../domain/moneda.ts'
import { cantidad } from '../../../domain/textos.ts'
import { ETIQUETA_ESTADO_CUOTA } from '../../../domain/pagos.ts'
import { ApiError } from '../../../lib/api-error.ts'
import { Paginador } from '../../../ui/paginador.tsx'
import { Estado } from '../../../ui/spinner.tsx'
import { TablaEventos } from '../auditoria/tabla-eventos.tsx'
import { diaEnChile, fecha, momentoEnChile } from '../formato.ts'
import { SinCorte } from '../sin-corte.tsx'
import { mensajeDeError } from '../../../lib/mensaje-de-error.ts'
import { Tabla } from '../tabla.tsx'
import { columnaAccionCuota } from '../pagos/dialogo-pago-presencial.tsx'
import { documentoDe } from './pagina-alumnos.tsx'
import { personalQueries, tieneCapacidad } from '../queries.ts'
import { alumnosQueries, type FichaAlumno } from './queries.ts'
import { Datos } from '../datos.tsx'
import { MENSAJE_ALUMNO_BLOQUEADO } from '../../../domain/bloqueo-datos.ts'
import { BloqueoDatos } from './bloqueo-datos.tsx'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

type Solicitud = FichaAlumno['solicitudes'][number]
type Emitido = Solicitud['emitidos'][number]
type Cuota = Solicitud['cuotas'][number]
type DocumentoPersonal = FichaAlumno['documentosPersonales'][number]
type DocumentoSolicitud = NonNullable<Solicitud['documentos']>[number]
type Archivo = NonNullable<DocumentoSolicitud['archivo']>
type Pago = FichaAlumno['pagos'][number]

/** A document's review in words: the state, and the reason of a rejection. */
function Revision({ archivo }: { archivo: Archivo | null }) {
  if (!archivo) return <span className="admin-suave">Sin subir</span>
  const { estadoRevision, motivoRechazo } = archivo
  return (
    <span className={`admin-estado admin-estado--${estadoRevision}`}>
      {estadoRevision === 'aprobado'
        ? 'Aprobado'
        : estadoRevision === 'rechazado'
          ? `Rechazado${motivoRechazo ? `: ${motivoRechazo}` : ''}`
          : 'En revisión'}
    </span>
  )
}

/**
 * The file's name, which opens it in a new tab (inline: a PDF in the browser's viewer, an image
 * as itself) through the review's file endpoint, for the roles that review documents.
 */
function ArchivoSubido({ archivo, documento }: { archivo: Archivo | null; documento: string }) {
  const { data: sesion } = useQuery(personalQueries.sesion())
  if (!archivo) return '—'
  return (
    <>
      {tieneCapacidad(sesion, 'documentos.revisar') ? (
        <a href={archivo.enlace} target="_blank" rel="noopener">
          {archivo.nombre}
          <span className="sr-only"> (abrir {documento}, se abre en otra pestaña)</span>
        </a>
      ) : (
        archivo.nombre
      )}
      <span className="admin-suave admin-bloque">Subido el {momentoEnChile(archivo.subidoEn)}</span>
    </>
  )
}

function Revisor({ archivo }: { archivo: Archivo | null }) {
  if (!archivo?.revisadoEn) return '—'
  return (
    <>
      {archivo.revisadoPor ?? '—'}
      <span className="admin-suave admin-bloque">{momentoEnChile(archivo.revisadoEn)}</span>
    </>
  )
}

const COLUMNAS_DOCUMENTOS: ColumnDef<DocumentoSolicitud, unknown>[] = [
  { id: 'documento', header: 'Documento', cell: ({ row }) => row.original.documento },
  {
    id: 'archivo',
    header: 'Archivo',
    cell: ({ row }) => <ArchivoSubido archivo={row.original.archivo} documento={row.original.documento} />,
  },
  { id: 'estado', header: 'Revisión', cell: ({ row }) => <Revision archivo={row.original.archivo} /> },
  { id: 'revisor', header: 'Revisado por', cell: ({ row }) => <Revisor archivo={row.original.archivo} /> },
]

const COLUMNAS_PERSONALES: ColumnDef<DocumentoPersonal, unknown>[] = [
  COLUMNAS_DOCUMENTOS[0] as ColumnDef<DocumentoPersonal, unknown>,
  { id: 'obligatorio', header: 'Obligatorio', cell: ({ row }) => (row.original.obligatorio ? 'Sí' : 'No') },
  ...(COLUMNAS_DOCUMENTOS.slice(1) as ColumnDef<DocumentoPersonal, unknown>[]),
]

const COLUMNAS_EMITIDOS: ColumnDef<Emitido, unknown>[] = [
  { id: 'tipo', header: 'Documento', cell: ({ row }) => row.original.tipo },
  { id: 'fecha', header: 'Emitido', cell: ({ row }) => <SinCorte>{fecha(row.original.fechaEmision)}</SinCorte> },
  {
    id: 'estado',
    header: 'Estado',
    cell: ({ row }) => {
      const d = row.original
      if (!d.revocadoEn) return <span className="admin-estado admin-estado--aprobado">Vigente</span>
      return (
        <>
          <span className="admin-estado admin-estado--rechazado">Revocado el {diaEnChile(d.revocadoEn)}</span>
          <span className="admin-suave admin-bloque">
            {d.motivoRevocacion ?? 'Sin motivo registrado'}
            {d.revocadoPor ? ` (${d.revocadoPor})` : ''}
          </span>
        </>
      )
    },
  },
  {
    id: 'codigo',
    header: 'Código de verificación',
    cell: ({ row }) => (
      <a href={urlValidador('', row.original.codigo)} target="_blank" rel="noopener">
        <span className="admin-codigo">{row.original.codigo}</span>
        <span className="sr-only"> (verificar en el validador público, se abre en otra pestaña)</span>
      </a>
    ),
  },
]

const COLUMNAS_CUOTAS: ColumnDef<Cuota, unknown>[] = [
  { id: 'numero', header: 'Cuota', cell: ({ row }) => row.original.numero },
  { id: 'monto', header: 'Monto', cell: ({ row }) => formatearClp(row.original.monto) },
  {
    id: 'vencimiento',
    header: 'Vencimiento',
    cell: ({ row }) => <SinCorte>{fecha(row.original.vencimiento)}</SinCorte>,
  },
  {
    id: 'estado',
    header: 'Estado',
    cell: ({ row }) => (
      <span className={`admin-estado admin-estado--cuota-${row.original.estado}`}>
        {ETIQUETA_ESTADO_CUOTA[row.original.estado]}
      </span>
    ),
  },
]

const COLUMNAS_PAGOS: ColumnDef<Pago, unknown>[] = [
  { id: 'fecha', header: 'Fecha', cell: ({ row }) => <SinCorte>{momentoEnChile(row.original.creadoEn)}</SinCorte> },
  {
    id: 'descripcion',
    header: 'Descripción',
    // Every role reads payments (pagos.ver): the payment's page has the gateway's data and receipt.
    cell: ({ row }) => (
      <Link to="/admin/pagos/$id" params={{ id: row.original.id }}>
        {row.original.descripcion}
      </Link>
    ),
  },
  { id: 'monto', header: 'Monto', cell: ({ row }) => formatearClp(row.original.monto) },
  { id: 'estado', header: 'Estado', cell: ({ row }) => <SinCorte>{row.original.estadoEnPalabras}</SinCorte> },
  {
    id: 'tarjeta',
    header: 'Tarjeta y autorización',
    cell: ({ row }) =>
      row.original.ultimosDigitos
        ? `•••• ${row.original.ultimosDigitos}${row.original.codigoAutorizacion ? `, autorización ${row.original.codigoAutorizacion}` : ''}`
        : '—',
  },
]

function encuestaEnPalabras(s: Solicitud): string {
  if (s.encuesta.estado === 'no-aplica') return 'No requerida'
  return s.encuesta.enviadaEn ? `Enviada el ${diaEnChile(s.encuesta.enviadaEn)}` : 'Pendiente'
}

function condicionesEnPalabras(s: Solicitud): string {
  if (!s.condiciones) return 'Sin responder'
  return `${s.condiciones.decision === 'aceptadas' ? 'Aceptadas' : 'Rechazadas'} el ${diaEnChile(s.condiciones.decididaEn)}`
}

const REGLAMENTO = { firmado: 'Firmado', pendiente: 'Pendiente', 'no-aplica': 'No requerido' } as const

function documentosEnPalabras(s: Solicitud): string {
  if (!s.documentos) return 'No requiere'
  const subidos = s.documentos.filter((d) => d.archivo).length
  const rechazados = s.documentos.filter((d) => d.archivo?.estadoRevision === 'rechazado').length
  const total = cantidad(s.documentos.length, 'subido', 'subidos')
  return `${subidos} de ${total}${rechazados ? `, ${cantidad(rechazados, 'rechazado', 'rechazados')}` : ''}`
}

const anclaDe = (codigo: string) => `solicitud-${codigo}`

/** The summary of the enrolments; a code opens that enrolment's detail and goes to it. */
function columnasSolicitudes(abrir: (codigo: string) => void): ColumnDef<Solicitud, unknown>[] {
  return [
    {
      id: 'codigo',
      header: 'Solicitud',
      cell: ({ row }) => (
        <a href={`#${anclaDe(row.original.codigoInscripcion)}`} onClick={() => abrir(row.original.codigoInscripcion)}>
          <SinCorte>{row.original.codigoInscripcion}</SinCorte>
        </a>
      ),
    },
    { id: 'programa', header: 'Programa', cell: ({ row }) => row.original.nombreCurso },
    { id: 'inicio', header: 'Inicio', cell: ({ row }) => <SinCorte>{fecha(row.original.fechaInicio)}</SinCorte> },
    { id: 'encuesta', header: 'Encuesta', cell: ({ row }) => encuestaEnPalabras(row.original) },
    { id: 'condiciones', header: 'Condiciones', cell: ({ row }) => condicionesEnPalabras(row.original) },
    { id: 'reglamento', header: 'Reglamento', cell: ({ row }) => REGLAMENTO[row.original.reglamento] },
    { id: 'documentos', header: 'Documentos', cell: ({ row }) => documentosEnPalabras(row.original) },
  ]
}

/** One enrolment in full, behind a button that shows or hides it (the page stays short). */
type Bloqueado = { razon: string; idRazon: string } | null

function DetalleSolicitud({
  s,
  abierta,
  alternar,
  bloqueado,
}: {
  s: Solicitud
  abierta: boolean
  alternar: () => void
  bloqueado: Bloqueado
}) {
  const ancla = anclaDe(s.codigoInscripcion)
  return (
    <section className="admin-solicitud" id={ancla} aria-labelledby={`${ancla}-titulo`}>
      <h3 id={`${ancla}-titulo`} className="admin-solicitud__titulo">
        <button
          type="button"
          className="admin-desplegar"
          aria-expanded={abierta}
          aria-controls={`${ancla}-detalle`}
          onClick={alternar}
        >
          <span aria-hidden="true">{abierta ? '▾' : '▸'} </span>
          Solicitud {s.codigoInscripcion} · {s.nombreCurso}
        </button>
      </h3>
      <div id={`${ancla}-detalle`} hidden={!abierta}>
        <Datos
          filas={[
            ['Tipo de programa', `${s.tipoCurso} (grupo ${s.codGrupo})`],
            ['Fechas', `${fecha(s.fechaInicio)} al ${fecha(s.fechaTermino)}`],
            ['Código de prospecto', s.codProspecto],
            ['Asistente comercial', s.asistente?.nombre],
            ['Encuesta general', encuestaEnPalabras(s)],
            ['Condiciones', condicionesEnPalabras(s)],
            ['Reglamento', REGLAMENTO[s.reglamento]],
            ['Pago en línea', s.habilitaTb ? 'Habilitado' : 'No habilitado'],
          ]}
        />
        {s.documentos ? (
          <Tabla
            titulo={`Documentos de la solicitud ${s.codigoInscripcion}`}
            columnas={COLUMNAS_DOCUMENTOS}
            filas={s.documentos}
            idDeFila={(d) => d.codDocumento}
            vacia="Este programa no pide documentos."
          />
        ) : (
          <p className="admin-suave">Este tipo de programa no pide documentos.</p>
        )}
        <Tabla
          titulo={`Documentos emitidos de la solicitud ${s.codigoInscripcion}`}
          columnas={COLUMNAS_EMITIDOS}
          filas={s.emitidos}
          idDeFila={(d) => d.codigo}
          vacia="La escuela aún no emite documentos para esta solicitud."
        />
        <Tabla
          titulo={`Cuotas de la solicitud ${s.codigoInscripcion}`}
          columnas={[...COLUMNAS_CUOTAS, columnaAccionCuota<Cuota>(s.codigoInscripcion, bloqueado)]}
          filas={s.cuotas}
          idDeFila={(q) => String(q.numero)}
          vacia="Esta solicitud no tiene cuotas registradas."
        />
      </div>
    </section>
  )
}

/** The enrolments: a summary, then each in detail (the most recent one open). */
function Solicitudes({
  solicitudes,
  otrosEmitidos,
  bloqueado,
}: Pick<FichaAlumno, 'solicitudes' | 'otrosEmitidos'> & { bloqueado: Bloqueado }) {
  const [abiertas, setAbiertas] = useState(() => new Set(solicitudes.slice(0, 1).map((s) => s.codigoInscripcion)))
  const cambiar = (codigo: string, abrir: boolean) =>
    setAbiertas((actuales) => {
      const siguientes = new Set(actuales)
      if (abrir) siguientes.add(codigo)
      else siguientes.delete(codigo)
      return siguientes
    })
  return (
    <section className="admin-seccion" aria-labelledby="alumno-solicitudes">
      <h2 id="alumno-solicitudes">Solicitudes ({solicitudes.length})</h2>
      <Tabla
        titulo="Resumen de las solicitudes"
        columnas={columnasSolicitudes((codigo) => cambiar(codigo, true))}
        filas={solicitudes}
        idDeFila={(s) => s.codigoInscripcion}
        vacia="El alumno no tiene solicitudes."
      />
      {solicitudes.map((s) => {
        const abierta = abiertas.has(s.codigoInscripcion)
        return (
          <DetalleSolicitud
            key={s.codigoInscripcion}
            s={s}
            abierta={abierta}
            alternar={() => cambiar(s.codigoInscripcion, !abierta)}
            bloqueado={bloqueado}
          />
        )
      })}
      {otrosEmitidos.length > 0 ? (
        <Tabla
          titulo="Otros documentos emitidos"
          columnas={COLUMNAS_EMITIDOS}
          filas={otrosEmitidos}
          idDeFila={(d) => d.codigo}
          vacia=""
        />
      ) : null}
    </section>
  )
}

/**
 * A student's page for the school: who they are, each enrolment (survey, conditions, regulations,
 * documents and their review, issued documents, installments), their personal documents, their
 * payments, and at the end what the staff did concerning them.
 */
export function PaginaAlumno({ id, historial }: { id: string; historial: string | undefined }) {
  const ficha = useQuery(alumnosQueries.ficha(id))
  if (ficha.isError) {
    const noEncontrado = ficha.error instanceof ApiError && ficha.error.status === 404
    return (
      <section aria-labelledby="alumno-titulo">
        <h1 id="alumno-titulo">{noEncontrado ? 'Alumno no encontrado' : 'No se pudo abrir el alumno'}</h1>
        <MensajeError>
          {noEncontrado
            ? 'No existe un alumno con esa dirección, o no está entre los alumnos que usted atiende.'
            : mensajeDeError(ficha.error)}
        </MensajeError>
        <p>
          <Link to="/admin/alumnos">Volver a la búsqueda de alumnos</Link>
        </p>
      </section>
    )
  }
  if (!ficha.data) return <Estado texto="Cargando alumno…" />
  const { alumno, persona, solicitudes, otrosEmitidos, documentosPersonales, pagos } = ficha.data
  const nombre = `${persona.nombres} ${persona.apellidos}`
  return (
    <article className="admin-ficha" aria-labelledby="alumno-titulo">
      <p className="admin-migas">
        <Link to="/admin/alumnos">Alumnos</Link> <span aria-hidden="true">›</span> {nombre}
      </p>
      <h1 id="alumno-titulo">{nombre}</h1>
      <p className="admin-subtitulo">
        {documentoDe(alumno)} · {alumno.email} · Código {alumno.codigoAlumno}
      </p>
      <BloqueoDatos alumnoId={alumno.id} bloqueo={ficha.data.bloqueo} />

      <section className="admin-seccion" aria-labelledby="alumno-datos">
        <h2 id="alumno-datos">Datos personales</h2>
        <Datos
          filas={[
            ['Nombres', persona.nombres],
            ['Apellidos', persona.apellidos],
            ['RUT o pasaporte', documentoDe(alumno)],
            ['Correo electrónico', alumno.email],
            ['Sexo registral', persona.sexoRegistral],
            ['Fecha de nacimiento', fecha(persona.fechaNacimiento)],
            ['Teléfono', persona.telefono],
            ['Celular', persona.celular],
            ['Nacionalidad', persona.nacionalidad],
            ...(persona.tipoResidencia
              ? ([
                  ['Residencia', persona.tipoResidencia],
                  ['País de origen', persona.paisOrigen],
                ] as [string, ReactNode][])
              : []),
            ['Dirección', persona.direccion],
            ['Comuna', persona.comuna],
            ['Ciudad', persona.ciudad],
            ['Región', persona.region],
            ['País', persona.pais],
            ['Asistente comercial', alumno.asistente?.nombre],
            ['Registrado el', diaEnChile(alumno.registradoEn)],
          ]}
        />
        <h3>Datos profesionales</h3>
        <Datos
          filas={[
            ['Profesión', persona.profesion],
            ['Universidad', persona.universidad],
            ['Nivel de formación', persona.nivelFormacion],
            ['Tipo de institución', persona.tipoInstitucion],
            ['País de estudios secundarios', persona.paisEstudiosSecundarios],
          ]}
        />
      </section>

      <section className="admin-seccion" aria-labelledby="alumno-documentos-personales">
        <h2 id="alumno-documentos-personales">Documentos personales</h2>
        <Tabla
          titulo="Documentos personales"
          columnas={COLUMNAS_PERSONALES}
          filas={documentosPersonales}
          idDeFila={(d) => d.codDocumento}
          vacia="Sin documentos personales."
        />
      </section>

      <Solicitudes
        solicitudes={solicitudes}
        otrosEmitidos={otrosEmitidos}
        bloqueado={ficha.data.bloqueo ? { razon: MENSAJE_ALUMNO_BLOQUEADO, idRazon: 'alumno-bloqueo-razon' } : null}
      />

      <section className="admin-seccion" aria-labelledby="alumno-pagos">
        <h2 id="alumno-pagos">Pagos</h2>
        <Tabla
          titulo="Pagos en línea y presenciales, del más reciente al más antiguo"
          columnas={COLUMNAS_PAGOS}
          filas={pagos}
          idDeFila={(p) => p.id}
          vacia="El alumno no tiene pagos."
        />
      </section>

      <Historial id={id} pagina={v.parse(paginaEnDireccionSchema, historial)} />
    </article>
  )
}

/** What the staff did concerning the student, newest first, a page at a time. */
function Historial({ id, pagina }: { id: string; pagina: number }) {
  const navigate = useNavigate()
  const historial = useQuery(alumnosQueries.historial(id, pagina))
  return (
    <section className="admin-seccion" aria-labelledby="alumno-historial">
      <h2 id="alumno-historial">Historial</h2>
      {historial.isError ? (
        <MensajeError error={historial.error} />
      ) : !historial.data ? (
        <Estado texto="Cargando historial…" />
      ) : (
        <>
          <TablaEventos
            titulo="Acciones del personal sobre este alumno, de la más reciente a la más antigua"
            eventos={historial.data.eventos}
            conAlumno={false}
            vacia={MENSAJE_SIN_HISTORIAL}
          />
          <Paginador
            pagina={historial.data.pagina}
            paginas={historial.data.paginas}
            onCambiar={(p) =>
              void navigate({
                to: '/admin/alumnos/$id',
                params: { id },
                search: { historial: p === 1 ? undefined : String(p) },
                resetScroll: false,
              })
            }
            etiqueta="Páginas del historial"
          />
        </>
      )}
    </section>
  )
}

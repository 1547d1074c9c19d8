// Students and enrolments loaded from the school's CRM: what each row would do (`previsualizar`)
// and doing it (`aplicar`). The file import and the CRM's integration API both call these with
// rows of cells (column name to value); the rules and messages are src/domain/importacion.ts.
//
// A row is upserted by its enrolment code, and its student by RUT or passport and by e-mail, so
// the same rows applied twice change nothing the second time. A row with an error writes
// nothing; the others are written in chunks, each chunk in one transaction with its audit row,
// after reading in a few queries everything the chunk's rows name (students, enrolments,
// assistants, companies). A chunk is planned inside its own transaction, so what is written is
// decided on what the database holds at that moment.
//
// A row that names a student by RUT or passport with another e-mail changes the address they sign
// in with. Only the rows the caller allows may (`cambiosDeCorreo`); the others are errors. A change
// applied ends the student's sessions and voids their unused password links in its transaction,
// with an audit row of its own; the caller then tells the old address (`cambio-correo.ts`).
import { randomInt, randomUUID } from 'node:crypto'
import type { Insertable, Updateable } from 'kysely'
import {
  MENSAJE_CORREO_CON_OTRO_DOCUMENTO,
  MENSAJE_DOCUMENTO_Y_CORREO_DE_OTROS,
  contarResultados,
  mensajeCambioCorreoSinConfirmar,
  mensajeAsistenteDesconocido,
  mensajeEmpresaDesconocida,
  mensajeInscripcionDeOtroAlumno,
  tipoResultado,
  validarFilas,
  type Cambio,
  type CambioCorreo,
  type ColumnaImportacion,
  type ErrorFila,
  type FilaCruda,
  type FilaImportacion,
  type Numeracion,
  type ResultadoFila,
  numeroDeFila,
} from '../../src/domain/importacion.ts'
import type { AccionAuditada } from '../../src/domain/palabras-auditoria.ts'
import { nombreParaOrden, terminosDeAlumno } from '../../src/domain/busqueda-alumnos.ts'
import { RUT_PLACEHOLDER, esRutPlaceholder, normalizarRut } from '../../src/domain/rut.ts'
import { indexarAlumno } from '../alumnos/busqueda.ts'
import { esViolacionDeUnicidad, type Db } from '../db/connection.ts'
import type { AlumnosTable, SolicitudesTable } from '../db/schema.ts'
import { ASISTENTE_PORTAL_ID } from '../db/seed/base.ts'
import { MENSAJE_ALUMNO_BLOQUEADO } from '../../src/domain/bloqueo-datos.ts'

/** Who applies the rows, as the audit trail records them: a staff member or the CRM's API key. */
export type ActorImportacion = {
  tipo: 'personal' | 'integracion'
  id: string
  nombre: string
  /** The staff member's role; null for an API key. */
  rol: string | null
  ip: string | null
}

/** A student created by `aplicar`, who has no password yet and gets an invitation. */
export type AlumnoInvitado = { alumnoId: string; email: string; nombres: string }

/** A student whose sign-in e-mail `aplicar` changed: the old address is to be told. */
export type CorreoCambiado = CambioCorreo & {
  alumnoId: string
  nombres: string
  /** The student had not created a password yet: the invitation goes again, to the new address. */
  sinContrasena: boolean
}

/**
 * Which rows may change a student's sign-in e-mail: all of them (the staff's preview, which shows
 * the change; a CRM key with its own permission) or the rows numbered (those the staff confirmed).
 * Any other row that would change one is an error with `rechazo`'s message (by default, that the
 * change was not confirmed).
 */
export type PermisoCambioCorreo = {
  filas: 'todas' | ReadonlySet<number>
  rechazo?: (cambio: CambioCorreo) => string
}

const NINGUN_CAMBIO_DE_CORREO: PermisoCambioCorreo = { filas: new Set() }

export type OpcionesImportacion = {
  /** How rows are numbered in the outcomes: 1, 2, 3… by default (see `Numeracion`). */
  numeracion?: Numeracion
  /** Added to the audit rows (the file's name and hash). */
  detalleAuditoria?: Record<string, unknown>
  /** When the rows are applied (tests); now by default. */
  ahora?: Date
  /** Rows per transaction; 500 by default. */
  filasPorTransaccion?: number
  /** Groups the audit rows of one import (an upload's id); a random one by default. */
  importacionId?: string
  /** Which rows may change a sign-in e-mail; none by default. */
  cambiosDeCorreo?: PermisoCambioCorreo
}

export type ResultadoAplicacion = {
  importacionId: string
  resultados: ResultadoFila[]
  /** The students this call created, to be sent their invitation. */
  invitar: AlumnoInvitado[]
  /** The students whose sign-in e-mail this call changed. */
  correosCambiados: CorreoCambiado[]
}

/** The row's outcome only, nothing written. */
export async function previsualizar(
  db: Db,
  filas: readonly FilaCruda[],
  opciones: OpcionesImportacion = {},
): Promise<ResultadoFila[]> {
  const numeracion = opciones.numeracion ?? 1
  const numero = numeroDeFila(numeracion)
  const validadas = validarFilas(filas, numeracion)
  const validas = filasValidas(validadas, numero)
  const estado = await cargarEstado(
    db,
    validas.map((v) => v.fila),
  )
  const permiso = opciones.cambiosDeCorreo ?? NINGUN_CAMBIO_DE_CORREO
  const planes = new Map(validas.map((v) => [v.fila, planificar(estado, v.fila, v.numero, permiso)]))
  return validadas.map((validada, indice) => {
    if (!validada.ok) return errorDeFila(numero(indice), filas[indice], validada.errores)
    return planes.get(validada.fila)!.resultado
  })
}

/** Writes every row without errors and returns every row's outcome. */
export async function aplicar(
  db: Db,
  filas: readonly FilaCruda[],
  actor: ActorImportacion,
  opciones: OpcionesImportacion = {},
): Promise<ResultadoAplicacion> {
  const numeracion = opciones.numeracion ?? 1
  const numero = numeroDeFila(numeracion)
  const porTransaccion = opciones.filasPorTransaccion ?? 500
  const ahora = opciones.ahora ?? new Date()
  const importacionId = opciones.importacionId ?? randomUUID()
  const permiso = opciones.cambiosDeCorreo ?? NINGUN_CAMBIO_DE_CORREO
  const validadas = validarFilas(filas, numeracion)
  const validas = filasValidas(validadas, numero)
  const erroresDeValidacion = validadas.filter((v) => !v.ok).length

  const resultados = new Map<number, ResultadoFila>()
  const invitar: AlumnoInvitado[] = []
  const correosCambiados: CorreoCambiado[] = []
  const partes = Math.max(1, Math.ceil(validas.length / porTransaccion))
  for (let parte = 0; parte < partes; parte++) {
    const trozo = validas.slice(parte * porTransaccion, (parte + 1) * porTransaccion)
    // Two imports of the same new rows at once (a double submit, the file and the CRM's API): the
    // second's insert meets the first's row in a unique index and its chunk rolls back; planned
    // again on what the first committed, its rows then say 'sin cambios'.
    const { planes, nuevos, correos } = await conReintento(() =>
      db.transaction().execute(async (trx) => {
        const estado = await cargarEstado(
          trx,
          trozo.map((v) => v.fila),
        )
        const planes = trozo.map((v) => planificar(estado, v.fila, v.numero, permiso))
        const nuevos = await escribir(trx, planes, ahora)
        const correos = await cambiarCorreos(trx, planes, actor, ahora, importacionId)
        const conteo = contarResultados(planes.map((p) => p.resultado))
        await trx
          .insertInto('auditoria')
          .values({
            ...filaDeAuditoria(actor, ahora),
            accion: 'alumnos.importar' satisfies AccionAuditada,
            entidad: 'importacion',
            entidad_id: importacionId,
            alumno_id: null,
            antes: null,
            despues: JSON.stringify({
              parte: parte + 1,
              partes,
              filas: trozo.length,
              creadas: conteo['se creará'],
              actualizadas: conteo['se actualizará'],
              sinCambios: conteo['sin cambios'],
              conErrores: conteo.error,
              alumnosNuevos: nuevos.length,
              correosCambiados: correos.length,
              filasDelArchivo: filas.length,
              erroresDelArchivo: erroresDeValidacion,
              ...opciones.detalleAuditoria,
            }),
          })
          .execute()
        return { planes, nuevos, correos }
      }),
    )
    for (const plan of planes) resultados.set(plan.resultado.fila, plan.resultado)
    invitar.push(...nuevos)
    correosCambiados.push(...correos)
  }
  return {
    importacionId,
    correosCambiados,
    resultados: validadas.map((validada, indice) => {
      if (!validada.ok) return errorDeFila(numero(indice), filas[indice], validada.errores)
      return resultados.get(numero(indice))!
    }),
    invitar,
  }
}

// ---------------------------------------------------------------------------------------------

/** The columns every audit row of an import shares: who, when, from where. */
function filaDeAuditoria(actor: ActorImportacion, ahora: Date) {
  return {
    id: randomUUID(),
    en: ahora.toISOString(),
    actor_tipo: actor.tipo,
    actor_id: actor.id,
    actor_nombre: actor.nombre,
    actor_rol: actor.rol,
    ip: actor.ip,
  }
}

async function conReintento<T>(hacer: () => Promise<T>, intentos = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await hacer()
    } catch (err) {
      if (i >= intentos || !esViolacionDeUnicidad(err)) throw err
    }
  }
}

type Valida = { numero: number; fila: FilaImportacion }

function filasValidas(validadas: ReturnType<typeof validarFilas>, numero: (indice: number) => number): Valida[] {
  const validas: Valida[] = []
  validadas.forEach((v, indice) => {
    if (v.ok) validas.push({ numero: numero(indice), fila: v.fila })
  })
  return validas
}

function errorDeFila(numero: number, cruda: FilaCruda | undefined, errores: ErrorFila[]): ResultadoFila {
  const codigo = cruda?.codigo_inscripcion
  return {
    fila: numero,
    codigoInscripcion: typeof codigo === 'string' && codigo.trim() !== '' ? codigo.trim().toUpperCase() : null,
    resultado: 'error',
    errores,
  }
}

const COLUMNAS_ALUMNO = [
  'id',
  'email',
  'rut',
  'tipo_documento',
  'numero_documento',
  'nombres',
  'apellidos',
  'telefono_particular',
  'celular',
  'asistente_id',
  'codigo_alumno',
] as const
type AlumnoLeido = Pick<AlumnosTable, (typeof COLUMNAS_ALUMNO)[number]>
type SolicitudLeida = Pick<
  SolicitudesTable,
  | 'codigo_inscripcion'
  | 'alumno_id'
  | 'asistente_id'
  | 'fecha_inicio'
  | 'anio_curso'
  | 'nombre_curso'
  | 'curso'
  | 'tipo_curso'
  | 'cod_grupo'
  | 'habilita_tb'
  | 'cod_prospecto'
  | 'horas'
  | 'fecha_termino'
  | 'arancel'
  | 'rut_empresa'
>

/** What the rows name, as the database holds it, kept up to date as rows are planned. */
type Estado = {
  porRut: Map<string, AlumnoLeido>
  porDocumento: Map<string, AlumnoLeido>
  porEmail: Map<string, AlumnoLeido>
  solicitudes: Map<string, SolicitudLeida>
  /** Assistant e-mail (lower-case) to id. */
  asistentes: Map<string, string>
  empresas: Set<string>
  /** Students whose data is blocked (Ley 19.628, art. 8): no row changes them meanwhile. */
  bloqueados: Set<string>
}

/** Lists split so no query carries more values than either engine accepts. */
function trozos<T>(lista: readonly T[], tamano = 500): T[][] {
  const salida: T[][] = []
  for (let i = 0; i < lista.length; i += tamano) salida.push(lista.slice(i, i + tamano))
  return salida
}

async function cargarEstado(db: Db, filas: readonly FilaImportacion[]): Promise<Estado> {
  const unicos = (valores: (string | null)[]) => [...new Set(valores.filter((x): x is string => x !== null))]
  const ruts = unicos(filas.map((f) => f.alumno.rut))
  const documentos = unicos(filas.map((f) => f.alumno.pasaporte))
  const emails = unicos(filas.map((f) => f.alumno.email))
  const codigos = unicos(filas.map((f) => f.inscripcion.codigoInscripcion))
  const empresas = unicos(filas.map((f) => f.inscripcion.rutEmpresa))

  const alumnos = new Map<string, AlumnoLeido>()
  const leerAlumnos = async (columna: 'rut' | 'numero_documento' | 'email', valores: string[]) => {
    for (const trozo of trozos(valores)) {
      const leidos = await db.selectFrom('alumnos').select(COLUMNAS_ALUMNO).where(columna, 'in', trozo).execute()
      for (const a of leidos) alumnos.set(a.id, a)
    }
  }
  await leerAlumnos('rut', ruts)
  await leerAlumnos('numero_documento', documentos)
  await leerAlumnos('email', emails)

  const estado: Estado = {
    porRut: new Map(),
    porDocumento: new Map(),
    porEmail: new Map(),
    solicitudes: new Map(),
    asistentes: new Map(),
    empresas: new Set(),
    bloqueados: new Set(),
  }
  for (const a of alumnos.values()) indexar(estado, a)
  for (const trozo of trozos([...alumnos.keys()])) {
    const bloqueados = await db
      .selectFrom('bloqueos_datos')
      .select('alumno_id')
      .where('alumno_id', 'in', trozo)
      .where('levantado_en', 'is', null)
      .execute()
    for (const b of bloqueados) estado.bloqueados.add(b.alumno_id)
  }
  for (const trozo of trozos(codigos)) {
    const leidas = await db
      .selectFrom('solicitudes')
      .select([
        'codigo_inscripcion',
        'alumno_id',
        'asistente_id',
        'fecha_inicio',
        'anio_curso',
        'nombre_curso',
        'curso',
        'tipo_curso',
        'cod_grupo',
        'habilita_tb',
        'cod_prospecto',
        'horas',
        'fecha_termino',
        'arancel',
        'rut_empresa',
      ])
      .where('codigo_inscripcion', 'in', trozo)
      .execute()
    for (const s of leidas) estado.solicitudes.set(s.codigo_inscripcion, s)
  }
  for (const a of await db.selectFrom('asistentes').select(['id', 'email']).execute())
    if (!estado.asistentes.has(a.email.toLowerCase())) estado.asistentes.set(a.email.toLowerCase(), a.id)
  for (const trozo of trozos(empresas)) {
    for (const e of await db.selectFrom('empresas').select('rut').where('rut', 'in', trozo).execute())
      estado.empresas.add(normalizarRut(e.rut))
  }
  return estado
}

function indexar(estado: Estado, a: AlumnoLeido) {
  if (!esRutPlaceholder(a.rut)) estado.porRut.set(a.rut, a)
  if (a.numero_documento) estado.porDocumento.set(a.numero_documento, a)
  estado.porEmail.set(a.email, a)
}

function desindexar(estado: Estado, a: AlumnoLeido) {
  if (estado.porRut.get(a.rut) === a) estado.porRut.delete(a.rut)
  if (a.numero_documento && estado.porDocumento.get(a.numero_documento) === a)
    estado.porDocumento.delete(a.numero_documento)
  if (estado.porEmail.get(a.email) === a) estado.porEmail.delete(a.email)
}

/** What one row writes, decided on the state before it. */
type Plan = {
  resultado: ResultadoFila
  /** The student's sign-in e-mail changes (allowed: a row not allowed to is an error). */
  cambioCorreo: (CambioCorreo & { alumnoId: string; nombres: string }) | null
  alumnoNuevo: AlumnoLeido | null
  alumnoCambios: { id: string; set: Updateable<AlumnosTable>; reindexar: boolean } | null
  solicitudNueva: Insertable<SolicitudesTable> | null
  solicitudCambios: { codigo: string; set: Updateable<SolicitudesTable> } | null
}

/** Which column of the file each of the student's and enrolment's columns comes from. */
const COLUMNA_DE_ALUMNO: Partial<Record<keyof AlumnosTable, ColumnaImportacion>> = {
  email: 'email',
  rut: 'rut',
  tipo_documento: 'pasaporte',
  numero_documento: 'pasaporte',
  nombres: 'nombres',
  apellidos: 'apellidos',
  telefono_particular: 'telefono',
  celular: 'celular',
  asistente_id: 'asistente_email',
}
const COLUMNA_DE_SOLICITUD: Partial<Record<keyof SolicitudesTable, ColumnaImportacion>> = {
  asistente_id: 'asistente_email',
  fecha_inicio: 'fecha_inicio',
  anio_curso: 'anio_curso',
  nombre_curso: 'nombre_curso',
  curso: 'curso',
  tipo_curso: 'tipo_curso',
  cod_grupo: 'cod_grupo',
  habilita_tb: 'habilita_pago',
  cod_prospecto: 'cod_prospecto',
  horas: 'horas',
  fecha_termino: 'fecha_termino',
  arancel: 'arancel',
  rut_empresa: 'rut_empresa',
}

function error(numero: number, codigo: string, errores: ErrorFila[]): Plan {
  return {
    resultado: { fila: numero, codigoInscripcion: codigo, resultado: 'error', errores },
    cambioCorreo: null,
    alumnoNuevo: null,
    alumnoCambios: null,
    solicitudNueva: null,
    solicitudCambios: null,
  }
}

/** Decides what a row does and records it in `estado`, so the rows after it see it done. */
function planificar(estado: Estado, fila: FilaImportacion, numero: number, permiso: PermisoCambioCorreo): Plan {
  const { alumno: dato, inscripcion: ins } = fila
  const codigo = ins.codigoInscripcion
  const errores: ErrorFila[] = []
  const asistenteId = estado.asistentes.get(ins.asistenteEmail)
  if (!asistenteId)
    errores.push({ columna: 'asistente_email', mensaje: mensajeAsistenteDesconocido(ins.asistenteEmail) })
  if (ins.rutEmpresa && !estado.empresas.has(ins.rutEmpresa))
    errores.push({ columna: 'rut_empresa', mensaje: mensajeEmpresaDesconocida(ins.rutEmpresa) })

  const porDocumento = dato.rut ? estado.porRut.get(dato.rut) : estado.porDocumento.get(dato.pasaporte ?? '')
  const porEmail = estado.porEmail.get(dato.email)
  if (porDocumento && porEmail && porDocumento !== porEmail)
    errores.push({ columna: 'email', mensaje: MENSAJE_DOCUMENTO_Y_CORREO_DE_OTROS })
  const existente = porDocumento ?? porEmail
  // Found by e-mail alone: the portal's student must not hold another document.
  if (existente && !porDocumento) {
    const tieneDocumento = !esRutPlaceholder(existente.rut) || existente.numero_documento !== null
    if (tieneDocumento)
      errores.push({ columna: dato.rut ? 'rut' : 'pasaporte', mensaje: MENSAJE_CORREO_CON_OTRO_DOCUMENTO })
  }
  if (existente && estado.bloqueados.has(existente.id))
    errores.push({ columna: dato.rut ? 'rut' : 'pasaporte', mensaje: MENSAJE_ALUMNO_BLOQUEADO })
  const solicitud = estado.solicitudes.get(codigo)
  if (solicitud && (!existente || solicitud.alumno_id !== existente.id))
    errores.push({ columna: 'codigo_inscripcion', mensaje: mensajeInscripcionDeOtroAlumno(codigo) })
  // Met by RUT or passport with an e-mail nobody holds: the address they sign in with would change.
  const cambioCorreo: CambioCorreo | null =
    porDocumento && !porEmail && porDocumento.email !== dato.email
      ? { antes: porDocumento.email, despues: dato.email }
      : null
  if (cambioCorreo && permiso.filas !== 'todas' && !permiso.filas.has(numero))
    errores.push({
      columna: 'email',
      mensaje: (permiso.rechazo ?? mensajeCambioCorreoSinConfirmar)(cambioCorreo),
    })
  if (errores.length || !asistenteId) return error(numero, codigo, errores)

  const camposAlumno = new Set<ColumnaImportacion>()
  const camposSolicitud = new Set<ColumnaImportacion>()
  let alumnoNuevo: AlumnoLeido | null = null
  let alumnoCambios: Plan['alumnoCambios'] = null
  let alumno: AlumnoLeido
  let cambioAlumno: Cambio
  if (!existente) {
    alumno = {
      id: `alumno-${randomUUID()}`,
      email: dato.email,
      rut: dato.rut ?? RUT_PLACEHOLDER,
      tipo_documento: dato.rut ? null : 'PASAPORTE',
      numero_documento: dato.rut ? null : dato.pasaporte,
      nombres: dato.nombres,
      apellidos: dato.apellidos,
      telefono_particular: dato.telefono,
      celular: dato.celular,
      asistente_id: asistenteId,
      // Given when written (a code nobody holds).
      codigo_alumno: '',
    }
    alumnoNuevo = alumno
    indexar(estado, alumno)
    cambioAlumno = 'nuevo'
  } else {
    const deseado: Partial<AlumnoLeido> = {
      email: dato.email,
      nombres: dato.nombres,
      apellidos: dato.apellidos,
    }
    if (!porDocumento) {
      // A student without a document (found by e-mail) takes the file's.
      deseado.rut = dato.rut ?? RUT_PLACEHOLDER
      deseado.tipo_documento = dato.rut ? null : 'PASAPORTE'
      deseado.numero_documento = dato.rut ? null : dato.pasaporte
    }
    // An empty phone in the file keeps the portal's: the student may have given one.
    if (dato.telefono !== null) deseado.telefono_particular = dato.telefono
    if (dato.celular !== null) deseado.celular = dato.celular
    // Applicants who registered on their own belong to the portal's account until an assistant
    // takes them; a student's own assistant is otherwise the CRM's business, not the file's.
    if (existente.asistente_id === ASISTENTE_PORTAL_ID && asistenteId !== ASISTENTE_PORTAL_ID)
      deseado.asistente_id = asistenteId
    const set: Updateable<AlumnosTable> = {}
    for (const [clave, valor] of Object.entries(deseado) as [keyof AlumnoLeido, string | null][]) {
      if (existente[clave] !== valor) {
        ;(set as Record<string, unknown>)[clave] = valor
        const columna = COLUMNA_DE_ALUMNO[clave]
        if (columna) camposAlumno.add(columna)
      }
    }
    alumno = existente
    if (Object.keys(set).length) {
      const reindexar = ['email', 'nombres', 'apellidos', 'rut', 'numero_documento'].some((c) => c in set)
      alumnoCambios = { id: existente.id, set, reindexar }
      desindexar(estado, existente)
      alumno = { ...existente, ...(set as Partial<AlumnoLeido>) }
      indexar(estado, alumno)
      cambioAlumno = 'actualizado'
    } else cambioAlumno = 'sin cambios'
  }

  const deseada: SolicitudLeida = {
    codigo_inscripcion: codigo,
    alumno_id: alumno.id,
    asistente_id: asistenteId,
    fecha_inicio: ins.fechaInicio,
    anio_curso: ins.anioCurso,
    nombre_curso: ins.nombreCurso,
    curso: ins.curso,
    tipo_curso: ins.tipoCurso,
    cod_grupo: ins.codGrupo,
    habilita_tb: ins.habilitaPago ? 1 : 0,
    cod_prospecto: ins.codProspecto,
    horas: ins.horas,
    fecha_termino: ins.fechaTermino,
    arancel: ins.arancel,
    rut_empresa: ins.rutEmpresa,
  }
  let solicitudNueva: Plan['solicitudNueva'] = null
  let solicitudCambios: Plan['solicitudCambios'] = null
  let cambioSolicitud: Cambio
  if (!solicitud) {
    solicitudNueva = deseada
    cambioSolicitud = 'nuevo'
  } else {
    const set: Updateable<SolicitudesTable> = {}
    for (const clave of Object.keys(COLUMNA_DE_SOLICITUD) as (keyof SolicitudLeida)[]) {
      if (solicitud[clave] !== deseada[clave]) {
        ;(set as Record<string, unknown>)[clave] = deseada[clave]
        camposSolicitud.add(COLUMNA_DE_SOLICITUD[clave]!)
      }
    }
    if (Object.keys(set).length) {
      solicitudCambios = { codigo, set }
      cambioSolicitud = 'actualizado'
    } else cambioSolicitud = 'sin cambios'
  }
  estado.solicitudes.set(codigo, deseada)

  // A new enrolment's columns are not changes; the columns of a student already in the portal
  // are, whatever the enrolment (an e-mail among them).
  const campos = new Set([
    ...(cambioAlumno === 'actualizado' ? camposAlumno : []),
    ...(cambioSolicitud === 'actualizado' ? camposSolicitud : []),
  ])
  return {
    resultado: {
      fila: numero,
      codigoInscripcion: codigo,
      resultado: tipoResultado(cambioAlumno, cambioSolicitud),
      alumno: cambioAlumno,
      inscripcion: cambioSolicitud,
      campos: [...campos],
      ...(cambioCorreo ? { cambioCorreo } : {}),
    },
    cambioCorreo: cambioCorreo ? { ...cambioCorreo, alumnoId: alumno.id, nombres: alumno.nombres } : null,
    alumnoNuevo,
    alumnoCambios,
    solicitudNueva,
    solicitudCambios,
  }
}

/** A student code nobody holds, 'AL' and eight digits, as registration gives them. */
async function codigosNuevos(db: Db, cuantos: number): Promise<string[]> {
  const codigos = new Set<string>()
  while (codigos.size < cuantos) {
    const candidatos = new Set<string>()
    while (candidatos.size < cuantos - codigos.size) {
      const c = `AL${String(randomInt(0, 100_000_000)).padStart(8, '0')}`
      if (!codigos.has(c)) candidatos.add(c)
    }
    const tomados = new Set<string>()
    for (const trozo of trozos([...candidatos]))
      for (const a of await db
        .selectFrom('alumnos')
        .select('codigo_alumno')
        .where('codigo_alumno', 'in', trozo)
        .execute())
        tomados.add(a.codigo_alumno)
    for (const c of candidatos) if (!tomados.has(c)) codigos.add(c)
  }
  return [...codigos]
}

/** Writes a chunk's plans: new students first, so their enrolments can name them. */
async function escribir(db: Db, planes: Plan[], ahora: Date): Promise<AlumnoInvitado[]> {
  const nuevos = planes.flatMap((p) => (p.alumnoNuevo ? [p.alumnoNuevo] : []))
  const codigos = await codigosNuevos(db, nuevos.length)
  const filasAlumno = nuevos.map((a, i) => {
    const codigo = codigos[i]!
    return {
      ...a,
      codigo_alumno: codigo,
      // No password until the student creates one from the invitation; no password matches ''.
      password_hash: '',
      creado: ahora.toISOString(),
      orden_nombre: nombreParaOrden(a),
    }
  })
  for (const trozo of trozos(filasAlumno, 200)) await db.insertInto('alumnos').values(trozo).execute()
  const terminos = filasAlumno.flatMap((a) => terminosDeAlumno(a).map((termino) => ({ termino, alumno_id: a.id })))
  for (const trozo of trozos(terminos, 1000)) await db.insertInto('alumnos_busqueda').values(trozo).execute()

  for (const plan of planes) {
    if (!plan.alumnoCambios) continue
    const { id, set, reindexar } = plan.alumnoCambios
    await db.updateTable('alumnos').set(set).where('id', '=', id).execute()
    if (reindexar) await indexarAlumno(db, id)
  }
  const solicitudes = planes.flatMap((p) => (p.solicitudNueva ? [p.solicitudNueva] : []))
  for (const trozo of trozos(solicitudes, 200)) await db.insertInto('solicitudes').values(trozo).execute()
  for (const plan of planes) {
    if (!plan.solicitudCambios) continue
    await db
      .updateTable('solicitudes')
      .set(plan.solicitudCambios.set)
      .where('codigo_inscripcion', '=', plan.solicitudCambios.codigo)
      .execute()
  }
  return filasAlumno.map((a) => ({ alumnoId: a.id, email: a.email, nombres: a.nombres }))
}

/**
 * The sign-in e-mail changes of a chunk, once its students are written: each student's sessions
 * end (whoever held one must sign in again, with the new address), the password links sent to the
 * old address stop working, and an audit row of its own says from which address to which.
 */
async function cambiarCorreos(
  db: Db,
  planes: Plan[],
  actor: ActorImportacion,
  ahora: Date,
  importacionId: string,
): Promise<CorreoCambiado[]> {
  const cambiados: CorreoCambiado[] = []
  for (const plan of planes) {
    const cambio = plan.cambioCorreo
    if (!cambio) continue
    await db.deleteFrom('sesiones').where('actor_tipo', '=', 'alumno').where('actor_id', '=', cambio.alumnoId).execute()
    await db
      .updateTable('tokens_recuperacion')
      .set({ usado: ahora.toISOString() })
      .where('alumno_id', '=', cambio.alumnoId)
      .where('usado', 'is', null)
      .execute()
    await db
      .insertInto('auditoria')
      .values({
        ...filaDeAuditoria(actor, ahora),
        accion: 'alumnos.cambiar-correo' satisfies AccionAuditada,
        entidad: 'alumno',
        entidad_id: cambio.alumnoId,
        alumno_id: cambio.alumnoId,
        antes: JSON.stringify({ email: cambio.antes }),
        despues: JSON.stringify({
          email: cambio.despues,
          importacion: importacionId,
          fila: plan.resultado.fila,
          codigoInscripcion: plan.resultado.codigoInscripcion,
        }),
      })
      .execute()
    const { password_hash } = await db
      .selectFrom('alumnos')
      .select('password_hash')
      .where('id', '=', cambio.alumnoId)
      .executeTakeFirstOrThrow()
    cambiados.push({ ...cambio, sinContrasena: password_hash === '' })
  }
  return cambiados
}

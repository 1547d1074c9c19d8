import * as v from 'valibot'
import { EMAIL_PATTERN, MENSAJE_EMAIL_INVALIDO } from './email.ts'
import { esNumeroDocumentoValido } from './documento-identidad.ts'
import { MENSAJE_RUT_INVALIDO, normalizarRut, rutValido } from './rut.ts'
import { normalizarTelefono, TELEFONO_PATTERN, MENSAJE_TELEFONO } from './telefono.ts'
import { cantidad } from './textos.ts'
import { sinCaracteresInvisibles } from './validacion.ts'

// Students and enrolments loaded from the school's CRM: one row per enrolment, carrying its
// student. The same rules serve the file import (CSV, XLSX) and the CRM's integration API: a row
// is checked here alone (`validarFila`) and against the other rows of its file (`validarFilas`);
// what needs the database (the student already in the portal, the commercial assistant, the
// company) is checked by the server with the messages below.

/** The columns, in the order the sample file and the README list them. */
export const COLUMNAS_IMPORTACION = [
  'codigo_inscripcion',
  'email',
  'rut',
  'pasaporte',
  'nombres',
  'apellidos',
  'telefono',
  'celular',
  'cod_grupo',
  'curso',
  'nombre_curso',
  'tipo_curso',
  'fecha_inicio',
  'fecha_termino',
  'anio_curso',
  'horas',
  'arancel',
  'habilita_pago',
  'cod_prospecto',
  'asistente_email',
  'rut_empresa',
] as const
export type ColumnaImportacion = (typeof COLUMNAS_IMPORTACION)[number]

/** Columns a file must have (an empty cell in them is the row's error). */
export const COLUMNAS_OBLIGATORIAS: readonly ColumnaImportacion[] = [
  'codigo_inscripcion',
  'email',
  'nombres',
  'apellidos',
  'cod_grupo',
  'curso',
  'nombre_curso',
  'tipo_curso',
  'fecha_inicio',
  'horas',
  'arancel',
  'cod_prospecto',
  'asistente_email',
]

/** What each column holds, for the README, the screen and the API's documentation. */
export const DESCRIPCION_COLUMNA: Record<ColumnaImportacion, string> = {
  codigo_inscripcion: 'Código de la inscripción en el CRM (único): identifica la inscripción.',
  email: 'Correo del alumno: con él ingresa al portal.',
  rut: 'RUT del alumno, con dígito verificador (con o sin puntos). Vacío si tiene pasaporte.',
  pasaporte: 'Pasaporte o DNI del alumno extranjero. Vacío si tiene RUT.',
  nombres: 'Nombres del alumno.',
  apellidos: 'Apellidos del alumno.',
  telefono: 'Teléfono con código de país (opcional; vacío no cambia el registrado).',
  celular: 'Celular con código de país (opcional; vacío no cambia el registrado).',
  cod_grupo: 'Grupo del programa: 1 (diplomados), 5 (cursos), 85 (magíster) u 86 (estadías clínicas).',
  curso: 'Código del programa.',
  nombre_curso: 'Nombre del programa.',
  tipo_curso: 'Tipo de programa (Diplomado, Curso, Magíster, Estadía Clínica, Derivada, Primaria…).',
  fecha_inicio: 'Fecha de inicio (dd-mm-aaaa o aaaa-mm-dd).',
  fecha_termino: 'Fecha de término (opcional; no anterior al inicio).',
  anio_curso: 'Año del programa (opcional; por omisión, el de la fecha de inicio).',
  horas: 'Horas del programa (número entero).',
  arancel: 'Arancel en pesos, sin decimales (acepta puntos de miles).',
  habilita_pago: 'Si o No: si el alumno puede pagar en línea (vacío es No).',
  cod_prospecto: 'Código del prospecto en el CRM.',
  asistente_email: 'Correo del asistente comercial a cargo (debe existir en el portal).',
  rut_empresa: 'RUT de la empresa que paga (opcional; debe estar registrada en el portal).',
}

/** Program groups the portal knows (their documents, survey and regulations depend on them). */
export const GRUPOS_PROGRAMA = ['1', '5', '85', '86'] as const

export const MAX_TEXTO_CORTO = 100
export const MAX_TEXTO_LARGO = 200

// ---------------------------------------------------------------------------------------------
// Messages, one per rule
// ---------------------------------------------------------------------------------------------

export const MENSAJE_CELDA_OBLIGATORIA = 'Campo obligatorio'
export const MENSAJE_SIN_DOCUMENTO = 'Indique el RUT o el pasaporte del alumno'
export const MENSAJE_DOS_DOCUMENTOS = 'Indique solo uno: RUT o pasaporte'
export const MENSAJE_PASAPORTE_INVALIDO = 'El pasaporte debe tener de 5 a 20 letras, números o guiones'
export const MENSAJE_HORAS_INVALIDAS = 'Las horas deben ser un número entero'
export const MENSAJE_ARANCEL_INVALIDO = 'El arancel debe ser un monto en pesos, sin decimales'
export const MENSAJE_ANIO_IMPORTACION = 'El año debe tener cuatro dígitos'
export const MENSAJE_SI_NO = 'Indique Si o No'
export const MENSAJE_TERMINO_ANTES_DE_INICIO = 'La fecha de término es anterior a la de inicio'
export const MENSAJE_ARCHIVO_VACIO = 'El archivo no tiene filas para importar.'
export const MENSAJE_TIPO_ARCHIVO_IMPORTACION = 'El archivo debe ser CSV o XLSX (Excel).'
export const MENSAJE_ARCHIVO_ILEGIBLE = 'No se pudo leer el archivo: revise que sea un CSV o un XLSX sin daños.'
export const MENSAJE_ARCHIVO_CAMBIO =
  'El archivo no es el mismo de la vista previa. Vuelva a elegirlo y revise la vista previa antes de confirmar.'

/** The largest file and the most rows one import takes (a season's students fit many times over). */
export const MAX_MB_IMPORTACION = 20
export const MAX_FILAS_IMPORTACION = 50_000

// An XLSX is a ZIP of XML files, and a few kilobytes of it can claim a sheet of 16,384 columns or
// unpack to gigabytes. So it is read within these bounds, checked before reading: first the ZIP's
// directory (how many files, and the size each declares unpacked), then the sheet's declared
// dimension; and again while unpacking, since a declared size can lie. A full import (50,000 rows
// of every column above, as Excel or the CRM write it) unpacks to about 38 MB of sheet and 10 MB of
// shared texts: the bounds leave room for a CRM's extra columns and no room for a bomb.

/** The most columns a sheet may declare (Excel 2003's 256, column IV); cells beyond are not read. */
export const MAX_COLUMNAS_PLANILLA = 256
/** The most files inside an XLSX (Excel writes about a dozen). */
export const MAX_ENTRADAS_XLSX = 1_000
/** The most one file inside an XLSX may unpack to (the sheet is the largest). */
export const MAX_MB_DESCOMPRIMIDO_ENTRADA = 100
/** The most all the files inside an XLSX may unpack to together. */
export const MAX_MB_DESCOMPRIMIDO_TOTAL = 200
/** The most characters in one cell: Excel's own limit, so a longer one is not Excel's. */
export const MAX_CARACTERES_CELDA = 32_767

export function mensajeDemasiadasFilas(filas: number): string {
  return `El archivo tiene ${cantidad(filas, 'fila', 'filas')}; se importan hasta ${MAX_FILAS_IMPORTACION.toLocaleString('es-CL')} por vez.`
}
/** When the sheet declares no size and its rows go past the limit: it is not read to its end. */
export const MENSAJE_MAS_FILAS_QUE_EL_MAXIMO = `El archivo tiene más de ${MAX_FILAS_IMPORTACION.toLocaleString('es-CL')} filas; se importan hasta ${MAX_FILAS_IMPORTACION.toLocaleString('es-CL')} por vez.`
export const MENSAJE_XLSX_DESCOMPRIMIDO_GRANDE = `El archivo está dañado o es demasiado grande al descomprimirlo (un XLSX se lee si cada parte ocupa hasta ${MAX_MB_DESCOMPRIMIDO_ENTRADA} MB descomprimida y todas juntas hasta ${MAX_MB_DESCOMPRIMIDO_TOTAL} MB). Guárdelo de nuevo desde Excel o divídalo en varios archivos.`

/** The column's letters in Excel: 1 is A, 27 is AA, 16,384 is XFD. */
export function letrasDeColumna(numero: number): string {
  let letras = ''
  for (let n = numero; n > 0; n = Math.floor((n - 1) / 26)) letras = String.fromCharCode(65 + ((n - 1) % 26)) + letras
  return letras
}

export function mensajeColumnasDeMas(ultima: number): string {
  return `La planilla tiene columnas más allá de la ${letrasDeColumna(MAX_COLUMNAS_PLANILLA)} (llega hasta la ${letrasDeColumna(ultima)}); se leen hasta ${MAX_COLUMNAS_PLANILLA} columnas. Borre las columnas sobrantes o copie los datos a una hoja nueva.`
}
export function mensajeArchivoImportacionGrande(): string {
  return `El archivo supera los ${MAX_MB_IMPORTACION} MB.`
}

export function mensajeTextoLargo(maximo: number): string {
  return `Admite hasta ${cantidad(maximo, 'carácter', 'caracteres')}`
}

export function mensajeGrupoDesconocido(grupo: string): string {
  return `El grupo de programa «${grupo}» no existe (grupos válidos: ${GRUPOS_PROGRAMA.join(', ')})`
}

export function mensajeFechaInvalida(texto: string): string {
  return `«${texto}» no es una fecha (use dd-mm-aaaa o aaaa-mm-dd)`
}

export function mensajeCodigoRepetido(codigo: string, fila: number): string {
  return `El código de inscripción ${codigo} ya aparece en la fila ${fila}`
}

export function mensajeAlumnoDistinto(fila: number): string {
  return `Los datos del alumno no coinciden con los de la fila ${fila}, que tiene su mismo RUT, pasaporte o correo`
}

export function mensajeFaltaColumna(columna: string): string {
  return `Falta la columna obligatoria «${columna}».`
}

export function mensajeColumnaRepetida(columna: string): string {
  return `La columna «${columna}» aparece dos veces.`
}

// What only the database can tell (the server checks these with the same words).
export function mensajeAsistenteDesconocido(email: string): string {
  return `No hay un asistente comercial con el correo ${email} en el portal`
}
export function mensajeEmpresaDesconocida(rut: string): string {
  return `La empresa con RUT ${rut} no está registrada en el portal`
}
export function mensajeInscripcionDeOtroAlumno(codigo: string): string {
  return `La inscripción ${codigo} pertenece a otro alumno del portal`
}
export const MENSAJE_DOCUMENTO_Y_CORREO_DE_OTROS =
  'El RUT o pasaporte y el correo corresponden a dos alumnos distintos del portal'
export const MENSAJE_CORREO_CON_OTRO_DOCUMENTO = 'El correo pertenece a un alumno del portal con otro RUT o pasaporte'

/** The staff's confirmation of the sign-in e-mail changes, on the screen and in its messages. */
export const ETIQUETA_CONFIRMAR_CAMBIOS_CORREO = 'Confirmo los cambios de correo de ingreso'

/** A row that changes a sign-in e-mail, confirmed without that change's own confirmation. */
export function mensajeCambioCorreoSinConfirmar({ antes, despues }: CambioCorreo): string {
  return `Esta fila cambia el correo de ingreso del alumno de ${antes} a ${despues}: no se importó porque ese cambio no se confirmó («${ETIQUETA_CONFIRMAR_CAMBIOS_CORREO}»)`
}

/** How the preview names a change of sign-in e-mail. */
export function describirCambioCorreo({ antes, despues }: CambioCorreo): string {
  return `cambia el correo de ingreso: ${antes} → ${despues}`
}

// ---------------------------------------------------------------------------------------------
// Cells
// ---------------------------------------------------------------------------------------------

/** A cell as a file or the API gives it: text, a number, a date (XLSX), a yes/no, or nothing. */
export type Celda = string | number | boolean | Date | null | undefined

/** A row as read: column name to cell. Unknown columns are ignored. */
export type FilaCruda = Readonly<Record<string, Celda>>

/** A cell as the rules read it: trimmed text, '' when empty. XLSX dates become 'yyyy-mm-dd'. */
export function textoDeCelda(celda: Celda): string {
  if (celda === null || celda === undefined) return ''
  if (celda instanceof Date) return Number.isNaN(celda.getTime()) ? '' : celda.toISOString().slice(0, 10)
  if (typeof celda === 'boolean') return celda ? 'Sí' : 'No'
  return String(celda).trim()
}

/** Without accents, lower-case, words joined by '_': how a header is compared. */
function claveDeColumna(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
}

/** Other names the CRM's exports use for the same columns. */
const ALIAS_COLUMNA: Readonly<Record<string, ColumnaImportacion>> = {
  correo: 'email',
  correo_electronico: 'email',
  e_mail: 'email',
  numero_documento: 'pasaporte',
  dni: 'pasaporte',
  telefono_particular: 'telefono',
  habilita_tb: 'habilita_pago',
  codigo_grupo: 'cod_grupo',
  email_asistente: 'asistente_email',
  correo_asistente: 'asistente_email',
  codigo_prospecto: 'cod_prospecto',
}

/** The column a header names, or null when the portal does not read it. */
export function columnaDeEncabezado(encabezado: string): ColumnaImportacion | null {
  const clave = claveDeColumna(encabezado)
  if ((COLUMNAS_IMPORTACION as readonly string[]).includes(clave)) return clave as ColumnaImportacion
  return ALIAS_COLUMNA[clave] ?? null
}

/**
 * A file's header row: which column each position holds, or the file's errors (a required
 * column missing, a column twice).
 */
export function leerEncabezados(
  encabezados: readonly string[],
): { ok: true; columnas: (ColumnaImportacion | null)[] } | { ok: false; errores: string[] } {
  const columnas = encabezados.map(columnaDeEncabezado)
  const errores: string[] = []
  const vistas = new Set<ColumnaImportacion>()
  for (const columna of columnas) {
    if (!columna) continue
    if (vistas.has(columna)) errores.push(mensajeColumnaRepetida(columna))
    vistas.add(columna)
  }
  for (const columna of COLUMNAS_OBLIGATORIAS) if (!vistas.has(columna)) errores.push(mensajeFaltaColumna(columna))
  return errores.length ? { ok: false, errores } : { ok: true, columnas }
}

// ---------------------------------------------------------------------------------------------
// Dates and numbers as the CRM writes them
// ---------------------------------------------------------------------------------------------

function fechaReal(anio: number, mes: number, dia: number): string | null {
  const fecha = new Date(Date.UTC(anio, mes - 1, dia))
  if (fecha.getUTCFullYear() !== anio || fecha.getUTCMonth() !== mes - 1 || fecha.getUTCDate() !== dia) return null
  if (anio < 1900 || anio > 2200) return null
  return fecha.toISOString().slice(0, 10)
}

/**
 * 'yyyy-mm-dd' from 'dd-mm-aaaa', 'dd/mm/aaaa', 'aaaa-mm-dd' or 'aaaa/mm/dd' (a time after it,
 * as some exports add, is ignored), or null when it is not a calendar date.
 */
export function leerFecha(texto: string): string | null {
  const sinHora = texto.trim().split(/[T\s]/)[0] ?? ''
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(sinHora)
  if (m) return fechaReal(Number(m[1]), Number(m[2]), Number(m[3]))
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(sinHora)
  if (m) return fechaReal(Number(m[3]), Number(m[2]), Number(m[1]))
  return null
}

/** Whole pesos from '1.900.000', '$ 1900000' or 1900000; null for decimals or anything else. */
export function leerMonto(texto: string): number | null {
  const limpio = texto.replace(/[$\s]/g, '')
  if (/^\d{1,3}(\.\d{3})+$/.test(limpio)) return Number(limpio.replace(/\./g, ''))
  if (/^\d{1,12}$/.test(limpio)) return Number(limpio)
  return null
}

const SI = ['si', 'sí', 's', '1', 'true', 'verdadero', 'x']
const NO = ['no', 'n', '0', 'false', 'falso', '']

export function leerSiNo(texto: string): boolean | null {
  const t = texto.trim().toLowerCase()
  if (SI.includes(t)) return true
  if (NO.includes(t)) return false
  return null
}

// ---------------------------------------------------------------------------------------------
// One row
// ---------------------------------------------------------------------------------------------

/** The student a row carries, normalised as the portal stores it. */
export type AlumnoImportado = {
  email: string
  /** Normalised RUT ('12345678-5'), or null with a passport. */
  rut: string | null
  /** Passport or DNI, upper-case, or null with a RUT. */
  pasaporte: string | null
  nombres: string
  apellidos: string
  /** Null when the cell was empty: what the portal holds stays. */
  telefono: string | null
  celular: string | null
}

/** The enrolment a row carries. */
export type InscripcionImportada = {
  codigoInscripcion: string
  codGrupo: string
  curso: string
  nombreCurso: string
  tipoCurso: string
  fechaInicio: string
  fechaTermino: string | null
  anioCurso: number
  horas: number
  arancel: number
  habilitaPago: boolean
  codProspecto: string
  asistenteEmail: string
  rutEmpresa: string | null
}

export type FilaImportacion = { alumno: AlumnoImportado; inscripcion: InscripcionImportada }

/** An error of a row: the column it is about (null when about the row as a whole) and why. */
export type ErrorFila = { columna: ColumnaImportacion | null; mensaje: string }

export type FilaValidada = { ok: true; fila: FilaImportacion } | { ok: false; errores: ErrorFila[] }

/**
 * A name, code or title: the student's own form's text rule (nothing invisible or of control), so
 * what the CRM sends can be printed on a certificate and shown on a screen as what it is.
 */
function texto(maximo: number, obligatorio: boolean) {
  return v.pipe(
    v.string(),
    sinCaracteresInvisibles(),
    v.check((t) => !obligatorio || t !== '', MENSAJE_CELDA_OBLIGATORIA),
    v.maxLength(maximo, mensajeTextoLargo(maximo)),
  )
}

function opcional<T>(leer: (t: string) => T | null, mensaje: (t: string) => string) {
  return v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      if (dataset.value === '') return null
      const valor = leer(dataset.value)
      if (valor === null) {
        addIssue({ message: mensaje(dataset.value) })
        return NEVER
      }
      return valor
    }),
  )
}

function obligatorio<T>(leer: (t: string) => T | null, mensaje: (t: string) => string) {
  return v.pipe(
    v.string(),
    v.nonEmpty(MENSAJE_CELDA_OBLIGATORIA),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const valor = leer(dataset.value)
      if (valor === null) {
        addIssue({ message: mensaje(dataset.value) })
        return NEVER
      }
      return valor
    }),
  )
}

function leerTelefono(t: string): string | null {
  const normal = normalizarTelefono(t)
  return TELEFONO_PATTERN.test(normal) ? normal : null
}

/**
 * The row's cells, each read and checked on its own (text in, typed values out). Every column
 * is a string here: `textoDeCelda` turns numbers, dates and empty cells into text first.
 */
export const filaImportacionSchema = v.object({
  codigo_inscripcion: v.pipe(texto(MAX_TEXTO_CORTO, true), v.toUpperCase()),
  email: v.pipe(
    v.string(),
    v.nonEmpty(MENSAJE_CELDA_OBLIGATORIA),
    sinCaracteresInvisibles(),
    v.maxLength(254, MENSAJE_EMAIL_INVALIDO),
    v.regex(EMAIL_PATTERN, MENSAJE_EMAIL_INVALIDO),
    v.toLowerCase(),
  ),
  rut: opcional(
    (t) => (rutValido(t) ? normalizarRut(t) : null),
    () => MENSAJE_RUT_INVALIDO,
  ),
  pasaporte: opcional(
    (t) => (esNumeroDocumentoValido(t) ? t.toUpperCase() : null),
    () => MENSAJE_PASAPORTE_INVALIDO,
  ),
  nombres: texto(MAX_TEXTO_CORTO, true),
  apellidos: texto(MAX_TEXTO_CORTO, true),
  telefono: opcional(leerTelefono, () => MENSAJE_TELEFONO),
  celular: opcional(leerTelefono, () => MENSAJE_TELEFONO),
  cod_grupo: v.pipe(
    v.string(),
    v.nonEmpty(MENSAJE_CELDA_OBLIGATORIA),
    v.check(
      (g) => (GRUPOS_PROGRAMA as readonly string[]).includes(g),
      (issue) => mensajeGrupoDesconocido(String(issue.input)),
    ),
  ),
  curso: texto(MAX_TEXTO_CORTO, true),
  nombre_curso: texto(MAX_TEXTO_LARGO, true),
  tipo_curso: texto(MAX_TEXTO_CORTO, true),
  fecha_inicio: obligatorio(leerFecha, mensajeFechaInvalida),
  fecha_termino: opcional(leerFecha, mensajeFechaInvalida),
  anio_curso: opcional(
    (t) => (/^\d{4}$/.test(t) ? Number(t) : null),
    () => MENSAJE_ANIO_IMPORTACION,
  ),
  horas: obligatorio(
    (t) => (/^\d{1,5}$/.test(t) ? Number(t) : null),
    () => MENSAJE_HORAS_INVALIDAS,
  ),
  arancel: obligatorio(leerMonto, () => MENSAJE_ARANCEL_INVALIDO),
  habilita_pago: v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const valor = leerSiNo(dataset.value)
      if (valor === null) {
        addIssue({ message: MENSAJE_SI_NO })
        return NEVER
      }
      return valor
    }),
  ),
  cod_prospecto: texto(MAX_TEXTO_CORTO, true),
  asistente_email: v.pipe(
    v.string(),
    v.nonEmpty(MENSAJE_CELDA_OBLIGATORIA),
    sinCaracteresInvisibles(),
    v.regex(EMAIL_PATTERN, MENSAJE_EMAIL_INVALIDO),
    v.toLowerCase(),
  ),
  rut_empresa: opcional(
    (t) => (rutValido(t) ? normalizarRut(t) : null),
    () => MENSAJE_RUT_INVALIDO,
  ),
})

/** One row checked on its own: typed and normalised, or every error it has. */
export function validarFila(cruda: FilaCruda): FilaValidada {
  const textos = Object.fromEntries(
    COLUMNAS_IMPORTACION.map((columna) => [columna, textoDeCelda(cruda[columna])]),
  ) as Record<ColumnaImportacion, string>
  const resultado = v.safeParse(filaImportacionSchema, textos, { abortPipeEarly: true })
  const errores: ErrorFila[] = resultado.success
    ? []
    : resultado.issues.map((issue) => ({
        columna: (issue.path?.[0]?.key as ColumnaImportacion | undefined) ?? null,
        mensaje: issue.message,
      }))
  if (textos.rut === '' && textos.pasaporte === '') errores.push({ columna: 'rut', mensaje: MENSAJE_SIN_DOCUMENTO })
  if (textos.rut !== '' && textos.pasaporte !== '')
    errores.push({ columna: 'pasaporte', mensaje: MENSAJE_DOS_DOCUMENTOS })
  if (!resultado.success || errores.length) return { ok: false, errores }
  const d = resultado.output
  if (d.fecha_termino !== null && d.fecha_termino < d.fecha_inicio)
    return { ok: false, errores: [{ columna: 'fecha_termino', mensaje: MENSAJE_TERMINO_ANTES_DE_INICIO }] }
  return {
    ok: true,
    fila: {
      alumno: {
        email: d.email,
        rut: d.rut,
        pasaporte: d.pasaporte,
        nombres: d.nombres,
        apellidos: d.apellidos,
        telefono: d.telefono,
        celular: d.celular,
      },
      inscripcion: {
        codigoInscripcion: d.codigo_inscripcion,
        codGrupo: d.cod_grupo,
        curso: d.curso,
        nombreCurso: d.nombre_curso,
        tipoCurso: d.tipo_curso,
        fechaInicio: d.fecha_inicio,
        fechaTermino: d.fecha_termino,
        anioCurso: d.anio_curso ?? Number(d.fecha_inicio.slice(0, 4)),
        horas: d.horas,
        arancel: d.arancel,
        habilitaPago: d.habilita_pago,
        codProspecto: d.cod_prospecto,
        asistenteEmail: d.asistente_email,
        rutEmpresa: d.rut_empresa,
      },
    },
  }
}

/**
 * How rows are numbered in messages and outcomes: the first row's number (2 in a file whose row 1
 * is the header; 1 in an API call), or each row's own number (a file with blank rows skipped).
 */
export type Numeracion = number | readonly number[]

export function numeroDeFila(numeracion: Numeracion): (indice: number) => number {
  return typeof numeracion === 'number' ? (indice) => indice + numeracion : (indice) => numeracion[indice] ?? indice + 1
}

/** The keys a student is recognised by: RUT or passport, and e-mail. */
export function clavesDeAlumno(alumno: Pick<AlumnoImportado, 'email' | 'rut' | 'pasaporte'>): string[] {
  return [alumno.rut ? `rut:${alumno.rut}` : `pasaporte:${alumno.pasaporte ?? ''}`, `email:${alumno.email}`]
}

function mismoAlumno(a: AlumnoImportado, b: AlumnoImportado): boolean {
  return (
    a.email === b.email &&
    a.rut === b.rut &&
    a.pasaporte === b.pasaporte &&
    a.nombres === b.nombres &&
    a.apellidos === b.apellidos &&
    a.telefono === b.telefono &&
    a.celular === b.celular
  )
}

/**
 * Every row of a file (or of one API call), checked alone and against the rows before it: an
 * enrolment code only once, and rows that name the same student (same RUT, passport or e-mail)
 * with the same student data, so the result never depends on the rows' order and importing
 * the file again changes nothing. Messages name rows by number (see `Numeracion`).
 *
 * A repeated enrolment code is reported whatever other errors either row has: were it reported
 * only between valid rows, a file whose first copy had another error would, once corrected,
 * overwrite one enrolment with the other's program.
 */
export function validarFilas(filas: readonly FilaCruda[], numeracion: Numeracion = 1): FilaValidada[] {
  const numero = numeroDeFila(numeracion)
  const codigos = new Map<string, number>()
  const alumnos = new Map<string, { fila: number; alumno: AlumnoImportado }>()
  return filas.map((cruda, indice) => {
    const validada = validarFila(cruda)
    const errores: ErrorFila[] = validada.ok ? [] : [...validada.errores]
    const codigo = textoDeCelda(cruda.codigo_inscripcion).toUpperCase()
    const previo = codigos.get(codigo)
    if (previo !== undefined)
      errores.push({ columna: 'codigo_inscripcion', mensaje: mensajeCodigoRepetido(codigo, previo) })
    else if (codigo !== '') codigos.set(codigo, numero(indice))
    if (!validada.ok) return { ok: false, errores }
    const { alumno } = validada.fila
    for (const clave of clavesDeAlumno(alumno)) {
      const otro = alumnos.get(clave)
      if (otro && !mismoAlumno(otro.alumno, alumno)) {
        errores.push({ columna: null, mensaje: mensajeAlumnoDistinto(otro.fila) })
        break
      }
    }
    if (errores.length) return { ok: false, errores }
    for (const clave of clavesDeAlumno(alumno))
      if (!alumnos.has(clave)) alumnos.set(clave, { fila: numero(indice), alumno })
    return validada
  })
}

// ---------------------------------------------------------------------------------------------
// Outcomes
// ---------------------------------------------------------------------------------------------

export const RESULTADOS_FILA = ['se creará', 'se actualizará', 'sin cambios', 'error'] as const
export type TipoResultadoFila = (typeof RESULTADOS_FILA)[number]

/** What becomes of a row's student or enrolment. */
export type Cambio = 'nuevo' | 'actualizado' | 'sin cambios'

/**
 * A row that names a student of the portal by RUT or passport and gives another e-mail changes
 * the address the student signs in with, and where their password links go. That is never a
 * column like the others: the preview names it, it is applied only when confirmed on its own
 * (the staff's confirmation, or a CRM key with its own permission), the old address is told, the
 * student's sessions end and the change has its own audit row.
 */
export type CambioCorreo = { antes: string; despues: string }

export type ResultadoFila =
  | {
      /** The row's number in its file (the header is row 1), or its position in an API call. */
      fila: number
      codigoInscripcion: string
      resultado: 'se creará' | 'se actualizará' | 'sin cambios'
      alumno: Cambio
      inscripcion: Cambio
      /**
       * The columns whose value changes in a student or an enrolment already in the portal (a new
       * one's columns are not listed; empty when nothing changes).
       */
      campos: ColumnaImportacion[]
      /** Present when the row changes the student's sign-in e-mail. */
      cambioCorreo?: CambioCorreo
    }
  | { fila: number; codigoInscripcion: string | null; resultado: 'error'; errores: ErrorFila[] }

/** A row's outcome from what becomes of its student and its enrolment. */
export function tipoResultado(alumno: Cambio, inscripcion: Cambio): 'se creará' | 'se actualizará' | 'sin cambios' {
  if (inscripcion === 'nuevo') return 'se creará'
  if (alumno === 'sin cambios' && inscripcion === 'sin cambios') return 'sin cambios'
  return 'se actualizará'
}

export type ConteoResultados = Record<TipoResultadoFila, number>

/** The rows that change a student's sign-in e-mail, by their number. */
export function filasConCambioDeCorreo(resultados: readonly ResultadoFila[]): number[] {
  return resultados.flatMap((r) => (r.resultado !== 'error' && r.cambioCorreo ? [r.fila] : []))
}

export function contarResultados(resultados: readonly Pick<ResultadoFila, 'resultado'>[]): ConteoResultados {
  const conteo: ConteoResultados = { 'se creará': 0, 'se actualizará': 0, 'sin cambios': 0, error: 0 }
  for (const r of resultados) conteo[r.resultado]++
  return conteo
}

/** How the screen names each outcome, before and after the import is confirmed. */
export const ETIQUETA_RESULTADO: Record<TipoResultadoFila, { previa: string; aplicada: string }> = {
  'se creará': { previa: 'Se creará', aplicada: 'Creada' },
  'se actualizará': { previa: 'Se actualizará', aplicada: 'Actualizada' },
  'sin cambios': { previa: 'Sin cambios', aplicada: 'Sin cambios' },
  error: { previa: 'Con errores', aplicada: 'No importada' },
}

// ---------------------------------------------------------------------------------------------
// The back office's import screen and its endpoints (/api/admin/importacion)
// ---------------------------------------------------------------------------------------------

/** The file's SHA-256 in hex: the preview names the file, the confirmation must send the same. */
export const HUELLA_PATTERN = /^[0-9a-f]{64}$/

/** What the preview answers: every row's outcome, nothing written. */
export type RespuestaPreviaImportacion = {
  archivo: string
  huella: string
  conteo: ConteoResultados
  resultados: ResultadoFila[]
}

/** What the confirmation answers: every row's outcome once applied. */
export type RespuestaImportacion = {
  archivo: string
  conteo: ConteoResultados
  resultados: ResultadoFila[]
  /** New students, each sent an invitation to create their password. */
  alumnosInvitados: number
  /** Students whose sign-in e-mail changed: each old address was told. */
  correosCambiados: number
}

/**
 * The confirmation's field naming, comma-separated, the rows whose change of sign-in e-mail the
 * staff confirmed (those the preview showed). A row that changes an e-mail and is not named here
 * is not imported.
 */
export const CAMPO_CAMBIOS_CORREO = 'cambiosDeCorreo'

/** The rows a confirmation names in `CAMPO_CAMBIOS_CORREO`; anything that is not a row number is ignored. */
export function leerFilasConfirmadas(texto: string | null | undefined): Set<number> {
  const filas = new Set<number>()
  for (const parte of (texto ?? '').split(',')) {
    const limpia = parte.trim()
    if (/^\d{1,7}$/.test(limpia)) filas.add(Number(limpia))
  }
  return filas
}

/** A file that cannot be imported at all (not CSV/XLSX, missing columns…): every reason. */
export type RechazoArchivoImportacion = { error: string; errores: string[] }

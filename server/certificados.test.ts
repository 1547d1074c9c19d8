import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Migrator, sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { borrarBaseDePrueba, opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import {
  MENSAJE_ARCHIVO_NO_CORRESPONDE,
  MENSAJE_DOCUMENTO_NO_EMITIDO,
  MENSAJE_ELIJA_PDF,
  MENSAJE_NO_ES_PDF,
  MENSAJE_SOLO_PDF,
} from '../src/domain/certificado.ts'
import {
  clienteDePrueba,
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { construirConfig } from './config.ts'
import { abrirBaseDeDatos, migrar } from './db/connection.ts'
import { proveedorMigraciones } from './db/migrations/index.ts'
import { asistentePortal } from './db/seed/base.ts'
import {
  alumnosDemo,
  asistentesDemo,
  DEMO_CERTIFICADO_ACLS,
  DEMO_CERTIFICADO_VALIDO,
  DEMO_CUENTAS,
  solicitudesDemo,
} from './db/seed/demo.ts'

let server: ServidorDePrueba
/** The demo certificate's signed PDF as its holder downloads it. */
let pdfCertificado: Uint8Array

beforeAll(async () => {
  server = await iniciarServidorDePrueba({ throttle: 'off' })
  pdfCertificado = await descargar(server, DEMO_CERTIFICADO_VALIDO)
})
afterAll(() => server.close())

async function descargar(servidor: ServidorDePrueba, codigo: string): Promise<Uint8Array> {
  const alumna = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
  const res = await alumna.get(`/api/documentos-emitidos/${codigo}`)
  expect(res.status).toBe(200)
  return new Uint8Array(await res.arrayBuffer())
}

const validar = (codValidador: unknown) =>
  clienteDePrueba(server.url).post('/api/certificados/validar', { codValidador })

const verificarArchivo = (bytes: Uint8Array, tipo = 'application/pdf', url = server.url) =>
  clienteDePrueba(url).post('/api/certificados/verificar-archivo', bytes, { 'content-type': tipo })

/** The code of the demo student's document of that type on that enrolment. */
async function codigoDemo(codTipo: string, codigoInscripcion: string): Promise<string> {
  const [fila] = (await consultarDb(
    server.dataDir,
    'SELECT codigo FROM documentos_emitidos WHERE cod_tipo_documento = ? AND codigo_inscripcion = ?',
    codTipo,
    codigoInscripcion,
  )) as { codigo: string }[]
  if (!fila) throw new Error(`sin documento ${codTipo} en ${codigoInscripcion}`)
  return fila.codigo
}

/** Revokes a document for the length of `prueba`, then restores it. */
async function conRevocado(codigo: string, revocadoEn: string, prueba: () => Promise<void>): Promise<void> {
  await consultarDb(
    server.dataDir,
    'UPDATE documentos_emitidos SET revocado_en = ? WHERE codigo = ?',
    revocadoEn,
    codigo,
  )
  try {
    await prueba()
  } finally {
    await consultarDb(server.dataDir, 'UPDATE documentos_emitidos SET revocado_en = NULL WHERE codigo = ?', codigo)
  }
}

const descripcionCertificado = {
  codigo: DEMO_CERTIFICADO_VALIDO,
  codTipoDocumento: '35',
  tipo: 'Certificado Programa',
  titular: 'Camila Andrea Rojas Soto',
  programa: 'Diplomado en Medicina Intensiva del Adulto',
  fechaEmision: '2025-01-17',
  revocadoEn: null,
}

const respuestaCertificadoValido = {
  status: 1,
  data: {
    codProspecto: 'PRO-0081452',
    msgvalido:
      'Certificado Programa válido: certifica que Camila Andrea Rojas Soto aprobó el programa Diplomado en Medicina Intensiva del Adulto. Emitido por la escuela el 17 de enero de 2025.',
    documento: descripcionCertificado,
  },
  msg: 'Certificado Programa válido',
}

test('a valid code answers status 1 with the prospect code, a sentence and the description of what it certifies', async () => {
  const res = await validar(DEMO_CERTIFICADO_VALIDO)
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual(respuestaCertificadoValido)
})

test("each kind of document is told as what it is: signed regulations, a program's payment receipt", async () => {
  const reglamento = (await (await validar(await codigoDemo('6', 'INS-24-20117'))).json()) as {
    status: number
    data: { msgvalido: string; documento: { tipo: string; titular: string; programa: string } }
    msg: string
  }
  expect(reglamento.status).toBe(1)
  expect(reglamento.msg).toBe('Reglamento Firmado válido')
  expect(reglamento.data.documento).toMatchObject({ tipo: 'Reglamento Firmado', titular: 'Camila Andrea Rojas Soto' })
  expect(reglamento.data.msgvalido).toContain('aceptó con firma electrónica el reglamento del programa')
  expect(reglamento.data.msgvalido).not.toContain('aprobó')

  // The portal's own receipt of a program's fee (once called an invoice) keeps its code and validation.
  const comprobante = (await (await validar(await codigoDemo('30', 'INS-24-20117'))).json()) as typeof reglamento
  expect(comprobante.status).toBe(1)
  expect(comprobante.msg).toBe('Comprobante de Pago del Programa válido')
  expect(comprobante.data.documento.tipo).toBe('Comprobante de Pago del Programa')
  expect(comprobante.data.msgvalido).toMatch(/^Comprobante de Pago del Programa válido: pago del programa /)
})

test('a revoked code is not valid, and the reply says it was revoked, when, and what it was', async () => {
  await conRevocado(DEMO_CERTIFICADO_VALIDO, '2026-03-02T15:30:00.000Z', async () => {
    const res = await validar(DEMO_CERTIFICADO_VALIDO)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      status: 0,
      msg: 'Certificado Programa revocado por la escuela el 2 de marzo de 2026: ya no es válido.',
      revocado: true,
      documento: { ...descripcionCertificado, revocadoEn: '2026-03-02' },
    })
  })
  expect((await (await validar(DEMO_CERTIFICADO_VALIDO)).json()).status).toBe(1)
})

test('a revocation is dated in Chile: late evening there is already the next day in UTC', async () => {
  await conRevocado(DEMO_CERTIFICADO_VALIDO, '2026-03-03T02:00:00.000Z', async () => {
    const cuerpo = (await (await validar(DEMO_CERTIFICADO_VALIDO)).json()) as { msg: string }
    expect(cuerpo.msg).toContain('el 2 de marzo de 2026')
  })
})

test('the signed PDF of a document, uploaded as it was downloaded, is recognised as that document', async () => {
  expect(new TextDecoder().decode(pdfCertificado.slice(0, 5))).toBe('%PDF-')
  const res = await verificarArchivo(pdfCertificado)
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual(respuestaCertificadoValido)

  const otro = await verificarArchivo(await descargar(server, DEMO_CERTIFICADO_ACLS))
  expect(((await otro.json()) as { data: { documento: { codigo: string } } }).data.documento.codigo).toBe(
    DEMO_CERTIFICADO_ACLS,
  )
})

test('a PDF with one byte changed matches no document', async () => {
  for (const posicion of [pdfCertificado.length >> 1, pdfCertificado.length - 2]) {
    const cambiado = pdfCertificado.slice()
    cambiado[posicion] = (cambiado[posicion] ?? 0) ^ 0x01
    const res = await verificarArchivo(cambiado)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 0, msg: MENSAJE_ARCHIVO_NO_CORRESPONDE, revocado: false })
  }
  // One byte more at the end is another file too.
  const alargado = new Uint8Array([...pdfCertificado, 0x0a])
  expect(await (await verificarArchivo(alargado)).json()).toEqual({
    status: 0,
    msg: MENSAJE_ARCHIVO_NO_CORRESPONDE,
    revocado: false,
  })
})

test("a revoked document's file is reported as revoked", async () => {
  await conRevocado(DEMO_CERTIFICADO_VALIDO, '2026-03-02', async () => {
    expect(await (await verificarArchivo(pdfCertificado)).json()).toEqual({
      status: 0,
      msg: 'Certificado Programa revocado por la escuela el 2 de marzo de 2026: ya no es válido.',
      revocado: true,
      documento: { ...descripcionCertificado, revocadoEn: '2026-03-02' },
    })
  })
})

test('only a PDF is checked: other content, an empty body or another declared type are refused in Spanish', async () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])
  const html = new TextEncoder().encode('<html><body>%PDF-1.7</body></html>')
  for (const bytes of [png, html]) {
    const res = await verificarArchivo(bytes)
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({ status: 0, msg: MENSAJE_NO_ES_PDF, error: MENSAJE_NO_ES_PDF })
  }
  const vacio = await verificarArchivo(new Uint8Array())
  expect(vacio.status).toBe(400)
  expect((await vacio.json()).msg).toBe(MENSAJE_ELIJA_PDF)
  for (const tipo of ['application/octet-stream', 'multipart/form-data; boundary=x', 'application/json']) {
    const res = await verificarArchivo(pdfCertificado, tipo)
    expect(res.status, tipo).toBe(415)
    expect((await res.json()).error).toBe(MENSAJE_SOLO_PDF)
  }
})

test('a file over the upload size limit is refused with 413 before it is read', async () => {
  const grande = new Uint8Array(5 * 1024 * 1024 + 1)
  grande.set(pdfCertificado)
  const res = await verificarArchivo(grande)
  expect(res.status).toBe(413)
  expect(await res.json()).toEqual({ error: 'El archivo supera el tamaño máximo permitido de 5 MB.' })
  // Exactly the limit is still read (and is no document).
  const justo = grande.slice(0, 5 * 1024 * 1024)
  expect(await (await verificarArchivo(justo)).json()).toEqual({
    status: 0,
    msg: MENSAJE_ARCHIVO_NO_CORRESPONDE,
    revocado: false,
  })
})

test('checks by code and by file share one per-IP limit, then get 429 with Retry-After', async () => {
  const limitado = await iniciarServidorDePrueba({
    config: { limites: { ...construirConfig({}).limites, validacionIp: { max: 3, ventanaMs: 600_000 } } },
  })
  try {
    const archivo = await descargar(limitado, DEMO_CERTIFICADO_VALIDO)
    const cliente = clienteDePrueba(limitado.url)
    const porCodigo = () => cliente.post('/api/certificados/validar', { codValidador: DEMO_CERTIFICADO_VALIDO })
    const porArchivo = () =>
      cliente.post('/api/certificados/verificar-archivo', archivo, { 'content-type': 'application/pdf' })
    expect((await porCodigo()).status).toBe(200)
    expect((await porArchivo()).status).toBe(200)
    expect((await porCodigo()).status).toBe(200)
    for (const intento of [porArchivo, porCodigo]) {
      const res = await intento()
      expect(res.status).toBe(429)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await res.json()).toEqual({
        error: 'Demasiados intentos. Espere unos minutos e intente nuevamente.',
        status: 0,
        msg: 'Demasiados intentos. Espere unos minutos e intente nuevamente.',
      })
    }
  } finally {
    await limitado.close()
  }
})

test('a certificate records what it certified when issued, and the validator shows that after the profile changes', async () => {
  const [fila] = await consultarDb(
    server.dataDir,
    'SELECT titular_nombre, titular_tipo_documento, titular_documento, programa, fecha_emision FROM documentos_emitidos WHERE codigo = ?',
    DEMO_CERTIFICADO_VALIDO,
  )
  expect(fila).toEqual({
    titular_nombre: 'Camila Andrea Rojas Soto',
    titular_tipo_documento: 'RUT',
    titular_documento: '16789432-1',
    programa: 'Diplomado en Medicina Intensiva del Adulto',
    fecha_emision: '2025-01-17',
  })
  await consultarDb(
    server.dataDir,
    "UPDATE alumnos SET nombres = 'Otra Persona', apellidos = 'Distinta', rut = '11111111-1' WHERE id = 'alumno-estudiante'",
  )
  await consultarDb(
    server.dataDir,
    "UPDATE solicitudes SET cod_prospecto = 'PRO-CAMBIADO' WHERE codigo_inscripcion = 'INS-24-20117'",
  )
  try {
    const cuerpo = (await (await validar(DEMO_CERTIFICADO_VALIDO)).json()) as {
      data: { codProspecto: string; msgvalido: string }
    }
    expect(cuerpo.data.msgvalido).toContain('Camila Andrea Rojas Soto')
    expect(cuerpo.data.msgvalido).not.toContain('Otra Persona')
    expect(cuerpo.data.codProspecto).toBe('PRO-0081452')
  } finally {
    await consultarDb(
      server.dataDir,
      "UPDATE alumnos SET nombres = 'Camila Andrea', apellidos = 'Rojas Soto', rut = '16789432-1' WHERE id = 'alumno-estudiante'",
    )
    await consultarDb(
      server.dataDir,
      "UPDATE solicitudes SET cod_prospecto = 'PRO-0081452' WHERE codigo_inscripcion = 'INS-24-20117'",
    )
  }
})

test('the code is matched regardless of case and surrounding spaces', async () => {
  expect((await (await validar(` ${DEMO_CERTIFICADO_VALIDO.toLowerCase()} `)).json()).status).toBe(1)
})

test('an unknown code answers status 0 with a Spanish message', async () => {
  const res = await validar('ZZZZZZZZZZZZZZZZZZZZZZZZZZZZ')
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({ status: 0, msg: MENSAJE_DOCUMENTO_NO_EMITIDO, revocado: false })
  expect(MENSAJE_DOCUMENTO_NO_EMITIDO).toBe(
    'El código ingresado no corresponde a ningún documento emitido por la escuela.',
  )
})

test('a code over 64 characters, or an empty one, is a 400 with the spec message', async () => {
  const largo = await validar('A'.repeat(65))
  expect(largo.status).toBe(400)
  expect(await largo.json()).toMatchObject({
    status: 0,
    msg: 'El código ingresado no corresponde',
    error: 'El código ingresado no corresponde',
  })
  const vacio = await validar('  ')
  expect(vacio.status).toBe(400)
  expect((await vacio.json()).msg).toBe('Ingrese el código del certificado')
  // 64 characters is still a code to look up.
  expect((await (await validar('A'.repeat(64))).json()).status).toBe(0)
})

test('certificates issued before the holder was recorded take it from the profile, and stay valid codes without a file once documents are issued with files', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-certificados-'))
  const db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(dataDir))
  try {
    const previa = await new Migrator({ db, provider: proveedorMigraciones }).migrateTo(
      '0002-persona-idempotencia-archivos',
    )
    expect(previa.error).toBeUndefined()
    await db
      .insertInto('asistentes')
      .values([asistentePortal('portal@postgrado-demo.cl'), ...asistentesDemo()])
      .execute()
    await db.insertInto('alumnos').values(alumnosDemo('sin-clave', '2024-01-01T00:00:00.000Z')).execute()
    // The enrolments as they were then, before they recorded hours, fees and billing companies.
    await db
      .insertInto('solicitudes')
      // Typed as today's table, which has more columns than this migration had.
      .values(solicitudesDemo.map((s) => omitir(s, ['horas', 'fecha_termino', 'arancel', 'rut_empresa'])) as never)
      .execute()
    await sql`insert into certificados (codigo, alumno_id, codigo_inscripcion, fecha_emision, programa)
      values ('ANTIGUO-RUT', 'alumno-estudiante', 'INS-24-20117', '2025-01-17', 'Diplomado en Medicina Intensiva del Adulto'),
             ('ANTIGUO-PASAPORTE', 'alumno-extranjera', 'INS-25-30688', '2026-01-20', 'Diplomado en Medicina de Urgencia')`.execute(
      db,
    )

    await migrar(db)
    const filas = await db
      .selectFrom('documentos_emitidos')
      .select([
        'codigo',
        'cod_tipo_documento',
        'titular_nombre',
        'titular_tipo_documento',
        'titular_documento',
        'cod_prospecto',
        'blob_clave',
      ])
      .orderBy('codigo')
      .execute()
    expect(filas).toEqual([
      {
        codigo: 'ANTIGUO-PASAPORTE',
        cod_tipo_documento: '35',
        titular_nombre: 'Valentina García Pérez',
        titular_tipo_documento: 'PASAPORTE',
        titular_documento: 'AAF482913',
        cod_prospecto: expect.stringMatching(/^PRO-/),
        blob_clave: null,
      },
      {
        codigo: 'ANTIGUO-RUT',
        cod_tipo_documento: '35',
        titular_nombre: 'Camila Andrea Rojas Soto',
        titular_tipo_documento: 'RUT',
        titular_documento: '16789432-1',
        cod_prospecto: 'PRO-0081452',
        blob_clave: null,
      },
    ])
  } finally {
    await db.destroy()
    rmSync(dataDir, { recursive: true, force: true })
    await borrarBaseDePrueba(dataDir)
  }
})

function omitir<T extends object>(objeto: T, claves: readonly (keyof T)[]): Partial<T> {
  return Object.fromEntries(Object.entries(objeto).filter(([k]) => !claves.includes(k as keyof T))) as Partial<T>
}

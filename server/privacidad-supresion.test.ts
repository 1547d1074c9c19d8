// Suppression of a student's data (server/privacidad/supresion.ts), on SQLite and
// PostgreSQL, with the files on disk and in S3: the student's files are removed from the store,
// what the law keeps is kept (payments, issued documents, the audit trail), another student with
// the same name is untouched, a second run changes nothing, and a run killed halfway (a child
// process killed while it deletes the files) is finished by the next.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { Upload } from '@tus/utils'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { REGISTRO_DATOS } from '../src/domain/registro-datos.ts'
import { borrarBaseDePrueba, carpetaConPlantilla, opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import { iniciarS3, type S3DePrueba } from '../tests/support/s3.ts'
import { blobStoreEnDisco, nuevaClaveBlob, type BlobStore } from './blobs.ts'
import { blobStoreEnS3 } from './blobs-s3.ts'
import { abrirBaseDeDatos, migrar, type Db } from './db/connection.ts'
import { suprimirDatosAlumno, type DependenciasSupresion } from './privacidad/supresion.ts'
import { verificarPassword } from './seguridad/password.ts'
import { almacenDeSubidas, type AlmacenSubidas } from './subidas/tus.ts'

const AHORA = new Date('2026-12-10T12:00:00.000Z')
const HASH = 'scrypt$16384$8$1$c2FsdA==$aGFzaA=='

type Sembrado = { id: string; email: string; blobs: string[]; emitido: string; subida: string }

/** A student with a row in every table that holds a student's data, and files in the stores. */
export async function sembrarAlumno(
  db: Db,
  blobs: BlobStore,
  subidas: AlmacenSubidas,
  id: string,
  n: number,
): Promise<Sembrado> {
  const email = `${id}@prueba.cl`
  const ahora = AHORA.toISOString()
  const asistente = await db.selectFrom('asistentes').select('id').executeTakeFirstOrThrow()
  const concurso = await db.selectFrom('concursos').select('id').executeTakeFirstOrThrow()
  const archivo = async () => {
    const clave = nuevaClaveBlob()
    await blobs.put(clave, new TextEncoder().encode(`archivo de ${id} ${clave}`))
    return clave
  }
  const [foto, doc, post, emitido, zip] = [
    await archivo(),
    await archivo(),
    await archivo(),
    await archivo(),
    await archivo(),
  ]
  await db
    .insertInto('alumnos')
    .values({
      id,
      email,
      password_hash: HASH,
      rut: `${10_000_000 + n}-${n}`,
      tipo_documento: null,
      numero_documento: null,
      // Both students are called the same: only the id tells them apart.
      nombres: 'María José',
      apellidos: 'Pérez Soto',
      codigo_alumno: `COD-${id}`,
      asistente_id: asistente.id,
      sexoregistral: 'F',
      fecha_nac: '1990-01-01',
      telefono_particular: '+56221234567',
      celular: '+56912345678',
      nacionalidad: 'Chilena',
      tipo_residencia: null,
      pais_origen: null,
      direccion: 'Calle Falsa 123',
      cod_pais: 'CL',
      cod_region: null,
      cod_comuna: null,
      ciudad: 'Santiago',
      cod_profesion: null,
      otra_profesion: null,
      universidad: 'Universidad de Chile',
      otrauniversidad: null,
      maxnivelformacion: null,
      otronivelformacion: null,
      tipoinstitucion: null,
      otrotipoinstitucion: null,
      pais_est_secund: null,
      creado: '2025-01-01T00:00:00.000Z',
    })
    .execute()
  await db
    .insertInto('alumnos_busqueda')
    .values({ termino: `perez${n}`, alumno_id: id })
    .execute()
  await db
    .insertInto('historial_persona')
    .values({ id: randomUUID(), alumno_id: id, clave_idempotencia: null, cambiado_en: ahora, campos: '["celular"]' })
    .execute()
  const solicitud = (codigo: string) => ({
    codigo_inscripcion: codigo,
    alumno_id: id,
    asistente_id: asistente.id,
    fecha_inicio: '2026-03-01',
    anio_curso: 2026,
    nombre_curso: 'Diplomado',
    curso: 'DIP',
    tipo_curso: 'Diplomado',
    cod_grupo: 'G1',
    habilita_tb: 0,
    cod_prospecto: `P-${codigo}`,
    horas: 100,
    fecha_termino: '2026-12-01',
    arancel: 1_000_000,
    rut_empresa: null,
  })
  const pagada = `INS-${id}-pagada`
  const simple = `INS-${id}-simple`
  await db
    .insertInto('solicitudes')
    .values([solicitud(pagada), solicitud(simple)])
    .execute()
  const pagoId = `pago-${id}`
  await db
    .insertInto('pagos')
    .values({
      id: pagoId,
      alumno_id: id,
      concepto: 'cuota',
      referencia: `${pagada}/1`,
      monto: 500_000,
      descripcion: 'Cuota 1',
      codigo_inscripcion: pagada,
      ruta_volver: '/pagos',
      orden_compra: `OC-${id}`,
      id_sesion: 'sesion',
      token: `token-${id}`,
      estado: 'aprobado',
      detalle: null,
      codigo_respuesta: 0,
      estado_pasarela: 'AUTHORIZED',
      codigo_autorizacion: '1213',
      ultimos_digitos: '6623',
      tipo_pago: 'VN',
      numero_cuotas: 0,
      fecha_contable: null,
      fecha_transaccion: null,
      vci: null,
      creado_en: ahora,
      retornado_en: null,
      resuelto_en: ahora,
      confirmando_hasta: null,
      url_pasarela: null,
      registrado_por: null,
    })
    .execute()
  await db
    .insertInto('cuotas')
    .values({ codigo_inscripcion: pagada, numero: 1, monto: 500_000, vencimiento: '2026-04-01', pago_id: pagoId })
    .execute()
  await db
    .insertInto('documentos_emitidos')
    .values({
      codigo: `COD${n}${id.replace(/\W/g, '').toUpperCase()}`,
      alumno_id: id,
      codigo_inscripcion: pagada,
      cod_tipo_documento: '6',
      tipo_documento: 'Reglamento Firmado',
      referencia: null,
      titular_nombre: 'María José Pérez Soto',
      titular_tipo_documento: 'RUT',
      titular_documento: `${10_000_000 + n}-${n}`,
      programa: 'Diplomado',
      cod_prospecto: `P-${pagada}`,
      fecha_emision: '2026-03-01',
      emitido_en: ahora,
      nombre_archivo: 'reglamento.pdf',
      blob_clave: emitido,
      tamanno: 10,
      sha256: 'x',
      revocado_en: null,
      motivo_revocacion: null,
      revocado_por: null,
    })
    .execute()
  const revision = { motivo_rechazo: null, revisado_por: null, revisado_en: null }
  await db
    .insertInto('archivos_personales')
    .values({
      ...revision,
      id: randomUUID(),
      alumno_id: id,
      cod_documento: '20',
      nombre_original: 'foto.jpg',
      tipo_archivo: 'jpg',
      content_type: 'image/jpeg',
      tamanno: 10,
      blob_clave: foto,
      subido_en: ahora,
      id_inscripcion: 0,
      id_grupo: 0,
    })
    .execute()
  await db
    .insertInto('archivos_solicitud')
    .values({
      ...revision,
      id: randomUUID(),
      codigo_inscripcion: simple,
      alumno_id: id,
      cod_documento: '7',
      nombre_archivo: 'hepatitis.pdf',
      tipo_archivo: 'pdf',
      content_type: 'application/pdf',
      tamanno: 10,
      blob_clave: doc,
      subido_en: ahora,
    })
    .execute()
  await db
    .insertInto('encuestas')
    .values({ codigo_inscripcion: simple, alumno_id: id, respuestas: '{"discapacidad":"si"}', enviada_en: ahora })
    .execute()
  await db
    .insertInto('condiciones')
    .values({ codigo_inscripcion: simple, alumno_id: id, decision: 'acepta', decidida_en: ahora })
    .execute()
  const postulacion = `post-${id}`
  await db
    .insertInto('postulaciones')
    .values({
      id: postulacion,
      concurso_id: concurso.id,
      alumno_id: id,
      creada_en: ahora,
      pagada_en: null,
      pago_id: null,
    })
    .execute()
  await db
    .insertInto('archivos_postulacion')
    .values({
      ...revision,
      id: randomUUID(),
      postulacion_id: postulacion,
      alumno_id: id,
      cod_documento: '1',
      nombre_archivo: 'cv.pdf',
      tipo_archivo: 'pdf',
      content_type: 'application/pdf',
      tamanno: 10,
      blob_clave: post,
      subido_en: ahora,
    })
    .execute()
  const subida = randomUUID().replace(/-/g, '')
  await subidas.create(new Upload({ id: subida, size: 5, offset: 0, metadata: {}, creation_date: ahora }))
  await subidas.write(Readable.from([Buffer.from('hola!')]), subida, 0)
  await db
    .insertInto('subidas')
    .values({
      id: subida,
      alumno_id: id,
      destino: '/api/alumno/documentos',
      cod_documento: '21',
      nombre: 'a.pdf',
      tamanno: 5,
      estado: 'en-curso',
      creada_en: ahora,
      expira: '2026-12-11T12:00:00.000Z',
    })
    .execute()
  await db
    .insertInto('sesiones')
    .values({
      token_hash: `sesion-${id}`,
      actor_tipo: 'alumno',
      actor_id: id,
      verificada: 1,
      creada: ahora,
      expira: '2027-01-01T00:00:00.000Z',
    })
    .execute()
  await db
    .insertInto('tokens_recuperacion')
    .values({
      token_hash: `token-${id}`,
      alumno_id: id,
      creado: ahora,
      expira: '2027-01-01T00:00:00.000Z',
      usado: null,
    })
    .execute()
  await db
    .insertInto('suscripciones_push')
    .values({
      id: randomUUID(),
      alumno_id: id,
      endpoint: `https://push.example/${id}`,
      p256dh: 'k',
      auth: 'a',
      creada_en: ahora,
    })
    .execute()
  const aviso = randomUUID()
  await db
    .insertInto('notificaciones')
    .values({
      id: aviso,
      alumno_id: id,
      tipo: 'documento-aprobado',
      ocasion: 'x',
      tema: 'x',
      titulo: 'Documento aprobado',
      cuerpo: 'Su documento fue aprobado.',
      ruta: '/',
      creada_en: ahora,
      leida_en: null,
      retirada_en: null,
      retiro: null,
    })
    .execute()
  await db
    .insertInto('envios_notificacion')
    .values({
      id: randomUUID(),
      notificacion_id: aviso,
      alumno_id: id,
      canal: 'correo',
      modo: 'resumen',
      estado: 'pendiente',
      creado_en: ahora,
      disponible_desde: ahora,
      tomado_por: null,
      tomado_hasta: null,
      enviado_en: null,
      ultimo_error: null,
      entregado_a: null,
      detalle: null,
    })
    .execute()
  await db
    .insertInto('preferencias_notificacion')
    .values({ alumno_id: id, canales: '{}', silencio_desde: '22:00', silencio_hasta: '08:00', actualizado_en: ahora })
    .execute()
  await db
    .insertInto('limites')
    .values([
      { clave: `recuperacion-email:${email}`, conteo: 1, expira: '2027-01-01T00:00:00.000Z' },
      { clave: `login-cuenta:${email}|10.0.0.${n}`, conteo: 1, expira: '2027-01-01T00:00:00.000Z' },
    ])
    .execute()
  await db
    .insertInto('bloqueos_ingreso')
    .values({
      ambito: 'alumno',
      sujeto: email,
      fallos: 1,
      ventana_hasta: '2027-01-01T00:00:00.000Z',
      bloqueada_hasta: null,
    })
    .execute()
  await db
    .insertInto('idempotencia')
    .values({
      actor: `alumno:${id}`,
      clave: randomUUID(),
      huella: 'h',
      estado: 'completo',
      status: 200,
      cuerpo: '{}',
      content_type: 'application/json',
      creado_en: ahora,
    })
    .execute()
  await db
    .insertInto('auditoria')
    .values({
      id: randomUUID(),
      en: ahora,
      actor_tipo: 'personal',
      actor_id: 'x',
      actor_nombre: 'Prueba',
      actor_rol: 'admin',
      accion: 'documento.aprobar',
      entidad: null,
      entidad_id: null,
      alumno_id: id,
      antes: null,
      despues: null,
      ip: '10.0.0.1',
    })
    .execute()
  // A download of their data, ready (its ZIP in the file store).
  await db
    .insertInto('exportaciones_datos')
    .values({
      id: randomUUID(),
      alumno_id: id,
      pedida_en: ahora,
      estado: 'lista',
      tomado_por: null,
      tomado_hasta: null,
      disponible_desde: ahora,
      ultimo_error: null,
      blob_clave: zip,
      bytes: 10,
      lista_en: ahora,
      vence_en: '2027-01-01T00:00:00.000Z',
    })
    .execute()
  return { id, email, blobs: [zip, foto, doc, post], emitido, subida }
}

/** The student's rows per table: what suppression deletes, what it keeps. */
async function filas(db: Db, a: { id: string; email: string }) {
  const contar = async (tabla: string, columna: string, valor: string) =>
    Number(
      (
        (await (db as unknown as Db)
          .selectFrom(tabla as 'alumnos')
          .select((eb) => eb.fn.countAll().as('n'))
          .where(columna as 'id', '=', valor)
          .executeTakeFirstOrThrow()) as { n: number | string }
      ).n,
    )
  const porAlumno = [
    'alumnos_busqueda',
    'historial_persona',
    'solicitudes',
    'archivos_personales',
    'archivos_solicitud',
    'archivos_postulacion',
    'encuestas',
    'condiciones',
    'postulaciones',
    'subidas',
    'tokens_recuperacion',
    'suscripciones_push',
    'notificaciones',
    'envios_notificacion',
    'preferencias_notificacion',
    'pagos',
    'documentos_emitidos',
    'auditoria',
    'exportaciones_datos',
  ]
  const cuenta: Record<string, number> = {}
  for (const t of porAlumno) cuenta[t] = await contar(t, 'alumno_id', a.id)
  cuenta.sesiones = await contar('sesiones', 'actor_id', a.id)
  cuenta.idempotencia = await contar('idempotencia', 'actor', `alumno:${a.id}`)
  cuenta.bloqueos_ingreso = await contar('bloqueos_ingreso', 'sujeto', a.email)
  cuenta.limites = (await db.selectFrom('limites').select('clave').execute()).filter((f) =>
    f.clave.includes(a.email),
  ).length
  cuenta.cuotas = await contar('cuotas', 'pago_id', `pago-${a.id}`)
  return cuenta
}

async function leerSubida(subidas: AlmacenSubidas, id: string): Promise<boolean> {
  try {
    await subidas.getUpload(id)
    return true
  } catch {
    return false
  }
}

describe.each(['disco', 's3'] as const)('suppression with the files %s', (lugar) => {
  let carpeta: string
  let db: Db
  let s3: S3DePrueba | undefined
  let deps: DependenciasSupresion & { subidas: AlmacenSubidas }
  let existe: (clave: string) => Promise<boolean>
  const log: string[] = []

  beforeAll(async () => {
    const base = await carpetaConPlantilla('portal-supresion-')
    carpeta = base.carpeta
    db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(carpeta))
    await migrar(db)
    s3 = lugar === 's3' ? await iniciarS3() : undefined
    const blobs = s3 ? blobStoreEnS3(s3.config) : blobStoreEnDisco(join(carpeta, 'archivos'))
    // Resumable uploads wait on disk here: s3rver lacks ListParts, which @tus/s3-store needs to write.
    const subidas = almacenDeSubidas({ dataDir: carpeta, s3: null })
    deps = { db, blobs, subidas, clock: () => AHORA, log: (m) => log.push(m) }
    existe = async (clave) => (s3 ? s3.claves().includes(clave) : existsSync(join(carpeta, 'archivos', clave)))
  }, 60_000)
  afterAll(async () => {
    await db.destroy()
    await s3?.detener()
    rmSync(carpeta, { recursive: true, force: true })
    await borrarBaseDePrueba(carpeta)
  })

  test('deletes the student’s files and rows, anonymises what is kept, keeps what the law keeps, leaves the namesake alone', async () => {
    const a = await sembrarAlumno(db, deps.blobs, deps.subidas, `sup-a-${lugar}`, 1)
    const b = await sembrarAlumno(db, deps.blobs, deps.subidas, `sup-b-${lugar}`, 2)
    const deB = await filas(db, b)
    for (const clave of [...a.blobs, a.emitido]) expect(await existe(clave)).toBe(true)
    expect(await leerSubida(deps.subidas, a.subida)).toBe(true)

    const resultado = await suprimirDatosAlumno(deps, { alumnoId: a.id, actor: 'personal:prueba', solicitudId: 7 })

    // The files the student uploaded are gone from the store; the signed regulation stays.
    for (const clave of a.blobs) expect(await existe(clave), clave).toBe(false)
    expect(await existe(a.emitido)).toBe(true)
    expect(await leerSubida(deps.subidas, a.subida)).toBe(false)

    expect(await filas(db, a)).toEqual({
      alumnos_busqueda: 0,
      historial_persona: 0,
      // The enrolment with a payment and a signed regulation stays; the other one goes.
      solicitudes: 1,
      archivos_personales: 0,
      archivos_solicitud: 0,
      archivos_postulacion: 0,
      encuestas: 0,
      condiciones: 0,
      postulaciones: 0,
      subidas: 0,
      tokens_recuperacion: 0,
      suscripciones_push: 0,
      notificaciones: 0,
      envios_notificacion: 0,
      preferencias_notificacion: 0,
      pagos: 1,
      documentos_emitidos: 1,
      auditoria: 1,
      exportaciones_datos: 0,
      sesiones: 0,
      idempotencia: 0,
      bloqueos_ingreso: 0,
      limites: 0,
      cuotas: 1,
    })
    const alumno = await db.selectFrom('alumnos').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow()
    expect(alumno).toMatchObject({
      nombres: 'Datos suprimidos',
      apellidos: '',
      rut: '0-0',
      email: `suprimido-${a.id}@suprimido.invalid`,
      codigo_alumno: `SUPRIMIDO-${a.id}`,
      celular: null,
      direccion: null,
      fecha_nac: null,
      universidad: null,
    })
    // The old e-mail finds nobody, and no password opens the account.
    expect(await db.selectFrom('alumnos').select('id').where('email', '=', a.email).executeTakeFirst()).toBeUndefined()
    expect(await verificarPassword('cualquiera', alumno.password_hash)).toBe(false)
    // The signed regulation keeps the name it was issued to: it must still validate.
    const emitido = await db
      .selectFrom('documentos_emitidos')
      .select('titular_nombre')
      .where('alumno_id', '=', a.id)
      .executeTakeFirstOrThrow()
    expect(emitido.titular_nombre).toBe('María José Pérez Soto')

    // The namesake: every row and file as before.
    expect(await filas(db, b)).toEqual(deB)
    for (const clave of [...b.blobs, b.emitido]) expect(await existe(clave)).toBe(true)
    expect(await leerSubida(deps.subidas, b.subida)).toBe(true)
    expect(await db.selectFrom('alumnos').select('nombres').where('id', '=', b.id).executeTakeFirstOrThrow()).toEqual({
      nombres: 'María José',
    })

    // The answer, in Spanish: each category deleted, and each kept with its reason.
    expect(resultado.eliminado.map((e) => e.categoria)).toEqual(
      expect.arrayContaining([
        REGISTRO_DATOS.documentos.nombre,
        REGISTRO_DATOS.identidad.nombre,
        REGISTRO_DATOS.sesiones.nombre,
      ]),
    )
    expect(resultado.conservado).toEqual(
      expect.arrayContaining([
        { categoria: REGISTRO_DATOS.pagos.nombre, motivo: REGISTRO_DATOS.pagos.conservacion.porque },
        {
          categoria: REGISTRO_DATOS.documentosEmitidos.nombre,
          motivo: REGISTRO_DATOS.documentosEmitidos.conservacion.porque,
        },
        { categoria: REGISTRO_DATOS.auditoria.nombre, motivo: REGISTRO_DATOS.auditoria.conservacion.porque },
        {
          categoria: REGISTRO_DATOS.inscripciones.nombre,
          motivo: REGISTRO_DATOS.inscripciones.supresion.tablas.solicitudes.salvoReferidas,
        },
      ]),
    )
    const registro = await db
      .selectFrom('supresiones')
      .selectAll()
      .where('alumno_id', '=', a.id)
      .executeTakeFirstOrThrow()
    expect(registro).toMatchObject({
      estado: 'terminada',
      solicitud_id: 7,
      actor: 'personal:prueba',
      archivos_pendientes: '[]',
    })
    expect(JSON.parse(registro.resultado ?? 'null')).toEqual(resultado)

    // Again: nothing left to do, the same answer, the namesake still untouched.
    expect(await suprimirDatosAlumno(deps, { alumnoId: a.id, actor: 'personal:prueba' })).toEqual(resultado)
    expect(await filas(db, b)).toEqual(deB)
  })

  test('a run killed while it deletes the files is finished by the next', async () => {
    const a = await sembrarAlumno(db, deps.blobs, deps.subidas, `sup-k-${lugar}`, 3)
    const b = await sembrarAlumno(db, deps.blobs, deps.subidas, `sup-l-${lugar}`, 4)
    const deB = await filas(db, b)
    const opciones = await opcionesDeBaseDePrueba(carpeta)
    const raiz = resolve(import.meta.dirname, '..')
    const modulo = (ruta: string) => JSON.stringify(resolve(raiz, ruta))
    // The child deletes the first file, says so, and hangs before the next: it is killed there.
    const script = `
      const { abrirBaseDeDatos } = await import(${modulo('server/db/connection.ts')})
      const { blobStoreEnDisco } = await import(${modulo('server/blobs.ts')})
      const { blobStoreEnS3 } = await import(${modulo('server/blobs-s3.ts')})
      const { almacenDeSubidas } = await import(${modulo('server/subidas/tus.ts')})
      const { suprimirDatosAlumno } = await import(${modulo('server/privacidad/supresion.ts')})
      const s3 = ${JSON.stringify(s3?.config ?? null)}
      const db = abrirBaseDeDatos(${JSON.stringify(opciones)})
      const real = s3 ? blobStoreEnS3(s3) : blobStoreEnDisco(${JSON.stringify(join(carpeta, 'archivos'))})
      const blobs = {
        ...real,
        async delete(clave) {
          await real.delete(clave)
          process.stdout.write('borrado\\n')
          await new Promise(() => {})
        },
      }
      const subidas = almacenDeSubidas({ dataDir: ${JSON.stringify(carpeta)}, s3: null })
      await suprimirDatosAlumno({ db, blobs, subidas, clock: () => new Date(), log: () => {} }, { alumnoId: ${JSON.stringify(a.id)}, actor: 'personal:prueba' })
    `
    const hijo = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: raiz,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let errores = ''
    hijo.stderr.on('data', (d: Buffer) => (errores += d.toString()))
    await new Promise<void>((listo, falla) => {
      hijo.stdout.on('data', (d: Buffer) => {
        if (d.toString().includes('borrado')) listo()
      })
      hijo.once('exit', (code) => falla(new Error(`el proceso terminó (${code}) antes de borrar: ${errores}`)))
    })
    const terminado = new Promise((r) => hijo.once('exit', r))
    hijo.kill('SIGKILL')
    await terminado

    // Killed halfway: the database step is done, some files are still there, the row says so.
    const registro = await db
      .selectFrom('supresiones')
      .selectAll()
      .where('alumno_id', '=', a.id)
      .executeTakeFirstOrThrow()
    expect(registro.estado).toBe('en-curso')
    expect(JSON.parse(registro.archivos_pendientes)).toHaveLength(a.blobs.length + 1)
    expect((await filas(db, a)).archivos_personales).toBe(0)
    const quedan = [] as string[]
    for (const clave of a.blobs) if (await existe(clave)) quedan.push(clave)
    expect(quedan.length).toBe(a.blobs.length - 1)

    // The next run finds the leftovers and finishes.
    const resultado = await suprimirDatosAlumno(deps, { alumnoId: a.id, actor: 'personal:prueba' })
    for (const clave of a.blobs) expect(await existe(clave)).toBe(false)
    expect(await leerSubida(deps.subidas, a.subida)).toBe(false)
    expect(await existe(a.emitido)).toBe(true)
    expect(resultado.conservado.map((c) => c.categoria)).toContain(REGISTRO_DATOS.pagos.nombre)
    expect(
      await db
        .selectFrom('supresiones')
        .select(['estado', 'archivos_pendientes'])
        .where('alumno_id', '=', a.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ estado: 'terminada', archivos_pendientes: '[]' })
    expect(await filas(db, b)).toEqual(deB)
    for (const clave of b.blobs) expect(await existe(clave)).toBe(true)
  }, 60_000)
})

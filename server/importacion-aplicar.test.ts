// The import's rules against the database, without a file: what each row would do, doing it, and
// doing it again (nothing changes); bad rows write nothing; students met by RUT, passport or
// e-mail; what only the database can refuse; a change of sign-in e-mail, applied only when
// allowed; names with invisible characters. On both engines, on the demo's seeded data.
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  MENSAJE_CORREO_CON_OTRO_DOCUMENTO,
  MENSAJE_DOCUMENTO_Y_CORREO_DE_OTROS,
  mensajeAsistenteDesconocido,
  mensajeCambioCorreoSinConfirmar,
  mensajeEmpresaDesconocida,
  mensajeGrupoDesconocido,
  mensajeInscripcionDeOtroAlumno,
  type FilaCruda,
} from '../src/domain/importacion.ts'
import { MENSAJE_CARACTERES_INVISIBLES } from '../src/domain/validacion.ts'
import { opcionesDeBaseDePrueba } from '../tests/support/base-de-datos.ts'
import { TEXTOS_INVISIBLES } from '../tests/support/textos-invisibles.ts'
import { iniciarServidorDePrueba, type ServidorDePrueba } from '../tests/support/servidor.ts'
import { abrirBaseDeDatos, type Db } from './db/connection.ts'
import { aplicar, previsualizar, type ActorImportacion } from './importacion/aplicar.ts'

let servidor: ServidorDePrueba
let db: Db
const actor: ActorImportacion = {
  tipo: 'personal',
  id: 'personal-admin',
  nombre: 'Prueba',
  rol: 'admin',
  ip: '127.0.0.1',
}

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  db = abrirBaseDeDatos(await opcionesDeBaseDePrueba(servidor.dataDir))
}, 60_000)
afterAll(async () => {
  await db?.destroy()
  await servidor?.close()
})

let secuencia = 0
/** A row of a new student and enrolment, unique to each call unless told. */
function fila(cambios: Record<string, string> = {}): FilaCruda {
  const n = ++secuencia
  return {
    codigo_inscripcion: `IMP-${n}`,
    email: `importado${n}@demo.cl`,
    rut: '',
    pasaporte: `PX${String(n).padStart(6, '0')}`,
    nombres: 'Importado',
    apellidos: `Número ${n}`,
    cod_grupo: '5',
    curso: 'CIMP',
    nombre_curso: 'Curso Importado',
    tipo_curso: 'Curso',
    fecha_inicio: '02-03-2026',
    fecha_termino: '',
    horas: '20',
    arancel: '300.000',
    habilita_pago: 'No',
    cod_prospecto: `PRO-I${n}`,
    asistente_email: 'francisca.herrera@postgrado-demo.cl',
    ...cambios,
  }
}

test('preview says what each row would do and writes nothing; applying does it; again changes nothing', async () => {
  const filas = [
    fila(),
    fila({ codigo_inscripcion: 'IMP-DOS-A', email: 'dos@demo.cl', pasaporte: 'PXDOS01', apellidos: 'Dos' }),
    fila({ codigo_inscripcion: 'IMP-DOS-B', email: 'dos@demo.cl', pasaporte: 'PXDOS01', apellidos: 'Dos' }),
    fila({ cod_grupo: '9' }),
  ]
  const previa = await previsualizar(db, filas, { numeracion: 2 })
  expect(previa.map((r) => r.resultado)).toEqual(['se creará', 'se creará', 'se creará', 'error'])
  expect(previa[2]).toMatchObject({ fila: 4, alumno: 'sin cambios', inscripcion: 'nuevo' })
  expect(previa[3]).toEqual({
    fila: 5,
    codigoInscripcion: filas[3]!.codigo_inscripcion,
    resultado: 'error',
    errores: [{ columna: 'cod_grupo', mensaje: mensajeGrupoDesconocido('9') }],
  })
  const antes = await db.selectFrom('solicitudes').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  expect(Number(antes.n)).toBe(11)

  const hecho = await aplicar(db, filas, actor, { numeracion: 2 })
  expect(hecho.resultados).toEqual(previa.map((r) => ({ ...r })))
  expect(hecho.invitar.map((a) => a.email).sort()).toEqual(['dos@demo.cl', filas[0]!.email].sort())
  const dos = await db.selectFrom('alumnos').selectAll().where('email', '=', 'dos@demo.cl').executeTakeFirstOrThrow()
  expect(dos).toMatchObject({
    rut: '0-0',
    tipo_documento: 'PASAPORTE',
    numero_documento: 'PXDOS01',
    asistente_id: 'asistente-herrera',
    password_hash: '',
  })
  expect(dos.codigo_alumno).toMatch(/^AL\d{8}$/)
  const suyas = await db.selectFrom('solicitudes').selectAll().where('alumno_id', '=', dos.id).execute()
  expect(suyas.map((s) => s.codigo_inscripcion).sort()).toEqual(['IMP-DOS-A', 'IMP-DOS-B'])
  expect(suyas[0]).toMatchObject({
    fecha_inicio: '2026-03-02',
    anio_curso: 2026,
    arancel: 300_000,
    horas: 20,
    habilita_tb: 0,
  })
  // Found by the staff's search like any student.
  const terminos = await db.selectFrom('alumnos_busqueda').select('termino').where('alumno_id', '=', dos.id).execute()
  expect(terminos.map((t) => t.termino)).toContain('pxdos01')
  const auditoria = await db.selectFrom('auditoria').selectAll().where('entidad_id', '=', hecho.importacionId).execute()
  expect(auditoria).toHaveLength(1)
  expect(JSON.parse(auditoria[0]!.despues!)).toMatchObject({
    creadas: 3,
    conErrores: 0,
    erroresDelArchivo: 1,
    alumnosNuevos: 2,
  })

  const otraVez = await aplicar(db, filas, actor, { numeracion: 2 })
  expect(otraVez.resultados.map((r) => r.resultado)).toEqual(['sin cambios', 'sin cambios', 'sin cambios', 'error'])
  expect(otraVez.invitar).toEqual([])
})

test('a changed cell updates only what changed, and says which columns', async () => {
  const original = fila()
  await aplicar(db, [original], actor)
  const cambiada = { ...original, apellidos: 'Apellido Nuevo', arancel: '350000', telefono: '+56 2 2345 6789' }
  const [previa] = await previsualizar(db, [cambiada])
  expect(previa).toMatchObject({ resultado: 'se actualizará', alumno: 'actualizado', inscripcion: 'actualizado' })
  expect(previa!.resultado !== 'error' && [...previa!.campos].sort()).toEqual(['apellidos', 'arancel', 'telefono'])
  await aplicar(db, [cambiada], actor)
  const alumno = await db
    .selectFrom('alumnos')
    .select(['apellidos', 'telefono_particular'])
    .where('email', '=', original.email as string)
    .executeTakeFirstOrThrow()
  expect(alumno).toEqual({ apellidos: 'Apellido Nuevo', telefono_particular: '+56 2 2345 6789' })
  // An empty phone keeps the one on record.
  const [sinTelefono] = await previsualizar(db, [{ ...cambiada, telefono: '' }])
  expect(sinTelefono!.resultado).toBe('sin cambios')
})

test('an existing student is met by RUT or by e-mail, and keeps their password', async () => {
  const porRut = fila({
    rut: '16.789.432-1',
    pasaporte: '',
    email: 'estudiante@demo.cl',
    nombres: 'Camila Andrea',
    apellidos: 'Rojas Soto',
  })
  const [r] = await previsualizar(db, [porRut])
  expect(r).toMatchObject({ resultado: 'se creará', alumno: 'sin cambios', inscripcion: 'nuevo' })
  const hecho = await aplicar(db, [porRut], actor)
  expect(hecho.invitar).toEqual([])
  const solicitud = await db
    .selectFrom('solicitudes')
    .select('alumno_id')
    .where('codigo_inscripcion', '=', porRut.codigo_inscripcion as string)
    .executeTakeFirstOrThrow()
  expect(solicitud.alumno_id).toBe('alumno-estudiante')
  const alumno = await db
    .selectFrom('alumnos')
    .select('password_hash')
    .where('id', '=', 'alumno-estudiante')
    .executeTakeFirstOrThrow()
  expect(alumno.password_hash).not.toBe('')
})

test('what only the database can refuse: two students in one row, another document, another owner, unknown assistant or company', async () => {
  const filas = [
    // The RUT is Camila's, the e-mail Valentina's.
    fila({ rut: '16.789.432-1', pasaporte: '', email: 'extranjera@demo.cl' }),
    // Camila's e-mail with another RUT.
    fila({ rut: '11.111.111-1', pasaporte: '', email: 'estudiante@demo.cl' }),
    // Camila's enrolment given to a new student.
    fila({ codigo_inscripcion: 'INS-24-20117' }),
    fila({ asistente_email: 'nadie@postgrado-demo.cl' }),
    fila({ rut_empresa: '11.111.111-1' }),
  ]
  const previa = await previsualizar(db, filas)
  expect(previa.map((r) => (r.resultado === 'error' ? r.errores : r.resultado))).toEqual([
    [{ columna: 'email', mensaje: MENSAJE_DOCUMENTO_Y_CORREO_DE_OTROS }],
    [{ columna: 'rut', mensaje: MENSAJE_CORREO_CON_OTRO_DOCUMENTO }],
    [{ columna: 'codigo_inscripcion', mensaje: mensajeInscripcionDeOtroAlumno('INS-24-20117') }],
    [{ columna: 'asistente_email', mensaje: mensajeAsistenteDesconocido('nadie@postgrado-demo.cl') }],
    [{ columna: 'rut_empresa', mensaje: mensajeEmpresaDesconocida('11111111-1') }],
  ])
  const hecho = await aplicar(db, filas, actor)
  expect(hecho.resultados).toEqual(previa)
  const escritas = await db
    .selectFrom('alumnos')
    .select('id')
    .where(
      'email',
      'in',
      filas.map((f) => f.email as string),
    )
    .execute()
  // Only Camila and Valentina, who were there before.
  expect(escritas).toHaveLength(2)
  const solicitud = await db
    .selectFrom('solicitudes')
    .select('alumno_id')
    .where('codigo_inscripcion', '=', 'INS-24-20117')
    .executeTakeFirstOrThrow()
  expect(solicitud.alumno_id).toBe('alumno-estudiante')
})

test('rows are written in chunks, each with its audit row, and the result is the same', async () => {
  const filas = Array.from({ length: 7 }, () => fila())
  const hecho = await aplicar(db, filas, actor, { filasPorTransaccion: 3 })
  expect(hecho.resultados.every((r) => r.resultado === 'se creará')).toBe(true)
  expect(hecho.invitar).toHaveLength(7)
  const auditoria = await db
    .selectFrom('auditoria')
    .select('despues')
    .where('entidad_id', '=', hecho.importacionId)
    .execute()
  expect(auditoria.map((a) => JSON.parse(a.despues!).filas).sort()).toEqual([1, 3, 3])
})

test('the same new rows applied twice at once: one creates them, the other finds them, no duplicates', async () => {
  const filas = Array.from({ length: 20 }, () => fila())
  const [a, b] = await Promise.all([aplicar(db, filas, actor), aplicar(db, filas, actor)])
  const creadas = [...a.resultados, ...b.resultados].filter((r) => r.resultado === 'se creará').length
  expect(creadas).toBe(20)
  expect(a.invitar.length + b.invitar.length).toBe(20)
  const alumnos = await db
    .selectFrom('alumnos')
    .select('id')
    .where(
      'email',
      'in',
      filas.map((f) => f.email as string),
    )
    .execute()
  expect(alumnos).toHaveLength(20)
})

test('a row that changes a sign-in e-mail: shown in the preview, refused unless allowed; applied, it ends sessions and links and is audited', async () => {
  const original = fila()
  await aplicar(db, [original], actor)
  const alumno = await db
    .selectFrom('alumnos')
    .select(['id', 'email'])
    .where('email', '=', original.email as string)
    .executeTakeFirstOrThrow()
  const ahora = new Date()
  const manana = new Date(ahora.getTime() + 86_400_000).toISOString()
  await db
    .insertInto('sesiones')
    .values({
      token_hash: `sesion-de-${alumno.id}`,
      actor_tipo: 'alumno',
      actor_id: alumno.id,
      verificada: 1,
      creada: ahora.toISOString(),
      expira: manana,
    })
    .execute()
  const invitacion = await db
    .selectFrom('tokens_recuperacion')
    .select('token_hash')
    .where('alumno_id', '=', alumno.id)
    .execute()
  await db
    .insertInto('tokens_recuperacion')
    .values({
      token_hash: `enlace-de-${alumno.id}`,
      alumno_id: alumno.id,
      creado: ahora.toISOString(),
      expira: manana,
      usado: null,
    })
    .execute()

  // The same passport, another e-mail, a new enrolment: the report's row.
  const nueva = fila({
    pasaporte: original.pasaporte as string,
    apellidos: original.apellidos as string,
    email: 'otra.direccion@demo.cl',
  })
  const cambio = { antes: alumno.email, despues: 'otra.direccion@demo.cl' }
  const numero = 2
  const [mostrada] = await previsualizar(db, [nueva], { numeracion: numero, cambiosDeCorreo: { filas: 'todas' } })
  expect(mostrada).toEqual({
    fila: numero,
    codigoInscripcion: nueva.codigo_inscripcion,
    resultado: 'se creará',
    alumno: 'actualizado',
    inscripcion: 'nuevo',
    campos: ['email'],
    cambioCorreo: cambio,
  })
  // Without its own confirmation the row is an error, in the preview and when applied.
  const sinConfirmar = [
    {
      fila: numero,
      codigoInscripcion: nueva.codigo_inscripcion,
      resultado: 'error',
      errores: [{ columna: 'email', mensaje: mensajeCambioCorreoSinConfirmar(cambio) }],
    },
  ]
  expect(await previsualizar(db, [nueva], { numeracion: numero })).toEqual(sinConfirmar)
  const otraFila = await aplicar(db, [nueva], actor, {
    numeracion: numero,
    cambiosDeCorreo: { filas: new Set([numero + 1]) },
  })
  expect(otraFila.resultados).toEqual(sinConfirmar)
  expect(otraFila.correosCambiados).toEqual([])
  const clave = await aplicar(db, [nueva], actor, {
    numeracion: numero,
    cambiosDeCorreo: { filas: new Set(), rechazo: () => 'sin permiso' },
  })
  expect(clave.resultados[0]).toMatchObject({
    resultado: 'error',
    errores: [{ columna: 'email', mensaje: 'sin permiso' }],
  })
  const intacto = await db.selectFrom('alumnos').select('email').where('id', '=', alumno.id).executeTakeFirstOrThrow()
  expect(intacto.email).toBe(alumno.email)
  expect(await db.selectFrom('sesiones').select('token_hash').where('actor_id', '=', alumno.id).execute()).toHaveLength(
    1,
  )

  const hecho = await aplicar(db, [nueva], actor, { numeracion: numero, cambiosDeCorreo: { filas: new Set([numero]) } })
  expect(hecho.resultados).toEqual([mostrada])
  expect(hecho.correosCambiados).toEqual([
    { ...cambio, alumnoId: alumno.id, nombres: original.nombres, sinContrasena: true },
  ])
  const cambiado = await db.selectFrom('alumnos').select('email').where('id', '=', alumno.id).executeTakeFirstOrThrow()
  expect(cambiado.email).toBe('otra.direccion@demo.cl')
  // Whoever was signed in must sign in again; the links sent to the old address are dead.
  expect(await db.selectFrom('sesiones').select('token_hash').where('actor_id', '=', alumno.id).execute()).toEqual([])
  const enlaces = await db
    .selectFrom('tokens_recuperacion')
    .select(['token_hash', 'usado'])
    .where('alumno_id', '=', alumno.id)
    .execute()
  expect(enlaces).toHaveLength(invitacion.length + 1)
  for (const enlace of enlaces) expect(enlace.usado).not.toBeNull()
  const auditadas = await db
    .selectFrom('auditoria')
    .select(['accion', 'entidad', 'entidad_id', 'alumno_id', 'actor_id', 'antes', 'despues'])
    .where('accion', '=', 'alumnos.cambiar-correo')
    .where('alumno_id', '=', alumno.id)
    .execute()
  expect(auditadas).toHaveLength(1)
  expect(auditadas[0]).toMatchObject({ entidad: 'alumno', entidad_id: alumno.id, actor_id: actor.id })
  expect(JSON.parse(auditadas[0]!.antes!)).toEqual({ email: alumno.email })
  expect(JSON.parse(auditadas[0]!.despues!)).toEqual({
    email: 'otra.direccion@demo.cl',
    importacion: hecho.importacionId,
    fila: numero,
    codigoInscripcion: nueva.codigo_inscripcion,
  })
  const [resumen] = await db
    .selectFrom('auditoria')
    .select('despues')
    .where('entidad_id', '=', hecho.importacionId)
    .execute()
  expect(JSON.parse(resumen!.despues!)).toMatchObject({ correosCambiados: 1 })

  // Applied again, nothing changes and no e-mail changes.
  const otraVez = await aplicar(db, [nueva], actor, { numeracion: numero })
  expect(otraVez.resultados).toEqual([expect.objectContaining({ resultado: 'sin cambios', campos: [] })])
  expect(otraVez.resultados[0]).not.toHaveProperty('cambioCorreo')
})

test('a changed student is listed with the columns that change, even on a new enrolment', async () => {
  const original = fila()
  await aplicar(db, [original], actor)
  const [r] = await previsualizar(db, [
    fila({ pasaporte: original.pasaporte as string, email: original.email as string, apellidos: 'Otro Apellido' }),
  ])
  expect(r).toMatchObject({
    resultado: 'se creará',
    alumno: 'actualizado',
    inscripcion: 'nuevo',
    campos: ['apellidos'],
  })
  expect(r).not.toHaveProperty('cambioCorreo')
})

test.each(TEXTOS_INVISIBLES)('a name with %s is the row’s error and writes nothing', async (_caso, texto) => {
  const filas = [fila({ nombres: texto }), fila({ apellidos: texto }), fila({ nombre_curso: texto })]
  const hecho = await aplicar(db, filas, actor)
  expect(hecho.resultados.map((r) => r.resultado === 'error' && r.errores)).toEqual([
    [{ columna: 'nombres', mensaje: MENSAJE_CARACTERES_INVISIBLES }],
    [{ columna: 'apellidos', mensaje: MENSAJE_CARACTERES_INVISIBLES }],
    [{ columna: 'nombre_curso', mensaje: MENSAJE_CARACTERES_INVISIBLES }],
  ])
  const escritos = await db
    .selectFrom('alumnos')
    .select('id')
    .where(
      'email',
      'in',
      filas.map((f) => f.email as string),
    )
    .execute()
  expect(escritos).toEqual([])
})

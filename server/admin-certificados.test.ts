// The school's certificates: the enrolments whose program ended with their certificate's state and
// what each still lacks (by role, filtered and paged), issuing one (refused before the program
// ends or while a valid one exists; refused, naming what it lacks, until exactly that is
// confirmed, which the audit row records; two at once make one), revoking one with a reason (two
// at once: one wins; the student is told, by notice and e-mail, and the certificate's earlier
// notice reads as revoked), and what the public validator and the student see afterwards, reissue
// included. Dates are set relative to today in Chile, so the file means the same on any day.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MENSAJE_SIN_PERMISO } from '../src/domain/personal.ts'
import { fechaEnChile, fechaLarga, sumarDias } from '../src/domain/fechas.ts'
import {
  MENSAJE_CERTIFICADO_NO_ENCONTRADO,
  MENSAJE_CERTIFICADO_VIGENTE,
  MENSAJE_FILTRO_NO_VALIDO,
  MENSAJE_MOTIVO_REVOCACION,
  MENSAJE_SOLICITUD_NO_ENCONTRADA,
  mensajeFaltantesSinConfirmar,
  mensajeProgramaNoTerminado,
  mensajeYaRevocado,
  TAMANO_PAGINA_CERTIFICADOS,
} from '../src/domain/gestion-certificados.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  clienteDePrueba,
  consultarDb,
  esperarCorreo,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CERTIFICADO_ACLS, DEMO_CERTIFICADO_VALIDO, DEMO_CUENTAS } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'

let servidor: ServidorDePrueba
let admin: ClienteDePrueba
let coordinacion: ClienteDePrueba
let asistente: ClienteDePrueba
let estudiante: ClienteDePrueba
const hoy = fechaEnChile(new Date())

/** A program of this file's own, with more enrolments than a page holds: it ended yesterday. */
const PROGRAMA_PRUEBA = { curso: 'CPBE', nombre: 'Curso de Prueba en Bioética Clínica' }
const INSCRITOS_PRUEBA = TAMANO_PAGINA_CERTIFICADOS + 3
/** A derived program that asks nothing (no survey, regulations, documents or installments): it ended yesterday. */
const SIN_PENDIENTES = 'INS-97-00001'

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  // Every demo enrolment's program ended (their dates are past) but the master's, which ends today.
  await consultarDb(
    servidor.dataDir,
    'update solicitudes set fecha_termino = ? where codigo_inscripcion = ?',
    hoy,
    'INS-25-30021',
  )
  const inscritos = Array.from({ length: INSCRITOS_PRUEBA }, (_, i) => String(i + 1).padStart(5, '0'))
  await consultarDb(
    servidor.dataDir,
    `insert into solicitudes (codigo_inscripcion, alumno_id, asistente_id, fecha_inicio, anio_curso, nombre_curso,
      curso, tipo_curso, cod_grupo, habilita_tb, cod_prospecto, horas, fecha_termino, arancel)
     values ${inscritos.map(() => `(?, 'alumno-extranjera', 'asistente-herrera', ?, 2026, ?, ?, 'Curso', '5', 0, ?, 20, ?, 0)`).join(', ')}`,
    ...inscritos.flatMap((n) => [
      `INS-99-${n}`,
      sumarDias(hoy, -30),
      PROGRAMA_PRUEBA.nombre,
      PROGRAMA_PRUEBA.curso,
      `PRO-99${n}`,
      sumarDias(hoy, -1),
    ]),
  )
  await consultarDb(
    servidor.dataDir,
    `insert into solicitudes (codigo_inscripcion, alumno_id, asistente_id, fecha_inicio, anio_curso, nombre_curso,
      curso, tipo_curso, cod_grupo, habilita_tb, cod_prospecto, horas, fecha_termino, arancel)
     values (?, 'alumno-extranjera', 'asistente-herrera', ?, 2026, 'Curso Derivado de Ecografía', 'CDEC', 'Derivada',
      '85', 0, 'PRO-9700001', 8, ?, 0)`,
    SIN_PENDIENTES,
    sumarDias(hoy, -10),
    sumarDias(hoy, -1),
  )
  admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  coordinacion = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.coordinacion)
  asistente = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.herrera)
  estudiante = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
}, 60_000)
afterAll(() => servidor.close())

type Fila = {
  codigoInscripcion: string
  programa: { curso: string; nombre: string }
  fechaTermino: string
  alumno: { id: string; nombre: string; email: string }
  certificado:
    | { estado: 'sin-emitir' }
    | { estado: 'emitido'; codigo: string; fechaEmision: string; enlace: string }
    | { estado: 'revocado'; codigo: string; revocadoEn: string; motivo: string }
  faltantes: string[]
}
type Lista = {
  pagina: number
  porPagina: number
  total: number
  hoy: string
  filas: Fila[]
  programas: { curso: string; nombre: string; total: number; porEmitir: number }[]
}

async function lista(cliente: ClienteDePrueba, consulta = ''): Promise<Lista> {
  const res = await cliente.get(`/api/admin/certificados${consulta}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Lista
}

/** Every row of the list with that query, page after page. */
async function todas(cliente: ClienteDePrueba, consulta: string): Promise<Fila[]> {
  const filas: Fila[] = []
  for (let pagina = 1; ; pagina++) {
    const una = await lista(cliente, `?${consulta}&pagina=${pagina}`)
    filas.push(...una.filas)
    if (filas.length >= una.total || una.filas.length === 0) return filas
  }
}

const emitir = (cliente: ClienteDePrueba, codigoInscripcion: string, confirmarFaltantes?: string[]) =>
  cliente.post(
    `/api/admin/certificados/solicitudes/${codigoInscripcion}/emitir`,
    confirmarFaltantes ? { confirmarFaltantes } : {},
  )

/** What the list says the enrolment still lacks, as the screen would confirm it. */
async function faltantesDe(codigoInscripcion: string): Promise<string[]> {
  const fila = (await todas(admin, '')).find((f) => f.codigoInscripcion === codigoInscripcion)
  expect(fila, codigoInscripcion).toBeDefined()
  return fila!.faltantes
}
const revocar = (cliente: ClienteDePrueba, codigo: string, motivo: unknown) =>
  cliente.post(`/api/admin/certificados/${codigo}/revocar`, { motivo })
const validar = (codigo: string) =>
  clienteDePrueba(servidor.url).post('/api/certificados/validar', { codValidador: codigo })

async function auditoria(accion: string, entidadId?: string) {
  return consultarDb<{
    actor_id: string
    alumno_id: string | null
    entidad: string | null
    entidad_id: string | null
    antes: string | null
    despues: string | null
  }>(
    servidor.dataDir,
    `select actor_id, alumno_id, entidad, entidad_id, antes, despues from auditoria where accion = ?
     ${entidadId ? 'and entidad_id = ?' : ''} order by en`,
    ...(entidadId ? [accion, entidadId] : [accion]),
  )
}

async function certificadosDe(codigoInscripcion: string) {
  return consultarDb<{
    codigo: string
    revocado_en: string | null
    motivo_revocacion: string | null
    revocado_por: string | null
  }>(
    servidor.dataDir,
    `select codigo, revocado_en, motivo_revocacion, revocado_por from documentos_emitidos
     where codigo_inscripcion = ? and cod_tipo_documento = '35' order by emitido_en`,
    codigoInscripcion,
  )
}

/** The certificate links the student's enrolment list offers. */
async function certificadosDelAlumno(): Promise<{ idInscripcion: string; enlace: string }[]> {
  const res = await estudiante.get('/api/solicitudes')
  expect(res.status).toBe(200)
  const { data } = (await res.json()) as {
    data: { emitidos: { idInscripcion: string; codTipoDocumento: string; enlace: string }[] }
  }
  return data.emitidos.filter((d) => d.codTipoDocumento === '35')
}

test('the list holds the enrolments whose program ended, with their certificate, for admin and coordination alike', async () => {
  const deAdmin = await lista(admin)
  expect(deAdmin.hoy).toBe(hoy)
  // Ten demo enrolments ended (all but the master's, which ends today) and this file's two programs.
  expect(deAdmin.total).toBe(11 + INSCRITOS_PRUEBA)
  expect(deAdmin.porPagina).toBe(TAMANO_PAGINA_CERTIFICADOS)
  expect(deAdmin.filas).toHaveLength(TAMANO_PAGINA_CERTIFICADOS)
  const filas = await todas(admin, '')
  expect(filas.map((f) => f.codigoInscripcion)).not.toContain('INS-25-30021')
  expect(new Set(filas.map((f) => f.codigoInscripcion)).size).toBe(11 + INSCRITOS_PRUEBA)
  expect(filas.find((f) => f.codigoInscripcion === 'INS-24-20117')).toEqual({
    codigoInscripcion: 'INS-24-20117',
    programa: { curso: 'DMIA', nombre: 'Diplomado en Medicina Intensiva del Adulto' },
    fechaTermino: '2024-12-13',
    alumno: { id: 'alumno-estudiante', nombre: 'Camila Andrea Rojas Soto', email: DEMO_CUENTAS.estudiante },
    certificado: {
      estado: 'emitido',
      codigo: DEMO_CERTIFICADO_VALIDO,
      fechaEmision: '2025-01-17',
      enlace: `/api/admin/certificados/${DEMO_CERTIFICADO_VALIDO}/pdf`,
    },
    faltantes: [],
  })
  // Without a certificate, what the enrolment still lacks, in words: the foreign student's first
  // installment is overdue and two are to come, her regulations and survey wait, two of the four
  // documents of group 1 were never uploaded and two wait for the school's review.
  expect(filas.find((f) => f.codigoInscripcion === 'INS-25-30688')).toMatchObject({
    certificado: { estado: 'sin-emitir' },
    faltantes: [
      '1 cuota vencida',
      '2 cuotas por vencer',
      'reglamento sin firmar',
      '2 documentos pendientes',
      '2 documentos en revisión',
      'encuesta sin enviar',
    ],
  })
  expect(filas.find((f) => f.codigoInscripcion === SIN_PENDIENTES)?.faltantes).toEqual([])
  // The programs that ended, for the filter, each with how many still need a certificate.
  expect(deAdmin.programas).toHaveLength(12)
  expect(deAdmin.programas).toContainEqual({ ...PROGRAMA_PRUEBA, total: INSCRITOS_PRUEBA, porEmitir: INSCRITOS_PRUEBA })
  expect(deAdmin.programas).toContainEqual({
    curso: 'DMIA',
    nombre: 'Diplomado en Medicina Intensiva del Adulto',
    total: 1,
    porEmitir: 0,
  })
  expect(deAdmin.programas.map((p) => p.curso)).not.toContain('MSPE')

  expect(await lista(coordinacion)).toEqual(deAdmin)
})

test('an assistant is refused the list and every certificate action, and nothing changes', async () => {
  const antes = await consultarDb(servidor.dataDir, 'select count(*) as n from documentos_emitidos')
  for (const res of [
    await asistente.get('/api/admin/certificados'),
    await emitir(asistente, 'INS-25-30688'),
    await revocar(asistente, DEMO_CERTIFICADO_VALIDO, 'Un motivo'),
    await asistente.get(`/api/admin/certificados/${DEMO_CERTIFICADO_VALIDO}/pdf`),
  ]) {
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: MENSAJE_SIN_PERMISO })
  }
  expect(await consultarDb(servidor.dataDir, 'select count(*) as n from documentos_emitidos')).toEqual(antes)
})

test('the list filters by program and by state, and pages', async () => {
  const delPrograma = await lista(admin, `?programa=${PROGRAMA_PRUEBA.curso}`)
  expect(delPrograma.total).toBe(INSCRITOS_PRUEBA)
  expect(delPrograma.filas.every((f) => f.programa.curso === PROGRAMA_PRUEBA.curso)).toBe(true)
  const segunda = await lista(admin, `?programa=${PROGRAMA_PRUEBA.curso}&pagina=2`)
  expect(segunda.pagina).toBe(2)
  expect(segunda.filas).toHaveLength(INSCRITOS_PRUEBA - TAMANO_PAGINA_CERTIFICADOS)
  const codigos = [...delPrograma.filas, ...segunda.filas].map((f) => f.codigoInscripcion)
  expect(new Set(codigos).size).toBe(INSCRITOS_PRUEBA)
  // The programs for the select do not depend on the filters.
  expect(delPrograma.programas).toHaveLength(12)

  const emitidos = await lista(admin, '?estado=emitido')
  expect(emitidos.filas.map((f) => f.codigoInscripcion).sort()).toEqual(['INS-24-20117', 'INS-24-20388'])
  const porEmitir = await lista(admin, '?estado=por-emitir')
  expect(porEmitir.total).toBe(9 + INSCRITOS_PRUEBA)
  expect(porEmitir.filas.every((f) => f.certificado.estado === 'sin-emitir')).toBe(true)
  expect((await lista(admin, '?estado=revocado')).total).toBe(0)
  expect((await lista(admin, '?programa=DMIA&estado=por-emitir')).total).toBe(0)
  expect((await lista(admin, '?programa=NOEXISTE')).filas).toEqual([])

  for (const consulta of ['?estado=todos', '?pagina=0', '?pagina=dos']) {
    const res = await admin.get(`/api/admin/certificados${consulta}`)
    expect(res.status, consulta).toBe(400)
    expect(((await res.json()) as { error: string }).error).toBe(MENSAJE_FILTRO_NO_VALIDO)
  }
})

test('an enrolment that lacks nothing is issued at once; one that lacks something is refused, naming it, until exactly that is confirmed', async () => {
  const completa = await emitir(admin, SIN_PENDIENTES)
  expect(completa.status, await completa.clone().text()).toBe(201)
  const { certificado } = (await completa.json()) as { certificado: { codigo: string } }
  const [registro] = await auditoria('certificado.emitir', certificado.codigo)
  expect(JSON.parse(registro!.despues!)).toEqual({
    codigo: certificado.codigo,
    codigoInscripcion: SIN_PENDIENTES,
    fechaEmision: hoy,
  })

  const documentos = async () => consultarDb(servidor.dataDir, 'select count(*) as n from documentos_emitidos')
  const antes = [await documentos(), await auditoria('certificado.emitir')]
  const faltantes = await faltantesDe('INS-25-30688')
  expect(faltantes).toContain('1 cuota vencida')
  const sinConfirmar = await emitir(admin, 'INS-25-30688')
  expect(sinConfirmar.status).toBe(409)
  expect(await sinConfirmar.json()).toEqual({ error: mensajeFaltantesSinConfirmar(faltantes), faltantes })
  expect(mensajeFaltantesSinConfirmar(faltantes)).toMatch(
    /^Esta inscripción aún tiene: 1 cuota vencida, 2 cuotas por vencer, reglamento sin firmar, .*encuesta sin enviar\. Para emitir su certificado de todos modos, confirme la emisión\.$/,
  )
  // A confirmation of less than what it lacks now (the list changed since the screen read it).
  const enParte = await emitir(admin, 'INS-25-30688', faltantes.slice(1))
  expect(enParte.status).toBe(409)
  expect(((await enParte.json()) as { faltantes: string[] }).faltantes).toEqual(faltantes)
  const malFormada = await admin.post('/api/admin/certificados/solicitudes/INS-25-30688/emitir', {
    confirmarFaltantes: 'todo',
  })
  expect(malFormada.status).toBe(400)
  expect([await documentos(), await auditoria('certificado.emitir')]).toEqual(antes)

  const confirmada = await emitir(coordinacion, 'INS-25-30688', faltantes)
  expect(confirmada.status, await confirmada.clone().text()).toBe(201)
  const emitido = ((await confirmada.json()) as { certificado: { codigo: string } }).certificado
  // The audit row says it was issued knowing what the enrolment lacked.
  const [conFaltantes] = await auditoria('certificado.emitir', emitido.codigo)
  expect(conFaltantes).toMatchObject({ actor_id: 'personal-coordinacion', alumno_id: 'alumno-extranjera' })
  expect(JSON.parse(conFaltantes!.despues!)).toEqual({
    codigo: emitido.codigo,
    codigoInscripcion: 'INS-25-30688',
    fechaEmision: hoy,
    faltantesConfirmados: faltantes,
  })
  // Once issued, the row lists nothing lacking.
  expect(await faltantesDe('INS-25-30688')).toEqual([])
})

test('issuing a certificate: a new code the validator accepts, the student’s list links it, one audit row', async () => {
  const faltantes = await faltantesDe('INS-25-30145')
  const res = await emitir(coordinacion, 'INS-25-30145', faltantes)
  expect(res.status, await res.clone().text()).toBe(201)
  const { certificado } = (await res.json()) as {
    certificado: { codigo: string; codigoInscripcion: string; fechaEmision: string; enlace: string }
  }
  expect(certificado.codigo).toMatch(/^[0-9A-Z]{28}$/)
  expect(certificado).toEqual({
    codigo: certificado.codigo,
    codigoInscripcion: 'INS-25-30145',
    fechaEmision: hoy,
    enlace: `/api/admin/certificados/${certificado.codigo}/pdf`,
  })
  const filas = await auditoria('certificado.emitir', certificado.codigo)
  expect(filas).toEqual([
    {
      actor_id: 'personal-coordinacion',
      alumno_id: 'alumno-estudiante',
      entidad: 'certificado',
      entidad_id: certificado.codigo,
      antes: null,
      despues: JSON.stringify({
        codigo: certificado.codigo,
        codigoInscripcion: 'INS-25-30145',
        fechaEmision: hoy,
        faltantesConfirmados: faltantes,
      }),
    },
  ])

  const validacion = (await (await validar(certificado.codigo)).json()) as {
    status: number
    data: { msgvalido: string }
  }
  expect(validacion.status).toBe(1)
  expect(validacion.data.msgvalido).toContain('Estadía Clínica en Cardiología Intervencional')

  expect(await certificadosDelAlumno()).toContainEqual(
    expect.objectContaining({
      idInscripcion: 'INS-25-30145',
      enlace: `/api/documentos-emitidos/${certificado.codigo}`,
    }),
  )
  const pdf = await estudiante.get(`/api/documentos-emitidos/${certificado.codigo}`)
  expect(pdf.status).toBe(200)
  // The staff open the same signed PDF.
  const delPersonal = await admin.get(certificado.enlace)
  expect(delPersonal.status).toBe(200)
  expect(delPersonal.headers.get('content-type')).toBe('application/pdf')
  expect(Buffer.from(await delPersonal.arrayBuffer())).toEqual(Buffer.from(await pdf.arrayBuffer()))

  const fila = (await todas(admin, 'estado=emitido')).find((f) => f.codigoInscripcion === 'INS-25-30145')
  expect(fila?.certificado).toEqual({
    estado: 'emitido',
    codigo: certificado.codigo,
    fechaEmision: hoy,
    enlace: certificado.enlace,
  })
})

test('issuing is refused in Spanish before the program ends, while a valid certificate exists, or for an unknown enrolment; nothing changes', async () => {
  const documentos = async () => consultarDb(servidor.dataDir, 'select count(*) as n from documentos_emitidos')
  const antes = [await documentos(), await auditoria('certificado.emitir')]
  const noTermina = await emitir(admin, 'INS-25-30021')
  expect(noTermina.status).toBe(409)
  expect(await noTermina.json()).toEqual({ error: mensajeProgramaNoTerminado(hoy) })
  expect(mensajeProgramaNoTerminado(hoy)).toContain(fechaLarga(hoy))

  const vigente = await emitir(admin, 'INS-24-20117')
  expect(vigente.status).toBe(409)
  expect(await vigente.json()).toEqual({ error: MENSAJE_CERTIFICADO_VIGENTE })

  const desconocida = await emitir(admin, 'INS-00-00000')
  expect(desconocida.status).toBe(404)
  expect(await desconocida.json()).toEqual({ error: MENSAJE_SOLICITUD_NO_ENCONTRADA })
  expect([await documentos(), await auditoria('certificado.emitir')]).toEqual(antes)
})

test('two issues of the same certificate at once make one certificate and one audit row', async () => {
  const faltantes = await faltantesDe('INS-25-30290')
  const respuestas = await Promise.all([
    emitir(admin, 'INS-25-30290', faltantes),
    emitir(coordinacion, 'INS-25-30290', faltantes),
    emitir(admin, 'INS-25-30290', faltantes),
  ])
  const estados = respuestas.map((r) => r.status).sort()
  expect(estados).toEqual([201, 409, 409])
  for (const r of respuestas.filter((r) => r.status === 409))
    expect(await r.json()).toEqual({ error: MENSAJE_CERTIFICADO_VIGENTE })
  const certificados = await certificadosDe('INS-25-30290')
  expect(certificados).toHaveLength(1)
  expect(await auditoria('certificado.emitir', certificados[0]!.codigo)).toHaveLength(1)
})

test('revoking with a reason: recorded with who and when, audited; the validator says revoked with the date; the student no longer has it', async () => {
  const sinMotivo = await revocar(admin, DEMO_CERTIFICADO_ACLS, '   ')
  expect(sinMotivo.status).toBe(400)
  expect(((await sinMotivo.json()) as { error: string }).error).toBe(MENSAJE_MOTIVO_REVOCACION)
  const largo = await revocar(admin, DEMO_CERTIFICADO_ACLS, 'x'.repeat(501))
  expect(largo.status).toBe(400)
  expect(await certificadosDe('INS-24-20388')).toEqual([
    { codigo: DEMO_CERTIFICADO_ACLS, revocado_en: null, motivo_revocacion: null, revocado_por: null },
  ])
  for (const codigo of ['NOEXISTE', await codigoDeReglamento('INS-24-20117')]) {
    const res = await revocar(admin, codigo, 'Un motivo')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: MENSAJE_CERTIFICADO_NO_ENCONTRADO })
  }

  const motivo = 'Se emitió con las horas del programa equivocadas.'
  // Codes are matched ignoring case, as the validator does.
  const res = await revocar(admin, DEMO_CERTIFICADO_ACLS.toLowerCase(), `  ${motivo} `)
  expect(res.status, await res.clone().text()).toBe(200)
  expect(await res.json()).toEqual({ certificado: { codigo: DEMO_CERTIFICADO_ACLS, revocadoEn: hoy, motivo } })
  const [fila] = await certificadosDe('INS-24-20388')
  expect(fila).toMatchObject({
    codigo: DEMO_CERTIFICADO_ACLS,
    motivo_revocacion: motivo,
    revocado_por: 'personal-admin',
  })
  expect(fechaEnChile(new Date(fila!.revocado_en!))).toBe(hoy)
  const [registro] = await auditoria('certificado.revocar', DEMO_CERTIFICADO_ACLS)
  expect(registro).toEqual({
    actor_id: 'personal-admin',
    alumno_id: 'alumno-estudiante',
    entidad: 'certificado',
    entidad_id: DEMO_CERTIFICADO_ACLS,
    antes: JSON.stringify({ revocadoEn: null, motivoRevocacion: null, revocadoPor: null }),
    despues: JSON.stringify({ revocadoEn: fila!.revocado_en, motivoRevocacion: motivo, revocadoPor: 'personal-admin' }),
  })

  const validacion = await (await validar(DEMO_CERTIFICADO_ACLS)).json()
  expect(validacion).toMatchObject({
    status: 0,
    revocado: true,
    msg: `Certificado Programa revocado por la escuela el ${fechaLarga(hoy)}: ya no es válido.`,
    documento: { codigo: DEMO_CERTIFICADO_ACLS, revocadoEn: hoy },
  })
  expect((await certificadosDelAlumno()).map((d) => d.idInscripcion)).not.toContain('INS-24-20388')
  expect((await estudiante.get(`/api/documentos-emitidos/${DEMO_CERTIFICADO_ACLS}`)).status).toBe(404)

  const revocados = await lista(admin, '?estado=revocado')
  expect(revocados.filas.map((f) => [f.codigoInscripcion, f.certificado])).toEqual([
    ['INS-24-20388', { estado: 'revocado', codigo: DEMO_CERTIFICADO_ACLS, revocadoEn: hoy, motivo }],
  ])
  // Without a valid certificate, the enrolment is due one again.
  expect((await todas(admin, 'estado=por-emitir')).map((f) => f.codigoInscripcion)).toContain('INS-24-20388')

  const otraVez = await revocar(coordinacion, DEMO_CERTIFICADO_ACLS, 'Otro motivo')
  expect(otraVez.status).toBe(409)
  expect(await otraVez.json()).toEqual({ error: mensajeYaRevocado(hoy) })
  expect(await auditoria('certificado.revocar', DEMO_CERTIFICADO_ACLS)).toHaveLength(1)

  // The student is told, in the bell and by e-mail at once, with the reason; the notice that
  // offered the certificate reads as revoked and is nothing left to read.
  const { data } = (await (await estudiante.get('/api/notificaciones')).json()) as { data: Avisos }
  const revocacion = data.notificaciones.filter((n) => n.tipo === 'certificado-revocado')
  expect(revocacion).toEqual([
    expect.objectContaining({
      titulo: 'Certificado revocado',
      cuerpo: expect.stringContaining(`por este motivo: «${motivo}»`) as unknown,
      ruta: '/info/solicitudes?solicitud=INS-24-20388',
      leidaEn: null,
      retirada: null,
    }),
  ])
  expect(revocacion[0]!.cuerpo).toContain(DEMO_CERTIFICADO_ACLS)
  const disponible = await consultarDb<{ id: string }>(
    servidor.dataDir,
    "select id from notificaciones where tipo = 'documento-emitido' and ocasion = ?",
    DEMO_CERTIFICADO_ACLS,
  )
  expect(disponible).toHaveLength(1)
  const anterior = data.notificaciones.find((n) => n.id === disponible[0]!.id)
  expect(anterior).toMatchObject({
    titulo: 'Certificado disponible',
    ruta: '/info/solicitudes?solicitud=INS-24-20388&abrir=certificado',
    retirada: {
      motivo: `La escuela lo revocó el ${fechaLarga(hoy)} por este motivo: «${motivo}». Este certificado ya no es válido.`,
    },
  })
  expect(data.noLeidas).toBe(data.notificaciones.filter((n) => !n.leidaEn && !n.retirada).length)
  // What was still to be sent of the earlier notice is not sent.
  const envios = await consultarDb<{ estado: string }>(
    servidor.dataDir,
    'select estado from envios_notificacion where notificacion_id = ?',
    disponible[0]!.id,
  )
  expect(envios.every((e) => e.estado !== 'pendiente')).toBe(true)
  const correo = await esperarCorreo(servidor.dataDir, DEMO_CUENTAS.estudiante)
  expect(correo.subject).toBe('Certificado revocado — Portal del Estudiante')
  expect(correo.text).toContain(`«${motivo}»`)
  expect(correo.text).toContain('/info/solicitudes?solicitud=INS-24-20388')
})

type Avisos = {
  noLeidas: number
  notificaciones: {
    id: string
    tipo: string
    titulo: string
    cuerpo: string
    ruta: string
    leidaEn: string | null
    retirada: { en: string; motivo: string } | null
  }[]
}

test('a revoked certificate reissued gets a new code: the student’s list offers the new one, the old code still verifies as revoked', async () => {
  const res = await emitir(admin, 'INS-24-20388', await faltantesDe('INS-24-20388'))
  expect(res.status, await res.clone().text()).toBe(201)
  const { certificado } = (await res.json()) as { certificado: { codigo: string } }
  expect(certificado.codigo).not.toBe(DEMO_CERTIFICADO_ACLS)

  expect(await certificadosDelAlumno()).toContainEqual(
    expect.objectContaining({
      idInscripcion: 'INS-24-20388',
      enlace: `/api/documentos-emitidos/${certificado.codigo}`,
    }),
  )
  expect((await certificadosDelAlumno()).filter((d) => d.idInscripcion === 'INS-24-20388')).toHaveLength(1)
  expect((await estudiante.get(`/api/documentos-emitidos/${certificado.codigo}`)).status).toBe(200)
  expect((await estudiante.get(`/api/documentos-emitidos/${DEMO_CERTIFICADO_ACLS}`)).status).toBe(404)
  expect(await (await validar(certificado.codigo)).json()).toMatchObject({ status: 1 })
  expect(await (await validar(DEMO_CERTIFICADO_ACLS)).json()).toMatchObject({ status: 0, revocado: true })

  const fila = (await todas(admin, 'programa=CRCA')).find((f) => f.codigoInscripcion === 'INS-24-20388')
  expect(fila?.certificado).toMatchObject({ estado: 'emitido', codigo: certificado.codigo })
  // Staff can still open what they revoked.
  expect((await admin.get(`/api/admin/certificados/${DEMO_CERTIFICADO_ACLS}/pdf`)).status).toBe(200)
})

test('two revocations of the same certificate at once: one wins, the other is told it was already revoked', async () => {
  const [vigente] = (await certificadosDe('INS-25-30290')).filter((c) => c.revocado_en === null)
  const respuestas = await Promise.all([
    revocar(admin, vigente!.codigo, 'Motivo de la administración'),
    revocar(coordinacion, vigente!.codigo, 'Motivo de coordinación'),
  ])
  expect(respuestas.map((r) => r.status).sort()).toEqual([200, 409])
  const perdedora = respuestas.find((r) => r.status === 409)!
  expect(await perdedora.json()).toEqual({ error: mensajeYaRevocado(hoy) })
  const ganadora = (await respuestas.find((r) => r.status === 200)!.json()) as { certificado: { motivo: string } }
  const [fila] = await certificadosDe('INS-25-30290')
  expect(fila!.motivo_revocacion).toBe(ganadora.certificado.motivo)
  expect(await auditoria('certificado.revocar', vigente!.codigo)).toHaveLength(1)
})

test('the staff’s PDF of an unknown code is a 404', async () => {
  const res = await admin.get('/api/admin/certificados/NOEXISTE/pdf')
  expect(res.status).toBe(404)
  expect(await res.json()).toEqual({ error: MENSAJE_CERTIFICADO_NO_ENCONTRADO })
})

async function codigoDeReglamento(codigoInscripcion: string): Promise<string> {
  const [fila] = await consultarDb<{ codigo: string }>(
    servidor.dataDir,
    `select codigo from documentos_emitidos where codigo_inscripcion = ? and cod_tipo_documento = '6'`,
    codigoInscripcion,
  )
  return fila!.codigo
}

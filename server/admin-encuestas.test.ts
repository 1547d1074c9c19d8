// The general survey's results for the school: surveys sent through the student's own endpoint
// are counted per question for a program and a year; the sensitive answers (disability,
// indigenous peoples) reach only coordination and admin, with counts under 5 as '< 5'; an
// assistant reads only their students' surveys and nothing sensitive; the spreadsheet holds one
// row per survey with dates as dates, numbers as numbers, a formula-looking text kept as text,
// and each download is in the audit trail with its filters.
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { etiquetaAccion } from '../src/domain/palabras-auditoria.ts'
import { fechaEnChile, horaEnChile } from '../src/domain/fechas.ts'
import { MENSAJE_SESION_PERSONAL_EXPIRADA, MENSAJE_SIN_PERMISO } from '../src/domain/personal.ts'
import {
  CINCO_O_MAS,
  MENOS_DE_CINCO,
  MENSAJE_ANIO_INVALIDO,
  PREGUNTAS_RESULTADOS,
  type ResultadoPregunta,
} from '../src/domain/resultados-encuesta.ts'
import { encuestaCompleta } from '../tests/support/encuesta.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'

let servidor: ServidorDePrueba
let admin: ClienteDePrueba
let coordinacion: ClienteDePrueba
let herrera: ClienteDePrueba
let munoz: ClienteDePrueba
let extranjera: ClienteDePrueba

/** A program of this file's own: eight enrolments of 2026 (seven answer) and one of 2025. */
const PROGRAMA = { curso: 'CPEN', nombre: 'Curso de Prueba en Encuestas Clínicas' }
const DE_2026 = Array.from({ length: 8 }, (_, i) => `INS-97-0000${i + 1}`)
const DE_2025 = 'INS-97-00020'
/** What a student typed that a spreadsheet would take for a formula. */
const FORMULA = '=HYPERLINK("http://ejemplo.invalid";"clic")'

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  const inscripciones = [...DE_2026.map((codigo) => ({ codigo, anio: 2026 })), { codigo: DE_2025, anio: 2025 }]
  await consultarDb(
    servidor.dataDir,
    `insert into solicitudes (codigo_inscripcion, alumno_id, asistente_id, fecha_inicio, anio_curso, nombre_curso,
      curso, tipo_curso, cod_grupo, habilita_tb, cod_prospecto, horas, fecha_termino, arancel)
     values ${inscripciones.map(() => `(?, 'alumno-extranjera', 'asistente-herrera', ?, ?, ?, ?, 'Curso', '1', 0, ?, 20, null, 0)`).join(', ')}`,
    ...inscripciones.flatMap(({ codigo, anio }) => [
      codigo,
      `${anio}-03-02`,
      anio,
      PROGRAMA.nombre,
      PROGRAMA.curso,
      codigo.replace('INS', 'PRO'),
    ]),
  )
  extranjera = await iniciarSesion(servidor.url, DEMO_CUENTAS.extranjera)
  const enviar = async (codigo: string, cambios: Parameters<typeof encuestaCompleta>[0]) => {
    const res = await extranjera.post(`/api/solicitudes/${codigo}/encuesta`, encuestaCompleta(cambios))
    expect(res.status, await res.clone().text()).toBe(201)
  }
  // Seven of the eight of 2026 answer: one with a disability, one of the Mapuche people, one who
  // typed a formula; five heard of the program in the press, two on social networks.
  await enviar(DE_2026[0]!, {
    poseeDiscapacidad: 'Si',
    tipoDiscapacidad: 'Sensorial auditiva',
    adecuacion: 'Intérprete de lengua de señas',
    inscritoRND: 'Si',
    otrosOrigenesDisca: ['De nacimiento'],
  })
  await enviar(DE_2026[1]!, { pertenecePuebloOrg: 'Si', puebloOrg: 'Mapuche' })
  await enviar(DE_2026[2]!, { identidadGenero: FORMULA, como_seentera: 'Redes Sociales' })
  await enviar(DE_2026[3]!, { como_seentera: 'Redes Sociales', razon_cursa_1: 'Mejorar mis ingresos' })
  for (const codigo of DE_2026.slice(4, 7)) await enviar(codigo, {})
  await enviar(DE_2025, { como_seentera: 'Feria educacional' })

  admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  coordinacion = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.coordinacion)
  herrera = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.herrera)
  munoz = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.munoz)
}, 90_000)
afterAll(() => servidor.close())

type Resultados = {
  filtros: { programa: string; anio: number | null }
  programas: { curso: string; nombre: string }[]
  anios: number[]
  solicitudes: number
  respondidas: number
  sensibles: boolean
  preguntas: ResultadoPregunta[]
}

async function resultados(cliente: ClienteDePrueba, consulta = `programa=${PROGRAMA.curso}&anio=2026`) {
  const res = await cliente.get(`/api/admin/encuestas?${consulta}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Resultados
}

function cantidades(datos: Resultados, clave: string) {
  const p = datos.preguntas.find((q) => q.clave === clave)
  if (!p || (p.tipo !== 'opcion' && p.tipo !== 'varias')) throw new Error(`sin ${clave}`)
  return Object.fromEntries(p.opciones.map((o) => [o.opcion, o.cantidad]))
}

test('coordination reads how many answered of how many enrolments, and every answer counted', async () => {
  const datos = await resultados(coordinacion)
  expect(datos).toMatchObject({
    filtros: { programa: PROGRAMA.curso, anio: 2026 },
    solicitudes: 8,
    respondidas: 7,
    sensibles: true,
  })
  expect(datos.programas).toContainEqual(PROGRAMA)
  expect(datos.anios).toEqual(expect.arrayContaining([2026, 2025]))
  expect(cantidades(datos, 'como_seentera')).toMatchObject({ Prensa: 5, 'Redes Sociales': 2, 'Feria educacional': 0 })
  expect(cantidades(datos, 'cursaFuera')).toEqual({ Si: 0, No: 7 })
  const razones = datos.preguntas.find((p) => p.clave === 'razon_cursa')
  if (razones?.tipo !== 'prioridades') throw new Error('sin razones para cursar')
  expect(razones.respondieron).toBe(7)
  // The reasons ranked: the most chosen as first priority first.
  expect(razones.opciones.slice(0, 2)).toEqual([
    { opcion: 'Actualizar conocimientos', prioridades: [6, 0, 0] },
    { opcion: 'Mejorar mis ingresos', prioridades: [1, 0, 0] },
  ])
  // Every question of the survey is there for coordination, the sensitive ones included.
  expect(datos.preguntas.map((p) => p.clave)).toEqual(PREGUNTAS_RESULTADOS.map((p) => p.clave))
})

test('sensitive counts under 5 are sent as "< 5", never as the number nor as what the total would tell', async () => {
  const datos = await resultados(coordinacion)
  // Seven answered: an exact 'No' would give 'Si' away.
  expect(cantidades(datos, 'poseeDiscapacidad')).toEqual({ Si: MENOS_DE_CINCO, No: CINCO_O_MAS })
  expect(cantidades(datos, 'tipoDiscapacidad')).toMatchObject({ 'Sensorial auditiva': MENOS_DE_CINCO })
  expect(cantidades(datos, 'pertenecePuebloOrg')).toEqual({ Si: MENOS_DE_CINCO, No: CINCO_O_MAS })
  expect(cantidades(datos, 'puebloOrg')).toMatchObject({ Mapuche: MENOS_DE_CINCO })
  for (const p of datos.preguntas.filter((q) => q.sensible)) {
    const numeros = JSON.stringify(p).match(/\d+/g)?.map(Number) ?? []
    expect(
      numeros.every((n) => n >= 5),
      p.clave,
    ).toBe(true)
  }
})

test('the year filters the enrolments; a year that is not one is refused in Spanish', async () => {
  const de2025 = await resultados(admin, `programa=${PROGRAMA.curso}&anio=2025`)
  expect(de2025).toMatchObject({ solicitudes: 1, respondidas: 1 })
  expect(cantidades(de2025, 'como_seentera')).toMatchObject({ 'Feria educacional': 1, Prensa: 0 })
  const todos = await resultados(admin, `programa=${PROGRAMA.curso}`)
  expect(todos).toMatchObject({ solicitudes: 9, respondidas: 8, filtros: { anio: null } })

  const res = await admin.get('/api/admin/encuestas?anio=dos-mil')
  expect(res.status).toBe(400)
  expect(await res.json()).toMatchObject({ error: MENSAJE_ANIO_INVALIDO })
})

test('an assistant reads their own students’ surveys without any sensitive answer', async () => {
  const datos = await resultados(herrera)
  expect(datos).toMatchObject({ solicitudes: 8, respondidas: 7, sensibles: false })
  expect(datos.preguntas.some((p) => p.sensible)).toBe(false)
  const texto = JSON.stringify(datos)
  for (const palabra of ['poseeDiscapacidad', 'Discapacidad', 'puebloOrg', 'Mapuche', 'Pueblos originarios'])
    expect(texto).not.toContain(palabra)
  expect(cantidades(datos, 'como_seentera')).toMatchObject({ Prensa: 5 })

  // Tomás Muñoz reaches neither the foreign student nor her enrolments.
  const ajeno = await resultados(munoz)
  expect(ajeno).toMatchObject({ solicitudes: 0, respondidas: 0 })
  expect(ajeno.programas.map((p) => p.curso)).not.toContain(PROGRAMA.curso)
})

test('a student’s session gets nothing', async () => {
  for (const ruta of ['/api/admin/encuestas', '/api/admin/encuestas/planilla']) {
    const res = await extranjera.get(ruta)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: MENSAJE_SESION_PERSONAL_EXPIRADA })
  }
})

test('a staff account whose role lacks the capability gets 403 and nothing else, and no download is recorded', async () => {
  // Every role of the table reads the results (an assistant within their reach); an account left
  // with a role the table does not know has no capability at all.
  await consultarDb(servidor.dataDir, "update personal set rol = 'retirado' where id = 'personal-munoz'")
  try {
    const antes = (await exportaciones()).length
    for (const ruta of ['/api/admin/encuestas', '/api/admin/encuestas/planilla']) {
      const res = await munoz.get(ruta)
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ error: MENSAJE_SIN_PERMISO })
    }
    expect(await exportaciones()).toHaveLength(antes)
  } finally {
    await consultarDb(servidor.dataDir, "update personal set rol = 'asistente' where id = 'personal-munoz'")
  }
})

async function planilla(cliente: ClienteDePrueba, consulta = `programa=${PROGRAMA.curso}&anio=2026`) {
  const res = await cliente.get(`/api/admin/encuestas/planilla?${consulta}`)
  expect(res.status, await res.clone().text()).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  expect(res.headers.get('content-disposition')).toContain('encuestas-CPEN-2026.xlsx')
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  const libro = new ExcelJS.Workbook()
  await libro.xlsx.load(await res.arrayBuffer())
  const hoja = libro.getWorksheet('Encuestas')
  if (!hoja) throw new Error('sin hoja Encuestas')
  const titulos = (hoja.getRow(1).values as unknown[]).slice(1).map(String)
  const filas = []
  for (let n = 2; n <= hoja.rowCount; n++) {
    const fila = hoja.getRow(n)
    filas.push(Object.fromEntries(titulos.map((t, i) => [t, fila.getCell(i + 1)])))
  }
  return { titulos, filas }
}

async function exportaciones() {
  return consultarDb<{ actor_id: string; accion: string; despues: string }>(
    servidor.dataDir,
    "select actor_id, accion, despues from auditoria where accion = 'encuestas.exportar' order by en",
  )
}

test('coordination downloads one row per survey: the student, the program, dates as dates, numbers as numbers, every answer, a typed formula kept as text; and it is in the audit trail', async () => {
  const antes = (await exportaciones()).length
  const { titulos, filas } = await planilla(coordinacion)
  expect(filas).toHaveLength(7)
  expect(titulos).toContain('Pueblo originario')
  expect(titulos).toContain('Tipo de discapacidad')
  expect(titulos).toContain('Razones para cursar el programa (hasta 3, en orden de prioridad) — prioridad 1')

  const fila = filas.find((f) => f['Código de inscripción']?.value === DE_2026[1])!
  expect(fila['Apellidos']?.value).toBe('García Pérez')
  expect(fila['RUT o documento']?.value).toBe('PASAPORTE AAF482913')
  expect(fila['Programa']?.value).toBe(PROGRAMA.nombre)
  expect(fila['Pueblo originario']?.value).toBe('Mapuche')
  expect(fila['Año']?.value).toBe(2026)
  expect(fila['Año']?.type).toBe(ExcelJS.ValueType.Number)
  const inicio = fila['Inicio del programa']!
  expect(inicio.type).toBe(ExcelJS.ValueType.Date)
  expect((inicio.value as Date).toISOString().slice(0, 10)).toBe('2026-03-02')
  const enviada = fila['Fecha de envío']!
  expect(enviada.type).toBe(ExcelJS.ValueType.Date)
  expect(enviada.numFmt).toBe('dd-mm-yyyy hh:mm')
  const [registro] = await consultarDb<{ enviada_en: string }>(
    servidor.dataDir,
    'select enviada_en from encuestas where codigo_inscripcion = ?',
    DE_2026[1],
  )
  const momento = new Date(registro!.enviada_en)
  expect((enviada.value as Date).toISOString().slice(0, 16)).toBe(`${fechaEnChile(momento)}T${horaEnChile(momento)}`)

  const conFormula = filas.find((f) => f['Código de inscripción']?.value === DE_2026[2])!
  const identidad = conFormula['Identidad de género']!
  expect(identidad.type).toBe(ExcelJS.ValueType.String)
  expect(identidad.formula).toBeUndefined()
  expect(identidad.value).toBe(`'${FORMULA}`)

  const registros = await exportaciones()
  expect(registros).toHaveLength(antes + 1)
  expect(registros.at(-1)).toMatchObject({ actor_id: 'personal-coordinacion' })
  expect(JSON.parse(registros.at(-1)!.despues)).toEqual({
    programa: PROGRAMA.curso,
    anio: 2026,
    filas: 7,
    respuestasSensibles: true,
  })
})

test('an assistant’s spreadsheet has no sensitive column; the admin finds both downloads in the log, in words', async () => {
  const { titulos, filas } = await planilla(herrera)
  expect(filas).toHaveLength(7)
  for (const p of PREGUNTAS_RESULTADOS.filter((q) => q.sensible))
    expect(titulos.some((t) => t.startsWith(p.etiqueta))).toBe(false)
  expect(titulos).toContain('¿Cómo se enteró del programa?')

  const res = await admin.get('/api/admin/auditoria?accion=encuestas.exportar')
  expect(res.status).toBe(200)
  const { eventos } = (await res.json()) as {
    eventos: { etiqueta: string; actor: { id: string }; despues: Record<string, unknown> }[]
  }
  expect(etiquetaAccion('encuestas.exportar')).toBe('Planilla de encuestas descargada')
  expect(eventos[0]).toMatchObject({
    etiqueta: 'Planilla de encuestas descargada',
    actor: { id: 'personal-herrera' },
    despues: { programa: PROGRAMA.curso, anio: 2026, filas: 7, respuestasSensibles: false },
  })
  expect(eventos.length).toBeGreaterThanOrEqual(2)
})

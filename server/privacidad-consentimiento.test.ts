// Express consents to the survey's disability and indigenous questions, on SQLite and
// PostgreSQL: given with the answers, each is recorded with the policy's version and the moment;
// without it nothing it covers is stored; withdrawn from Información Personal, its answers (and
// only its) are deleted, and the staff's spreadsheet and the CRM no longer carry them.
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MENSAJE_FINALIDAD_DESCONOCIDA, MENSAJE_SIN_CONSENTIMIENTO } from '../src/domain/consentimiento.ts'
import { VERSION_VIGENTE } from '../src/domain/politica-privacidad.ts'
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

const CODIGO = 'INS-25-30688'
const ALUMNA = 'alumno-extranjera'

let servidor: ServidorDePrueba
let alumna: ClienteDePrueba
let coordinacion: ClienteDePrueba
let token: string

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  alumna = await iniciarSesion(servidor.url, DEMO_CUENTAS.extranjera)
  coordinacion = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.coordinacion)
  const admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  const res = await admin.post('/api/admin/integracion/claves', {
    nombre: 'CRM',
    alcances: ['lectura', 'encuestas.respuestas'],
  })
  token = ((await res.json()) as { token: string }).token
}, 60_000)
afterAll(() => servidor?.close())

const respuestasGuardadas = async () =>
  JSON.parse(
    (
      await consultarDb<{ respuestas: string }>(
        servidor.dataDir,
        'select respuestas from encuestas where codigo_inscripcion = ?',
        CODIGO,
      )
    )[0]!.respuestas,
  ) as Record<string, unknown>

async function enElCrm() {
  const res = await fetch(`${servidor.url}/api/integracion/v1/encuestas?desde=2000-01-01T00:00:00Z&limite=500`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const { datos } = (await res.json()) as {
    datos: { codigoInscripcion: string; respuestas: Record<string, unknown> }[]
  }
  return datos.find((d) => d.codigoInscripcion === CODIGO)!.respuestas
}

/** The staff's spreadsheet row of the survey: each column's text. */
async function enLaPlanilla() {
  const res = await coordinacion.get('/api/admin/encuestas/planilla')
  expect(res.status).toBe(200)
  const libro = new ExcelJS.Workbook()
  await libro.xlsx.load(await res.arrayBuffer())
  const hoja = libro.getWorksheet('Encuestas')!
  const titulos = (hoja.getRow(1).values as unknown[]).slice(1).map(String)
  for (let n = 2; n <= hoja.rowCount; n++) {
    const fila = hoja.getRow(n)
    if (String(fila.getCell(1).value) === CODIGO)
      return Object.fromEntries(titulos.map((t, i) => [t, String(fila.getCell(i + 1).value ?? '')]))
  }
  throw new Error('sin la fila de la encuesta')
}

test('given with the answers, recorded with the version; withdrawn, the answers are deleted and leave the staff’s and the CRM’s view', async () => {
  const antes = Date.now()
  const envio = await alumna.post(
    `/api/solicitudes/${CODIGO}/encuesta`,
    encuestaCompleta({
      poseeDiscapacidad: 'Si',
      tipoDiscapacidad: 'Sensorial visual',
      adecuacion: 'Subtítulos en el material audiovisual',
      inscritoRND: 'No',
      otrosOrigenesDisca: ['Enfermedad'],
      pertenecePuebloOrg: 'Si',
      puebloOrg: 'Mapuche',
    }),
  )
  expect(envio.status, await envio.clone().text()).toBe(201)
  const filas = await consultarDb<{
    estado: string
    version_politica: number
    en: string
    origen: string
    codigo_inscripcion: string
    finalidad: string
  }>(
    servidor.dataDir,
    'select finalidad, estado, version_politica, en, origen, codigo_inscripcion from consentimientos where alumno_id = ? order by finalidad',
    ALUMNA,
  )
  const otorgado = (finalidad: string) => ({
    finalidad,
    estado: 'otorgado',
    version_politica: VERSION_VIGENTE.version,
    en: expect.any(String),
    origen: 'encuesta',
    codigo_inscripcion: CODIGO,
  })
  expect(filas).toEqual([otorgado('encuesta-discapacidad'), otorgado('encuesta-pueblo-originario')])
  expect(Date.parse(filas[0]!.en)).toBeGreaterThanOrEqual(antes - 1000)
  const estado = await (await alumna.get('/api/privacidad/consentimientos')).json()
  expect(estado.consentimientos).toEqual(
    filas.map((f) => ({
      finalidad: f.finalidad,
      estado: 'otorgado',
      en: f.en,
      versionPolitica: VERSION_VIGENTE.version,
    })),
  )

  // Staff and the CRM read the answers while the consents hold.
  expect(await enElCrm()).toMatchObject({
    poseeDiscapacidad: 'Si',
    tipoDiscapacidad: 'Sensorial visual',
    pertenecePuebloOrg: 'Si',
    puebloOrg: 'Mapuche',
  })
  expect(await enLaPlanilla()).toMatchObject({
    'Tipo de discapacidad': 'Sensorial visual',
    'Pueblo originario': 'Mapuche',
  })

  const retiro = await alumna.post('/api/privacidad/consentimientos/encuesta-discapacidad/retirar')
  expect(retiro.status, await retiro.clone().text()).toBe(200)
  expect((await retiro.json()).consentimientos[0]).toMatchObject({ estado: 'retirado' })

  // Deleted from what is stored (the registry ends these answers deleted), the rest kept.
  const guardadas = await respuestasGuardadas()
  expect(guardadas).toMatchObject({
    consentimientoDiscapacidad: '',
    poseeDiscapacidad: '',
    tipoDiscapacidad: '',
    adecuacion: '',
    inscritoRND: '',
    otrosOrigenesDisca: [],
    cursaFuera: 'No',
    como_seentera: 'Prensa',
  })
  expect(JSON.stringify(guardadas)).not.toContain('Sensorial visual')
  // Neither the CRM nor the staff's spreadsheet carry them; the other consent's answer stays.
  const crm = await enElCrm()
  expect(crm).toMatchObject({
    poseeDiscapacidad: '',
    tipoDiscapacidad: '',
    otrosOrigenesDisca: [],
    puebloOrg: 'Mapuche',
  })
  expect(JSON.stringify(crm)).not.toContain('Sensorial visual')
  const fila = await enLaPlanilla()
  expect(fila['Tipo de discapacidad']).toBe('')
  expect(fila['¿Posee alguna discapacidad?']).toBe('')
  expect(fila['Origen de la discapacidad (puede marcar varios)']).toBe('')
  expect(fila['Pueblo originario']).toBe('Mapuche')

  // The indigenous consent, withdrawn in turn: its answers go the same way.
  const retiroPueblo = await alumna.post('/api/privacidad/consentimientos/encuesta-pueblo-originario/retirar')
  expect(retiroPueblo.status, await retiroPueblo.clone().text()).toBe(200)
  expect(await respuestasGuardadas()).toMatchObject({
    consentimientoPuebloOriginario: '',
    pertenecePuebloOrg: '',
    puebloOrg: '',
    otroPuebloOriginario: '',
    cursaFuera: 'No',
  })
  expect(JSON.stringify(await enElCrm())).not.toContain('Mapuche')
  expect((await enLaPlanilla())['Pueblo originario']).toBe('')

  // Nothing left to withdraw; an unknown purpose is refused.
  const otraVez = await alumna.post('/api/privacidad/consentimientos/encuesta-discapacidad/retirar')
  expect(otraVez.status).toBe(409)
  expect(await otraVez.json()).toEqual({ error: MENSAJE_SIN_CONSENTIMIENTO })
  const desconocida = await alumna.post('/api/privacidad/consentimientos/otra-cosa/retirar')
  expect(desconocida.status).toBe(404)
  expect(await desconocida.json()).toEqual({ error: MENSAJE_FINALIDAD_DESCONOCIDA })
  expect(
    (
      await consultarDb<{ estado: string; origen: string }>(
        servidor.dataDir,
        "select estado, origen from consentimientos where alumno_id = ? and finalidad = 'encuesta-discapacidad' order by en",
        ALUMNA,
      )
    ).map((f) => `${f.estado}:${f.origen}`),
  ).toEqual(['otorgado:encuesta', 'retirado:informacion-personal'])
})

test('a survey sent without the consents keeps nothing about a disability or a people and records no consent', async () => {
  const estudiante = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
  const pendiente = await consultarDb<{ codigo_inscripcion: string }>(
    servidor.dataDir,
    `select s.codigo_inscripcion from solicitudes s left join encuestas e on e.codigo_inscripcion = s.codigo_inscripcion
     where s.alumno_id = 'alumno-estudiante' and s.cod_grupo in ('1', '5') and e.codigo_inscripcion is null`,
  )
  expect(pendiente.length).toBeGreaterThan(0)
  const codigo = pendiente[0]!.codigo_inscripcion
  const res = await estudiante.post(
    `/api/solicitudes/${codigo}/encuesta`,
    encuestaCompleta({
      consentimientoDiscapacidad: '',
      poseeDiscapacidad: 'Si',
      tipoDiscapacidad: 'Física o motora',
      consentimientoPuebloOriginario: '',
      pertenecePuebloOrg: 'Si',
      puebloOrg: 'Aymara',
    }),
  )
  expect(res.status, await res.clone().text()).toBe(201)
  const [fila] = await consultarDb<{ respuestas: string }>(
    servidor.dataDir,
    'select respuestas from encuestas where codigo_inscripcion = ?',
    codigo,
  )
  expect(JSON.parse(fila!.respuestas)).toMatchObject({
    poseeDiscapacidad: '',
    tipoDiscapacidad: '',
    pertenecePuebloOrg: '',
    puebloOrg: '',
  })
  expect(
    await consultarDb(servidor.dataDir, "select * from consentimientos where alumno_id = 'alumno-estudiante'"),
  ).toEqual([])
})

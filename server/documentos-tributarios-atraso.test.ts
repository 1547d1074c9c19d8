// A tax document still not issued past PLAZO_DOCUMENTO_PENDIENTE_HORAS (here, one the provider
// refused, queued seven hours ago) counts on the staff's home and is mailed to the admins once,
// on SQLite and PostgreSQL.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  consultarDb,
  iniciarServidorDePrueba,
  leerCorreos,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { construirConfig } from './config.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'

let servidor: ServidorDePrueba
let admin: ClienteDePrueba
const ASUNTO = 'Un documento tributario lleva más de 6 horas sin emitirse'

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({
    throttle: 'off',
    config: { tributario: { ...construirConfig({}).tributario, cadaMs: 200 } },
  })
  admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
}, 60_000)
afterAll(() => servidor?.close())

const resumen = async () =>
  ((await (await admin.get('/api/admin/resumen')).json()) as { documentosTributariosAtrasados: number })
    .documentosTributariosAtrasados

test('an overdue document shows on the staff home and is mailed to the admins once', async () => {
  expect(await resumen()).toBe(0)
  const hace7h = new Date(Date.now() - 7 * 3_600_000).toISOString()
  await consultarDb(
    servidor.dataDir,
    "update documentos_tributarios set estado = 'error', error = 'Sin folios disponibles', creado_en = ? where id = 'dte-demo-INS-26-40018-1'",
    hace7h,
  )
  expect(await resumen()).toBe(1)
  const [cuenta] = await consultarDb<{ email: string }>(
    servidor.dataDir,
    "select email from personal where rol = 'admin' and activo = 1 order by email limit 1",
  )
  const correos = () => leerCorreos(servidor.dataDir).filter((c) => c.subject === ASUNTO)
  for (let i = 0; i < 100 && correos().length === 0; i++) await new Promise((r) => setTimeout(r, 100))
  const mios = correos().filter((c) => c.to.includes(cuenta!.email))
  expect(mios).toHaveLength(1)
  expect(mios[0]!.text).toContain('Sin folios disponibles')
  expect(mios[0]!.text).toContain('El SII exige emitirlos dentro de 12 horas')
  // Several more runs: still one.
  await new Promise((r) => setTimeout(r, 1000))
  expect(correos().filter((c) => c.to.includes(cuenta!.email))).toHaveLength(1)
}, 60_000)

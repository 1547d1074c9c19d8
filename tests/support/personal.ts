// Staff sign-in for tests: the password, then the code an authenticator app would show for the
// account's secret. A code is accepted once per 30-second step (one step of drift either way), and
// never a step at or before the account's last used one. A test signs the same account in many
// times within a minute, so by default the helper first forgets which step the account used last
// (totp_ultimo_paso, in the test's own database) and gives the code of the current step: no test
// waits for the next 30-second window. A test about the refusal of a used code keeps the record
// (`{ olvidarUsados: false }`), or simply replays the code it was given, which the server then
// refuses as it should. With the record kept, the code is for the earliest step the server still
// accepts after the last used one, waiting for the next step when all three are used.
//
// The step before the current one is chosen only with 15 seconds of the current one left: on a
// loaded machine the step may turn while the code travels, and that code would then be two steps
// old and refused.
import { expect } from 'vitest'
import { DEMO_SECRETO_TOTP } from '../../server/db/seed/personal-demo.ts'
import { DEMO_PASSWORD } from '../../server/db/seed/demo.ts'
import { codigoEn, PERIODO_SEGUNDOS } from '../../server/personal/totp.ts'
import { clienteDePrueba, consultarDb, type ClienteDePrueba } from './servidor.ts'

const PASO_MS = PERIODO_SEGUNDOS * 1000

/**
 * A code the server accepts now for the account. Unless `olvidarUsados` is false, the account's
 * last used step is forgotten first, so the code is the current step's and nothing waits;
 * otherwise it is the earliest step still unused, waiting for the next step if none is left.
 */
export async function codigoSiguiente(
  dataDir: string,
  email: string,
  secreto = DEMO_SECRETO_TOTP,
  ahora = () => Date.now(),
  { olvidarUsados = true }: { olvidarUsados?: boolean } = {},
) {
  if (olvidarUsados) await consultarDb(dataDir, 'update personal set totp_ultimo_paso = null where email = ?', email)
  const [cuenta] = await consultarDb<{ totp_ultimo_paso: number | null }>(
    dataDir,
    'select totp_ultimo_paso from personal where email = ?',
    email,
  )
  for (;;) {
    const actual = Math.floor(ahora() / PASO_MS)
    const primero = (actual + 1) * PASO_MS - ahora() >= 15_000 ? actual - 1 : actual
    const paso = Math.max(primero, (cuenta?.totp_ultimo_paso ?? -Infinity) + 1)
    if (paso <= actual + 1) return codigoEn(secreto, new Date(paso * PASO_MS + 1000))
    await new Promise((r) => setTimeout(r, (actual + 1) * PASO_MS - ahora() + 50))
  }
}

/** Signs a staff member in (password and code) and returns the client; throws if refused. */
export async function iniciarSesionPersonal(
  servidor: { url: string; dataDir: string },
  email: string,
  { password = DEMO_PASSWORD, secreto = DEMO_SECRETO_TOTP }: { password?: string; secreto?: string } = {},
): Promise<ClienteDePrueba> {
  const cliente = clienteDePrueba(servidor.url)
  const ingreso = await cliente.post('/api/admin/auth/ingreso', { email, password })
  expect(ingreso.status, `contraseña de ${email}`).toBe(200)
  const codigo = await cliente.post('/api/admin/auth/codigo', {
    codigo: await codigoSiguiente(servidor.dataDir, email, secreto),
  })
  expect(codigo.status, `código de ${email}: ${await codigo.clone().text()}`).toBe(200)
  return cliente
}

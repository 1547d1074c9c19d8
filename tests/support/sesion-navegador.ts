// A signed-in browser without the sign-in screens: the journeys that are not about signing in
// sign in through the API here (Node's fetch, as servidor.ts's client does) and start their
// browser context with what a sign-in through the screens leaves behind: the cookies the server
// set, with their own path and flags, and, for a student, the local marker the login screen
// stores (src/lib/session.ts). The staff's side keeps nothing locally: its cookies are all.
import type { BrowserContextOptions } from 'playwright-core'
import { DEMO_PASSWORD } from '../../server/db/seed/demo.ts'
import { DEMO_SECRETO_TOTP } from '../../server/db/seed/personal-demo.ts'
import { CLAVES, sesionDesdeRespuesta, type RespuestaAlumno } from '../../src/lib/session.ts'
import { codigoSiguiente } from './personal.ts'

type EstadoNavegador = Exclude<NonNullable<BrowserContextOptions['storageState']>, string>
type Cookie = EstadoNavegador['cookies'][number]

/** The cookies of a browser that made these requests: each Set-Cookie as the browser keeps it. */
function tarroDeCookies(url: string) {
  const dominio = new URL(url).hostname
  const cookies = new Map<string, Cookie>()
  return {
    guardar(res: Response): void {
      for (const linea of res.headers.getSetCookie()) {
        const [par = '', ...atributos] = linea.split(';').map((p) => p.trim())
        const i = par.indexOf('=')
        const cookie: Cookie = {
          name: par.slice(0, i),
          value: par.slice(i + 1),
          domain: dominio,
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        }
        let borrada = cookie.value === ''
        for (const atributo of atributos) {
          const [clave = '', valor = ''] = atributo.split('=')
          switch (clave.toLowerCase()) {
            case 'path':
              cookie.path = valor
              break
            case 'max-age':
              if (Number(valor) <= 0) borrada = true
              cookie.expires = Math.floor(Date.now() / 1000) + Number(valor)
              break
            case 'httponly':
              cookie.httpOnly = true
              break
            case 'secure':
              cookie.secure = true
              break
            case 'samesite':
              cookie.sameSite = (valor[0]?.toUpperCase() + valor.slice(1).toLowerCase()) as Cookie['sameSite']
              break
          }
        }
        // Keyed by name and path, as a browser keys them.
        const clave = `${cookie.name};${cookie.path}`
        if (borrada) cookies.delete(clave)
        else cookies.set(clave, cookie)
      }
    },
    /** The Cookie header for a request to `ruta`. */
    cabecera(ruta: string): string {
      return [...cookies.values()]
        .filter((c) => ruta === c.path || ruta.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
        .map((c) => `${c.name}=${c.value}`)
        .join('; ')
    },
    valor(nombre: string): string {
      return [...cookies.values()].find((c) => c.name === nombre)?.value ?? ''
    },
    todas: () => [...cookies.values()],
  }
}

/** A browser-like client: cookies kept between requests, the XSRF cookie echoed on every POST. */
function clienteConCookies(url: string) {
  const tarro = tarroDeCookies(url)
  async function pedir(ruta: string, cuerpo?: unknown): Promise<Response> {
    const admin = ruta.startsWith('/api/admin')
    const xsrf = admin ? 'XSRF-TOKEN-ADMIN' : 'XSRF-TOKEN'
    if (cuerpo !== undefined && !tarro.valor(xsrf)) await pedir(admin ? '/api/admin/sesion' : '/api/sesion')
    const res = await fetch(`${url}${ruta}`, {
      method: cuerpo === undefined ? 'GET' : 'POST',
      headers: {
        cookie: tarro.cabecera(ruta),
        ...(cuerpo === undefined ? {} : { 'content-type': 'application/json', 'x-xsrf-token': tarro.valor(xsrf) }),
      },
      body: cuerpo === undefined ? undefined : JSON.stringify(cuerpo),
    })
    tarro.guardar(res)
    return res
  }
  return { pedir, tarro }
}

/** What a student's browser holds after signing in on the login screen. */
export async function estadoConSesionDeAlumno(
  url: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<EstadoNavegador> {
  const { pedir, tarro } = clienteConCookies(url)
  const res = await pedir('/api/auth/login', { email, password })
  const sesion = res.ok ? sesionDesdeRespuesta((await res.json()) as RespuestaAlumno) : null
  if (!sesion) throw new Error(`no se pudo ingresar como ${email}: ${res.status}`)
  return {
    cookies: tarro.todas(),
    origins: [{ origin: new URL(url).origin, localStorage: [{ name: CLAVES.sesion, value: JSON.stringify(sesion) }] }],
  }
}

/** What a staff member's browser holds after the password and the authenticator's code. */
export async function estadoConSesionDePersonal(
  servidor: { url: string; dataDir: string },
  email: string,
  { password = DEMO_PASSWORD, secreto = DEMO_SECRETO_TOTP }: { password?: string; secreto?: string } = {},
): Promise<EstadoNavegador> {
  const { pedir, tarro } = clienteConCookies(servidor.url)
  const ingreso = await pedir('/api/admin/auth/ingreso', { email, password })
  if (!ingreso.ok) throw new Error(`contraseña de ${email}: ${ingreso.status} ${await ingreso.text()}`)
  const codigo = await pedir('/api/admin/auth/codigo', {
    codigo: await codigoSiguiente(servidor.dataDir, email, secreto),
  })
  if (!codigo.ok) throw new Error(`código de ${email}: ${codigo.status} ${await codigo.text()}`)
  return { cookies: tarro.todas(), origins: [] }
}

// The privacy policy (Ley 21.719, art. 14 ter): public, built from the registry with the school's
// details, every published text kept; a signed-in student is shown the version in force once,
// and that they were shown it is recorded.
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  construirPolitica,
  VERSION_VIGENTE,
  type PoliticaPrivacidad,
  type VersionPolitica,
} from '../src/domain/politica-privacidad.ts'
import { REGISTRO_DATOS } from '../src/domain/registro-datos.ts'
import {
  clienteDePrueba,
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { MENSAJE_VERSION_NO_PUBLICADA, MENSAJE_VERSION_NO_VIGENTE } from './routes/privacidad.ts'

const RESPONSABLE = {
  nombre: 'Escuela de Prueba',
  domicilio: 'Calle Falsa 123, Santiago',
  correo: 'datos@escuela.cl',
  paisAlmacen: 'Estados Unidos',
}

let servidor: ServidorDePrueba

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off', config: { privacidad: RESPONSABLE } })
}, 60_000)
afterAll(() => servidor?.close())

test('anyone reads the policy in force: the school, every category of the registry, the rights, the Agencia', async () => {
  const res = await clienteDePrueba(servidor.url).get('/api/privacidad')
  expect(res.status).toBe(200)
  const politica = (await res.json()) as PoliticaPrivacidad
  expect(politica).toEqual(construirPolitica(RESPONSABLE))
  expect(politica.responsable).toEqual(RESPONSABLE)
  expect(politica.categorias.map((c) => c.nombre)).toContain(REGISTRO_DATOS.encuesta.nombre)
  expect(politica.categorias.find((c) => c.id === 'documentos')?.destinatarios.join(' ')).toContain('Estados Unidos')
  expect(politica.agencia).toContain('Agencia de Protección de Datos Personales')
})

test('each published text is kept once, and an earlier version is read as it was', async () => {
  const cliente = clienteDePrueba(servidor.url)
  await cliente.get('/api/privacidad')
  await cliente.get('/api/privacidad')
  const filas = await consultarDb<{ version: number; contenido: string }>(
    servidor.dataDir,
    'select version, contenido from politicas_privacidad',
  )
  expect(filas).toHaveLength(1)
  expect(JSON.parse(filas[0]!.contenido)).toEqual(construirPolitica(RESPONSABLE))
  const versiones = (await (await cliente.get('/api/privacidad/versiones')).json()) as { version: number }[]
  expect(versiones.map((v) => v.version)).toEqual([VERSION_VIGENTE.version])
  const texto = await cliente.get(`/api/privacidad/versiones/${VERSION_VIGENTE.version}`)
  expect(await texto.json()).toEqual(construirPolitica(RESPONSABLE))
  const ninguna = await cliente.get('/api/privacidad/versiones/999')
  expect(ninguna.status).toBe(404)
  expect(await ninguna.json()).toEqual({ error: MENSAJE_VERSION_NO_PUBLICADA })
})

test('a student is shown the version in force once; the record says which and when; another student still sees it', async () => {
  const camila = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
  const otra = await iniciarSesion(servidor.url, DEMO_CUENTAS.extranjera)
  const aviso = async (c: typeof camila) =>
    ((await (await c.get('/api/privacidad/aviso')).json()) as { porMostrar: VersionPolitica | null }).porMostrar
  expect(await aviso(camila)).toEqual(VERSION_VIGENTE)

  const viejo = await camila.post('/api/privacidad/aviso', { version: VERSION_VIGENTE.version + 1 })
  expect(viejo.status).toBe(409)
  expect(await viejo.json()).toEqual({ error: MENSAJE_VERSION_NO_VIGENTE })
  expect(await aviso(camila)).toEqual(VERSION_VIGENTE)

  const visto = await camila.post('/api/privacidad/aviso', { version: VERSION_VIGENTE.version })
  expect(visto.status).toBe(200)
  await camila.post('/api/privacidad/aviso', { version: VERSION_VIGENTE.version })
  expect(await aviso(camila)).toBeNull()
  expect(await aviso(otra)).toEqual(VERSION_VIGENTE)
  const vistas = await consultarDb<{ email: string; version: number; vista_en: string }>(
    servidor.dataDir,
    'select a.email, v.version, v.vista_en from privacidad_vistas v join alumnos a on a.id = v.alumno_id',
  )
  expect(vistas).toEqual([
    { email: DEMO_CUENTAS.estudiante, version: VERSION_VIGENTE.version, vista_en: expect.any(String) },
  ])
})

test('without a session the notice is not answered', async () => {
  const anonimo = clienteDePrueba(servidor.url)
  expect((await anonimo.get('/api/privacidad/aviso')).status).toBe(401)
  expect((await anonimo.post('/api/privacidad/aviso', { version: VERSION_VIGENTE.version })).status).toBe(401)
})

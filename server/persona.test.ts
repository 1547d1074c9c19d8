import { afterAll, beforeAll, expect, test } from 'vitest'
import * as v from 'valibot'
import { MENSAJE_PASAPORTE_OBLIGATORIO } from '../src/domain/documento-identidad.ts'
import { MENSAJE_TELEFONO } from '../src/domain/telefono.ts'
import { MENSAJE_CAMPO_OBLIGATORIO } from '../src/domain/validacion.ts'
import { MENSAJE_EDAD } from '../src/domain/edad.ts'
import { crearPersonaSchema, type PersonaInput } from '../src/domain/persona.ts'
import {
  clienteDePrueba,
  consultarDb,
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
  personaEditable,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'

// The server's clock: ages are measured on this day.
const HOY = new Date('2026-03-01T12:00:00Z')

let server: ServidorDePrueba
let estudiante: ClienteDePrueba
let extranjera: ClienteDePrueba

beforeAll(async () => {
  server = await iniciarServidorDePrueba({ throttle: 'off', clock: () => HOY })
  estudiante = await iniciarSesion(server.url, DEMO_CUENTAS.estudiante)
  extranjera = await iniciarSesion(server.url, DEMO_CUENTAS.extranjera)
})
afterAll(() => server.close())

type PersonaGuardada = PersonaInput & { codPersona: string; email: string; rut: string }

async function leerPersona(cliente: ClienteDePrueba): Promise<PersonaGuardada> {
  const res = await cliente.get('/api/alumno/persona')
  expect(res.status).toBe(200)
  const cuerpo = (await res.json()) as { status: string; data: PersonaGuardada }
  expect(cuerpo.status).toBe('ok')
  return cuerpo.data
}

/** The student's own data as a PUT body: valid, since the seed's persons are. */
const cuerpoDe = personaEditable

const filaAlumno = async (id: string) =>
  (await consultarDb(server.dataDir, 'select * from alumnos where id = ?', id))[0]
const historial = (id: string) =>
  consultarDb<{ id: string; clave_idempotencia: string | null; campos: string; cambiado_en: string }>(
    server.dataDir,
    'select id, clave_idempotencia, campos, cambiado_en from historial_persona where alumno_id = ?',
    id,
  )

/** A refused PUT: 400, the field named in `campos` with its message, and nothing stored. */
async function rechazado(cliente: ClienteDePrueba, alumnoId: string, cuerpo: unknown, campo: string, mensaje: string) {
  const antes = await filaAlumno(alumnoId)
  const filasAntes = (await historial(alumnoId)).length
  const res = await cliente.put('/api/alumno/persona', cuerpo)
  const respuesta = (await res.json()) as { error: string; campos: Record<string, string> }
  expect(res.status).toBe(400)
  expect(respuesta.campos[campo], JSON.stringify(respuesta)).toBe(mensaje)
  expect(respuesta.error).toBe(Object.values(respuesta.campos)[0])
  expect(await filaAlumno(alumnoId)).toEqual(antes)
  expect(await historial(alumnoId)).toHaveLength(filasAntes)
}

test('GET /api/alumno/persona answers the session student: codPersona, e-mail, RUT and every person field', async () => {
  expect(await leerPersona(estudiante)).toEqual({
    codPersona: 'AL20180457',
    email: 'estudiante@demo.cl',
    rut: '16789432-1',
    tipoDocumento: '',
    numeroDocumento: '',
    nombres: 'Camila Andrea',
    apPaterno: 'Rojas Soto',
    sexoregistral: 'Femenino',
    fechaNac: '1989-07-14',
    telefonoParticular: '+56 2 2345 6789',
    celular: '+56 9 8123 4567',
    nacionalidad: '40',
    tipoResidencia: '',
    paisOrigen: '',
    direccion: 'Av. Providencia 1234, depto. 56',
    codPais: '40',
    codRegion: '13',
    codComuna: '13123',
    ciudad: 'Santiago',
    codProfesion: '1',
    otraProfesion: '',
    universidad: 'Universidad de Chile',
    otrauniversidad: '',
    maxnivelformacion: 'Universitaria Completa',
    otronivelformacion: '',
    tipoinstitucion: 'Universidad',
    otrotipoinstitucion: '',
    paisEstSecund: '40',
  })
})

test('the foreigner has the placeholder RUT, a passport, residence type and country of origin', async () => {
  expect(await leerPersona(extranjera)).toMatchObject({
    rut: '0-0',
    tipoDocumento: 'PASAPORTE',
    numeroDocumento: 'AAF482913',
    nacionalidad: '3',
    tipoResidencia: '1',
    paisOrigen: '3',
  })
})

test('every demo person is complete and valid by the shared schema', async () => {
  const sinSolicitudes = await iniciarSesion(server.url, DEMO_CUENTAS.sinSolicitudes)
  for (const cliente of [estudiante, extranjera, sinSolicitudes]) {
    const resultado = v.safeParse(crearPersonaSchema(HOY), await cuerpoDe(cliente))
    expect(resultado.issues).toBeUndefined()
  }
})

test('without a session GET and PUT answer 401', async () => {
  const anonimo = clienteDePrueba(server.url)
  expect((await anonimo.get('/api/alumno/persona')).status).toBe(401)
  const res = await anonimo.put('/api/alumno/persona', await cuerpoDe(estudiante))
  expect(res.status).toBe(401)
  expect(await res.json()).toEqual({ error: 'Sesión expirada, vuelva a ingresar' })
})

test('a valid PUT is stored, answered like GET, and leaves one history row naming the changed fields', async () => {
  const antes = new Set((await historial('alumno-estudiante')).map((f) => f.id))
  const cuerpo = {
    ...(await cuerpoDe(estudiante)),
    direccion: '  Av. Los Leones 456  ',
    celular: '+56 9 7777 8888',
    codComuna: '13114',
    // The city comes from the comuna on the server, whatever the body says.
    ciudad: 'Valparaíso',
  }
  const res = await estudiante.put('/api/alumno/persona', cuerpo)
  expect(res.status).toBe(200)
  const respuesta = (await res.json()) as { status: string; data: PersonaGuardada }
  expect(respuesta.status).toBe('ok')
  expect(respuesta.data).toMatchObject({
    direccion: 'Av. Los Leones 456',
    celular: '+56 9 7777 8888',
    codComuna: '13114',
    ciudad: 'Santiago',
  })
  expect(await leerPersona(estudiante)).toEqual(respuesta.data)
  // The server's clock is fixed, so the new row is told apart by its id, not its time.
  const nuevas = (await historial('alumno-estudiante')).filter((f) => !antes.has(f.id))
  expect(nuevas).toHaveLength(1)
  expect(JSON.parse(nuevas[0]?.campos ?? '')).toEqual(['celular', 'direccion', 'codComuna'])
  expect(nuevas[0]?.clave_idempotencia).toBeNull()
  expect(nuevas[0]?.cambiado_en).toBe(HOY.toISOString())
})

test("unused 'Otra' texts and a Chilean's residence data are not stored", async () => {
  const cuerpo = {
    ...(await cuerpoDe(estudiante)),
    otraProfesion: 'Astronauta',
    tipoResidencia: '2',
    paisOrigen: '3',
    otrauniversidad: 'Otra',
  }
  expect((await estudiante.put('/api/alumno/persona', cuerpo)).status).toBe(200)
  const fila = await filaAlumno('alumno-estudiante')
  expect(fila).toMatchObject({ otra_profesion: null, tipo_residencia: null, pais_origen: null, otrauniversidad: null })
})

test('a moving foreigner: another country with INTERNACIONAL and OTRA is accepted and its city is OTRA', async () => {
  const cuerpo = {
    ...(await cuerpoDe(extranjera)),
    codPais: '3',
    codRegion: '99',
    codComuna: '99999',
    ciudad: '',
    direccion: 'Av. Corrientes 1234, Buenos Aires',
  }
  const res = await extranjera.put('/api/alumno/persona', cuerpo)
  expect(res.status).toBe(200)
  expect((await res.json()).data).toMatchObject({ codPais: '3', codRegion: '99', codComuna: '99999', ciudad: 'OTRA' })
})

test('under 18 on the server clock: 400 with the spec message on fechaNac, nothing changed', async () => {
  await rechazado(
    estudiante,
    'alumno-estudiante',
    { ...(await cuerpoDe(estudiante)), fechaNac: '2008-06-01' },
    'fechaNac',
    MENSAJE_EDAD,
  )
})

test('missing or malformed home phone: 400 on telefonoParticular', async () => {
  const cuerpo = await cuerpoDe(estudiante)
  await rechazado(
    estudiante,
    'alumno-estudiante',
    { ...cuerpo, telefonoParticular: '' },
    'telefonoParticular',
    MENSAJE_CAMPO_OBLIGATORIO,
  )
  await rechazado(
    estudiante,
    'alumno-estudiante',
    { ...cuerpo, telefonoParticular: '2345 6789' },
    'telefonoParticular',
    MENSAJE_TELEFONO,
  )
})

test('a foreigner without passport: 400 on numeroDocumento with the spec message', async () => {
  const cuerpo = await cuerpoDe(extranjera)
  await rechazado(
    extranjera,
    'alumno-extranjera',
    { ...cuerpo, tipoDocumento: '', numeroDocumento: '' },
    'numeroDocumento',
    MENSAJE_PASAPORTE_OBLIGATORIO,
  )
})

test('a passport already on another account: 400 on numeroDocumento', async () => {
  const registro = await clienteDePrueba(server.url).post('/api/auth/register', {
    nombres: 'Lucía',
    apellidos: 'Fernández Díaz',
    tipoDocumento: 'PASAPORTE',
    documento: 'PAS778899',
    email: 'lucia@ejemplo.cl',
    telefono: '+56 9 3333 4444',
    password: 'Clave2026',
    confirmacion: 'Clave2026',
  })
  expect(registro.status).toBe(201)
  const cuerpo = { ...(await cuerpoDe(extranjera)), numeroDocumento: 'pas778899' }
  await rechazado(
    extranjera,
    'alumno-extranjera',
    cuerpo,
    'numeroDocumento',
    'Ya existe una cuenta con ese RUT o pasaporte.',
  )
})

test('a Chilean address with a comuna of another region: 400 on codComuna', async () => {
  const cuerpo = { ...(await cuerpoDe(estudiante)), codRegion: '13', codComuna: '08101' }
  await rechazado(estudiante, 'alumno-estudiante', cuerpo, 'codComuna', MENSAJE_CAMPO_OBLIGATORIO)
  await rechazado(
    estudiante,
    'alumno-estudiante',
    { ...cuerpo, codComuna: '13999' },
    'codComuna',
    MENSAJE_CAMPO_OBLIGATORIO,
  )
  await rechazado(
    estudiante,
    'alumno-estudiante',
    { ...cuerpo, codRegion: '77' },
    'codRegion',
    MENSAJE_CAMPO_OBLIGATORIO,
  )
})

test('a country other than Chile with a Chilean region: 400 on codRegion', async () => {
  const cuerpo = { ...(await cuerpoDe(estudiante)), codPais: '3', codRegion: '13', codComuna: '99999' }
  await rechazado(estudiante, 'alumno-estudiante', cuerpo, 'codRegion', MENSAJE_CAMPO_OBLIGATORIO)
})

test('profession 29 without otraProfesion: 400 on otraProfesion', async () => {
  await rechazado(
    estudiante,
    'alumno-estudiante',
    { ...(await cuerpoDe(estudiante)), codProfesion: '29', otraProfesion: '' },
    'otraProfesion',
    MENSAJE_CAMPO_OBLIGATORIO,
  )
})

test('unknown university, profession or country codes: 400 on each field', async () => {
  const cuerpo = await cuerpoDe(estudiante)
  await rechazado(
    estudiante,
    'alumno-estudiante',
    { ...cuerpo, universidad: 'Universidad de Narnia' },
    'universidad',
    MENSAJE_CAMPO_OBLIGATORIO,
  )
  await rechazado(
    estudiante,
    'alumno-estudiante',
    { ...cuerpo, codProfesion: '500' },
    'codProfesion',
    MENSAJE_CAMPO_OBLIGATORIO,
  )
  await rechazado(
    estudiante,
    'alumno-estudiante',
    { ...cuerpo, nacionalidad: '999', tipoResidencia: '1', paisOrigen: '3' },
    'nacionalidad',
    MENSAJE_CAMPO_OBLIGATORIO,
  )
  await rechazado(
    estudiante,
    'alumno-estudiante',
    { ...cuerpo, paisEstSecund: '0' },
    'paisEstSecund',
    MENSAJE_CAMPO_OBLIGATORIO,
  )
  const extranjero = { ...(await cuerpoDe(extranjera)), paisOrigen: '999' }
  await rechazado(extranjera, 'alumno-extranjera', extranjero, 'paisOrigen', MENSAJE_CAMPO_OBLIGATORIO)
})

test('several bad fields are all named', async () => {
  const res = await estudiante.put('/api/alumno/persona', {
    ...(await cuerpoDe(estudiante)),
    universidad: 'X',
    codProfesion: '500',
  })
  expect(res.status).toBe(400)
  expect(Object.keys((await res.json()).campos).sort()).toEqual(['codProfesion', 'universidad'])
})

test('a body that is not JSON or not an object is a 400 and changes nothing', async () => {
  await rechazado(estudiante, 'alumno-estudiante', 'texto', '_', MENSAJE_CAMPO_OBLIGATORIO)
  const antes = await filaAlumno('alumno-estudiante')
  const res = await fetch(`${server.url}/api/alumno/persona`, {
    method: 'PUT',
    headers: {
      cookie: [...estudiante.cookies].map(([k, valor]) => `${k}=${valor}`).join('; '),
      'x-xsrf-token': estudiante.cookies.get('XSRF-TOKEN') ?? '',
      'content-type': 'application/json',
    },
    body: '{"nombres": ',
  })
  expect(res.status).toBe(400)
  expect((await res.json()).error).toBe('Los datos enviados no son válidos.')
  expect(await filaAlumno('alumno-estudiante')).toEqual(antes)
})

test('a JSON body over 100 KB is refused with 413 before it is read', async () => {
  const res = await estudiante.put('/api/alumno/persona', {
    ...(await cuerpoDe(estudiante)),
    relleno: 'x'.repeat(110 * 1024),
  })
  expect(res.status).toBe(413)
  expect(await res.json()).toEqual({ error: 'Los datos enviados superan el tamaño permitido.' })
})

test("the body cannot name another student: e-mail, RUT and codPersona are ignored, the other's data untouched", async () => {
  const otra = await filaAlumno('alumno-extranjera')
  const cuerpo = {
    ...(await cuerpoDe(estudiante)),
    direccion: 'Calle Nueva 99',
    email: DEMO_CUENTAS.extranjera,
    rut: '0-0',
    codPersona: 'AL20250918',
    alumnoId: 'alumno-extranjera',
    id: 'alumno-extranjera',
  }
  const res = await estudiante.put('/api/alumno/persona', cuerpo)
  expect(res.status).toBe(200)
  expect((await res.json()).data).toMatchObject({
    codPersona: 'AL20180457',
    email: 'estudiante@demo.cl',
    rut: '16789432-1',
    direccion: 'Calle Nueva 99',
  })
  expect(await filaAlumno('alumno-extranjera')).toEqual(otra)
  expect(await filaAlumno('alumno-estudiante')).toMatchObject({ email: 'estudiante@demo.cl', rut: '16789432-1' })
})

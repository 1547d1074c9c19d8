// Staff accounts from the school's side (admins only): the list; a new member invited, who opens
// the e-mailed link, creates a password, enrols the second factor and signs in; a role changed;
// an account disabled (its sessions end at once, it cannot sign in) and enabled again; a second
// factor reset (a new link, a new password and a new secret); an invitation sent again; and the
// last active admin, who can never be demoted nor disabled, not even by two admins at once.
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  MENSAJE_ASISTENTE_DESCONOCIDO,
  MENSAJE_CORREO_PERSONAL_EN_USO,
  MENSAJE_INVITACION_YA_USADA,
  MENSAJE_MISMO_ROL,
  MENSAJE_NOMBRE_PERSONAL,
  MENSAJE_ROL_PERSONAL,
  MENSAJE_ULTIMO_ADMIN,
  MENSAJE_YA_DESACTIVADA,
} from '../src/domain/gestion-personal.ts'
import { MENSAJE_EMAIL_INVALIDO } from '../src/domain/email.ts'
import {
  MENSAJE_CREDENCIALES_PERSONAL,
  MENSAJE_INVITACION_INVALIDA,
  MENSAJE_SESION_PERSONAL_EXPIRADA,
  MENSAJE_SIN_PERMISO,
} from '../src/domain/personal.ts'
import { codigoSiguiente, iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  clienteDePrueba,
  consultarDb,
  esperarCorreo,
  iniciarServidorDePrueba,
  leerCorreos,
  type ClienteDePrueba,
  type CorreoEnviado,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_PASSWORD } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'

let servidor: ServidorDePrueba
let admin: ClienteDePrueba

beforeAll(async () => {
  servidor = await iniciarServidorDePrueba({ throttle: 'off' })
  admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
})
afterAll(() => servidor.close())

type Cuenta = {
  id: string
  nombre: string
  email: string
  rol: string
  etiquetaRol: string
  asistente: { id: string; nombre: string } | null
  estado: string
  segundoFactor: boolean
  bloqueadaHasta: string | null
  ultimoIngreso: string | null
}

async function cuentas(): Promise<Cuenta[]> {
  const res = await admin.get('/api/admin/personal')
  expect(res.status).toBe(200)
  return ((await res.json()) as { cuentas: Cuenta[] }).cuentas
}

async function cuenta(email: string): Promise<Cuenta> {
  const encontrada = (await cuentas()).find((c) => c.email === email)
  if (!encontrada) throw new Error(`sin cuenta ${email}`)
  return encontrada
}

async function auditoria(accion: string) {
  return consultarDb<{ actor_id: string; entidad_id: string; antes: string | null; despues: string | null }>(
    servidor.dataDir,
    'select actor_id, entidad_id, antes, despues from auditoria where accion = ? order by en',
    accion,
  )
}

/** The token of the invitation link in a message. */
function tokenDeInvitacion(correo: CorreoEnviado): string {
  const enlace = /(http\S+\/admin\/invitacion\?token=\S+)/.exec(correo.text)?.[1]
  if (!enlace) throw new Error(`el correo ${correo.archivo} no trae enlace de invitación`)
  expect(enlace.startsWith(servidor.url)).toBe(true)
  return new URL(enlace).searchParams.get('token')!
}

/** Opens the link, creates the password, signs in, enrols the secret shown and returns the client and secret. */
async function aceptarInvitacion(token: string, email: string, password: string) {
  const cliente = clienteDePrueba(servidor.url)
  const creada = await cliente.post('/api/admin/auth/invitacion', { token, password, confirmacion: password })
  expect(creada.status, await creada.clone().text()).toBe(200)
  const ingreso = await cliente.post('/api/admin/auth/ingreso', { email, password })
  const paso = (await ingreso.json()) as { paso: string; secreto: string }
  expect(paso.paso).toBe('enrolar')
  const codigo = await cliente.post('/api/admin/auth/codigo', {
    codigo: await codigoSiguiente(servidor.dataDir, email, paso.secreto),
  })
  expect(codigo.status).toBe(200)
  return { cliente, secreto: paso.secreto }
}

test('the list shows every staff account with its role in words, state, second factor, sign-in lock and last sign-in; never a secret', async () => {
  const res = await admin.get('/api/admin/personal')
  const cuerpo = (await res.json()) as { cuentas: Cuenta[]; asistentes: { id: string; nombre: string }[] }
  const texto = JSON.stringify(cuerpo)
  expect(texto).not.toContain('password')
  expect(texto).not.toContain('totp')
  const yo = cuerpo.cuentas.find((c) => c.email === DEMO_PERSONAL.admin)
  expect(yo).toMatchObject({
    id: 'personal-admin',
    nombre: 'Carolina Vidal Rojas',
    rol: 'admin',
    etiquetaRol: 'Administración',
    estado: 'activo',
    segundoFactor: true,
    bloqueadaHasta: null,
    asistente: null,
  })
  expect(Date.parse(yo!.ultimoIngreso!)).toBeGreaterThan(Date.now() - 60_000)
  expect(cuerpo.cuentas.find((c) => c.email === DEMO_PERSONAL.herrera)).toMatchObject({
    etiquetaRol: 'Asistente comercial',
    asistente: { id: 'asistente-herrera', nombre: expect.stringContaining('Francisca') },
  })
  // The portal's own service account is no commercial assistant to tie an account to.
  expect(cuerpo.asistentes.map((a) => a.id)).toContain('asistente-herrera')
  expect(cuerpo.asistentes.map((a) => a.id)).not.toContain('asistente-portal')
})

test('coordination and assistants get 403 from every staff-accounts endpoint, and nothing changes', async () => {
  for (const email of [DEMO_PERSONAL.coordinacion, DEMO_PERSONAL.herrera]) {
    const otro = await iniciarSesionPersonal(servidor, email)
    const antes = await consultarDb(servidor.dataDir, 'select id, rol, activo from personal order by id')
    for (const res of [
      await otro.get('/api/admin/personal'),
      await otro.post('/api/admin/personal', { nombre: 'X Y', email: 'x@demo.cl', rol: 'admin' }),
      await otro.post(`/api/admin/personal/${encodeURIComponent('personal-admin')}/desactivar`),
      await otro.post('/api/admin/personal/personal-coordinacion/rol', { rol: 'admin' }),
    ]) {
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ error: MENSAJE_SIN_PERMISO })
    }
    expect(await consultarDb(servidor.dataDir, 'select id, rol, activo from personal order by id')).toEqual(antes)
  }
})

test('an invited member gets an e-mail whose link sets the password; the first sign-in enrols the second factor', async () => {
  const res = await admin.post('/api/admin/personal', {
    nombre: '  Beatriz Salas Núñez ',
    email: 'Beatriz.Salas@Escuela.cl',
    rol: 'coordinacion',
  })
  expect(res.status).toBe(201)
  const { cuenta: creada, correoEnviado } = (await res.json()) as { cuenta: Cuenta; correoEnviado: boolean }
  expect(correoEnviado).toBe(true)
  expect(creada).toMatchObject({
    nombre: 'Beatriz Salas Núñez',
    email: 'beatriz.salas@escuela.cl',
    rol: 'coordinacion',
    estado: 'invitacion-pendiente',
    segundoFactor: false,
    ultimoIngreso: null,
  })
  const [fila] = (await auditoria('personal.invitar')).slice(-1)
  expect(fila).toMatchObject({ actor_id: 'personal-admin', entidad_id: creada.id, antes: null })
  expect(JSON.parse(fila!.despues!)).toEqual({
    nombre: 'Beatriz Salas Núñez',
    email: 'beatriz.salas@escuela.cl',
    rol: 'coordinacion',
    asistente: null,
  })

  const correo = await esperarCorreo(servidor.dataDir, 'beatriz.salas@escuela.cl')
  expect(correo.subject).toBe('Su cuenta en el área de la escuela del Portal del Estudiante')
  const token = tokenDeInvitacion(correo)
  // Without the link, the account cannot be signed into.
  const sinClave = await clienteDePrueba(servidor.url).post('/api/admin/auth/ingreso', {
    email: 'beatriz.salas@escuela.cl',
    password: 'Beatriz2026',
  })
  expect(sinClave.status).toBe(401)

  const { cliente } = await aceptarInvitacion(token, 'beatriz.salas@escuela.cl', 'Beatriz2026')
  const sesion = (await (await cliente.get('/api/admin/sesion')).json()) as { personal: { rol: string } }
  expect(sesion.personal.rol).toBe('coordinacion')
  expect(await cuenta('beatriz.salas@escuela.cl')).toMatchObject({ estado: 'activo', segundoFactor: true })
  expect((await cuenta('beatriz.salas@escuela.cl')).ultimoIngreso).not.toBeNull()

  // The same address again is refused on its field, and writes nothing.
  const filas = (await auditoria('personal.invitar')).length
  const otraVez = await admin.post('/api/admin/personal', {
    nombre: 'Otra Persona',
    email: 'beatriz.salas@escuela.cl',
    rol: 'asistente',
  })
  expect(otraVez.status).toBe(409)
  expect(await otraVez.json()).toEqual({
    error: MENSAJE_CORREO_PERSONAL_EN_USO,
    campos: { email: MENSAJE_CORREO_PERSONAL_EN_USO },
  })
  expect(await auditoria('personal.invitar')).toHaveLength(filas)
})

test('a bad invitation is refused with a Spanish message on each field, and creates nothing', async () => {
  const antes = await consultarDb(servidor.dataDir, 'select count(*) as n from personal')
  const mala = await admin.post('/api/admin/personal', { nombre: ' ', email: 'no-es-correo', rol: 'jefe' })
  expect(mala.status).toBe(400)
  const cuerpo = (await mala.json()) as { error: string; campos: Record<string, string> }
  expect(cuerpo.campos).toEqual({
    nombre: MENSAJE_NOMBRE_PERSONAL,
    email: MENSAJE_EMAIL_INVALIDO,
    rol: MENSAJE_ROL_PERSONAL,
  })
  const asistente = await admin.post('/api/admin/personal', {
    nombre: 'Pedro Lagos',
    email: 'pedro.lagos@escuela.cl',
    rol: 'asistente',
    asistenteId: 'asistente-que-no-existe',
  })
  expect(asistente.status).toBe(400)
  expect(await asistente.json()).toEqual({
    error: MENSAJE_ASISTENTE_DESCONOCIDO,
    campos: { asistenteId: MENSAJE_ASISTENTE_DESCONOCIDO },
  })
  expect(await consultarDb(servidor.dataDir, 'select count(*) as n from personal')).toEqual(antes)
})

test('a role changed applies at once to the member’s open session, with the assistant it is tied to', async () => {
  const munoz = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.munoz)
  const res = await admin.post('/api/admin/personal/personal-munoz/rol', { rol: 'coordinacion', asistenteId: 'x' })
  expect(res.status).toBe(200)
  // Only an assistant's role keeps an assistant.
  expect(((await res.json()) as { cuenta: Cuenta }).cuenta).toMatchObject({ rol: 'coordinacion', asistente: null })
  const sesion = (await (await munoz.get('/api/admin/sesion')).json()) as { capacidades: string[] }
  expect(sesion.capacidades).toContain('certificados.gestionar')
  const [fila] = (await auditoria('personal.cambiar-rol')).slice(-1)
  expect(JSON.parse(fila!.antes!)).toEqual({ rol: 'asistente', asistente: 'asistente-munoz' })
  expect(JSON.parse(fila!.despues!)).toEqual({ rol: 'coordinacion', asistente: null })

  const igual = await admin.post('/api/admin/personal/personal-munoz/rol', { rol: 'coordinacion' })
  expect(igual.status).toBe(409)
  expect(await igual.json()).toEqual({ error: MENSAJE_MISMO_ROL })

  const vuelta = await admin.post('/api/admin/personal/personal-munoz/rol', {
    rol: 'asistente',
    asistenteId: 'asistente-munoz',
  })
  expect(vuelta.status).toBe(200)
  expect(await cuenta(DEMO_PERSONAL.munoz)).toMatchObject({ rol: 'asistente', asistente: { id: 'asistente-munoz' } })
  const desconocida = await admin.post('/api/admin/personal/nadie/rol', { rol: 'admin' })
  expect(desconocida.status).toBe(404)
})

test('a disabled account’s sessions end at once and it cannot sign in; enabled again, it can', async () => {
  const herrera = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.herrera)
  // Half-way through another sign-in too.
  const aMedias = clienteDePrueba(servidor.url)
  await aMedias.post('/api/admin/auth/ingreso', { email: DEMO_PERSONAL.herrera, password: DEMO_PASSWORD })

  const res = await admin.post('/api/admin/personal/personal-herrera/desactivar')
  expect(res.status).toBe(200)
  expect(((await res.json()) as { cuenta: Cuenta }).cuenta.estado).toBe('desactivado')
  const fuera = await herrera.get('/api/admin/sesion')
  expect(fuera.status).toBe(401)
  expect(await fuera.json()).toEqual({ error: MENSAJE_SESION_PERSONAL_EXPIRADA })
  expect(
    await consultarDb(servidor.dataDir, 'select count(*) as n from sesiones where actor_id = ?', 'personal-herrera'),
  ).toEqual([{ n: 0 }])
  const codigo = await aMedias.post('/api/admin/auth/codigo', {
    codigo: await codigoSiguiente(servidor.dataDir, DEMO_PERSONAL.herrera),
  })
  expect(codigo.status).toBe(401)
  const ingreso = await clienteDePrueba(servidor.url).post('/api/admin/auth/ingreso', {
    email: DEMO_PERSONAL.herrera,
    password: DEMO_PASSWORD,
  })
  expect(ingreso.status).toBe(401)
  expect(await ingreso.json()).toEqual({ error: MENSAJE_CREDENCIALES_PERSONAL })
  const [fila] = (await auditoria('personal.desactivar')).slice(-1)
  expect(fila).toMatchObject({ actor_id: 'personal-admin', entidad_id: 'personal-herrera' })
  expect(JSON.parse(fila!.despues!)).toEqual({ estado: 'desactivada' })

  const otraVez = await admin.post('/api/admin/personal/personal-herrera/desactivar')
  expect(otraVez.status).toBe(409)
  expect(await otraVez.json()).toEqual({ error: MENSAJE_YA_DESACTIVADA })

  const activada = await admin.post('/api/admin/personal/personal-herrera/activar')
  expect(activada.status).toBe(200)
  expect(((await activada.json()) as { cuenta: Cuenta }).cuenta.estado).toBe('activo')
  const deNuevo = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.herrera)
  expect((await deNuevo.get('/api/admin/sesion')).status).toBe(200)
  expect(await auditoria('personal.activar')).toHaveLength(1)
})

test('a reset second factor: sessions end, the old password stops working, and an e-mailed link leads to a new password and a new secret', async () => {
  const coordinacion = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.coordinacion)
  const previos = leerCorreos(servidor.dataDir).filter((m) => m.to.includes(DEMO_PERSONAL.coordinacion)).length
  const res = await admin.post('/api/admin/personal/personal-coordinacion/segundo-factor/reiniciar')
  expect(res.status).toBe(200)
  expect(await res.json()).toMatchObject({
    cuenta: { estado: 'invitacion-pendiente', segundoFactor: false },
    correoEnviado: true,
  })
  expect((await coordinacion.get('/api/admin/sesion')).status).toBe(401)
  const vieja = await clienteDePrueba(servidor.url).post('/api/admin/auth/ingreso', {
    email: DEMO_PERSONAL.coordinacion,
    password: DEMO_PASSWORD,
  })
  expect(vieja.status).toBe(401)
  const [fila] = (await auditoria('personal.reiniciar-segundo-factor')).slice(-1)
  expect(JSON.parse(fila!.antes!)).toEqual({ segundoFactor: 'activado', contrasena: 'creada' })
  expect(JSON.parse(fila!.despues!)).toEqual({ segundoFactor: 'sin activar', contrasena: 'por crear' })

  const correo = await esperarCorreo(servidor.dataDir, DEMO_PERSONAL.coordinacion, previos + 1)
  expect(correo.subject).toBe('Vuelva a crear su contraseña y su verificación en dos pasos')
  const primero = tokenDeInvitacion(correo)

  // Sent again: the earlier link stops working, the new one works.
  const reenvio = await admin.post('/api/admin/personal/personal-coordinacion/invitacion')
  expect(reenvio.status).toBe(200)
  expect(await auditoria('personal.reenviar-invitacion')).toHaveLength(1)
  const segundo = tokenDeInvitacion(await esperarCorreo(servidor.dataDir, DEMO_PERSONAL.coordinacion, previos + 2))
  const vencida = await clienteDePrueba(servidor.url).post('/api/admin/auth/invitacion/verificar', { token: primero })
  expect(await vencida.json()).toEqual({ error: MENSAJE_INVITACION_INVALIDA })

  const { secreto } = await aceptarInvitacion(segundo, DEMO_PERSONAL.coordinacion, 'Coordina2027')
  expect(secreto).not.toBe('KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU')
  expect(await cuenta(DEMO_PERSONAL.coordinacion)).toMatchObject({ estado: 'activo', segundoFactor: true })

  // An account that has its password has no invitation to send again.
  const sinInvitacion = await admin.post('/api/admin/personal/personal-coordinacion/invitacion')
  expect(sinInvitacion.status).toBe(409)
  expect(await sinInvitacion.json()).toEqual({ error: MENSAJE_INVITACION_YA_USADA })
})

test('the last active admin can neither be demoted nor disabled, by themselves either; nothing changes', async () => {
  const antes = await consultarDb(servidor.dataDir, 'select count(*) as n from auditoria')
  for (const res of [
    await admin.post('/api/admin/personal/personal-admin/rol', { rol: 'coordinacion' }),
    await admin.post('/api/admin/personal/personal-admin/desactivar'),
  ]) {
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: MENSAJE_ULTIMO_ADMIN })
  }
  expect(await consultarDb(servidor.dataDir, 'select count(*) as n from auditoria')).toEqual(antes)
  expect(await cuenta(DEMO_PERSONAL.admin)).toMatchObject({ rol: 'admin', estado: 'activo' })
  expect((await admin.get('/api/admin/sesion')).status).toBe(200)
})

test('two admins removing each other at once: exactly one succeeds and one active admin remains', async () => {
  // A second admin, invited and signed in.
  const invitacion = await admin.post('/api/admin/personal', {
    nombre: 'Gonzalo Ibáñez Rivas',
    email: 'gonzalo.ibanez@escuela.cl',
    rol: 'admin',
  })
  const segundoId = ((await invitacion.json()) as { cuenta: Cuenta }).cuenta.id
  const token = tokenDeInvitacion(await esperarCorreo(servidor.dataDir, 'gonzalo.ibanez@escuela.cl'))
  const { cliente: segundo, secreto } = await aceptarInvitacion(token, 'gonzalo.ibanez@escuela.cl', 'Gonzalo2026')

  const activos = async () =>
    consultarDb<{ id: string }>(
      servidor.dataDir,
      "select id from personal where rol = 'admin' and activo = 1 order by id",
    )

  // Each disables the other.
  const desactivaciones = await Promise.all([
    admin.post(`/api/admin/personal/${segundoId}/desactivar`),
    segundo.post('/api/admin/personal/personal-admin/desactivar'),
  ])
  // The loser is refused: by the count (409), or, when the winner's change was already in, by the
  // session middleware, which no longer finds a disabled account (401).
  const [exito, rechazo] = desactivaciones.toSorted((a, b) => a.status - b.status)
  expect(exito!.status).toBe(200)
  expect([401, 409]).toContain(rechazo!.status)
  if (rechazo!.status === 409) expect(await rechazo!.json()).toEqual({ error: MENSAJE_ULTIMO_ADMIN })
  const quedan = await activos()
  expect(quedan).toHaveLength(1)
  expect(await auditoria('personal.desactivar')).toHaveLength(2)

  // The one left enables the other again, who signs in anew; then each demotes the other.
  const [ganador, perdedor] =
    quedan[0]!.id === 'personal-admin'
      ? [admin, { id: segundoId, email: 'gonzalo.ibanez@escuela.cl', secreto }]
      : [segundo, { id: 'personal-admin', email: DEMO_PERSONAL.admin, secreto: undefined }]
  expect((await ganador.post(`/api/admin/personal/${perdedor.id}/activar`)).status).toBe(200)
  const devuelto = await iniciarSesionPersonal(
    servidor,
    perdedor.email,
    perdedor.secreto ? { password: 'Gonzalo2026', secreto: perdedor.secreto } : {},
  )
  const otro = ganador === admin ? 'personal-admin' : segundoId
  const degradaciones = await Promise.all([
    ganador.post(`/api/admin/personal/${perdedor.id}/rol`, { rol: 'coordinacion' }),
    devuelto.post(`/api/admin/personal/${otro}/rol`, { rol: 'coordinacion' }),
  ])
  // Here a loser already demoted has no capability left (403).
  const [hecha, negada] = degradaciones.toSorted((a, b) => a.status - b.status)
  expect(hecha!.status).toBe(200)
  expect([403, 409]).toContain(negada!.status)
  expect(await activos()).toHaveLength(1)
  expect(await auditoria('personal.cambiar-rol')).toHaveLength(3)
})

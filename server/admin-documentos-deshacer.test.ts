// Undoing a document's rejection before the student is told, on SQLite and PostgreSQL: the
// rejection's notice waits in the scheduler for the reviewer's window (PLAZO_DESHACER_RECHAZO_MS),
// 'Deshacer' within it puts the document back in review and withdraws the notice (nothing is
// ever e-mailed), one audit row says so; after the window, or once the scheduler took the
// delivery, nothing can be undone; only the reviewer's own rejection, of the file they saw. The
// server's clock is the test's, moved forward by hand; the scheduler runs every 100 ms, as on a
// real server.
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  MENSAJE_DESHACER_REEMPLAZADO,
  MENSAJE_DESHACER_VENCIDO,
  mensajeNadaQueDeshacer,
  PLAZO_DESHACER_RECHAZO_MS,
} from '../src/domain/revision-documentos.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  consultarDb,
  esperarCorreo,
  iniciarSesion,
  iniciarServidorDePrueba,
  leerCorreos,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { construirConfig } from './config.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'

const SOLICITUD = 'INS-26-40018'
const HEPATITIS = 'archivo-40018-42'
const CARTA = 'archivo-40018-41'

let desfase = 0
const reloj = () => new Date(Date.now() + desfase)
/** Moves the server's clock forward by `ms`. */
function adelantar(ms: number) {
  desfase += ms
}

let servidor: ServidorDePrueba
let coordinacion: ClienteDePrueba
let admin: ClienteDePrueba
let estudiante: ClienteDePrueba

beforeAll(async () => {
  const base = construirConfig({})
  servidor = await iniciarServidorDePrueba({
    throttle: 'off',
    clock: reloj,
    config: { notificaciones: { ...base.notificaciones, cadaMs: 100 } },
  })
  // The codes are computed for the real time: sign in before the clock moves.
  coordinacion = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.coordinacion)
  admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
  estudiante = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
}, 60_000)
afterAll(() => servidor?.close())

function rechazar(cliente: ClienteDePrueba, ids: string[], motivo = 'Documento ilegible') {
  return cliente.post(`/api/admin/documentos/solicitud/${SOLICITUD}/decision`, {
    decision: 'rechazar',
    documentos: ids,
    motivo,
  })
}

function deshacer(cliente: ClienteDePrueba, ids: string[]) {
  return cliente.post(`/api/admin/documentos/solicitud/${SOLICITUD}/deshacer`, { documentos: ids })
}

/** The e-mails of rejections the student received. */
const rechazosEnviados = () =>
  leerCorreos(servidor.dataDir).filter(
    (c) => c.to.includes(DEMO_CUENTAS.estudiante) && c.subject.startsWith('Documento rechazado'),
  )

async function revision(id: string) {
  const [fila] = await consultarDb<Record<string, unknown>>(
    servidor.dataDir,
    'select estado_revision, motivo_rechazo, revisado_por, revisado_en from archivos_solicitud where id = ?',
    id,
  )
  return fila
}

/** The rejection notices of these uploads and their deliveries: what the student would be told. */
async function avisos(ids: string[]) {
  return consultarDb<{ ocasion: string; canal: string | null; estado: string | null; disponible_desde: string | null }>(
    servidor.dataDir,
    `select n.ocasion, e.canal, e.estado, e.disponible_desde from notificaciones n
     left join envios_notificacion e on e.notificacion_id = n.id
     where n.tipo = 'documento-rechazado' and n.ocasion in (${ids.map(() => '?').join(', ')})
     order by n.ocasion, e.canal`,
    ...ids.map((id) => `archivos_solicitud:${id}`),
  )
}

const filasDeshacer = () =>
  consultarDb<{ actor_id: string; entidad_id: string; alumno_id: string; antes: string; despues: string }>(
    servidor.dataDir,
    "select actor_id, entidad_id, alumno_id, antes, despues from auditoria where accion = 'documento.deshacer-rechazo' order by en",
  )

/** A few runs of the scheduler (every 100 ms). */
const variasRondas = () => new Promise((r) => setTimeout(r, 600))

test('a rejection waits for the reviewer’s window; undone within it, both documents are back in review, the student is never told, one audit row', async () => {
  const res = await rechazar(coordinacion, [CARTA, HEPATITIS])
  expect(res.status).toBe(200)
  const { deshacer: ventana } = (await res.json()) as { deshacer: { hasta: string; segundos: number } }
  expect(ventana.segundos).toBe(PLAZO_DESHACER_RECHAZO_MS / 1000)
  const decidida = await revision(HEPATITIS)
  expect(decidida).toMatchObject({ estado_revision: 'rechazado', revisado_por: 'personal-coordinacion' })
  expect(Date.parse(ventana.hasta)).toBe(Date.parse(String(decidida!.revisado_en)) + PLAZO_DESHACER_RECHAZO_MS)
  // Its e-mail waits in the scheduler until the window closes.
  const retenidos = await avisos([CARTA, HEPATITIS])
  expect(retenidos.map((a) => [a.canal, a.estado, a.disponible_desde])).toEqual([
    ['correo', 'pendiente', ventana.hasta],
    ['correo', 'pendiente', ventana.hasta],
  ])
  await variasRondas()
  adelantar(PLAZO_DESHACER_RECHAZO_MS / 2)
  await variasRondas()
  expect(rechazosEnviados()).toEqual([])

  // Someone else cannot undo it; the reviewer can.
  const ajeno = await deshacer(admin, [HEPATITIS])
  expect(ajeno.status).toBe(409)
  expect(await ajeno.json()).toEqual({
    error: mensajeNadaQueDeshacer('Certificado de Inmunización Hepatitis B', 'rechazado', 'Documento ilegible'),
  })
  const deshecho = await deshacer(coordinacion, [CARTA, HEPATITIS])
  expect(deshecho.status, await deshecho.clone().text()).toBe(200)
  expect(await deshecho.json()).toEqual({
    documentos: [
      { id: CARTA, documento: 'Carta de Intención', estadoRevision: 'en-revision', motivoRechazo: null },
      {
        id: HEPATITIS,
        documento: 'Certificado de Inmunización Hepatitis B',
        estadoRevision: 'en-revision',
        motivoRechazo: null,
      },
    ],
  })
  for (const id of [CARTA, HEPATITIS])
    expect(await revision(id)).toEqual({
      estado_revision: 'en-revision',
      motivo_rechazo: null,
      revisado_por: null,
      revisado_en: null,
    })
  expect(await avisos([CARTA, HEPATITIS])).toEqual([])
  const lista = (await (await estudiante.get('/api/notificaciones')).json()) as {
    data: { notificaciones: { titulo: string }[] }
  }
  expect(lista.data.notificaciones.map((n) => n.titulo)).not.toContain('Documento rechazado')
  const [fila, ...otras] = await filasDeshacer()
  expect(otras).toEqual([])
  expect({ ...fila, antes: JSON.parse(fila!.antes), despues: JSON.parse(fila!.despues) }).toEqual({
    actor_id: 'personal-coordinacion',
    entidad_id: SOLICITUD,
    alumno_id: 'alumno-estudiante',
    antes: {
      documentos: [
        { id: CARTA, documento: 'Carta de Intención', estado: 'rechazado', motivo: 'Documento ilegible' },
        {
          id: HEPATITIS,
          documento: 'Certificado de Inmunización Hepatitis B',
          estado: 'rechazado',
          motivo: 'Documento ilegible',
        },
      ],
    },
    despues: {
      documentos: [
        { id: CARTA, documento: 'Carta de Intención', estado: 'en-revision' },
        { id: HEPATITIS, documento: 'Certificado de Inmunización Hepatitis B', estado: 'en-revision' },
      ],
    },
  })

  // Long after, nothing was sent; a second 'Deshacer' (a double click) finds nothing to undo.
  adelantar(PLAZO_DESHACER_RECHAZO_MS * 10)
  await variasRondas()
  expect(rechazosEnviados()).toEqual([])
  const otraVez = await deshacer(coordinacion, [HEPATITIS])
  expect(otraVez.status).toBe(409)
  expect(await otraVez.json()).toEqual({
    error: mensajeNadaQueDeshacer('Certificado de Inmunización Hepatitis B', 'en-revision', null),
  })
  expect(await filasDeshacer()).toHaveLength(1)
})

test('rejected again after an undo, the student is told once the window closes, and it can no longer be undone', async () => {
  expect((await rechazar(coordinacion, [HEPATITIS], 'Documento vencido')).status).toBe(200)
  await variasRondas()
  expect(rechazosEnviados()).toEqual([])
  adelantar(PLAZO_DESHACER_RECHAZO_MS)
  const correo = await esperarCorreo(servidor.dataDir, DEMO_CUENTAS.estudiante)
  expect(correo.text).toContain('«Certificado de Inmunización Hepatitis B» por este motivo: «Documento vencido»')

  const tarde = await deshacer(coordinacion, [HEPATITIS])
  expect(tarde.status).toBe(409)
  expect(await tarde.json()).toEqual({ error: MENSAJE_DESHACER_VENCIDO })
  expect(await revision(HEPATITIS)).toMatchObject({ estado_revision: 'rechazado', motivo_rechazo: 'Documento vencido' })
  expect(await filasDeshacer()).toHaveLength(1)
  expect(rechazosEnviados()).toHaveLength(1)
})

test('within the window, a delivery another server already took cannot be withdrawn: nothing is undone', async () => {
  expect((await rechazar(coordinacion, [CARTA])).status).toBe(200)
  // Another server's run took the e-mail (its lease), as if its clock ran a little ahead.
  await consultarDb(
    servidor.dataDir,
    `update envios_notificacion set tomado_por = 'otro-servidor', tomado_hasta = ?, intentos = 1
     where notificacion_id in (select id from notificaciones where ocasion = ?)`,
    new Date(reloj().getTime() + 120_000).toISOString(),
    `archivos_solicitud:${CARTA}`,
  )
  const res = await deshacer(coordinacion, [CARTA])
  expect(res.status).toBe(409)
  expect(await res.json()).toEqual({ error: MENSAJE_DESHACER_VENCIDO })
  expect(await revision(CARTA)).toMatchObject({ estado_revision: 'rechazado' })
  expect((await avisos([CARTA])).map((a) => a.canal)).toEqual(['correo'])
  expect(await filasDeshacer()).toHaveLength(1)
})

test('a rejection whose file the student replaced meanwhile cannot be undone', async () => {
  const subida = new FormData()
  subida.set('codTipoDocumento', '43')
  subida.set('archivo', new File(['%PDF-1.4\n% seguro\n%%EOF\n'], 'seguro.pdf', { type: 'application/pdf' }))
  const res = await estudiante.post(`/api/solicitudes/${SOLICITUD}/documentos`, subida)
  expect(res.status).toBe(201)
  const primero = ((await res.json()) as { data: { id: string } }).data.id
  expect((await rechazar(coordinacion, [primero])).status).toBe(200)
  const reemplazo = new FormData()
  reemplazo.set('codTipoDocumento', '43')
  reemplazo.set('archivo', new File(['%PDF-1.4\n% seguro 2\n%%EOF\n'], 'seguro.pdf', { type: 'application/pdf' }))
  expect((await estudiante.post(`/api/solicitudes/${SOLICITUD}/documentos`, reemplazo)).status).toBe(201)
  const tarde = await deshacer(coordinacion, [primero])
  expect(tarde.status).toBe(409)
  expect(await tarde.json()).toEqual({ error: MENSAJE_DESHACER_REEMPLAZADO })
  expect(await filasDeshacer()).toHaveLength(1)
})

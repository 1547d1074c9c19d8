// Who read it, on SQLite and PostgreSQL: a staff member opening a health
// document, a download of the survey with its sensitive answers, and a CRM read of a student's data
// are each recorded (who, what, when); other documents and a download without the sensitive answers
// are not. The school filters the record by student and days; each student reads only their own.
// The request never waits for the record's write: `registrar` only queues, and a stalled database
// neither delays it nor loses what waits (written at shutdown), within a bounded buffer.
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MENSAJE_FECHA_LECTURAS } from '../src/domain/lecturas.ts'
import { MENSAJE_SIN_PERMISO } from '../src/domain/personal.ts'
import { iniciarSesionPersonal } from '../tests/support/personal.ts'
import {
  iniciarSesion,
  iniciarServidorDePrueba,
  type ClienteDePrueba,
  type ServidorDePrueba,
} from '../tests/support/servidor.ts'
import { DEMO_CUENTAS } from './db/seed/demo.ts'
import { DEMO_PERSONAL } from './db/seed/personal-demo.ts'
import type { Database } from './db/schema.ts'
import { RegistroLecturas, type Lectura } from './privacidad/lecturas.ts'

const ALUMNO = 'alumno-estudiante'
type Lista = {
  lecturas: {
    en: string
    lector: { tipo: string; nombre: string; rol: string | null }
    que: string
    detalle: string
    alumno?: { id: string; nombre: string | null }
  }[]
  total?: number
}

describe('the record, through the server', () => {
  let servidor: ServidorDePrueba
  let admin: ClienteDePrueba
  let coordinacion: ClienteDePrueba
  let asistente: ClienteDePrueba

  beforeAll(async () => {
    servidor = await iniciarServidorDePrueba({ throttle: 'off' })
    admin = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.admin)
    coordinacion = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.coordinacion)
    asistente = await iniciarSesionPersonal(servidor, DEMO_PERSONAL.herrera)
  }, 60_000)
  afterAll(() => servidor?.close())

  const listaEscuela = async (consulta: string) => {
    const res = await admin.get(`/api/admin/privacidad/lecturas?${consulta}`)
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()) as Lista
  }

  test('health documents, sensitive answers and CRM reads are recorded; the school filters; the student reads their own', async () => {
    expect((await listaEscuela(`alumno=${ALUMNO}`)).lecturas).toEqual([])

    // A health document (hepatitis B immunization) and one that is not (a letter of intent).
    const salud = await admin.get('/api/admin/documentos/solicitud/INS-26-40018/archivos/archivo-40018-42')
    expect(salud.status).toBe(200)
    const carta = await admin.get('/api/admin/documentos/solicitud/INS-26-40018/archivos/archivo-40018-41')
    expect(carta.status).toBe(200)

    // The survey's spreadsheet: coordination's holds the sensitive answers, an assistant's does not.
    expect((await coordinacion.get('/api/admin/encuestas/planilla')).status).toBe(200)
    expect((await asistente.get('/api/admin/encuestas/planilla')).status).toBe(200)

    // The CRM reads the payments.
    const clave = await admin.post('/api/admin/integracion/claves', {
      nombre: 'CRM de la escuela',
      alcances: ['lectura'],
    })
    const { token } = (await clave.json()) as { token: string }
    const pagos = await fetch(`${servidor.url}/api/integracion/v1/pagos?desde=2000-01-01T00:00:00Z`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(pagos.status).toBe(200)

    const { lecturas, total } = await listaEscuela(`alumno=${ALUMNO}`)
    const porTipo = (que: string) => lecturas.filter((l) => l.que === que)
    expect(porTipo('documento-salud')).toEqual([
      expect.objectContaining({
        lector: { tipo: 'personal', nombre: 'Carolina Vidal Rojas', rol: 'admin' },
        detalle: expect.stringContaining('Certificado de Inmunización Hepatitis B'),
        alumno: { id: ALUMNO, nombre: expect.any(String) },
      }),
    ])
    expect(porTipo('encuesta-sensible').length).toBeGreaterThan(0)
    for (const l of porTipo('encuesta-sensible'))
      expect(l.lector).toEqual({ tipo: 'personal', nombre: 'Rodrigo Fuentes Lagos', rol: 'coordinacion' })
    expect(porTipo('integracion')).toEqual([
      expect.objectContaining({
        lector: { tipo: 'integracion', nombre: 'CRM de la escuela', rol: null },
        detalle: 'API del CRM: pagos leídos por la API',
      }),
    ])
    expect(total).toBe(lecturas.length)
    expect(lecturas.some((l) => l.detalle.includes('Carta de Intención'))).toBe(false)

    // Filtered by days in Chile: none tomorrow; a wrong date is refused in Spanish.
    const manana = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    expect((await listaEscuela(`alumno=${ALUMNO}&desde=${manana}`)).lecturas).toEqual([])
    const hoy = new Date().toISOString().slice(0, 10)
    const ayer = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    expect((await listaEscuela(`alumno=${ALUMNO}&desde=${ayer}&hasta=${hoy}`)).lecturas).toHaveLength(lecturas.length)
    const mala = await admin.get('/api/admin/privacidad/lecturas?desde=2026-02-31')
    expect(mala.status).toBe(400)
    expect((await mala.json()).error).toBe(MENSAJE_FECHA_LECTURAS)
    // Only who manages privacy reads the record.
    const sinPermiso = await coordinacion.get('/api/admin/privacidad/lecturas')
    expect(sinPermiso.status).toBe(403)
    expect(await sinPermiso.json()).toEqual({ error: MENSAJE_SIN_PERMISO })

    // The student reads their own list; another student, theirs.
    const estudiante = await iniciarSesion(servidor.url, DEMO_CUENTAS.estudiante)
    const propias = (await (await estudiante.get('/api/privacidad/lecturas')).json()) as Lista
    expect(propias.lecturas.map((l) => l.que).sort()).toEqual(lecturas.map((l) => l.que).sort())
    expect(propias.lecturas[0]).not.toHaveProperty('alumno')
    const otra = await iniciarSesion(servidor.url, DEMO_CUENTAS.sinSolicitudes)
    expect(((await (await otra.get('/api/privacidad/lecturas')).json()) as Lista).lecturas).toEqual([])
    expect((await fetch(`${servidor.url}/api/privacidad/lecturas`)).status).toBe(401)
  })
})

/** A database whose inserts wait until released: what a slow or stalled database looks like. */
function baseDetenida() {
  const escritas: unknown[][] = []
  let soltar: () => void = () => {}
  let detenida = new Promise<void>((r) => (soltar = r))
  let fallar = false
  const db = {
    insertInto: () => ({
      values: (filas: unknown[]) => ({
        execute: async () => {
          await detenida
          if (fallar) throw new Error('sin conexión')
          escritas.push(filas)
        },
      }),
    }),
  } as unknown as Kysely<Database>
  return {
    db,
    escritas,
    soltar: () => soltar(),
    detener: () => (detenida = new Promise<void>((r) => (soltar = r))),
    fallar: (si: boolean) => (fallar = si),
  }
}

const lectura = (n: number): Lectura => ({
  lector: { personal: { id: 'p', nombre: 'Persona', rol: 'admin' } },
  alumnoId: `alumno-${n}`,
  que: 'documento-salud',
  detalle: `documento ${n}`,
  ip: null,
  en: new Date(),
})

describe('the buffer', () => {
  test('registrar returns at once while the database is stalled; the rows are written when it answers and at shutdown', async () => {
    const base = baseDetenida()
    const registro = new RegistroLecturas(base.db, () => {}, { lote: 2, cadaMs: 60_000 })
    const inicio = performance.now()
    // A full batch starts a write, which the stalled database does not finish: nothing waits for it.
    const devuelto: unknown = registro.registrar(lectura(1), lectura(2), lectura(3))
    expect(devuelto).toBeUndefined()
    expect(performance.now() - inicio).toBeLessThan(50)
    expect(base.escritas).toEqual([])
    const cierre = registro.cerrar()
    base.soltar()
    await cierre
    expect(base.escritas.flat().map((f) => (f as { alumno_id: string }).alumno_id)).toEqual([
      'alumno-1',
      'alumno-2',
      'alumno-3',
    ])
    expect(registro.enEspera).toBe(0)
  })

  test('a failed batch is kept for the next try; beyond the bound the oldest are dropped and the loss logged', async () => {
    const base = baseDetenida()
    const avisos: unknown[] = []
    const registro = new RegistroLecturas(base.db, (m, d) => avisos.push([m, d]), {
      lote: 100,
      maximo: 3,
      cadaMs: 60_000,
    })
    base.soltar()
    base.fallar(true)
    registro.registrar(lectura(1), lectura(2))
    await registro.vaciar()
    expect(registro.enEspera).toBe(2)
    expect(avisos).toEqual([['no se pudo guardar el registro de lecturas', expect.objectContaining({ filas: 2 })]])
    registro.registrar(lectura(3), lectura(4), lectura(5))
    expect(registro.enEspera).toBe(3)
    base.fallar(false)
    await registro.cerrar()
    expect(base.escritas.flat().map((f) => (f as { alumno_id: string }).alumno_id)).toEqual([
      'alumno-3',
      'alumno-4',
      'alumno-5',
    ])
    expect(avisos[1]).toEqual([expect.stringContaining('se descartaron'), { perdidas: 2 }])
  })
})

// Who read it: each read of a student's sensitive data by staff, and each read
// of a student's data by the CRM, becomes a row of `lecturas_datos`, without slowing the read.
// `registrar` only appends to an in-memory buffer (no await, no I/O): the request answers at once.
// The buffer is written in batches (one INSERT of many rows) on a timer, as soon as it holds a
// batch, and at shutdown (`cerrar`, called by the server's close before the database goes). It is
// bounded: if the database cannot take the rows for long enough for the buffer to fill up, the
// oldest rows are dropped and the loss is logged with how many, rather than the server running out
// of memory. A batch that fails is put back at the front and tried again at the next tick.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  LECTURAS_POR_PAGINA,
  type ConsultaLecturas,
  type LecturaRegistrada,
  type TipoLectura,
} from '../../src/domain/lecturas.ts'
import { inicioDelDiaEnChile } from '../../src/domain/fechas.ts'
import { sumarDias } from '../../src/domain/fechas.ts'
import { mensajeDeFallo, type Log } from '../bitacora.ts'
import type { Database, LecturasDatosTable } from '../db/schema.ts'

/** Who read: a staff member, or an integration key (named as the admin named it). */
export type Lector =
  { personal: { id: string; nombre: string; rol: string } } | { clave: { id: string; nombre: string } }

export type Lectura = {
  lector: Lector
  alumnoId: string
  que: TipoLectura
  detalle: string
  ip: string | null
  en: Date
}

export type OpcionesRegistro = {
  /** Rows written per INSERT. */
  lote?: number
  /** The most rows held in memory; beyond, the oldest are dropped (and the loss logged). */
  maximo?: number
  /** How often the buffer is written. */
  cadaMs?: number
}

function fila(l: Lectura): LecturasDatosTable {
  const lector =
    'personal' in l.lector
      ? {
          lector_tipo: 'personal' as const,
          lector_id: l.lector.personal.id,
          lector_nombre: l.lector.personal.nombre,
          lector_rol: l.lector.personal.rol,
        }
      : {
          lector_tipo: 'integracion' as const,
          lector_id: l.lector.clave.id,
          lector_nombre: l.lector.clave.nombre,
          lector_rol: null,
        }
  return {
    id: randomUUID(),
    en: l.en.toISOString(),
    ...lector,
    alumno_id: l.alumnoId,
    que: l.que,
    detalle: l.detalle,
    ip: l.ip,
  }
}

export class RegistroLecturas {
  private pendientes: LecturasDatosTable[] = []
  private escribiendo: Promise<void> | null = null
  private readonly temporizador: ReturnType<typeof setInterval>
  private readonly lote: number
  private readonly maximo: number
  private perdidas = 0

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Log,
    opciones: OpcionesRegistro = {},
  ) {
    this.lote = opciones.lote ?? 500
    this.maximo = opciones.maximo ?? 50_000
    this.temporizador = setInterval(() => void this.vaciar(), opciones.cadaMs ?? 1000)
    this.temporizador.unref()
  }

  /** Records reads: synchronous, never throws, never waits for the database. */
  registrar(...lecturas: Lectura[]): void {
    for (const l of lecturas) this.pendientes.push(fila(l))
    const sobran = this.pendientes.length - this.maximo
    if (sobran > 0) {
      this.pendientes.splice(0, sobran)
      this.perdidas += sobran
    }
    if (this.pendientes.length >= this.lote) void this.vaciar()
  }

  /** Rows waiting to be written (for tests and the shutdown's log). */
  get enEspera(): number {
    return this.pendientes.length
  }

  /** Writes what is waiting, one batch at a time; a call while a write runs waits for it. */
  async vaciar(): Promise<void> {
    if (this.escribiendo) return this.escribiendo
    if (this.pendientes.length === 0 && this.perdidas === 0) return
    const escritura = (async () => {
      // Not before `escribiendo` holds this write (its end clears it).
      await Promise.resolve()
      try {
        if (this.perdidas > 0) {
          this.log('registro de lecturas lleno: se descartaron lecturas sin registrar', { perdidas: this.perdidas })
          this.perdidas = 0
        }
        while (this.pendientes.length > 0) {
          const lote = this.pendientes.splice(0, this.lote)
          try {
            await this.db.insertInto('lecturas_datos').values(lote).execute()
          } catch (err) {
            // Back at the front, in order, for the next tick.
            this.pendientes.unshift(...lote)
            this.log('no se pudo guardar el registro de lecturas', {
              filas: lote.length,
              error: mensajeDeFallo(err),
            })
            return
          }
        }
      } finally {
        this.escribiendo = null
      }
    })()
    this.escribiendo = escritura
    return escritura
  }

  /** At shutdown: no more ticks, and what is waiting is written. */
  async cerrar(): Promise<void> {
    clearInterval(this.temporizador)
    if (this.escribiendo) await this.escribiendo
    await this.vaciar()
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the record
// ---------------------------------------------------------------------------------------------

function lecturaJson(
  f: Pick<LecturasDatosTable, 'en' | 'lector_tipo' | 'lector_nombre' | 'lector_rol' | 'que' | 'detalle'>,
) {
  return {
    en: f.en,
    lector: { tipo: f.lector_tipo, nombre: f.lector_nombre, rol: f.lector_rol },
    que: f.que as TipoLectura,
    detalle: f.detalle,
  } satisfies LecturaRegistrada
}

/** The school's list: filtered by student and by days in Chile, newest first, a page at a time. */
export async function lecturasRegistradas(db: Kysely<Database>, consulta: ConsultaLecturas) {
  let q = db.selectFrom('lecturas_datos')
  if (consulta.alumno) q = q.where('lecturas_datos.alumno_id', '=', consulta.alumno)
  if (consulta.desde) q = q.where('lecturas_datos.en', '>=', inicioDelDiaEnChile(consulta.desde).toISOString())
  if (consulta.hasta)
    q = q.where('lecturas_datos.en', '<', inicioDelDiaEnChile(sumarDias(consulta.hasta, 1)).toISOString())
  const [total, filas] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    q
      .leftJoin('alumnos', 'alumnos.id', 'lecturas_datos.alumno_id')
      .select([
        'lecturas_datos.en',
        'lecturas_datos.lector_tipo',
        'lecturas_datos.lector_nombre',
        'lecturas_datos.lector_rol',
        'lecturas_datos.que',
        'lecturas_datos.detalle',
        'lecturas_datos.alumno_id',
        'alumnos.nombres',
        'alumnos.apellidos',
      ])
      .orderBy('lecturas_datos.en', 'desc')
      .orderBy('lecturas_datos.id')
      .limit(LECTURAS_POR_PAGINA)
      .offset((consulta.pagina - 1) * LECTURAS_POR_PAGINA)
      .execute(),
  ])
  const n = Number(total.n)
  return {
    pagina: consulta.pagina,
    paginas: Math.max(1, Math.ceil(n / LECTURAS_POR_PAGINA)),
    total: n,
    lecturas: filas.map((f) => ({
      ...lecturaJson(f),
      alumno: { id: f.alumno_id, nombre: f.nombres ? `${f.nombres} ${f.apellidos ?? ''}`.trim() : null },
    })),
  }
}

/** A student's own: who read their sensitive data or their data through the CRM, newest first. */
export async function lecturasDelAlumno(db: Kysely<Database>, alumnoId: string, limite = 200) {
  const filas = await db
    .selectFrom('lecturas_datos')
    .select(['en', 'lector_tipo', 'lector_nombre', 'lector_rol', 'que', 'detalle'])
    .where('alumno_id', '=', alumnoId)
    .orderBy('en', 'desc')
    .orderBy('id')
    .limit(limite)
    .execute()
  return filas.map(lecturaJson)
}

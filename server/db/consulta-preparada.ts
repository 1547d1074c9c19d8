// Queries on every request's path, built and compiled to SQL once instead of on every run.
// Kysely builds a query anew from its builder calls each time (a tree of frozen nodes) and
// compiles that tree to SQL each time: on the home data and the enrolment list that cost about as
// much as running the queries themselves. Here the builder runs once per engine with a stand-in
// for each value, and every later run binds the real values in their places in the same SQL (so
// the SQLite statement cache finds one statement for it). The values are bound, never written into
// the SQL, exactly as Kysely binds them.
import { type Compilable, type CompiledQuery, type DialectAdapter } from 'kysely'
import type { Db } from './connection.ts'

/** Where a value goes: its position among the function's arguments. */
class Marcador {
  constructor(readonly posicion: number) {}
}

type Compilada = { consulta: CompiledQuery<unknown>; posiciones: (number | null)[] }

/**
 * `construir(db, ...valores)` as a function that runs it: `(db, ...valores) => filas`. Each value
 * must be a single value used where Kysely binds it as a parameter (a comparison, an inserted or
 * updated value), not one the builder looks at (a list for `in`, a limit computed from it): a
 * list is refused when run, and compiling checks that every value reached the SQL's parameters.
 */
export function consultaPreparada<V extends unknown[], Fila>(
  construir: (db: Db, ...valores: V) => Compilable<Fila>,
): (db: Db, ...valores: V) => Promise<Fila[]> {
  // By dialect: SQLite and PostgreSQL write different SQL, and a transaction shares its database's.
  const porMotor = new WeakMap<DialectAdapter, Compilada>()
  function compilar(db: Db, cuantos: number): Compilada {
    const marcadores = Array.from({ length: cuantos }, (_, i) => new Marcador(i))
    const consulta = construir(db, ...(marcadores as unknown as V)).compile()
    const posiciones = consulta.parameters.map((p) => (p instanceof Marcador ? p.posicion : null))
    const faltan = marcadores.filter((m) => !posiciones.includes(m.posicion))
    if (faltan.length > 0) {
      throw new Error(
        `consultaPreparada: los valores ${faltan.map((m) => m.posicion).join(', ')} no quedan como parámetros`,
      )
    }
    return { consulta, posiciones }
  }
  return async (db, ...valores) => {
    // A list is not one value: the builder would have written `in (?, ?…)` for it, one per item.
    if (valores.some((v) => Array.isArray(v)))
      throw new Error('consultaPreparada: cada valor debe ser uno solo, no una lista')
    const motor = db.getExecutor().adapter
    let compilada = porMotor.get(motor)
    if (!compilada) {
      compilada = compilar(db, valores.length)
      porMotor.set(motor, compilada)
    }
    const { consulta, posiciones } = compilada
    const parameters = consulta.parameters.map((p, i) => {
      const posicion = posiciones[i]
      return posicion === null || posicion === undefined ? p : valores[posicion]
    })
    const { rows } = await db.executeQuery<Fila>({ ...consulta, parameters } as CompiledQuery<Fila>)
    return rows
  }
}

// Data for the bench alone, written into the bench's own SQLite file after the portal has migrated
// and seeded it (never into the demo seed): a student with 200 enrolments, and a crowd of other
// students with 10 each, so a query that scans a table instead of reaching the student's rows
// through an index costs what it would on a school's real database. Every row is a copy of the
// demo student's (enrolments, surveys, conditions, uploaded files, issued documents) under new
// keys, so the lists read the same mix of states.
import SQLite from 'better-sqlite3'

export const ALUMNO_200 = { id: 'alumno-bench-200', email: 'doscientas@bench.cl' }

const MODELO = 'alumno-estudiante'

type Fila = Record<string, unknown>

function insertar(db: SQLite.Database, tabla: string, fila: Fila): void {
  const columnas = Object.keys(fila)
  db.prepare(`insert into ${tabla} (${columnas.join(', ')}) values (${columnas.map(() => '?').join(', ')})`).run(
    ...columnas.map((c) => fila[c]),
  )
}

/** The model student's enrolment rows, copied `veces` times for `alumnoId`. */
function copiarSolicitudes(db: SQLite.Database, alumnoId: string, veces: number): void {
  const porTabla = (tabla: string) => db.prepare(`select * from ${tabla} where alumno_id = ?`).all(MODELO) as Fila[]
  const solicitudes = porTabla('solicitudes')
  const dependientes = ['encuestas', 'condiciones', 'archivos_solicitud', 'documentos_emitidos'].map(
    (tabla) => [tabla, porTabla(tabla)] as const,
  )
  for (let vuelta = 0; vuelta < veces; vuelta++) {
    for (const s of solicitudes) {
      const codigo = `${s.codigo_inscripcion as string}-${alumnoId}-${vuelta}`
      // Spread over the years, so the order by start date has something to sort.
      const fecha = `${2000 + ((vuelta * 7 + solicitudes.indexOf(s)) % 26)}${(s.fecha_inicio as string).slice(4)}`
      insertar(db, 'solicitudes', { ...s, codigo_inscripcion: codigo, alumno_id: alumnoId, fecha_inicio: fecha })
      for (const [tabla, filas] of dependientes) {
        for (const f of filas.filter((f) => f.codigo_inscripcion === s.codigo_inscripcion)) {
          const copia: Fila = { ...f, codigo_inscripcion: codigo, alumno_id: alumnoId }
          if ('id' in f) copia.id = `${f.id as string}-${codigo}`
          if (tabla === 'documentos_emitidos') {
            copia.codigo = `${f.codigo as string}-${codigo}`
            copia.referencia = f.referencia ? `${f.referencia as string}-${codigo}` : null
          }
          insertar(db, tabla, copia)
        }
      }
    }
  }
}

function copiarAlumno(db: SQLite.Database, id: string, email: string, n: number): void {
  const modelo = db.prepare('select * from alumnos where id = ?').get(MODELO) as Fila
  insertar(db, 'alumnos', {
    ...modelo,
    id,
    email,
    codigo_alumno: `BE${String(n).padStart(8, '0')}`,
    // The RUT is unique among the students who have one; a passport number among the rest.
    rut: '0-0',
    tipo_documento: 'PASAPORTE',
    numero_documento: `BENCH${n}`,
  })
}

/**
 * The student with 200 enrolments (20 copies of the model's 10, same password) and `otros`
 * students with 10 each. Returns how many enrolments the file then holds.
 */
export function sembrarVolumen(archivo: string, otros: number): number {
  const db = new SQLite(archivo)
  db.pragma('busy_timeout = 5000')
  try {
    db.transaction(() => {
      copiarAlumno(db, ALUMNO_200.id, ALUMNO_200.email, 0)
      copiarSolicitudes(db, ALUMNO_200.id, 20)
      for (let i = 1; i <= otros; i++) {
        const id = `alumno-otro-${i}`
        copiarAlumno(db, id, `otro-${i}@bench.cl`, i)
        copiarSolicitudes(db, id, 1)
      }
    })()
    return (db.prepare('select count(*) as n from solicitudes').get() as { n: number }).n
  } finally {
    db.close()
  }
}

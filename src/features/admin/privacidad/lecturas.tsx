import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useId, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { erroresPorCampo } from '../../../domain/errores-por-campo.ts'
import {
  consultaLecturasSchema,
  ETIQUETA_LECTOR,
  ETIQUETA_LECTURA,
  MENSAJE_SIN_LECTURAS,
  type ConsultaLecturas,
} from '../../../domain/lecturas.ts'
import { ETIQUETA_ROL, esRolPersonal } from '../../../domain/personal.ts'
import { cliente, leer, type RespuestaDe } from '../../../lib/cliente-api.ts'
import { CampoTexto } from '../../../ui/campo.tsx'
import { Paginador } from '../../../ui/paginador.tsx'
import { Estado } from '../../../ui/spinner.tsx'
import { momentoEnChile } from '../formato.ts'
import { personalQueries } from '../queries.ts'
import { Tabla } from '../tabla.tsx'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

// Who read it (Ley 19.628 as amended), the school's side: every read of a
// student's health document or the survey's sensitive answers by staff, and every read of a
// student's data by the CRM, filtered by student and days. A section any privacy screen mounts
// (the school's queue, or its own route /admin/privacidad/lecturas).

type Respuesta = RespuestaDe<(typeof cliente.admin.privacidad.lecturas)['$get']>
type Fila = Respuesta['lecturas'][number]

export const lecturasQueries = {
  lista: (c: Pick<ConsultaLecturas, 'alumno' | 'desde' | 'hasta' | 'pagina'>) =>
    queryOptions({
      queryKey: [...personalQueries.all(), 'privacidad', 'lecturas', c],
      queryFn: ({ signal }) =>
        leer(
          cliente.admin.privacidad.lecturas.$get(
            { query: { alumno: c.alumno, desde: c.desde, hasta: c.hasta, pagina: String(c.pagina) } },
            { init: { signal } },
          ),
        ),
      placeholderData: keepPreviousData,
    }),
}

/** Who read, as the school reads it: the staff member and their role, or the integration key. */
export function lectorEnPalabras(l: { tipo: 'personal' | 'integracion'; nombre: string; rol: string | null }) {
  if (l.tipo === 'integracion') return `${l.nombre} (${ETIQUETA_LECTOR.integracion})`
  return l.rol && esRolPersonal(l.rol) ? `${l.nombre} (${ETIQUETA_ROL[l.rol]})` : l.nombre
}

const COLUMNAS: ColumnDef<Fila, unknown>[] = [
  { id: 'en', header: 'Cuándo', cell: ({ row }) => momentoEnChile(row.original.en) },
  { id: 'alumno', header: 'Alumno', cell: ({ row }) => row.original.alumno.nombre ?? row.original.alumno.id },
  { id: 'lector', header: 'Quién', cell: ({ row }) => lectorEnPalabras(row.original.lector) },
  { id: 'que', header: 'Qué', cell: ({ row }) => ETIQUETA_LECTURA[row.original.que] },
  { id: 'detalle', header: 'Detalle', cell: ({ row }) => row.original.detalle },
]

const VACIOS = { alumno: '', desde: '', hasta: '' }

export function LecturasDatos({ alumnoInicial = '' }: { alumnoInicial?: string }) {
  const ids = { alumno: useId(), desde: useId(), hasta: useId() }
  const [borrador, setBorrador] = useState({ ...VACIOS, alumno: alumnoInicial })
  const [filtros, setFiltros] = useState({ ...VACIOS, alumno: alumnoInicial, pagina: 1 })
  const [errores, setErrores] = useState<Record<string, string>>({})
  const lista = useQuery(lecturasQueries.lista(filtros))

  function filtrar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const r = v.safeParse(consultaLecturasSchema, { ...borrador, pagina: '1' })
    if (!r.success) {
      setErrores(erroresPorCampo(r.issues))
      return
    }
    setErrores({})
    setFiltros({ alumno: r.output.alumno, desde: r.output.desde, hasta: r.output.hasta, pagina: 1 })
  }
  const campo = (nombre: keyof typeof VACIOS) => ({
    value: borrador[nombre],
    onChange: (e: { target: { value: string } }) => setBorrador((b) => ({ ...b, [nombre]: e.target.value })),
    error: errores[nombre],
  })

  return (
    <section className="admin-seccion" aria-labelledby="lecturas-titulo">
      <h2 id="lecturas-titulo">Quién leyó los datos sensibles</h2>
      <p>
        Cada vez que alguien de la escuela abre un documento de salud o descarga las respuestas sensibles de la
        encuesta, y cada vez que el CRM lee los datos de un alumno, queda registrado aquí. Cada alumno ve también las
        suyas.
      </p>
      <form className="admin-filtros" onSubmit={filtrar} aria-label="Filtros de las lecturas" noValidate>
        <CampoTexto id={ids.alumno} etiqueta="Alumno (identificador)" autoComplete="off" {...campo('alumno')} />
        <CampoTexto id={ids.desde} etiqueta="Desde" type="date" {...campo('desde')} />
        <CampoTexto id={ids.hasta} etiqueta="Hasta" type="date" {...campo('hasta')} />
        <button type="submit" className="boton">
          Filtrar
        </button>
      </form>
      {lista.isError ? (
        <MensajeError error={lista.error} />
      ) : !lista.data ? (
        <Estado texto="Cargando lecturas…" />
      ) : (
        <>
          <Tabla
            titulo="Lecturas de datos sensibles, de la más reciente a la más antigua"
            columnas={COLUMNAS}
            filas={lista.data.lecturas}
            idDeFila={(l) => `${l.en}-${l.alumno.id}-${l.detalle}-${l.lector.nombre}`}
            vacia={MENSAJE_SIN_LECTURAS}
          />
          <Paginador
            pagina={lista.data.pagina}
            paginas={lista.data.paginas}
            onCambiar={(p) => setFiltros((f) => ({ ...f, pagina: p }))}
            etiqueta="Páginas de las lecturas"
          />
        </>
      )}
    </section>
  )
}

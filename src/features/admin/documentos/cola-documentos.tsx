import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState, type FormEvent } from 'react'
import { tiposDeDocumento } from '../../../domain/revision-documentos.ts'
import {
  documentosEnEstado,
  ESTADOS_REVISION,
  estadoRevisionEnPalabras,
  type EstadoRevision,
} from '../../../domain/estado-revision.ts'
import { Paginador } from '../../../ui/paginador.tsx'
import { Estado } from '../../../ui/spinner.tsx'
import { mensajeDeError } from '../../../lib/mensaje-de-error.ts'
import { Tabla, type Orden } from '../tabla.tsx'
import { momentoLegible } from './fechas.ts'
import type { BusquedaCola } from './busqueda-cola.ts'
import { documentosQueries, type DocumentoEnCola } from './queries.ts'
import './documentos.css'
import { FiltroSelect } from '../filtros.tsx'
import { CampoSelect } from '../../../ui/campo.tsx'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

/** How the state filter names each list. */
const LISTA_DE_ESTADO: Record<EstadoRevision, string> = {
  'en-revision': 'En revisión',
  aprobado: 'Aprobados',
  rechazado: 'Rechazados',
}

/** The queue's columns; a row's link opens its review with the queue's search, to follow it. */
function columnasDe(busqueda: BusquedaCola): ColumnDef<DocumentoEnCola, unknown>[] {
  return [
    {
      id: 'subidoEn',
      header: 'Subido',
      enableSorting: true,
      cell: ({ row }) => <time dateTime={row.original.subidoEn}>{momentoLegible(row.original.subidoEn)}</time>,
    },
    {
      id: 'alumno',
      header: 'Estudiante',
      enableSorting: true,
      cell: ({ row }) => (
        <>
          {row.original.alumno.nombre}
          <span className="admin-documentos__secundario">{row.original.alumno.identidad}</span>
        </>
      ),
    },
    {
      id: 'documento',
      header: 'Documento',
      cell: ({ row }) => (
        <>
          {row.original.documento}
          <span className="admin-documentos__secundario admin-documentos__archivo">{row.original.nombre}</span>
        </>
      ),
    },
    { id: 'perteneceA', header: 'Pertenece a', cell: ({ row }) => row.original.perteneceA },
    {
      id: 'estado',
      header: 'Estado',
      cell: ({ row }) => estadoRevisionEnPalabras(row.original.estadoRevision, row.original.motivoRechazo),
    },
    {
      id: 'accion',
      header: () => <span className="sr-only">Acción</span>,
      cell: ({ row }) => {
        const d = row.original
        return (
          <Link
            to="/admin/documentos/$origen/$dueno"
            params={{ origen: d.origen, dueno: d.dueno }}
            search={{ ...busqueda, documento: d.id }}
            className="boton boton--secundario boton--pequeno"
          >
            {d.estadoRevision === 'en-revision' ? 'Revisar' : 'Ver'}
            <span className="sr-only">
              {' '}
              {d.documento} de {d.alumno.nombre}
            </span>
          </Link>
        )
      },
    },
  ]
}

/**
 * The review queue: uploads of every kind waiting for the school (or already decided, by the
 * state filter), oldest first, filtered by program and type. Filters, order and page live in
 * the URL, so a reviewer can reload, go back, or send the list to a colleague.
 */
export function ColaDocumentos({ busqueda }: { busqueda: BusquedaCola }) {
  const navigate = useNavigate({ from: '/admin/documentos/' })
  const consulta = useQuery({ ...documentosQueries.cola(busqueda), placeholderData: keepPreviousData })
  const columnas = useMemo(() => columnasDe(busqueda), [busqueda])
  const estado = busqueda.estado ?? 'en-revision'
  const hayFiltros = !!(busqueda.estado || busqueda.programa || busqueda.tipo)

  const orden: Orden = busqueda.orden
    ? { columna: busqueda.orden.replace(/^-/, ''), descendente: busqueda.orden.startsWith('-') }
    : { columna: 'subidoEn', descendente: false }

  return (
    <section className="admin-documentos" aria-labelledby="cola-documentos-titulo">
      <h1 id="cola-documentos-titulo">Documentos</h1>
      <p className="admin-documentos__ayuda">
        Los documentos que suben los estudiantes, los más antiguos primero. Ábralos para aprobarlos o rechazarlos con un
        motivo que el estudiante verá.
      </p>
      <Filtros
        // A new search (back, forward, a link) starts the form from the URL again.
        key={JSON.stringify([busqueda.estado, busqueda.programa, busqueda.tipo])}
        busqueda={busqueda}
        programas={consulta.data?.programas ?? []}
        alFiltrar={(filtros) => void navigate({ search: filtros })}
      />
      {hayFiltros ? (
        <p>
          <Link to="/admin/documentos" search={{}}>
            Quitar los filtros
          </Link>
        </p>
      ) : null}
      {consulta.data ? (
        <>
          <p className="admin-documentos__total" role="status">
            {documentosEnEstado(consulta.data.total, estado)}
            {hayFiltros ? ' con estos filtros' : ''}.
          </p>
          <Tabla
            titulo={`${LISTA_DE_ESTADO[estado]}, página ${consulta.data.pagina} de ${consulta.data.paginas}`}
            columnas={columnas}
            filas={consulta.data.documentos}
            idDeFila={(d) => `${d.origen}:${d.id}`}
            orden={orden}
            alOrdenar={(nuevo) =>
              void navigate({
                search: (previa) => ({
                  ...previa,
                  pagina: undefined,
                  orden:
                    !nuevo || (nuevo.columna === 'subidoEn' && !nuevo.descendente)
                      ? undefined
                      : ((nuevo.descendente ? `-${nuevo.columna}` : nuevo.columna) as BusquedaCola['orden']),
                }),
              })
            }
            vacia={
              estado === 'en-revision' && !hayFiltros
                ? 'No hay documentos esperando revisión.'
                : 'No hay documentos que coincidan con estos filtros.'
            }
          />
          <Paginador
            pagina={consulta.data.pagina}
            paginas={consulta.data.paginas}
            etiqueta="Páginas de documentos"
            onCambiar={(pagina) =>
              void navigate({ search: (previa) => ({ ...previa, pagina: pagina > 1 ? pagina : undefined }) })
            }
          />
        </>
      ) : consulta.isError ? (
        <MensajeError onReintentar={() => void consulta.refetch()}>
          No fue posible cargar los documentos. {mensajeDeError(consulta.error)}
        </MensajeError>
      ) : (
        <Estado texto="Cargando los documentos…" />
      )}
    </section>
  )
}

type ValoresFiltros = { estado: string; programa: string; tipo: string }

function Filtros({
  busqueda,
  programas,
  alFiltrar,
}: {
  busqueda: BusquedaCola
  programas: { valor: string; nombre: string }[]
  alFiltrar: (filtros: Pick<BusquedaCola, 'estado' | 'programa' | 'tipo' | 'orden'>) => void
}) {
  const [valores, setValores] = useState<ValoresFiltros>({
    estado: busqueda.estado ?? 'en-revision',
    programa: busqueda.programa ?? '',
    tipo: busqueda.tipo ?? '',
  })
  const cambiar = (campo: keyof ValoresFiltros) => (valor: string) =>
    setValores((previos) => ({ ...previos, [campo]: valor }))

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    alFiltrar({
      estado: valores.estado === 'en-revision' ? undefined : (valores.estado as EstadoRevision),
      programa: valores.programa || undefined,
      tipo: valores.tipo || undefined,
      orden: busqueda.orden,
    })
  }

  return (
    <form className="admin-documentos__filtros" onSubmit={enviar} aria-label="Filtrar documentos">
      <CampoSelect
        id="filtro-estado"
        etiqueta="Estado"
        value={valores.estado}
        onChange={(e) => cambiar('estado')(e.target.value)}
      >
        {ESTADOS_REVISION.map((e) => (
          <option key={e} value={e}>
            {LISTA_DE_ESTADO[e]}
          </option>
        ))}
      </CampoSelect>
      <FiltroSelect
        id="filtro-programa"
        etiqueta="Programa o concurso"
        valor={valores.programa}
        opciones={programas.map((p) => ({ valor: p.valor, texto: p.nombre }))}
        alCambiar={cambiar('programa')}
      />
      <FiltroSelect
        id="filtro-tipo"
        etiqueta="Tipo de documento"
        valor={valores.tipo}
        opciones={tiposDeDocumento().map((t) => ({ valor: t.codDocumento, texto: t.documento }))}
        alCambiar={cambiar('tipo')}
      />
      <button type="submit" className="boton">
        Filtrar
      </button>
    </form>
  )
}

import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import type { FormEvent } from 'react'
import {
  ETIQUETA_ESTADO_PAGO,
  ETIQUETA_MEDIO_PAGO,
  filtrosPagosEnDireccion,
  leerFiltrosPagos,
  MENSAJE_RANGO_PAGOS,
  MENSAJE_SIN_PAGOS,
  type FiltrosPagos,
} from '../../../domain/busqueda-pagos.ts'
import { formatearClp } from '../../../domain/moneda.ts'
import { ESTADOS_PAGO, type ConceptoPago, type EstadoPago } from '../../../domain/pagos.ts'
import { CampoSelect } from '../../../ui/campo.tsx'
import { Paginador } from '../../../ui/paginador.tsx'
import { Estado } from '../../../ui/spinner.tsx'
import { ErrorDeLectura } from '../error-de-lectura.tsx'
import { momentoEnChile } from '../formato.ts'
import { SinCorte } from '../sin-corte.tsx'
import { Tabla } from '../tabla.tsx'
import { pagosQueries, type FilaPago } from './queries.ts'
import './pagos.css'
import { AccionesFiltros, RangoDeFechas, useBorradorDeFiltros } from '../filtros.tsx'

const SIN_FILTROS: FiltrosPagos = { estado: '', concepto: '', programa: '', desde: '', hasta: '', pagina: 1 }

/** A payment's state in words (never colour alone), coloured as the other states of the school. */
export function EstadoPagoEnPalabras({ estado, texto }: { estado: EstadoPago; texto: string }) {
  const clase =
    estado === 'aprobado'
      ? 'admin-estado--aprobado'
      : estado === 'pendiente' || estado === 'confirmando'
        ? 'admin-estado--en-revision'
        : 'admin-estado--rechazado'
  return <span className={`admin-estado ${clase}`}>{texto}</span>
}

const COLUMNAS: ColumnDef<FilaPago, unknown>[] = [
  {
    id: 'fecha',
    header: 'Fecha',
    cell: ({ row }) => (
      <Link to="/admin/pagos/$id" params={{ id: row.original.id }}>
        <SinCorte>{momentoEnChile(row.original.creadoEn)}</SinCorte>
        <span className="sr-only"> (ver el pago de {row.original.alumno.nombre})</span>
      </Link>
    ),
  },
  {
    id: 'alumno',
    header: 'Alumno',
    cell: ({ row }) => (
      <Link to="/admin/alumnos/$id" params={{ id: row.original.alumno.id }}>
        {row.original.alumno.nombre}
      </Link>
    ),
  },
  {
    id: 'descripcion',
    header: 'Descripción',
    cell: ({ row }) => (
      <>
        {row.original.descripcion}
        {row.original.codigoInscripcion ? (
          <span className="admin-suave admin-bloque">Solicitud {row.original.codigoInscripcion}</span>
        ) : null}
      </>
    ),
  },
  { id: 'medio', header: 'Medio', cell: ({ row }) => ETIQUETA_MEDIO_PAGO[row.original.medio] },
  {
    id: 'estado',
    header: 'Estado',
    cell: ({ row }) => <EstadoPagoEnPalabras estado={row.original.estado} texto={row.original.estadoEnPalabras} />,
  },
  {
    id: 'monto',
    header: 'Monto',
    cell: ({ row }) => <span className="admin-pagos__monto">{formatearClp(row.original.monto)}</span>,
  },
]

/**
 * Every payment of the students the staff member reaches, newest first, filtered by state,
 * concept, program and a range of days. The filters live in the address, so a filtered view can
 * be shared or reloaded.
 */
export function PaginaPagos({ direccion }: { direccion: Record<string, string | undefined> }) {
  const filtros = leerFiltrosPagos(direccion)
  const navigate = useNavigate()
  const lista = useQuery(pagosQueries.lista(filtros))
  const { borrador, setBorrador, rangoInvalido } = useBorradorDeFiltros(filtros)
  const ir = (siguientes: FiltrosPagos) => navigate({ to: '/admin/pagos', search: filtrosPagosEnDireccion(siguientes) })

  function filtrar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!rangoInvalido) void ir({ ...borrador, pagina: 1 })
  }
  const cambiar = (campo: keyof Omit<FiltrosPagos, 'pagina'>) => (valor: string) =>
    setBorrador((b) => ({ ...b, [campo]: valor }))

  const datos = lista.data
  const filtrado = JSON.stringify({ ...filtros, pagina: 1 }) !== JSON.stringify(SIN_FILTROS)
  return (
    <section aria-labelledby="pagos-titulo">
      <h1 id="pagos-titulo">Pagos</h1>
      <p>
        Los pagos en línea y los presenciales, con lo que respondió la pasarela y su comprobante.{' '}
        <Link to="/admin/pagos/conciliacion">Ver la conciliación diaria</Link>
      </p>
      <form className="admin-filtros" onSubmit={filtrar} aria-label="Filtros de los pagos" noValidate>
        <CampoSelect
          id="pagos-estado"
          etiqueta="Estado"
          value={borrador.estado}
          onChange={(e) => cambiar('estado')(e.target.value)}
        >
          <option value="">Todos</option>
          {ESTADOS_PAGO.map((e) => (
            <option key={e} value={e}>
              {ETIQUETA_ESTADO_PAGO[e]}
            </option>
          ))}
        </CampoSelect>
        <CampoSelect
          id="pagos-concepto"
          etiqueta="Concepto"
          value={borrador.concepto}
          onChange={(e) => cambiar('concepto')(e.target.value as ConceptoPago | '')}
        >
          <option value="">Todos</option>
          {datos?.conceptos.map((c) => (
            <option key={c.concepto} value={c.concepto}>
              {c.etiqueta}
            </option>
          ))}
        </CampoSelect>
        <CampoSelect
          id="pagos-programa"
          etiqueta="Programa"
          value={borrador.programa}
          onChange={(e) => cambiar('programa')(e.target.value)}
        >
          <option value="">Todos</option>
          {datos?.programas.map((p) => (
            <option key={p.curso} value={p.curso}>
              {p.nombre}
            </option>
          ))}
          {borrador.programa && datos && !datos.programas.some((p) => p.curso === borrador.programa) ? (
            <option value={borrador.programa}>{borrador.programa}</option>
          ) : null}
        </CampoSelect>
        <RangoDeFechas
          prefijo="pagos"
          desde={borrador.desde}
          hasta={borrador.hasta}
          alCambiar={(campo, valor) => cambiar(campo)(valor)}
          error={rangoInvalido ? MENSAJE_RANGO_PAGOS : undefined}
        />
        <AccionesFiltros alLimpiar={() => void ir(SIN_FILTROS)} />
      </form>

      {lista.isError ? (
        <ErrorDeLectura error={lista.error} onReintentar={() => void lista.refetch()} />
      ) : !datos ? (
        <Estado texto="Cargando los pagos…" />
      ) : (
        <>
          <p className="admin-resumen" role="status">
            {lista.isPlaceholderData
              ? 'Cargando los pagos…'
              : datos.total === 0
                ? filtrado
                  ? MENSAJE_SIN_PAGOS
                  : 'Aún no hay pagos registrados.'
                : `${datos.total.toLocaleString('es-CL')} ${datos.total === 1 ? 'pago' : 'pagos'}.`}
          </p>
          <Tabla
            titulo="Pagos, del más reciente al más antiguo"
            columnas={COLUMNAS}
            filas={datos.pagos}
            idDeFila={(p) => p.id}
            vacia={filtrado ? MENSAJE_SIN_PAGOS : 'Aún no hay pagos registrados.'}
          />
          <Paginador
            pagina={datos.pagina}
            paginas={datos.paginas}
            onCambiar={(pagina) => void ir({ ...filtros, pagina })}
            etiqueta="Páginas de los pagos"
          />
        </>
      )}
    </section>
  )
}

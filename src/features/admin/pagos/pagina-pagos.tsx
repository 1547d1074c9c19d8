import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import type { FormEvent, ReactNode } from 'react'
import { MAX_BUSQUEDA } from '../../../domain/busqueda-alumnos.ts'
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
import { ESTADOS_PAGO_CON_REEMBOLSOS, type ConceptoPago, type EstadoPagoConReembolsos } from '../../../domain/pagos.ts'
import { CampoTexto } from '../../../ui/campo.tsx'
import { Paginador } from '../../../ui/paginador.tsx'
import { Estado } from '../../../ui/spinner.tsx'
import { MensajeError } from '../../../ui/mensaje-error.tsx'
import { momentoEnChile } from '../formato.ts'
import { SinCorte } from '../sin-corte.tsx'
import { Tabla } from '../tabla.tsx'
import { pagosQueries, type FilaPago } from './queries.ts'
import './pagos.css'
import { AccionesFiltros, RangoDeFechas, useBorradorDeFiltros, FiltroSelect } from '../filtros.tsx'

const SIN_FILTROS: FiltrosPagos = { q: '', estado: '', concepto: '', programa: '', desde: '', hasta: '', pagina: 1 }

/** A payment's state in words (never colour alone), coloured as the other states of the school. */
export function EstadoPagoEnPalabras({ estado, texto }: { estado: EstadoPagoConReembolsos; texto: string }) {
  const clase =
    estado === 'aprobado'
      ? ' admin-estado--aprobado'
      : estado === 'pendiente' || estado === 'confirmando' || estado === 'reembolsado-en-parte'
        ? ' admin-estado--en-revision'
        : estado === 'reembolsado'
          ? ''
          : ' admin-estado--rechazado'
  return <span className={`admin-estado${clase}`}>{texto}</span>
}

/** An amount in its own column: right-aligned, figures of one width, as a ledger reads. */
export function Cifra({ children }: { children: ReactNode }) {
  return <span className="admin-cifra">{children}</span>
}

/** A moment whose date and time may go on two lines where the column is narrow, never the date itself. */
export function MomentoPartible({ iso }: { iso: string }) {
  const [dia, hora] = momentoEnChile(iso).split(' ')
  return (
    <>
      <SinCorte>{dia}</SinCorte> <SinCorte>{hora}</SinCorte>
    </>
  )
}

/** Pesos, or a dash where the payment took no money (rejected, cancelled, still at the gateway). */
const pesos = (monto: number | undefined) => (monto === undefined ? '—' : formatearClp(monto))

const COLUMNAS: ColumnDef<FilaPago, unknown>[] = [
  {
    id: 'fecha',
    header: 'Fecha',
    cell: ({ row }) => (
      <>
        <Link to="/admin/pagos/$id" params={{ id: row.original.id }}>
          <MomentoPartible iso={row.original.creadoEn} />
          <span className="sr-only"> (ver el pago de {row.original.alumno.nombre})</span>
        </Link>
        <span className="admin-suave admin-bloque">{ETIQUETA_MEDIO_PAGO[row.original.medio]}</span>
      </>
    ),
  },
  {
    id: 'alumno',
    header: 'Alumno',
    cell: ({ row }) => (
      <>
        <Link to="/admin/alumnos/$id" params={{ id: row.original.alumno.id }}>
          {row.original.alumno.nombre}
        </Link>
        {row.original.alumno.documento ? (
          <span className="admin-suave admin-bloque">
            <SinCorte>{row.original.alumno.documento}</SinCorte>
          </span>
        ) : null}
      </>
    ),
  },
  {
    id: 'descripcion',
    header: 'Descripción',
    cell: ({ row }) => {
      const p = row.original
      return (
        <>
          {p.descripcion}
          {p.codigoInscripcion ? (
            <span className="admin-suave admin-bloque">Solicitud {p.codigoInscripcion}</span>
          ) : null}
          {p.medio === 'webpay' ? (
            <span className="admin-suave admin-bloque">
              Orden de compra <span className="admin-codigo">{p.ordenCompra}</span>
              {p.codigoAutorizacion ? <> · autorización {p.codigoAutorizacion}</> : null}
            </span>
          ) : null}
        </>
      )
    },
  },
  {
    id: 'estado',
    header: 'Estado',
    cell: ({ row }) => <EstadoPagoEnPalabras estado={row.original.estado} texto={row.original.estadoEnPalabras} />,
  },
  {
    id: 'monto',
    header: () => <Cifra>Monto</Cifra>,
    cell: ({ row }) => {
      const { monto, saldo } = row.original
      return (
        <>
          <Cifra>{formatearClp(monto)}</Cifra>
          {/* Where the columns beside it do not fit (a tablet), what was given back and what
              remains go under the amount instead. */}
          {saldo && saldo.reembolsado > 0 ? (
            <span className="admin-pagos__desglose admin-suave">
              <Cifra>reembolsado {formatearClp(saldo.reembolsado)}</Cifra>
              <Cifra>queda {formatearClp(saldo.queda)}</Cifra>
            </span>
          ) : null}
        </>
      )
    },
  },
  {
    id: 'reembolsado',
    header: () => <Cifra>Reembolsado</Cifra>,
    cell: ({ row }) => <Cifra>{pesos(row.original.saldo?.reembolsado)}</Cifra>,
  },
  {
    id: 'queda',
    header: () => <Cifra>Queda</Cifra>,
    cell: ({ row }) => <Cifra>{pesos(row.original.saldo?.queda)}</Cifra>,
  },
]

/**
 * Every payment of the students the staff member reaches, newest first, with what each took, what
 * refunds gave back of it and what remains; found by student (RUT, name), buy order or
 * authorization code and filtered by state ('Reembolsado en parte' included), concept, program and
 * a range of days. The search and the filters live in the address, so a view can be shared or
 * reloaded.
 */
export function PaginaPagos({ direccion }: { direccion: Record<string, string | undefined> }) {
  const filtros = leerFiltrosPagos(direccion)
  const navigate = useNavigate()
  const lista = useQuery(pagosQueries.lista(filtros))
  const { borrador, setBorrador, rangoInvalido } = useBorradorDeFiltros(filtros)
  const ir = (siguientes: FiltrosPagos) => navigate({ to: '/admin/pagos', search: filtrosPagosEnDireccion(siguientes) })

  const cambiar = (campo: keyof Omit<FiltrosPagos, 'pagina'>) => (valor: string) =>
    setBorrador((b) => ({ ...b, [campo]: valor }))

  function filtrar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!rangoInvalido) void ir({ ...borrador, q: borrador.q.trim(), pagina: 1 })
  }

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
        <div className="admin-pagos__busqueda">
          <CampoTexto
            id="pagos-q"
            etiqueta="Buscar"
            type="search"
            value={borrador.q}
            maxLength={MAX_BUSQUEDA}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => cambiar('q')(e.target.value)}
            ayuda="RUT o nombre del alumno, orden de compra o código de autorización."
          />
        </div>
        <FiltroSelect
          id="pagos-estado"
          etiqueta="Estado"
          valor={borrador.estado}
          opciones={ESTADOS_PAGO_CON_REEMBOLSOS.map((e) => ({ valor: e, texto: ETIQUETA_ESTADO_PAGO[e] }))}
          alCambiar={cambiar('estado')}
        />
        <FiltroSelect
          id="pagos-concepto"
          etiqueta="Concepto"
          valor={borrador.concepto}
          opciones={datos?.conceptos.map((c) => ({ valor: c.concepto, texto: c.etiqueta }))}
          alCambiar={(valor) => cambiar('concepto')(valor as ConceptoPago | '')}
        />
        <FiltroSelect
          id="pagos-programa"
          etiqueta="Programa"
          valor={borrador.programa}
          opciones={datos?.programas.map((p) => ({ valor: p.curso, texto: p.nombre }))}
          alCambiar={cambiar('programa')}
        />
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
        <MensajeError error={lista.error} onReintentar={() => void lista.refetch()} />
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
                : `${datos.total.toLocaleString('es-CL')} ${datos.total === 1 ? 'pago' : 'pagos'}${
                    filtros.q ? ` para «${filtros.q}»` : ''
                  }.`}
          </p>
          <div className="admin-pagos__tabla admin-pagos__lista">
            <Tabla
              titulo="Pagos, del más reciente al más antiguo"
              columnas={COLUMNAS}
              filas={datos.pagos}
              idDeFila={(p) => p.id}
              vacia={filtrado ? MENSAJE_SIN_PAGOS : 'Aún no hay pagos registrados.'}
            />
          </div>
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

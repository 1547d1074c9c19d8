import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import {
  consultaConciliacionSchema,
  leerRangoConciliacion,
  MENSAJE_SIN_MOVIMIENTOS,
  type ConsultaConciliacion,
} from '../../../domain/busqueda-pagos.ts'
import {
  cuentaDeMovimientos,
  montoConSigno,
  movimientoEnPalabras,
  type ConciliacionPorMedio,
  type Suma,
} from '../../../domain/conciliacion.ts'
import { erroresPorCampo } from '../../../domain/errores-por-campo.ts'
import { fechaEnChile } from '../../../domain/fechas.ts'
import { formatearClp } from '../../../domain/moneda.ts'
import { CampoTexto } from '../../../ui/campo.tsx'
import { Estado } from '../../../ui/spinner.tsx'
import { MensajeError } from '../../../ui/mensaje-error.tsx'
import { fecha } from '../formato.ts'
import { SinCorte } from '../sin-corte.tsx'
import { Tabla } from '../tabla.tsx'
import { Cifra, MomentoPartible } from './pagina-pagos.tsx'
import { enlacePlanillaConciliacion, pagosQueries, type MovimientoConciliacion } from './queries.ts'
import './pagos.css'

/** An amount with how many movements make it, under it ('2 pagos'); refunds take away. */
function Monto({ suma, resta, uno, varios }: { suma: Suma; resta?: boolean; uno: string; varios: string }) {
  return (
    <>
      {formatearClp(resta ? -suma.monto : suma.monto)}
      {suma.cantidad > 0 ? (
        <span className="admin-suave admin-bloque">
          {suma.cantidad} {suma.cantidad === 1 ? uno : varios}
        </span>
      ) : null}
    </>
  )
}

/** A day's (or the range's) cells, after its first: sales, refunds and net online, in person, in all. */
function Celdas({ c }: { c: ConciliacionPorMedio }) {
  return (
    <>
      <td>
        <Monto suma={c.webpay.pagos} uno="pago" varios="pagos" />
      </td>
      <td>
        <Monto suma={c.webpay.reembolsos} resta uno="reembolso" varios="reembolsos" />
      </td>
      <td>{formatearClp(c.webpay.neto)}</td>
      <td>
        <Monto suma={c.presencial.pagos} uno="pago" varios="pagos" />
      </td>
      <td>{formatearClp(c.total.neto)}</td>
    </>
  )
}

const COLUMNAS_MOVIMIENTOS: ColumnDef<MovimientoConciliacion, unknown>[] = [
  { id: 'momento', header: 'Fecha y hora', cell: ({ row }) => <MomentoPartible iso={row.original.momento} /> },
  {
    id: 'movimiento',
    header: 'Movimiento',
    cell: ({ row }) => (
      <Link to="/admin/pagos/$id" params={{ id: row.original.pagoId }}>
        {movimientoEnPalabras(row.original)}
        <span className="sr-only"> (ver el pago de {row.original.alumno.nombre})</span>
      </Link>
    ),
  },
  {
    id: 'alumno',
    header: 'Alumno',
    cell: ({ row }) => (
      <>
        {row.original.alumno.nombre}
        {row.original.alumno.documento ? (
          <span className="admin-suave admin-bloque">
            <SinCorte>{row.original.alumno.documento}</SinCorte>
          </span>
        ) : null}
      </>
    ),
  },
  {
    id: 'orden',
    header: 'Orden de compra y autorización',
    cell: ({ row }) =>
      row.original.medio === 'webpay' ? (
        <>
          <span className="admin-codigo">{row.original.ordenCompra}</span>
          {row.original.codigoAutorizacion ? (
            <span className="admin-suave admin-bloque">Autorización {row.original.codigoAutorizacion}</span>
          ) : null}
        </>
      ) : (
        'Presencial'
      ),
  },
  {
    id: 'monto',
    header: () => <Cifra>Monto</Cifra>,
    cell: ({ row }) => <Cifra>{formatearClp(montoConSigno(row.original))}</Cifra>,
  },
]

/**
 * The reconciliation of a range of days (the last week by default), as the gateway settles it:
 * for each day in Chile, the payments approved online, the refunds applied (taken away on the day
 * they were applied) and the net online, the payments made in person, and the day's net; the
 * range's totals; and every movement with its buy order and authorization. Downloadable as a
 * spreadsheet (recorded in the audit trail).
 */
export function PaginaConciliacion({ direccion }: { direccion: Record<string, string | undefined> }) {
  // Today in Chile, read once: the default range does not move while the screen is open.
  const [hoy] = useState(() => fechaEnChile(new Date()))
  const rango = leerRangoConciliacion(direccion, hoy)
  const navigate = useNavigate()
  const datos = useQuery(pagosQueries.conciliacion(rango))
  const [borrador, setBorrador] = useState(rango)
  const clave = JSON.stringify(rango)
  const [aplicado, setAplicado] = useState(clave)
  if (aplicado !== clave) {
    setAplicado(clave)
    setBorrador(rango)
  }
  const [intentado, setIntentado] = useState(false)
  const revision = v.safeParse(consultaConciliacionSchema, borrador)
  const errores = revision.success ? {} : erroresPorCampo(revision.issues)

  function conciliar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setIntentado(true)
    if (revision.success) void navigate({ to: '/admin/pagos/conciliacion', search: revision.output })
  }
  const cambiar = (campo: keyof ConsultaConciliacion) => (valor: string) =>
    setBorrador((b) => ({ ...b, [campo]: valor }))

  const c = datos.data
  return (
    <section aria-labelledby="conciliacion-titulo">
      <p className="admin-migas">
        <Link to="/admin/pagos">Pagos</Link> <span aria-hidden="true">›</span> Conciliación diaria
      </p>
      <h1 id="conciliacion-titulo">Conciliación diaria</h1>
      <p>
        Lo que entró y salió cada día (hora de Chile), como lo liquida la pasarela: los pagos en línea por la fecha de
        la transacción que informó la pasarela, los reembolsos por la fecha en que se aplicaron (se restan ese día) y
        los pagos presenciales por la fecha en que se registraron. El neto en línea es lo que debe cuadrar con la
        liquidación de la pasarela.
      </p>
      <form className="admin-filtros" onSubmit={conciliar} aria-label="Días a conciliar" noValidate>
        <CampoTexto
          id="conciliacion-desde"
          etiqueta="Desde"
          type="date"
          required
          value={borrador.desde}
          onChange={(e) => cambiar('desde')(e.target.value)}
          error={intentado ? errores.desde : undefined}
        />
        <CampoTexto
          id="conciliacion-hasta"
          etiqueta="Hasta"
          type="date"
          required
          min={borrador.desde || undefined}
          value={borrador.hasta}
          onChange={(e) => cambiar('hasta')(e.target.value)}
          error={intentado || borrador.desde > borrador.hasta ? errores.hasta : undefined}
        />
        <div className="admin-filtros__acciones">
          <button type="submit" className="boton">
            Conciliar
          </button>
          <a className="boton boton--secundario" href={enlacePlanillaConciliacion(rango)} download>
            Descargar planilla Excel
          </a>
        </div>
      </form>

      {datos.isError ? (
        <MensajeError error={datos.error} onReintentar={() => void datos.refetch()} />
      ) : !c ? (
        <Estado texto="Calculando la conciliación…" />
      ) : (
        <>
          <p className="admin-resumen" role="status">
            {datos.isPlaceholderData
              ? 'Calculando la conciliación…'
              : c.movimientos.length === 0
                ? MENSAJE_SIN_MOVIMIENTOS
                : `Del ${fecha(c.desde)} al ${fecha(c.hasta)}: ${cuentaDeMovimientos(c.total.total)}; neto ${formatearClp(
                    c.total.total.neto,
                  )}.`}
          </p>
          <div
            className="admin-tabla admin-conciliacion"
            tabIndex={0}
            role="group"
            aria-labelledby="conciliacion-tabla"
          >
            <table>
              <caption id="conciliacion-tabla">
                Totales por día, del {fecha(c.desde)} al {fecha(c.hasta)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Fecha</th>
                  <th scope="col">Pagos en línea</th>
                  <th scope="col">Reembolsos en línea</th>
                  <th scope="col">Neto en línea</th>
                  <th scope="col">Pagos presenciales</th>
                  <th scope="col">Neto del día</th>
                </tr>
              </thead>
              <tbody>
                {c.dias.map((d) => (
                  <tr key={d.fecha}>
                    <th scope="row">{fecha(d.fecha)}</th>
                    <Celdas c={d} />
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <Celdas c={c.total} />
                </tr>
              </tfoot>
            </table>
          </div>

          <section className="admin-seccion" aria-labelledby="conciliacion-movimientos">
            <h2 id="conciliacion-movimientos">Movimientos</h2>
            <p>Del más antiguo al más reciente; cada uno lleva a su pago.</p>
            <div className="admin-pagos__tabla">
              <Tabla
                titulo={`Pagos y reembolsos, del ${fecha(c.desde)} al ${fecha(c.hasta)}`}
                columnas={COLUMNAS_MOVIMIENTOS}
                filas={c.movimientos}
                idDeFila={(m) => `${m.tipo}-${m.id}`}
                vacia={MENSAJE_SIN_MOVIMIENTOS}
              />
            </div>
          </section>
        </>
      )}
    </section>
  )
}

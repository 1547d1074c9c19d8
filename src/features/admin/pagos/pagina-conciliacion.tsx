import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import {
  consultaConciliacionSchema,
  leerRangoConciliacion,
  MENSAJE_SIN_APROBADOS,
  type ConsultaConciliacion,
} from '../../../domain/busqueda-pagos.ts'
import { erroresPorCampo } from '../../../domain/errores-por-campo.ts'
import { fechaEnChile } from '../../../domain/fechas.ts'
import { formatearClp } from '../../../domain/moneda.ts'
import { CampoTexto } from '../../../ui/campo.tsx'
import { Estado } from '../../../ui/spinner.tsx'
import { ErrorDeLectura } from '../error-de-lectura.tsx'
import { fecha } from '../formato.ts'
import { enlacePlanillaConciliacion, pagosQueries } from './queries.ts'
import './pagos.css'

const cantidad = (n: number) => n.toLocaleString('es-CL')

/**
 * The reconciliation of a range of days (the last week by default): for each day in Chile, the
 * approved payments online and in person, how many and how much, and the range's totals, to set
 * against what the gateway reports; downloadable as a spreadsheet (recorded in the audit trail).
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
        Los pagos aprobados de cada día (hora de Chile): los pagos en línea por la fecha de la transacción que informó
        la pasarela, y los presenciales por la fecha en que se registraron.
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
        <ErrorDeLectura error={datos.error} onReintentar={() => void datos.refetch()} />
      ) : !c ? (
        <Estado texto="Calculando la conciliación…" />
      ) : (
        <>
          <p className="admin-resumen" role="status">
            {datos.isPlaceholderData
              ? 'Calculando la conciliación…'
              : c.total.total.cantidad === 0
                ? MENSAJE_SIN_APROBADOS
                : `Del ${fecha(c.desde)} al ${fecha(c.hasta)}: ${cantidad(c.total.total.cantidad)} ${
                    c.total.total.cantidad === 1 ? 'pago aprobado' : 'pagos aprobados'
                  } por ${formatearClp(c.total.total.monto)}.`}
          </p>
          <div
            className="admin-tabla admin-conciliacion"
            tabIndex={0}
            role="group"
            aria-labelledby="conciliacion-tabla"
          >
            <table>
              <caption id="conciliacion-tabla">
                Pagos aprobados por día, del {fecha(c.desde)} al {fecha(c.hasta)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Fecha</th>
                  <th scope="col">Pagos en línea</th>
                  <th scope="col">Monto en línea</th>
                  <th scope="col">Pagos presenciales</th>
                  <th scope="col">Monto presencial</th>
                  <th scope="col">Pagos aprobados</th>
                  <th scope="col">Monto total</th>
                </tr>
              </thead>
              <tbody>
                {c.dias.map((d) => (
                  <tr key={d.fecha}>
                    <th scope="row">{fecha(d.fecha)}</th>
                    <td>{cantidad(d.webpay.cantidad)}</td>
                    <td>{formatearClp(d.webpay.monto)}</td>
                    <td>{cantidad(d.presencial.cantidad)}</td>
                    <td>{formatearClp(d.presencial.monto)}</td>
                    <td>{cantidad(d.total.cantidad)}</td>
                    <td>{formatearClp(d.total.monto)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <td>{cantidad(c.total.webpay.cantidad)}</td>
                  <td>{formatearClp(c.total.webpay.monto)}</td>
                  <td>{cantidad(c.total.presencial.cantidad)}</td>
                  <td>{formatearClp(c.total.presencial.monto)}</td>
                  <td>{cantidad(c.total.total.cantidad)}</td>
                  <td>{formatearClp(c.total.total.monto)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
    </section>
  )
}

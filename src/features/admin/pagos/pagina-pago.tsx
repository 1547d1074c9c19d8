import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { ETIQUETA_MEDIO_PAGO } from '../../../domain/busqueda-pagos.ts'
import { formatearClp } from '../../../domain/moneda.ts'
import { Estado } from '../../../ui/spinner.tsx'
import { MensajeError } from '../../../ui/mensaje-error.tsx'
import { momentoEnChile } from '../formato.ts'
import { EstadoPagoEnPalabras } from './pagina-pagos.tsx'
import { ReembolsosDePago } from './reembolsos-de-pago.tsx'
import { DocumentosTributariosPago } from './documentos-tributarios-pago.tsx'
import { enlaceComprobante, pagosQueries } from './queries.ts'
import './pagos.css'
import { Datos } from '../datos.tsx'

const momento = (iso: string | null) => (iso ? momentoEnChile(iso) : null)

/**
 * One payment as the school needs it to answer a student or the finance office: what it paid,
 * what refunds gave back of it and what remains, its state, what the gateway answered (buy order, token, authorization, card, payment type,
 * dates), the physical payment record, its SII tax documents, the student, and its signed receipt.
 */
export function PaginaPago({ id }: { id: string }) {
  const detalle = useQuery(pagosQueries.detalle(id))
  if (detalle.isError)
    return (
      <section aria-labelledby="pago-titulo">
        <p className="admin-migas">
          <Link to="/admin/pagos">Pagos</Link>
        </p>
        <h1 id="pago-titulo">Pago</h1>
        <MensajeError error={detalle.error} onReintentar={() => void detalle.refetch()} />
      </section>
    )
  if (!detalle.data) return <Estado texto="Cargando el pago…" />
  const p = detalle.data.pago
  const g = p.pasarela
  const presencial = p.medio === 'presencial'
  return (
    <article aria-labelledby="pago-titulo">
      <p className="admin-migas">
        <Link to="/admin/pagos">Pagos</Link> <span aria-hidden="true">›</span> {p.descripcion}
      </p>
      <h1 id="pago-titulo">{p.descripcion}</h1>
      <p className="admin-subtitulo">
        <EstadoPagoEnPalabras estado={p.estado} texto={p.estadoEnPalabras} /> · {formatearClp(p.monto)}
        {p.saldo && p.saldo.reembolsado > 0
          ? ` · reembolsado ${formatearClp(p.saldo.reembolsado)} · queda ${formatearClp(p.saldo.queda)}`
          : ''}{' '}
        · {ETIQUETA_MEDIO_PAGO[p.medio]}
      </p>
      {p.detalle ? <p className="mensaje mensaje--aviso">{p.detalle}</p> : null}

      <div className="admin-pagos__acciones">
        {p.comprobante ? (
          <a className="boton boton--secundario" href={enlaceComprobante(p.id)} download>
            Descargar comprobante (PDF)
          </a>
        ) : (
          <p className="admin-suave">Solo los pagos aprobados tienen comprobante.</p>
        )}
      </div>

      <section className="admin-seccion" aria-labelledby="pago-cobro">
        <h2 id="pago-cobro">Cobro</h2>
        <Datos
          filas={[
            ['Concepto', p.conceptoEnPalabras],
            ['Descripción', p.descripcion],
            ['Solicitud', p.codigoInscripcion ? `${p.codigoInscripcion}${p.programa ? ` — ${p.programa}` : ''}` : null],
            // What the payment took, what refunds gave back and what the school keeps; a payment that
            // took nothing only had an amount asked for.
            ...((p.saldo
              ? [
                  ['Pagado', formatearClp(p.saldo.pagado)],
                  ['Reembolsado', formatearClp(p.saldo.reembolsado)],
                  ['Queda', formatearClp(p.saldo.queda)],
                ]
              : [['Monto', formatearClp(p.monto)]]) as [string, ReactNode][]),
            ['Estado', p.estadoEnPalabras],
            ['Medio de pago', ETIQUETA_MEDIO_PAGO[p.medio]],
            ['Iniciado el', momento(p.creadoEn)],
            ['Volvió de la pasarela el', presencial ? null : momento(p.retornadoEn)],
            ['Resuelto el', momento(p.resueltoEn)],
            ...(presencial ? ([['Registrado por', p.registradoPor]] as [string, ReactNode][]) : []),
          ]}
        />
      </section>

      {presencial ? null : (
        <section className="admin-seccion" aria-labelledby="pago-pasarela">
          <h2 id="pago-pasarela">Datos de la pasarela</h2>
          <Datos
            filas={[
              [
                'Orden de compra',
                <span key="orden" className="admin-codigo">
                  {g.ordenCompra}
                </span>,
              ],
              [
                'Token',
                g.token ? (
                  <span key="token" className="admin-codigo">
                    {g.token}
                  </span>
                ) : null,
              ],
              ['Estado en la pasarela', g.estado],
              ['Código de respuesta', g.codigoRespuesta === null ? null : String(g.codigoRespuesta)],
              ['Código de autorización', g.codigoAutorizacion],
              ['Tarjeta', g.ultimosDigitos ? `terminada en ${g.ultimosDigitos}` : null],
              ['Tipo de pago', g.tipoPagoEnPalabras],
              ['Cuotas de la tarjeta', g.numeroCuotas === null ? null : String(g.numeroCuotas)],
              ['Fecha de la transacción', momento(g.fechaTransaccion)],
              ['Fecha contable (MMDD)', g.fechaContable],
              ['VCI', g.vci],
            ]}
          />
        </section>
      )}

      <section className="admin-seccion" aria-labelledby="pago-fisico">
        {/* The record the school's payment flow keeps of every approved payment (setPagoFisicoWpay):
            typed by staff for one made in person, written by the portal for one made online. */}
        <h2 id="pago-fisico">{presencial ? 'Registro del pago presencial' : 'Registro en el flujo de pagos'}</h2>
        {p.registroFisico && !presencial ? (
          <p className="admin-suave">El portal lo registró al aprobarse el pago en línea.</p>
        ) : null}
        {p.registroFisico ? (
          <Datos
            filas={[
              ['Identificador del pago en el flujo', p.registroFisico.idPagoFlujo],
              ['Código del pago en el flujo', p.registroFisico.codPagoFlujo],
              [
                'Código de la fila de Webpay',
                <span key="fila" className="admin-codigo">
                  {p.registroFisico.codFilaWpay}
                </span>,
              ],
              ['Aplicación', p.registroFisico.appName],
              ['Vendedor', p.registroFisico.nombreVendedor],
              ['Correo del vendedor', p.registroFisico.mailVendedor],
              ['Registrado el', momento(p.registroFisico.registradoEn)],
            ]}
          />
        ) : (
          <p className="admin-suave">Se registra cuando el pago se aprueba.</p>
        )}
      </section>

      <DocumentosTributariosPago pagoId={p.id} documentos={p.documentosTributarios} />

      {presencial ? null : (
        <ReembolsosDePago
          pagoId={p.id}
          descripcion={p.descripcion}
          reembolsablePorEstado={p.estado === 'aprobado' || p.estado === 'reembolsado-en-parte'}
        />
      )}

      <section className="admin-seccion" aria-labelledby="pago-alumno">
        <h2 id="pago-alumno">Alumno</h2>
        <Datos
          filas={[
            [
              'Nombre',
              <Link key="alumno" to="/admin/alumnos/$id" params={{ id: p.alumno.id }}>
                {p.alumno.nombre}
              </Link>,
            ],
            ['RUT o documento', p.alumno.documento],
            ['Correo electrónico', p.alumno.email],
            ['Código de alumno', p.alumno.codigoAlumno],
          ]}
        />
      </section>
    </article>
  )
}

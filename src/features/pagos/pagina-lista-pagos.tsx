import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ETIQUETA_ESTADO_CUOTA, MENSAJE_SIN_CUOTAS, sePuedePagar } from '../../domain/pagos.ts'
import { formatearClp } from '../../domain/moneda.ts'
import { fechaCorta } from '../../domain/solicitudes.ts'
import { pagoQueries, type Cuota } from './queries.ts'
import { useTituloPagina } from '../../ui/titulo-pagina.ts'
import { SinDatos } from '../../ui/sin-datos.tsx'

/**
 * 'Lista de pagos' of one enrolment: each installment with its amount, due date and state in
 * words, and 'Pagar' on the ones still to pay. A table on a wide screen, a card per installment
 * on a phone.
 */
export function PaginaListaPagos({ codigo }: { codigo: string }) {
  useTituloPagina('Lista de pagos')
  const consulta = useQuery(pagoQueries.cuotas(codigo))

  let contenido
  if (consulta.data) {
    contenido =
      consulta.data.cuotas.length === 0 ? (
        <p className="mensaje mensaje--aviso" role="status">
          {MENSAJE_SIN_CUOTAS}
        </p>
      ) : (
        <>
          <p className="campo__ayuda">{consulta.data.programa}</p>
          <TablaCuotas codigo={codigo} cuotas={consulta.data.cuotas} />
        </>
      )
  } else {
    contenido = <SinDatos consulta={consulta} que="la lista de pagos" />
  }

  return (
    <section className="pagina pagina--pagos" aria-labelledby="lista-pagos-titulo">
      <h1 id="lista-pagos-titulo">Lista de pagos</h1>
      <p>
        Solicitud <strong>{codigo}</strong>
      </p>
      {contenido}
      <p>
        <Link to="/info/solicitudes" className="boton boton--secundario">
          Volver a Solicitudes
        </Link>
      </p>
    </section>
  )
}

function TablaCuotas({ codigo, cuotas }: { codigo: string; cuotas: readonly Cuota[] }) {
  const porPagar = cuotas.filter((c) => sePuedePagar(c.estado))
  return (
    <>
      <p id="cuotas-resumen">
        {porPagar.length === 0
          ? 'Todas las cuotas están pagadas.'
          : `${porPagar.length} de ${cuotas.length} cuotas por pagar, ${formatearClp(porPagar.reduce((s, c) => s + c.monto, 0))} en total.`}
      </p>
      <div className="tabla-cuotas">
        <table aria-describedby="cuotas-resumen">
          <caption className="sr-only">Cuotas de la solicitud {codigo}</caption>
          <thead>
            <tr>
              <th scope="col">Cuota</th>
              <th scope="col">Monto</th>
              <th scope="col">Vencimiento</th>
              <th scope="col">Estado</th>
              <th scope="col">Acción</th>
            </tr>
          </thead>
          <tbody>
            {cuotas.map((c) => (
              <tr key={c.numero}>
                <th scope="row" data-etiqueta="Cuota">
                  Cuota {c.numero} de {cuotas.length}
                </th>
                <td data-etiqueta="Monto">{formatearClp(c.monto)}</td>
                <td data-etiqueta="Vencimiento">
                  <time dateTime={c.vencimiento}>{fechaCorta(c.vencimiento)}</time>
                </td>
                <td data-etiqueta="Estado">
                  <span className={`estado-cuota estado-cuota--${c.estado}`}>{ETIQUETA_ESTADO_CUOTA[c.estado]}</span>
                </td>
                <td data-etiqueta="Acción">
                  {sePuedePagar(c.estado) ? (
                    <Link
                      to="/pagos/$codigo/$numero"
                      params={{ codigo, numero: c.numero }}
                      className="boton boton--pequeno"
                    >
                      Pagar<span className="sr-only"> la cuota {c.numero}</span>
                    </Link>
                  ) : c.pagoId ? (
                    <Link to="/pagos/respuesta/$codigo/$pagoId" params={{ codigo, pagoId: c.pagoId }}>
                      Ver pago<span className="sr-only"> de la cuota {c.numero}</span>
                    </Link>
                  ) : (
                    <span>Sin acciones</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

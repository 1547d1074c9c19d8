import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  ETIQUETA_ESTADO_CUOTA,
  MENSAJE_CUOTA_NO_ENCONTRADA,
  MENSAJE_CUOTA_PAGADA,
  referenciaCuota,
  sePuedePagar,
} from '../../domain/pagos.ts'
import { formatearClp } from '../../domain/moneda.ts'
import { fechaCorta } from '../../domain/solicitudes.ts'
import { IrAPasarela } from './ir-a-pasarela.tsx'
import { pagoQueries } from './queries.ts'
import { useTituloPagina } from '../../ui/titulo-pagina.ts'
import { SinDatos } from '../../ui/sin-datos.tsx'

/** Installment `numero` of an enrolment, to confirm before going to the gateway. */
export function PaginaConfirmarPago({ codigo, numero }: { codigo: string; numero: number }) {
  useTituloPagina('Pagar cuota')
  const consulta = useQuery(pagoQueries.cuotas(codigo))
  const cuota = consulta.data?.cuotas.find((c) => c.numero === numero)

  let contenido
  if (consulta.data && !cuota) {
    contenido = (
      <p className="mensaje mensaje--aviso" role="alert">
        {MENSAJE_CUOTA_NO_ENCONTRADA}
      </p>
    )
  } else if (consulta.data && cuota) {
    contenido = (
      <>
        <dl className="detalle-pago">
          <dt>Programa</dt>
          <dd>{consulta.data.programa}</dd>
          <dt>Solicitud</dt>
          <dd>{codigo}</dd>
          <dt>Cuota</dt>
          <dd>
            {cuota.numero} de {consulta.data.cuotas.length}
          </dd>
          <dt>Vencimiento</dt>
          <dd>
            <time dateTime={cuota.vencimiento}>{fechaCorta(cuota.vencimiento)}</time>
          </dd>
          <dt>Estado</dt>
          <dd>{ETIQUETA_ESTADO_CUOTA[cuota.estado]}</dd>
          <dt>Monto a pagar</dt>
          <dd className="detalle-pago__monto">{formatearClp(cuota.monto)}</dd>
        </dl>
        {sePuedePagar(cuota.estado) ? (
          <>
            <p>
              Al continuar irá a la pasarela de pago, donde ingresará los datos de su tarjeta. Al terminar volverá al
              portal y verá el resultado.
            </p>
            <IrAPasarela
              concepto="cuota"
              referencia={referenciaCuota(codigo, cuota.numero)}
              etiqueta={`Pagar ${formatearClp(cuota.monto)}`}
            />
          </>
        ) : (
          <div className="mensaje mensaje--exito" role="status">
            <p>{MENSAJE_CUOTA_PAGADA}</p>
            {cuota.pagoId ? (
              <p>
                <Link to="/pagos/respuesta/$codigo/$pagoId" params={{ codigo, pagoId: cuota.pagoId }}>
                  Ver el pago
                </Link>
              </p>
            ) : null}
          </div>
        )}
      </>
    )
  } else {
    contenido = <SinDatos consulta={consulta} que="la cuota" />
  }

  return (
    <section className="pagina pagina--estrecha" aria-labelledby="confirmar-pago-titulo">
      <h1 id="confirmar-pago-titulo">Pagar cuota</h1>
      {contenido}
      <p>
        <Link to="/pagos/lista/$codigo" params={{ codigo: codigo }} className="boton boton--secundario">
          Volver a la lista de pagos
        </Link>
      </p>
    </section>
  )
}

import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import {
  EXPLICACION_ESTADO_PAGO,
  leerReferenciaCuota,
  pagoEnCurso,
  TIPO_PAGO,
  TITULO_ESTADO_PAGO,
} from '../../domain/pagos.ts'
import { formatearClp } from '../../domain/moneda.ts'
import { invalidarPendientes } from '../alumno/queries.ts'
import { Spinner } from '../../ui/spinner.tsx'
import { MensajeError } from '../../ui/mensaje-error.tsx'
import { pagoQueries, type ResultadoPago } from './queries.ts'
import { DocumentosTributariosDePago } from './documentos-tributarios.tsx'
import { useTituloPagina } from '../../ui/titulo-pagina.ts'
import { CLAVE_CONCURSOS, CLAVE_SOLICITUDES } from '../../lib/claves-consulta.ts'
import { SinDatos } from '../../ui/sin-datos.tsx'

/**
 * The outcome of one payment, where the gateway's return lands (through the server's 303): in
 * words, with the authorization code, the card's last digits and the amount, and a way back;
 * once approved, its receipt (the portal's, not a tax document) and its SII tax documents.
 * A payment still waiting for the gateway's answer is asked about again until it settles.
 */
export function PaginaResultadoPago({ pagoId }: { pagoId: string }) {
  useTituloPagina('Resultado del pago')
  const consulta = useQuery(pagoQueries.resultado(pagoId))
  const queryClient = useQueryClient()
  const estado = consulta.data?.estado

  // Once settled, the installments and enrolments shown elsewhere are out of date.
  useEffect(() => {
    if (!estado || pagoEnCurso(estado)) return
    void queryClient.invalidateQueries({ queryKey: [...pagoQueries.all(), 'cuotas'] })
    void queryClient.invalidateQueries({ queryKey: CLAVE_SOLICITUDES })
    void queryClient.invalidateQueries({ queryKey: CLAVE_CONCURSOS })
    invalidarPendientes(queryClient)
  }, [estado, queryClient])

  let contenido
  if (consulta.data) {
    contenido = <Resultado pago={consulta.data} />
  } else {
    contenido = <SinDatos consulta={consulta} que="el resultado del pago" />
  }

  return (
    <section className="pagina pagina--estrecha" aria-labelledby="resultado-pago-titulo">
      <h1 id="resultado-pago-titulo">Resultado del pago</h1>
      {contenido}
    </section>
  )
}

function Resultado({ pago }: { pago: ResultadoPago }) {
  const cuota = pago.concepto === 'cuota' ? leerReferenciaCuota(pago.referencia) : null
  const reintentable = pago.estado === 'rechazado' || pago.estado === 'anulado' || pago.estado === 'tiempo-agotado'
  const explicacion = (
    <>
      <p>{EXPLICACION_ESTADO_PAGO[pago.estado]}</p>
      {pago.detalle ? <p>{pago.detalle}</p> : null}
    </>
  )
  return (
    <>
      <div role="status">
        {pago.estado === 'rechazado' ? (
          <MensajeError rol={null} bloque titulo={TITULO_ESTADO_PAGO[pago.estado]}>
            {explicacion}
          </MensajeError>
        ) : (
          <div className={`mensaje ${pago.estado === 'aprobado' ? 'mensaje--exito' : 'mensaje--aviso'}`}>
            <p className="mensaje__titulo">
              {pagoEnCurso(pago.estado) ? <Spinner /> : null} {TITULO_ESTADO_PAGO[pago.estado]}
            </p>
            {explicacion}
          </div>
        )}
      </div>
      <dl className="detalle-pago">
        <dt>Concepto</dt>
        <dd>{pago.descripcion}</dd>
        <dt>Monto</dt>
        <dd className="detalle-pago__monto">{formatearClp(pago.monto)}</dd>
        <dt>Orden de compra</dt>
        <dd>{pago.ordenCompra}</dd>
        {pago.codigoAutorizacion && pago.estado === 'aprobado' ? (
          <>
            <dt>Código de autorización</dt>
            <dd>{pago.codigoAutorizacion}</dd>
          </>
        ) : null}
        {pago.ultimosDigitos ? (
          <>
            <dt>Tarjeta</dt>
            <dd>Terminada en {pago.ultimosDigitos}</dd>
          </>
        ) : null}
        {pago.tipoPago ? (
          <>
            <dt>Tipo de pago</dt>
            <dd>{TIPO_PAGO[pago.tipoPago] ?? pago.tipoPago}</dd>
          </>
        ) : null}
        {pago.numeroCuotas ? (
          <>
            <dt>Cuotas de la tarjeta</dt>
            <dd>{pago.numeroCuotas}</dd>
          </>
        ) : null}
        <dt>Fecha</dt>
        <dd>{new Date(pago.fechaTransaccion ?? pago.resueltoEn ?? pago.creadoEn).toLocaleString('es-CL')}</dd>
      </dl>
      <div className="acciones-pago">
        {pago.comprobante ? (
          <a href={pago.comprobante} className="boton" download>
            Descargar comprobante (PDF)
          </a>
        ) : null}
        {reintentable && cuota ? (
          <Link
            to="/pagos/$codigo/$numero"
            params={{ codigo: cuota.codigoInscripcion, numero: cuota.numero }}
            className="boton"
          >
            Intentar nuevamente
          </Link>
        ) : null}
        {/* A contest's fee paid: the application's next step is its documents. */}
        {pago.concepto === 'postulacion' && pago.estado === 'aprobado' ? (
          <EnlaceApp ruta={pago.rutaVolver} className="boton">
            Subir documentos de mi postulación
          </EnlaceApp>
        ) : (
          <EnlaceApp ruta={pago.rutaVolver} className="boton boton--secundario">
            {cuota ? 'Volver a la lista de pagos' : 'Volver a mi postulación'}
          </EnlaceApp>
        )}
      </div>
      {/* The SII's documents of an approved payment (and of its refunds): issued apart, on their way. */}
      {pago.estado === 'aprobado' || pago.estado === 'reembolsado' ? (
        <DocumentosTributariosDePago pagoId={pago.id} />
      ) : null}
    </>
  )
}

/** A link to an app path given by the server (a concept's 'volver'), followed without reloading. */
function EnlaceApp({ ruta, className, children }: { ruta: string; className?: string; children: React.ReactNode }) {
  const router = useRouter()
  return (
    <a
      href={ruta}
      className={className}
      onClick={(e) => {
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
        e.preventDefault()
        router.history.push(ruta)
      }}
    >
      {children}
    </a>
  )
}

import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { periodoEnPalabras } from '../../domain/concursos.ts'
import { fechaEnChile } from '../../domain/fechas.ts'
import { formatearClp } from '../../domain/moneda.ts'
import { fechaCorta } from '../../domain/solicitudes.ts'
import { ApiError } from '../../lib/api-error.ts'
import { Dato, EtiquetaEstadoConcurso } from './ficha-concurso.tsx'
import { IrAPasarela } from '../pagos/ir-a-pasarela.tsx'
import { concursoQueries, postular, type DetalleConcurso } from './queries.ts'
import { useTituloPagina } from '../../ui/titulo-pagina.ts'
import { ConcursoSinDatos } from './concurso-sin-datos.tsx'

/**
 * The application fee of a contest (where a contest link lands): the contest, the amount, and the
 * way to the payment site. Outside the application period, or once paid, it says so and offers no
 * payment; the server refuses one anyway.
 */
export function PaginaDerechoPostulacion({ id }: { id: string }) {
  useTituloPagina('Derecho de postulación')
  const consulta = useQuery(concursoQueries.detalle(id))
  if (consulta.data) return <DerechoPostulacion concurso={consulta.data} />
  return <ConcursoSinDatos titulo="Derecho de postulación" consulta={consulta} />
}

function DerechoPostulacion({ concurso }: { concurso: DetalleConcurso }) {
  const queryClient = useQueryClient()
  const { id, miPostulacion, motivoNoPagable } = concurso
  const monto = formatearClp(concurso.derechoPostulacion)

  return (
    <section className="pagina pagina--estrecha" aria-labelledby="derecho-titulo">
      <h1 id="derecho-titulo">Derecho de postulación</h1>
      <p className="concurso__sede">
        Concurso de{' '}
        <Link to="/concurso/detalle/$id" params={{ id }}>
          {concurso.especialidad}
        </Link>
        , {concurso.sede}, {concurso.ciudad}
      </p>
      <dl className="ficha">
        <Dato termino="Postulación">{periodoEnPalabras(concurso)}</Dato>
        <Dato termino="Estado">
          <EtiquetaEstadoConcurso estado={concurso.estado} />
        </Dato>
        <Dato termino="Monto a pagar">
          <span className="monto">{monto}</span>
        </Dato>
      </dl>
      {miPostulacion?.pagadaEn ? (
        <>
          <p className="mensaje mensaje--exito">
            El derecho de postulación de este concurso está pagado desde el{' '}
            {fechaCorta(fechaEnChile(new Date(miPostulacion.pagadaEn)))}.
          </p>
          <p>
            <Link to="/concurso/derechopostulacion/detalle/$id" params={{ id }} className="boton">
              Ver mi postulación
            </Link>
          </p>
        </>
      ) : motivoNoPagable ? (
        <>
          <p className="mensaje mensaje--aviso">{motivoNoPagable}</p>
          <p className="acciones">
            {miPostulacion ? (
              <Link to="/concurso/derechopostulacion/detalle/$id" params={{ id }} className="boton boton--secundario">
                Ver mi postulación
              </Link>
            ) : null}
            <Link to="/concurso/listado" className="boton boton--secundario">
              Ver los concursos
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>
            Al pagar se registra su postulación y se abre el sitio de pago con tarjeta. Al terminar, volverá a su
            postulación para subir los documentos.
          </p>
          {/* Applying first (once per contest), then the payment of that application: the page is
              left for the payment site, which later brings the student back to the application. */}
          <IrAPasarela
            concepto="postulacion"
            referencia={async () => (await postular(queryClient, id)).id}
            etiqueta={`Pagar ${monto}`}
            alRechazar={(error) => {
              // Refused because something changed (paid in another tab, the period ended): show it as it is now.
              if (error instanceof ApiError && error.status === 409)
                void queryClient.invalidateQueries({ queryKey: concursoQueries.detalle(id).queryKey })
            }}
          />
        </>
      )}
    </section>
  )
}

import { useQuery } from '@tanstack/react-query'
import { Link, useLocation } from '@tanstack/react-router'
import { estadoPostulacionEnPalabras, MENSAJE_DOCUMENTOS_CERRADOS } from '../../domain/concursos.ts'
import { fechaEnChile } from '../../domain/fechas.ts'
import { formatearClp } from '../../domain/moneda.ts'
import { fechaCorta } from '../../domain/solicitudes.ts'
import { itemsDe, useEnviar } from '../../lib/offline/envios.ts'
import { useOutboxItems } from '../../lib/offline/use-outbox.ts'
import { useSesion } from '../../lib/use-sesion.ts'
import { DocumentoConSubida } from '../documentos/documento-con-subida.tsx'
import { envioDocumentoPostulacion } from './envios.ts'
import { Dato, EtiquetaEstadoConcurso } from './ficha-concurso.tsx'
import { concursoQueries, type Postulacion } from './queries.ts'
import { useTituloPagina } from '../../ui/titulo-pagina.ts'
import { ayudaArchivos } from '../../domain/fotos.ts'
import { anclaDocumento } from '../../domain/urls.ts'
import { SinDatos } from '../../ui/sin-datos.tsx'

/** The student's application to a contest: its state, the fee's payment, and the documents with their uploads. */
export function PaginaPostulacion({ id }: { id: string }) {
  useTituloPagina('Mi postulación')
  const consulta = useQuery(concursoQueries.postulacion(id))
  if (consulta.data) return <DetallePostulacion id={id} postulacion={consulta.data} />
  return (
    <section className="pagina pagina--estrecha">
      <h1>Mi postulación</h1>
      <SinDatos
        consulta={consulta}
        que="su postulación"
        caminos={
          <>
            <Link to="/concurso/detalle/$id" params={{ id }} className="boton boton--secundario">
              Ver el concurso
            </Link>
            <Link to="/concurso/listado" className="boton boton--secundario">
              Ver los concursos
            </Link>
          </>
        }
      />
    </section>
  )
}

function DetallePostulacion({ id, postulacion }: { id: string; postulacion: Postulacion }) {
  const { concurso, requeridos, archivos } = postulacion
  const delConcurso = archivos.filter((a) => requeridos.some((r) => r.codDocumento === a.codDocumento))
  const subidos = delConcurso.length
  const rechazados = delConcurso.filter((a) => a.estadoRevision === 'rechazado').length
  const estado = estadoPostulacionEnPalabras({
    pagadaEn: postulacion.pagadaEn,
    documentosSubidos: subidos,
    documentosRechazados: rechazados,
    documentosRequeridos: requeridos.length,
    estadoConcurso: concurso.estado,
  })

  return (
    <section className="pagina pagina--estrecha" aria-labelledby="postulacion-titulo">
      <h1 id="postulacion-titulo">Mi postulación</h1>
      <p className="concurso__sede">
        Concurso de{' '}
        <Link to="/concurso/detalle/$id" params={{ id }}>
          {concurso.especialidad}
        </Link>
        , {concurso.sede}, {concurso.ciudad}
      </p>
      <dl className="ficha">
        <Dato termino="Estado de la postulación">{estado}</Dato>
        <Dato termino="Concurso">
          <EtiquetaEstadoConcurso estado={concurso.estado} />
        </Dato>
        <Dato termino="Derecho de postulación">
          {formatearClp(concurso.derechoPostulacion)}:{' '}
          {postulacion.pagadaEn ? (
            <>
              <strong>Pagado el {fechaCorta(fechaEnChile(new Date(postulacion.pagadaEn)))}</strong>
              {postulacion.comprobante ? (
                <>
                  {' '}
                  <a href={postulacion.comprobante} download>
                    Comprobante de pago (PDF)
                  </a>
                </>
              ) : null}
            </>
          ) : (
            <strong>Pendiente de pago</strong>
          )}
        </Dato>
        <Dato termino="Documentos">
          {subidos} de {requeridos.length} subidos
          {rechazados > 0 ? `; ${rechazados === 1 ? '1 rechazado' : `${rechazados} rechazados`} por reemplazar` : null}
        </Dato>
      </dl>
      {!postulacion.pagadaEn && !postulacion.motivoNoPagable ? (
        <p>
          <Link to="/concurso/derechopostulacion/$id" params={{ id }} className="boton">
            Pagar el derecho de postulación
          </Link>
        </p>
      ) : null}
      {!postulacion.pagadaEn && postulacion.motivoNoPagable ? (
        <p className="mensaje mensaje--aviso">{postulacion.motivoNoPagable}</p>
      ) : null}
      <DocumentosPostulacion id={id} postulacion={postulacion} />
    </section>
  )
}

function DocumentosPostulacion({ id, postulacion }: { id: string; postulacion: Postulacion }) {
  const codigoAlumno = useSesion()?.codigoAlumno ?? ''
  const envios = itemsDe(envioDocumentoPostulacion, useOutboxItems(codigoAlumno)).filter((i) => i.parametros?.id === id)
  const enviar = useEnviar(envioDocumentoPostulacion)
  const { requeridos, archivos, tamanoMaximoMb } = postulacion
  // The address may point to one document (`#documento-<code>`): a rejected one's replacement.
  const ancla = useLocation({ select: (l) => l.hash })

  return (
    <section className="seccion--documentos" aria-labelledby="postulacion-documentos">
      <h2 id="postulacion-documentos">Documentos de la postulación</h2>
      {postulacion.documentosAbiertos ? (
        <>
          <p className="campo__ayuda">{ayudaArchivos(tamanoMaximoMb)}</p>
          <ul className="documentos">
            {requeridos.map((requerido) => (
              <DocumentoConSubida
                key={requerido.codDocumento}
                id={anclaDocumento(requerido.codDocumento)}
                pedido={ancla === anclaDocumento(requerido.codDocumento)}
                nombreDocumento={requerido.documento}
                info={requerido.info}
                archivo={archivos.find((a) => a.codDocumento === requerido.codDocumento)}
                envio={envios.findLast((i) => i.cuerpo.campos.codTipoDocumento === requerido.codDocumento)}
                maximoMb={tamanoMaximoMb}
                enviar={(archivo) =>
                  enviar(
                    codigoAlumno,
                    { campos: { codTipoDocumento: requerido.codDocumento }, archivo, nombre: archivo.name },
                    { parametros: { id }, etiqueta: `${requerido.documento}: ${archivo.name}` },
                  )
                }
              />
            ))}
          </ul>
        </>
      ) : (
        <>
          <p className="mensaje mensaje--aviso">{MENSAJE_DOCUMENTOS_CERRADOS}</p>
          <ul className="documentos">
            {requeridos.map((requerido) => {
              const archivo = archivos.find((a) => a.codDocumento === requerido.codDocumento)
              return (
                <li key={requerido.codDocumento} className="documento">
                  <h3 className="documento__nombre">{requerido.documento}</h3>
                  <p className="documento__archivo">
                    {archivo ? (
                      <>
                        Archivo: <span className="documento__archivo-nombre">{archivo.nombre}</span>{' '}
                        <a href={archivo.enlace} download={archivo.nombre}>
                          Descargar<span className="sr-only"> {requerido.documento}</span>
                        </a>
                      </>
                    ) : (
                      'Sin archivo'
                    )}
                  </p>
                </li>
              )
            })}
          </ul>
        </>
      )}
    </section>
  )
}

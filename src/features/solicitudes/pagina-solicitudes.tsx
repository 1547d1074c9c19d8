import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { DOC_CERTIFICADO_PROGRAMA, DOC_FACTURA, DOC_REGLAMENTO } from '../../domain/documentos-emitidos.ts'
import {
  fechaCorta,
  MENSAJE_SIN_RUT,
  MENSAJE_SIN_SOLICITUDES,
  TAMANO_PAGINA_SOLICITUDES,
} from '../../domain/solicitudes.ts'
import { itemsDe } from '../../lib/offline/envios.ts'
import { useOutboxItems } from '../../lib/offline/use-outbox.ts'
import { useSesion } from '../../lib/use-sesion.ts'
import { alerta } from '../../ui/alertas.ts'
import { Paginador, usePaginacion } from '../../ui/paginador.tsx'
import { Estado } from '../../ui/spinner.tsx'
import { DialogoCondiciones } from './dialogo-condiciones.tsx'
import { DialogoDocumentos } from './dialogo-documentos.tsx'
import { DialogoEncuesta } from './dialogo-encuesta.tsx'
import { DialogoReglamento } from './dialogo-reglamento.tsx'
import { envioCondiciones, envioEncuesta, envioReglamento } from './envios.ts'
import { ResumenRevision } from './resumen-revision.tsx'
import { solicitudQueries, type DatosSolicitudes, type Solicitud } from './queries.ts'

type Dialogo = 'documentos' | 'encuesta' | 'condiciones' | 'reglamento'
type Abierto = { dialogo: Dialogo; solicitud: Solicitud } | null

/**
 * 'Solicitudes': the student's enrolments, 7 a page, each with its survey, its conditions and its
 * payment list. The list lives in the persisted cache, so it opens with no network; a change made
 * offline shows as pending on its row until the server confirms it.
 */
export function PaginaSolicitudes() {
  const codigoAlumno = useSesion()?.codigoAlumno ?? ''
  const consulta = useQuery(solicitudQueries.lista())
  const navigate = useNavigate()
  const [abierto, setAbierto] = useState<Abierto>(null)
  const sinDocumento = consulta.data?.tieneDocumentoIdentidad === false

  // Without a RUT or passport nothing here can go ahead: the assistant has to complete it.
  useEffect(() => {
    if (!sinDocumento) return
    void alerta({ titulo: 'Solicitudes', mensaje: MENSAJE_SIN_RUT }).then(() => navigate({ to: '/home' }))
  }, [sinDocumento, navigate])

  let contenido
  if (consulta.data) {
    contenido =
      consulta.data.solicitudes.length === 0 ? (
        <p className="mensaje mensaje--aviso" role="status">
          {MENSAJE_SIN_SOLICITUDES}
        </p>
      ) : (
        <TablaSolicitudes
          solicitudes={consulta.data.solicitudes}
          emitidos={consulta.data.emitidos}
          certificadosActivos={consulta.data.certificadosActivos}
          codigoAlumno={codigoAlumno}
          onAbrir={(dialogo, solicitud) => setAbierto({ dialogo, solicitud })}
        />
      )
  } else if (consulta.isError) {
    contenido = (
      <div className="mensaje mensaje--error" role="alert">
        <p className="mensaje__titulo">No fue posible cargar sus solicitudes</p>
        <p>Revise su conexión e intente nuevamente. Si el problema continúa, contacte a su Asistente Comercial.</p>
        <button type="button" className="boton" onClick={() => void consulta.refetch()}>
          Reintentar
        </button>
      </div>
    )
  } else {
    contenido = <Estado texto="Cargando sus solicitudes…" />
  }

  return (
    <section className="pagina pagina--solicitudes" aria-labelledby="solicitudes-titulo">
      <h1 id="solicitudes-titulo">Solicitudes</h1>
      {contenido}
      {abierto?.dialogo === 'documentos' ? (
        <DialogoDocumentos
          solicitud={abierto.solicitud}
          codigoAlumno={codigoAlumno}
          onCerrar={() => setAbierto(null)}
        />
      ) : null}
      {abierto?.dialogo === 'encuesta' ? (
        <DialogoEncuesta solicitud={abierto.solicitud} codigoAlumno={codigoAlumno} onCerrar={() => setAbierto(null)} />
      ) : null}
      {abierto?.dialogo === 'condiciones' ? (
        <DialogoCondiciones
          solicitud={abierto.solicitud}
          codigoAlumno={codigoAlumno}
          onCerrar={() => setAbierto(null)}
        />
      ) : null}
      {abierto?.dialogo === 'reglamento' ? (
        <DialogoReglamento
          solicitud={abierto.solicitud}
          tieneDocumentoIdentidad={consulta.data?.tieneDocumentoIdentidad ?? false}
          codigoAlumno={codigoAlumno}
          onCerrar={() => setAbierto(null)}
        />
      ) : null}
    </section>
  )
}

function TablaSolicitudes({
  solicitudes,
  emitidos,
  certificadosActivos,
  codigoAlumno,
  onAbrir,
}: {
  solicitudes: readonly Solicitud[]
  emitidos: DatosSolicitudes['emitidos']
  certificadosActivos: boolean
  codigoAlumno: string
  onAbrir: (dialogo: Dialogo, solicitud: Solicitud) => void
}) {
  const { pagina, paginas, visibles, setPagina } = usePaginacion(solicitudes, TAMANO_PAGINA_SOLICITUDES)
  const items = useOutboxItems(codigoAlumno)
  const encuestasEnEspera = itemsDe(envioEncuesta, items)
  const condicionesEnEspera = itemsDe(envioCondiciones, items)
  const reglamentosEnEspera = itemsDe(envioReglamento, items)
  /** The link to an enrolment's issued document of this type, when the portal issued one. */
  const emitido = (codigo: string, tipo: string) =>
    emitidos.find((d) => d.idInscripcion === codigo && d.codTipoDocumento === tipo)

  return (
    <>
      <p className="campo__ayuda" id="solicitudes-resumen">
        {solicitudes.length === 1 ? '1 solicitud.' : `${solicitudes.length} solicitudes.`}
      </p>
      <div className="tabla-solicitudes">
        <table aria-describedby="solicitudes-resumen">
          <caption className="sr-only">
            Sus solicitudes, página {pagina} de {paginas}
          </caption>
          <thead>
            <tr>
              <th scope="col">Código</th>
              <th scope="col">Fecha</th>
              <th scope="col">Año</th>
              <th scope="col">Programa</th>
              <th scope="col">Documentos</th>
              <th scope="col">Encuesta</th>
              <th scope="col">Condiciones</th>
              <th scope="col">Reglamento</th>
              <th scope="col">Pagos</th>
              <th scope="col">Factura</th>
              {certificadosActivos ? <th scope="col">Certificado</th> : null}
            </tr>
          </thead>
          <tbody>
            {visibles.map((s) => {
              const encuestaEnEspera = encuestasEnEspera.findLast((i) => i.parametros?.codigo === s.codigoInscripcion)
              const condicionEnEspera = condicionesEnEspera.findLast(
                (i) => i.parametros?.codigo === s.codigoInscripcion,
              )
              const reglamentoEnEspera = reglamentosEnEspera.some((i) => i.parametros?.codigo === s.codigoInscripcion)
              const reglamento = emitido(s.codigoInscripcion, DOC_REGLAMENTO)
              const factura = emitido(s.codigoInscripcion, DOC_FACTURA)
              const certificado = emitido(s.codigoInscripcion, DOC_CERTIFICADO_PROGRAMA)
              return (
                <tr key={s.codigoInscripcion}>
                  <th scope="row" data-etiqueta="Código">
                    {s.codigoInscripcion}
                  </th>
                  <td data-etiqueta="Fecha">
                    <time dateTime={s.fechaInicio} title={`Inicio: ${fechaCorta(s.fechaInicio)}`}>
                      {fechaCorta(s.fechaInicio)}
                    </time>
                  </td>
                  <td data-etiqueta="Año">{s.anioCurso}</td>
                  <td data-etiqueta="Programa">{s.nombreCurso}</td>
                  <td data-etiqueta="Documentos">
                    {s.documentos ? (
                      <>
                        <button
                          type="button"
                          className="boton boton--secundario boton--pequeno"
                          onClick={() => onAbrir('documentos', s)}
                        >
                          {s.documentos.subidos} / {s.documentos.requeridos}
                          <span className="sr-only">
                            {' '}
                            documentos subidos de la solicitud {s.codigoInscripcion}: ver y subir
                          </span>
                        </button>
                        <ResumenRevision conteo={s.documentos} />
                      </>
                    ) : (
                      <SinDocumento texto="Sin documentos requeridos" />
                    )}
                  </td>
                  <td data-etiqueta="Encuesta">
                    {s.encuesta === 'no-aplica' ? (
                      <span>No requerida</span>
                    ) : (
                      <button
                        type="button"
                        className="boton boton--secundario boton--pequeno"
                        onClick={() => onAbrir('encuesta', s)}
                      >
                        {s.encuesta === 'enviada'
                          ? 'Ver detalle Encuesta'
                          : encuestaEnEspera
                            ? 'Encuesta pendiente de envío'
                            : 'Realizar Encuesta'}
                        <span className="sr-only">, solicitud {s.codigoInscripcion}</span>
                      </button>
                    )}
                  </td>
                  <td data-etiqueta="Condiciones">
                    <div>
                      <p className="tabla-solicitudes__estado">
                        {condicionEnEspera
                          ? 'Pendiente de envío'
                          : s.condiciones
                            ? `${s.condiciones.decision === 'aceptadas' ? 'Aceptadas' : 'Rechazadas'} el ${fechaCorta(s.condiciones.decididaEn)}`
                            : 'Sin responder'}
                      </p>
                      <button
                        type="button"
                        className="boton boton--secundario boton--pequeno"
                        onClick={() => onAbrir('condiciones', s)}
                      >
                        Condiciones<span className="sr-only"> de la solicitud {s.codigoInscripcion}</span>
                      </button>
                    </div>
                  </td>
                  <td data-etiqueta="Reglamento">
                    {s.reglamento === 'no-aplica' ? (
                      <span>No requerido</span>
                    ) : reglamento ? (
                      <EnlaceDocumento documento={reglamento} codigo={s.codigoInscripcion} />
                    ) : s.reglamento === 'firmado' ? (
                      <span>Firmado</span>
                    ) : reglamentoEnEspera ? (
                      <span>Aceptación pendiente de envío</span>
                    ) : (
                      <button
                        type="button"
                        className="boton boton--secundario boton--pequeno"
                        onClick={() => onAbrir('reglamento', s)}
                      >
                        Leer y Aceptar
                        <span className="sr-only"> el reglamento de la solicitud {s.codigoInscripcion}</span>
                      </button>
                    )}
                  </td>
                  <td data-etiqueta="Pagos">
                    {s.habilitaTb ? (
                      <Link to="/pagos/lista/$a" params={{ a: s.codigoInscripcion }}>
                        Lista de pagos<span className="sr-only"> de la solicitud {s.codigoInscripcion}</span>
                      </Link>
                    ) : (
                      <SinDocumento texto="Sin pagos en línea" />
                    )}
                  </td>
                  <td data-etiqueta="Factura">
                    {factura ? (
                      <EnlaceDocumento documento={factura} codigo={s.codigoInscripcion} />
                    ) : (
                      <SinDocumento texto="Sin factura emitida" />
                    )}
                  </td>
                  {certificadosActivos ? (
                    <td data-etiqueta="Certificado">
                      {certificado ? (
                        <EnlaceDocumento documento={certificado} codigo={s.codigoInscripcion} />
                      ) : (
                        <SinDocumento texto="Sin certificado emitido" />
                      )}
                    </td>
                  ) : null}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <Paginador pagina={pagina} paginas={paginas} onCambiar={setPagina} etiqueta="Páginas de solicitudes" />
    </>
  )
}

/** An issued, signed PDF: downloaded with the session, named for screen readers with its row. */
function EnlaceDocumento({ documento, codigo }: { documento: { nombre: string; enlace: string }; codigo: string }) {
  return (
    <a href={documento.enlace} download>
      {documento.nombre}
      <span className="sr-only"> de la solicitud {codigo} (PDF)</span>
    </a>
  )
}

/** A cell with nothing to open: a dash on screen, the reason for screen readers. */
function SinDocumento({ texto }: { texto: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{texto}</span>
    </>
  )
}

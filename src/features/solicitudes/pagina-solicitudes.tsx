import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import type { DocumentoTributarioDeSolicitud } from '../../domain/documento-tributario.ts'
import { DOC_CERTIFICADO_PROGRAMA, DOC_COMPROBANTE_PROGRAMA, DOC_REGLAMENTO } from '../../domain/documentos-emitidos.ts'
import { resumenPendientes } from '../../domain/pendientes.ts'
import {
  fechaCorta,
  MENSAJE_SIN_RUT,
  MENSAJE_SIN_SOLICITUDES,
  TAMANO_PAGINA_SOLICITUDES,
} from '../../domain/solicitudes.ts'
import {
  PAPELES_SOLICITUD,
  type DestinoSolicitud,
  type DialogoSolicitud,
  type PapelSolicitud,
} from '../../domain/busqueda-solicitudes.ts'
import { itemsDe } from '../../lib/offline/envios.ts'
import { useOutboxItems } from '../../lib/offline/use-outbox.ts'
import { useSesion } from '../../lib/use-sesion.ts'
import { alerta } from '../../ui/alertas.ts'
import { Paginador } from '../../ui/paginador.tsx'
import { Estado } from '../../ui/spinner.tsx'
import { useTituloPagina } from '../../ui/titulo-pagina.ts'
import { DialogoCondiciones } from './dialogo-condiciones.tsx'
import { DialogoDocumentos } from './dialogo-documentos.tsx'
import { DialogoEncuesta } from './dialogo-encuesta.tsx'
import { DialogoReglamento } from './dialogo-reglamento.tsx'
import { envioCondiciones, envioEncuesta, envioReglamento } from './envios.ts'
import { ResumenRevision } from './resumen-revision.tsx'
import { DocumentosTributariosDeSolicitud } from '../pagos/documentos-tributarios.tsx'
import { solicitudQueries, type DatosSolicitudes, type Solicitud } from './queries.ts'
import { MensajeError } from '../../ui/mensaje-error.tsx'

/**
 * The dialog open, by enrolment code (its data is read fresh on every render); `volverA` reopens
 * another when it closes; `documento` is the document the documents dialog brings into view.
 */
type Abierto = { dialogo: DialogoSolicitud; codigo: string; volverA?: DialogoSolicitud; documento?: string } | null

const esPapel = (destino: DestinoSolicitud): destino is PapelSolicitud =>
  (PAPELES_SOLICITUD as readonly string[]).includes(destino)

type Grupo = 'activas' | 'finalizadas'

const GRUPOS: { grupo: Grupo; titulo: string; vacia: string }[] = [
  { grupo: 'activas', titulo: 'Activas', vacia: 'No tiene solicitudes activas.' },
  { grupo: 'finalizadas', titulo: 'Finalizadas', vacia: 'Aún no tiene programas finalizados.' },
]

const grupoDe = (s: Solicitud): Grupo => (s.finalizada ? 'finalizadas' : 'activas')

/**
 * 'Solicitudes': the student's enrolments, the active ones and the finished ones (their
 * certificate issued) apart, 7 a page each. On a phone each enrolment is a short card (code,
 * program, dates and what it still asks) that opens to its details and actions; on a wide screen,
 * a table with every column. The list lives in the persisted cache, so it opens with no network;
 * a change made offline shows as pending on its enrolment until the server confirms it.
 * `pedida` names an enrolment to show with its card open, and what of it to open (where a pending
 * action of the home page leads).
 */
export function PaginaSolicitudes({
  pedida,
  alAtenderPedida,
}: {
  pedida?: { codigo: string; abrir?: DestinoSolicitud | undefined; documento?: string | undefined } | undefined
  alAtenderPedida?: () => void
}) {
  useTituloPagina('Solicitudes')
  const codigoAlumno = useSesion()?.codigoAlumno ?? ''
  const consulta = useQuery(solicitudQueries.lista())
  const navigate = useNavigate()
  const [abierto, setAbierto] = useState<Abierto>(null)
  const [paginas, setPaginas] = useState<Record<Grupo, number>>({ activas: 1, finalizadas: 1 })
  const [desplegadas, setDesplegadas] = useState<ReadonlySet<string>>(new Set())
  const items = useOutboxItems(codigoAlumno)
  const sinDocumento = consulta.data?.tieneDocumentoIdentidad === false
  const solicitudes = consulta.data?.solicitudes

  // Without a RUT or passport nothing here can go ahead: the assistant has to complete it.
  useEffect(() => {
    if (!sinDocumento) return
    void alerta({ titulo: 'Solicitudes', mensaje: MENSAJE_SIN_RUT }).then(() => navigate({ to: '/home' }))
  }, [sinDocumento, navigate])

  // An enrolment named in the address: its page, its card open and in view, and what to open of
  // it. Applied once per request, while rendering, so the page never shows without it first.
  const [pedidaAtendida, setPedidaAtendida] = useState<string | undefined>()
  const clavePedida =
    pedida && solicitudes ? `${pedida.codigo}/${pedida.abrir ?? ''}/${pedida.documento ?? ''}` : undefined
  if (!pedida && pedidaAtendida) setPedidaAtendida(undefined)
  if (pedida && solicitudes && clavePedida !== pedidaAtendida) {
    setPedidaAtendida(clavePedida)
    const solicitud = solicitudes.find((s) => s.codigoInscripcion === pedida.codigo)
    if (solicitud) {
      const grupo = grupoDe(solicitud)
      const posicion = solicitudes.filter((s) => grupoDe(s) === grupo).indexOf(solicitud)
      setPaginas((p) => ({ ...p, [grupo]: Math.floor(posicion / TAMANO_PAGINA_SOLICITUDES) + 1 }))
      setDesplegadas((d) => new Set(d).add(pedida.codigo))
      if (pedida.abrir && !esPapel(pedida.abrir))
        setAbierto({
          dialogo: pedida.abrir,
          codigo: pedida.codigo,
          ...(pedida.documento ? { documento: pedida.documento } : {}),
        })
    }
  }
  const [codigoAtendido, destinoAtendido] = pedidaAtendida?.split('/') ?? []
  useEffect(() => {
    if (!codigoAtendido) return
    document.getElementById(idFila(codigoAtendido))?.scrollIntoView({ block: 'start' })
    // A paper asked for: its link has the focus, so one more tap downloads it.
    if (destinoAtendido && esPapel(destinoAtendido as DestinoSolicitud))
      document
        .getElementById(idPapel(codigoAtendido, destinoAtendido as PapelSolicitud))
        ?.focus({ preventScroll: true })
    alAtenderPedida?.()
  }, [codigoAtendido, destinoAtendido, alAtenderPedida])

  const solicitudAbierta = abierto ? solicitudes?.find((s) => s.codigoInscripcion === abierto.codigo) : undefined
  function cerrar() {
    setAbierto((actual) => (actual?.volverA ? { dialogo: actual.volverA, codigo: actual.codigo } : null))
  }

  let contenido
  if (consulta.data && solicitudes) {
    const datos = consulta.data
    const porGrupo = (grupo: Grupo) => solicitudes.filter((s) => grupoDe(s) === grupo)
    contenido =
      solicitudes.length === 0 ? (
        <p className="mensaje mensaje--aviso" role="status">
          {MENSAJE_SIN_SOLICITUDES}
        </p>
      ) : (
        <>
          <p className="campo__ayuda">
            {solicitudes.length === 1 ? '1 solicitud' : `${solicitudes.length} solicitudes`}:{' '}
            {porGrupo('activas').length} {porGrupo('activas').length === 1 ? 'activa' : 'activas'} y{' '}
            {porGrupo('finalizadas').length} {porGrupo('finalizadas').length === 1 ? 'finalizada' : 'finalizadas'}.
          </p>
          {GRUPOS.map(({ grupo, titulo, vacia }) => (
            <GrupoSolicitudes
              key={grupo}
              grupo={grupo}
              titulo={titulo}
              vacia={vacia}
              solicitudes={porGrupo(grupo)}
              datos={datos}
              pagina={paginas[grupo]}
              onPagina={(pagina) => setPaginas((p) => ({ ...p, [grupo]: pagina }))}
              desplegadas={desplegadas}
              onDesplegar={(codigo) =>
                setDesplegadas((d) => {
                  const nuevas = new Set(d)
                  if (!nuevas.delete(codigo)) nuevas.add(codigo)
                  return nuevas
                })
              }
              items={items}
              onAbrir={(dialogo, s) => setAbierto({ dialogo, codigo: s.codigoInscripcion })}
            />
          ))}
        </>
      )
  } else if (consulta.isError) {
    contenido = (
      <MensajeError
        titulo="No fue posible cargar sus solicitudes"
        boton="principal"
        onReintentar={() => void consulta.refetch()}
      >
        Revise su conexión e intente nuevamente. Si el problema continúa, contacte a su Asistente Comercial.
      </MensajeError>
    )
  } else {
    contenido = <Estado texto="Cargando sus solicitudes…" />
  }

  return (
    <section className="pagina pagina--solicitudes" aria-labelledby="solicitudes-titulo">
      <h1 id="solicitudes-titulo">Solicitudes</h1>
      {contenido}
      {abierto?.dialogo === 'documentos' && solicitudAbierta ? (
        <DialogoDocumentos
          solicitud={solicitudAbierta}
          codigoAlumno={codigoAlumno}
          documentoPedido={abierto.documento}
          onCerrar={cerrar}
        />
      ) : null}
      {abierto?.dialogo === 'encuesta' && solicitudAbierta ? (
        <DialogoEncuesta solicitud={solicitudAbierta} codigoAlumno={codigoAlumno} onCerrar={cerrar} />
      ) : null}
      {abierto?.dialogo === 'condiciones' && solicitudAbierta ? (
        <DialogoCondiciones solicitud={solicitudAbierta} codigoAlumno={codigoAlumno} onCerrar={cerrar} />
      ) : null}
      {abierto?.dialogo === 'reglamento' && solicitudAbierta ? (
        <DialogoReglamento
          solicitud={solicitudAbierta}
          tieneDocumentoIdentidad={consulta.data?.tieneDocumentoIdentidad ?? false}
          encuestaEnEspera={itemsDe(envioEncuesta, items).some(
            (i) => i.parametros?.codigo === solicitudAbierta.codigoInscripcion && i.estado !== 'rechazado',
          )}
          codigoAlumno={codigoAlumno}
          onCerrar={cerrar}
          onResponderEncuesta={() =>
            setAbierto({ dialogo: 'encuesta', codigo: solicitudAbierta.codigoInscripcion, volverA: 'reglamento' })
          }
        />
      ) : null}
    </section>
  )
}

const idFila = (codigo: string) => `solicitud-${codigo}`
const idPapel = (codigo: string, papel: PapelSolicitud) => `${papel}-${codigo}`

/** One group of the list (the active or the finished enrolments), paged on its own. */
function GrupoSolicitudes({
  grupo,
  titulo,
  vacia,
  solicitudes,
  datos,
  pagina: pedida,
  onPagina,
  desplegadas,
  onDesplegar,
  items,
  onAbrir,
}: {
  grupo: Grupo
  titulo: string
  vacia: string
  solicitudes: readonly Solicitud[]
  datos: DatosSolicitudes
  pagina: number
  onPagina: (pagina: number) => void
  desplegadas: ReadonlySet<string>
  onDesplegar: (codigo: string) => void
  items: ReturnType<typeof useOutboxItems>
  onAbrir: (dialogo: DialogoSolicitud, solicitud: Solicitud) => void
}) {
  const encabezado = useRef<HTMLHeadingElement>(null)
  const paginas = Math.max(1, Math.ceil(solicitudes.length / TAMANO_PAGINA_SOLICITUDES))
  const pagina = Math.min(pedida, paginas)
  const visibles = solicitudes.slice((pagina - 1) * TAMANO_PAGINA_SOLICITUDES, pagina * TAMANO_PAGINA_SOLICITUDES)
  const idTitulo = `solicitudes-${grupo}`

  function cambiarPagina(nueva: number) {
    onPagina(nueva)
    // The new page starts where the group starts, not where the pager was: the reader goes back
    // to the top of the list, and so does the focus.
    requestAnimationFrame(() => {
      encabezado.current?.scrollIntoView({ block: 'start' })
      encabezado.current?.focus({ preventScroll: true })
    })
  }

  return (
    <section className="grupo-solicitudes" aria-labelledby={idTitulo}>
      <h2 id={idTitulo} ref={encabezado} tabIndex={-1}>
        {titulo} <span className="grupo-solicitudes__cuenta">({solicitudes.length})</span>
      </h2>
      {solicitudes.length === 0 ? (
        <p>{vacia}</p>
      ) : (
        <>
          <TablaSolicitudes
            titulo={titulo}
            pagina={pagina}
            paginas={paginas}
            solicitudes={visibles}
            datos={datos}
            desplegadas={desplegadas}
            onDesplegar={onDesplegar}
            items={items}
            onAbrir={onAbrir}
          />
          <Paginador
            pagina={pagina}
            paginas={paginas}
            onCambiar={cambiarPagina}
            etiqueta={`Páginas de solicitudes ${titulo.toLowerCase()}`}
          />
        </>
      )}
    </section>
  )
}

function TablaSolicitudes({
  titulo,
  pagina,
  paginas,
  solicitudes,
  datos,
  desplegadas,
  onDesplegar,
  items,
  onAbrir,
}: {
  titulo: string
  pagina: number
  paginas: number
  solicitudes: readonly Solicitud[]
  datos: DatosSolicitudes
  desplegadas: ReadonlySet<string>
  onDesplegar: (codigo: string) => void
  items: ReturnType<typeof useOutboxItems>
  onAbrir: (dialogo: DialogoSolicitud, solicitud: Solicitud) => void
}) {
  const { emitidos, certificadosActivos } = datos
  // The SII's documents of the student's installments (server/README.md, 'Tax documents').
  const tributarios: readonly DocumentoTributarioDeSolicitud[] = datos.documentosTributarios
  const encuestasEnEspera = itemsDe(envioEncuesta, items)
  const condicionesEnEspera = itemsDe(envioCondiciones, items)
  const reglamentosEnEspera = itemsDe(envioReglamento, items)
  /** The link to an enrolment's issued document of this type, when the portal issued one. */
  const emitido = (codigo: string, tipo: string) =>
    emitidos.find((d) => d.idInscripcion === codigo && d.codTipoDocumento === tipo)

  return (
    <div className="tabla-solicitudes">
      <table>
        <caption className="sr-only">
          Solicitudes {titulo.toLowerCase()}, página {pagina} de {paginas}
        </caption>
        <thead>
          <tr>
            <th scope="col">Código</th>
            <th scope="col">Fecha</th>
            <th scope="col">Año</th>
            <th scope="col">Programa</th>
            <th scope="col">Documentos</th>
            <th scope="col">Encuesta, condiciones y reglamento</th>
            <th scope="col">Pagos</th>
            <th scope="col">Documentos tributarios</th>
            {certificadosActivos ? <th scope="col">Certificado</th> : null}
          </tr>
        </thead>
        <tbody>
          {solicitudes.map((s) => {
            const codigo = s.codigoInscripcion
            const desplegada = desplegadas.has(codigo)
            const encuestaEnEspera = encuestasEnEspera.findLast((i) => i.parametros?.codigo === codigo)
            const condicionEnEspera = condicionesEnEspera.findLast((i) => i.parametros?.codigo === codigo)
            const reglamentoEnEspera = reglamentosEnEspera.some((i) => i.parametros?.codigo === codigo)
            const reglamento = emitido(codigo, DOC_REGLAMENTO)
            const comprobante = emitido(codigo, DOC_COMPROBANTE_PROGRAMA)
            const deLaSolicitud = tributarios.filter((d) => d.codigoInscripcion === codigo)
            const certificado = emitido(codigo, DOC_CERTIFICADO_PROGRAMA)
            const pendientes = s.pendientes.length
            // A finished program (its certificate issued) asks for nothing more of taking it.
            const cerrada = s.finalizada
            return (
              <tr key={codigo} id={idFila(codigo)} className={`solicitud${desplegada ? ' solicitud--desplegada' : ''}`}>
                <th scope="row" data-etiqueta="Código">
                  {codigo}
                </th>
                <td data-etiqueta="Fecha" className="solicitud__fechas">
                  <time dateTime={s.fechaInicio} title={`Inicio: ${fechaCorta(s.fechaInicio)}`}>
                    {fechaCorta(s.fechaInicio)}
                  </time>
                  {s.fechaTermino ? (
                    <span className="solo-tarjeta">
                      {' '}
                      al <time dateTime={s.fechaTermino}>{fechaCorta(s.fechaTermino)}</time>
                    </span>
                  ) : null}
                </td>
                <td data-etiqueta="Año" className="solicitud__detalle solicitud__anio">
                  {s.anioCurso}
                </td>
                <td data-etiqueta="Programa" className="solicitud__programa">
                  <span className="solicitud__nombre">{s.nombreCurso}</span>{' '}
                  <span className={`etiqueta ${pendientes > 0 ? 'etiqueta--pendientes' : 'etiqueta--al-dia'}`}>
                    {resumenPendientes(pendientes)}
                  </span>
                  <button
                    type="button"
                    className="boton boton--secundario boton--pequeno solicitud__desplegar"
                    aria-expanded={desplegada}
                    aria-controls={idFila(codigo)}
                    onClick={() => onDesplegar(codigo)}
                  >
                    {desplegada ? 'Ocultar detalle' : 'Ver detalle'}
                    <span className="sr-only"> de la solicitud {codigo}</span>
                  </button>
                </td>
                <td data-etiqueta="Documentos" className="solicitud__detalle">
                  {s.documentos && !cerrada ? (
                    <>
                      <button
                        type="button"
                        className="boton boton--secundario boton--pequeno"
                        onClick={() => onAbrir('documentos', s)}
                      >
                        {s.documentos.subidos} / {s.documentos.requeridos}
                        <span className="sr-only"> documentos subidos de la solicitud {codigo}: ver y subir</span>
                      </button>
                      <ResumenRevision conteo={s.documentos} />
                    </>
                  ) : (
                    <SinDocumento texto={cerrada ? 'Programa finalizado' : 'Sin documentos requeridos'} />
                  )}
                </td>
                <td data-etiqueta="Trámites" className="solicitud__detalle">
                  <dl className="tramites">
                    <div>
                      <dt>Encuesta</dt>
                      <dd>
                        {s.encuesta === 'no-aplica' ? (
                          'No requerida'
                        ) : s.encuesta === 'enviada' ? (
                          <button type="button" className="boton-enlace" onClick={() => onAbrir('encuesta', s)}>
                            Ver detalle Encuesta<span className="sr-only">, solicitud {codigo}</span>
                          </button>
                        ) : cerrada ? (
                          'No respondida'
                        ) : (
                          <button
                            type="button"
                            className="boton boton--secundario boton--pequeno"
                            onClick={() => onAbrir('encuesta', s)}
                          >
                            {encuestaEnEspera ? 'Encuesta pendiente de envío' : 'Realizar Encuesta'}
                            <span className="sr-only">, solicitud {codigo}</span>
                          </button>
                        )}
                      </dd>
                    </div>
                    <div>
                      <dt>Condiciones</dt>
                      <dd>
                        {condicionEnEspera
                          ? 'Pendiente de envío'
                          : s.condiciones
                            ? `${s.condiciones.decision === 'aceptadas' ? 'Aceptadas' : 'Rechazadas'} el ${fechaCorta(s.condiciones.decididaEn)}`
                            : 'Sin responder'}{' '}
                        <button type="button" className="boton-enlace" onClick={() => onAbrir('condiciones', s)}>
                          {s.condiciones ? 'Ver' : 'Leer'}
                          <span className="sr-only"> las condiciones de la solicitud {codigo}</span>
                        </button>
                      </dd>
                    </div>
                    <div>
                      <dt>Reglamento</dt>
                      <dd>
                        {s.reglamento === 'no-aplica' ? (
                          'No requerido'
                        ) : reglamento ? (
                          <EnlaceDocumento documento={reglamento} codigo={codigo} />
                        ) : s.reglamento === 'firmado' ? (
                          'Firmado'
                        ) : reglamentoEnEspera ? (
                          'Aceptación pendiente de envío'
                        ) : cerrada ? (
                          'No firmado'
                        ) : (
                          <button
                            type="button"
                            className="boton boton--secundario boton--pequeno"
                            onClick={() => onAbrir('reglamento', s)}
                          >
                            Leer y Aceptar
                            <span className="sr-only"> el reglamento de la solicitud {codigo}</span>
                          </button>
                        )}
                      </dd>
                    </div>
                  </dl>
                </td>
                <td data-etiqueta="Pagos" className="solicitud__detalle">
                  <EnlacePagos solicitud={s} />
                </td>
                <td data-etiqueta="Documentos tributarios" className="solicitud__detalle">
                  {deLaSolicitud.length > 0 ? (
                    <DocumentosTributariosDeSolicitud
                      codigo={codigo}
                      documentos={deLaSolicitud}
                      id={idPapel(codigo, 'tributario')}
                    />
                  ) : comprobante ? null : (
                    <SinDocumento texto="Sin documentos tributarios emitidos" />
                  )}
                  {/* The school's own receipt of the program (not a tax document), where it was issued. */}
                  {comprobante ? (
                    <EnlaceDocumento documento={comprobante} codigo={codigo} id={idPapel(codigo, 'comprobante')} />
                  ) : null}
                </td>
                {certificadosActivos ? (
                  <td data-etiqueta="Certificado" className="solicitud__detalle">
                    {certificado ? (
                      <EnlaceDocumento documento={certificado} codigo={codigo} id={idPapel(codigo, 'certificado')} />
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
  )
}

/**
 * The way to the installments: 'Lista de pagos' while something is still to pay, 'Ver pagos
 * realizados' once everything is paid, nothing where there is no installment at all.
 */
function EnlacePagos({ solicitud: s }: { solicitud: Solicitud }) {
  if (!s.habilitaTb) return <SinDocumento texto="Sin pagos en línea" />
  if (s.cuotas.total === 0) return <SinDocumento texto="Sin cuotas por pagar" />
  const sr = <span className="sr-only"> de la solicitud {s.codigoInscripcion}</span>
  if (s.cuotas.porPagar === 0)
    return (
      <Link to="/pagos/lista/$codigo" params={{ codigo: s.codigoInscripcion }}>
        Ver pagos realizados{sr}
      </Link>
    )
  return (
    <>
      <Link to="/pagos/lista/$codigo" params={{ codigo: s.codigoInscripcion }}>
        Lista de pagos{sr}
      </Link>{' '}
      <span className={s.cuotas.vencidas > 0 ? 'solicitud__vencidas' : 'campo__ayuda'}>
        ({s.cuotas.porPagar === 1 ? '1 cuota' : `${s.cuotas.porPagar} cuotas`} por pagar
        {s.cuotas.vencidas > 0 ? `, ${s.cuotas.vencidas === 1 ? '1 vencida' : `${s.cuotas.vencidas} vencidas`}` : ''})
      </span>
    </>
  )
}

/** An issued, signed PDF: downloaded with the session, named for screen readers with its row. */
function EnlaceDocumento({
  documento,
  codigo,
  id,
}: {
  documento: { nombre: string; enlace: string }
  codigo: string
  id?: string
}) {
  return (
    <a href={documento.enlace} download id={id}>
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

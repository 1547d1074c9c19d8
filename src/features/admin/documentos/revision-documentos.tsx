import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import * as v from 'valibot'
import { erroresPorCampo } from '../../../domain/errores-por-campo.ts'
import {
  decisionDocumentosSchema,
  MAX_DETALLE_MOTIVO,
  OPCIONES_MOTIVO,
  OTRO_MOTIVO,
  textoMotivoRechazo,
  type DecisionDocumentos,
  type DecisionDocumentosEntrada,
} from '../../../domain/revision-documentos.ts'
import { estadoRevisionEnPalabras, type OrigenDocumento } from '../../../domain/estado-revision.ts'
import { Dialogo } from '../../../ui/dialogo.tsx'
import { Estado } from '../../../ui/spinner.tsx'
import { AccionesDialogo } from '../acciones-dialogo.tsx'
import { mensajeDeError } from '../../../lib/mensaje-de-error.ts'
import type { BusquedaCola } from './busqueda-cola.ts'
import { momentoLegible } from './fechas.ts'
import {
  decidirDocumentos,
  deshacerRechazo,
  documentosQueries,
  siguienteDocumento,
  type DocumentoDelExpediente,
  type Expediente,
} from './queries.ts'
import './documentos.css'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

/**
 * The review of one owner's documents (an enrolment, a student's personal documents, a contest
 * application): the file chosen shown large beside the decision, which stays in view, and the
 * checklist of what the owner requires. `cola` is the queue the page was opened from: 'Siguiente
 * documento' follows it and 'Volver a los documentos' returns to it.
 */
export function RevisionDocumentos({
  origen,
  dueno,
  documentoId,
  cola,
}: {
  origen: OrigenDocumento
  dueno: string
  documentoId: string | undefined
  cola: BusquedaCola
}) {
  const consulta = useQuery(documentosQueries.expediente(origen, dueno))
  if (consulta.data) return <Revision expediente={consulta.data} documentoId={documentoId} cola={cola} />
  return (
    <section className="admin-documentos">
      <p>
        <Link to="/admin/documentos" search={cola}>
          Volver a los documentos
        </Link>
      </p>
      <h1>Revisión de documentos</h1>
      {consulta.isError ? (
        <MensajeError error={consulta.error} onReintentar={() => void consulta.refetch()} />
      ) : (
        <Estado texto="Cargando los documentos…" />
      )}
    </section>
  )
}

function Revision({
  expediente,
  documentoId,
  cola,
}: {
  expediente: Expediente
  documentoId: string | undefined
  cola: BusquedaCola
}) {
  const conArchivo = expediente.documentos.filter((d) => d.archivo)
  // The file asked for (the queue's row, 'Ver', 'Siguiente documento'), else the first one still
  // in review, else the first with a file.
  const visto =
    conArchivo.find((d) => d.archivo?.id === documentoId) ??
    conArchivo.find((d) => d.archivo?.estadoRevision === 'en-revision') ??
    conArchivo[0]
  // What the reviewer decides on: what they mark, and the document on screen, however it was
  // opened, while it is in review (a list kept from before may not show it in review yet). When
  // another one is shown, the previous one is unmarked again, unless the reviewer has marked or
  // unmarked anything by hand meanwhile (a batch being put together). Documents decided meanwhile
  // drop out.
  const [marcados, setMarcados] = useState<string[]>([])
  const [enPantalla, setEnPantalla] = useState<{ id: string | null; aMano: boolean }>({ id: null, aMano: false })
  const aMarcar = visto?.archivo?.estadoRevision === 'en-revision' ? visto.archivo.id : null
  if (aMarcar !== enPantalla.id) {
    const anterior = enPantalla
    setEnPantalla({ id: aMarcar, aMano: false })
    setMarcados((previos) => {
      const sinAnterior = anterior.id && !anterior.aMano ? previos.filter((id) => id !== anterior.id) : previos
      return aMarcar && !sinAnterior.includes(aMarcar) ? [...sinAnterior, aMarcar] : sinAnterior
    })
  }
  const enRevision = conArchivo.filter((d) => d.archivo?.estadoRevision === 'en-revision')
  const seleccion = enRevision.filter((d) => d.archivo && marcados.includes(d.archivo.id))

  return (
    <section className="admin-documentos" aria-labelledby="revision-titulo">
      <p className="admin-revision__volver">
        <Link to="/admin/documentos" search={cola}>
          Volver a los documentos
        </Link>
      </p>
      <h1 id="revision-titulo" className="admin-revision__titulo">
        {expediente.titulo}
      </h1>
      <p className="admin-documentos__alumno">
        <span className="sr-only">Estudiante: </span>
        <strong>{expediente.alumno.nombre}</strong> · {expediente.alumno.identidad} · {expediente.alumno.email}
      </p>
      <div className="admin-revision">
        <div className="admin-revision__lateral">
          <Decision
            expediente={expediente}
            seleccion={seleccion}
            alDecidir={() => setMarcados([])}
            cola={cola}
            actual={visto?.archivo ? { origen: expediente.origen, id: visto.archivo.id } : null}
          />
          <ListaDeDocumentos
            expediente={expediente}
            vistoId={visto?.archivo?.id}
            marcados={marcados}
            cola={cola}
            alMarcar={(id, marcado) => {
              setEnPantalla((actual) => ({ ...actual, aMano: true }))
              setMarcados((previos) => (marcado ? [...previos, id] : previos.filter((m) => m !== id)))
            }}
          />
        </div>
        <Visor documento={visto} alumno={expediente.alumno.nombre} />
      </div>
    </section>
  )
}

/**
 * The chosen file, as large as the screen allows: a PDF in a frame, fitted to its width (the
 * viewer's open parameter `view=FitH`, which Chrome's, Edge's and Firefox's viewers read), an
 * image as itself.
 */
function Visor({ documento, alumno }: { documento: DocumentoDelExpediente | undefined; alumno: string }) {
  const archivo = documento?.archivo
  return (
    <section className="admin-revision__visor" aria-labelledby="visor-titulo">
      <h2 id="visor-titulo">{documento && archivo ? documento.documento : 'Documento'}</h2>
      {documento && archivo ? (
        <>
          <p className="admin-documentos__secundario">
            {archivo.nombre} · subido el {momentoLegible(archivo.subidoEn)} ·{' '}
            {estadoRevisionEnPalabras(archivo.estadoRevision, archivo.motivoRechazo)} ·{' '}
            <a href={archivo.enlace} target="_blank" rel="noopener">
              Abrir en una pestaña nueva<span className="sr-only"> ({documento.documento})</span>
            </a>
          </p>
          {archivo.contentType === 'application/pdf' ? (
            <iframe
              key={archivo.id}
              className="admin-revision__archivo"
              src={`${archivo.enlace}#view=FitH`}
              title={`${documento.documento} de ${alumno} (PDF)`}
            />
          ) : (
            <img
              key={archivo.id}
              className="admin-revision__archivo admin-revision__archivo--imagen"
              src={archivo.enlace}
              alt={`${documento.documento} de ${alumno}, tal como lo subió`}
            />
          )}
        </>
      ) : (
        <p>Aún no hay archivos subidos.</p>
      )}
    </section>
  )
}

/** What the owner requires, each with its upload's state; the ones in review can be marked. */
function ListaDeDocumentos({
  expediente,
  vistoId,
  marcados,
  cola,
  alMarcar,
}: {
  expediente: Expediente
  vistoId: string | undefined
  marcados: string[]
  cola: BusquedaCola
  alMarcar: (id: string, marcado: boolean) => void
}) {
  const navigate = useNavigate()
  return (
    <section aria-labelledby="lista-titulo">
      <h2 id="lista-titulo">Documentos requeridos</h2>
      <ul className="admin-revision__lista">
        {expediente.documentos.map((d) => {
          const archivo = d.archivo
          const idMarca = `marcar-${d.codDocumento}`
          return (
            <li
              key={d.codDocumento}
              className={`admin-revision__item${archivo && archivo.id === vistoId ? ' admin-revision__item--visto' : ''}`}
            >
              <div className="admin-revision__nombre">
                {archivo?.estadoRevision === 'en-revision' ? (
                  <>
                    <input
                      type="checkbox"
                      id={idMarca}
                      checked={marcados.includes(archivo.id)}
                      onChange={(e) => alMarcar(archivo.id, e.target.checked)}
                    />
                    <label htmlFor={idMarca}>{d.documento}</label>
                  </>
                ) : (
                  <span>{d.documento}</span>
                )}
                {d.obligatorio ? null : <span className="etiqueta etiqueta--opcional">Opcional</span>}
              </div>
              {archivo ? (
                <div className="admin-revision__estado">
                  <p className={`revision revision--${archivo.estadoRevision}`}>
                    {estadoRevisionEnPalabras(archivo.estadoRevision, archivo.motivoRechazo)}
                    {archivo.revisadoPor && archivo.revisadoEn ? (
                      <span className="admin-documentos__secundario">
                        {archivo.revisadoPor}, {momentoLegible(archivo.revisadoEn)}
                      </span>
                    ) : null}
                  </p>
                  {archivo.id === vistoId ? (
                    <p className="admin-documentos__secundario" aria-current="true">
                      Mostrándose
                    </p>
                  ) : (
                    <button
                      type="button"
                      className="boton boton--secundario boton--pequeno"
                      onClick={() =>
                        void navigate({
                          to: '/admin/documentos/$origen/$dueno',
                          params: { origen: expediente.origen, dueno: expediente.id },
                          search: { ...cola, documento: archivo.id },
                          replace: true,
                        })
                      }
                    >
                      Ver<span className="sr-only"> {d.documento}</span>
                    </button>
                  )}
                </div>
              ) : (
                <p className="admin-documentos__secundario">Sin archivo</p>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

type Resultado = { tipo: 'exito' | 'error'; texto: string }

/** A rejection the reviewer may still undo: its documents, and until when (this browser's clock). */
type Deshacible = { ids: string[]; nombres: string; hasta: number }

/** «Carta de Intención», «Seguro de Salud». */
function nombrar(documentos: { documento: string }[]): string {
  return documentos.map((d) => `«${d.documento}»`).join(', ')
}

/**
 * Approve the marked documents, or reject them with one reason the student will read (after a
 * confirmation that says so, and with a few seconds to undo it before the student is told), and
 * go on to the next document of the queue.
 */
function Decision({
  expediente,
  seleccion,
  alDecidir,
  cola,
  actual,
}: {
  expediente: Expediente
  seleccion: DocumentoDelExpediente[]
  alDecidir: () => void
  cola: BusquedaCola
  actual: { origen: OrigenDocumento; id: string } | null
}) {
  const queryClient = useQueryClient()
  const [motivo, setMotivo] = useState('')
  const [detalle, setDetalle] = useState('')
  const [intentoRechazo, setIntentoRechazo] = useState(false)
  const [resultado, setResultado] = useState<Resultado | null>(null)
  const [aConfirmar, setAConfirmar] = useState<DecisionDocumentos | null>(null)
  const [deshacible, setDeshacible] = useState<Deshacible | null>(null)
  // Where focus goes once a decision or an undo is done, so it never falls back to the page.
  const enfocar = useRef<'deshacer' | 'resultado' | null>(null)
  const refResultado = useRef<HTMLDivElement>(null)
  const refDeshacer = useRef<HTMLButtonElement>(null)
  const ids = seleccion.flatMap((d) => (d.archivo ? [d.archivo.id] : []))
  const nombres = nombrar(seleccion)

  const actualizar = () => queryClient.invalidateQueries({ queryKey: documentosQueries.all() })

  const decision = useMutation({
    mutationFn: (cuerpo: DecisionDocumentosEntrada) => decidirDocumentos(expediente.origen, expediente.id, cuerpo),
    // The confirmation closes (giving focus back where it was), then, once the request has
    // settled, focus moves on to 'Deshacer' or the outcome.
    onSuccess(respuesta, cuerpo) {
      setAConfirmar(null)
      const n = respuesta.documentos.length
      const decididos = nombrar(respuesta.documentos)
      const verbo = cuerpo.decision === 'aprobar' ? 'aprob' : 'rechaz'
      setResultado({
        tipo: 'exito',
        texto: n === 1 ? `Se ${verbo}ó ${decididos}.` : `Se ${verbo}aron ${n} documentos: ${decididos}.`,
      })
      // The last second is left out, so an undo pressed at the very end still reaches the server
      // inside its window.
      setDeshacible(
        respuesta.deshacer
          ? {
              ids: respuesta.documentos.map((d) => d.id),
              nombres: decididos,
              hasta: Date.now() + respuesta.deshacer.segundos * 1000 - 1000,
            }
          : null,
      )
      enfocar.current = respuesta.deshacer ? 'deshacer' : 'resultado'
      setMotivo('')
      setDetalle('')
      setIntentoRechazo(false)
      alDecidir()
    },
    onError(error) {
      setAConfirmar(null)
      setResultado({ tipo: 'error', texto: mensajeDeError(error) })
      enfocar.current = 'resultado'
    },
    // Decided or refused, the checklist and the queue show the state as it is now (another
    // reviewer's decision included).
    onSettled: actualizar,
  })

  const deshacer = useMutation({
    mutationFn: (documentos: string[]) => deshacerRechazo(expediente.origen, expediente.id, documentos),
    onSuccess(respuesta) {
      setResultado({
        tipo: 'exito',
        texto: `Se deshizo el rechazo de ${nombrar(respuesta.documentos)}: ${
          respuesta.documentos.length === 1 ? 'vuelve' : 'vuelven'
        } a estar en revisión y el estudiante no recibirá ningún aviso.`,
      })
    },
    onError(error) {
      setResultado({ tipo: 'error', texto: mensajeDeError(error) })
    },
    onSettled() {
      setDeshacible(null)
      enfocar.current = 'resultado'
      return actualizar()
    },
  })

  const ocupado = decision.isPending || deshacer.isPending
  // Once the request has settled: until then the buttons are disabled and cannot take focus.
  useEffect(() => {
    if (!enfocar.current || ocupado) return
    if (enfocar.current === 'deshacer') refDeshacer.current?.focus()
    else refResultado.current?.focus()
    enfocar.current = null
  })

  const rechazo = { decision: 'rechazar' as const, documentos: ids, motivo: motivo || undefined, detalle }
  const validacion = v.safeParse(decisionDocumentosSchema, rechazo)
  const errores = validacion.success ? {} : erroresPorCampo(validacion.issues)
  const errorMotivo = intentoRechazo ? errores.motivo : undefined
  const errorDetalle = intentoRechazo ? errores.detalle : undefined

  function rechazar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setIntentoRechazo(true)
    if (!validacion.success || ocupado) {
      const primero = errores.motivo ? 'motivo-rechazo' : errores.detalle ? 'detalle-rechazo' : null
      if (primero) document.getElementById(primero)?.focus()
      return
    }
    setAConfirmar(validacion.output)
  }

  function aprobar() {
    if (ocupado || ids.length === 0) return
    setResultado(null)
    decision.mutate({ decision: 'aprobar', documentos: ids })
  }

  return (
    <section className="admin-revision__decision" aria-labelledby="decision-titulo">
      <div className="admin-revision__cabecera">
        <h2 id="decision-titulo">Decisión</h2>
        <Siguiente cola={cola} actual={actual} />
      </div>
      <p id="decision-seleccion">
        {ids.length === 0
          ? 'Marque en la lista los documentos en revisión que desea aprobar o rechazar.'
          : ids.length === 1
            ? `Documento seleccionado: ${nombres}.`
            : `${ids.length} documentos seleccionados: ${nombres}.`}
      </p>
      <div role={resultado?.tipo === 'error' ? 'alert' : 'status'} ref={refResultado} tabIndex={-1}>
        {resultado ? (
          resultado.tipo === 'error' ? (
            <MensajeError rol={null}>{resultado.texto}</MensajeError>
          ) : (
            <p className="mensaje mensaje--exito">{resultado.texto}</p>
          )
        ) : null}
      </div>
      {deshacible ? (
        <PlazoDeshacer
          deshacible={deshacible}
          ocupado={ocupado}
          refBoton={refDeshacer}
          alDeshacer={() => deshacer.mutate(deshacible.ids)}
          alVencer={() => {
            if (document.activeElement === refDeshacer.current) enfocar.current = 'resultado'
            setDeshacible(null)
          }}
        />
      ) : null}
      <button
        type="button"
        className="boton"
        onClick={aprobar}
        disabled={ids.length === 0 || ocupado}
        aria-describedby="decision-seleccion"
      >
        Aprobar
      </button>
      <form className="admin-revision__rechazo" onSubmit={rechazar} noValidate>
        <fieldset>
          <legend>Rechazar con un motivo</legend>
          <div className={`campo${errorMotivo ? ' campo--error' : ''}`}>
            <label htmlFor="motivo-rechazo" className="campo__etiqueta">
              Motivo del rechazo
            </label>
            <select
              id="motivo-rechazo"
              className="campo__control"
              value={motivo}
              onChange={(e) => setMotivo(e.target.value)}
              aria-invalid={errorMotivo ? true : undefined}
              aria-describedby={errorMotivo ? 'motivo-rechazo-error' : undefined}
            >
              <option value="">Elija un motivo</option>
              {OPCIONES_MOTIVO.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
            {errorMotivo ? (
              <p id="motivo-rechazo-error" className="campo__error">
                {errorMotivo}
              </p>
            ) : null}
          </div>
          <div className={`campo${errorDetalle ? ' campo--error' : ''}`}>
            <label htmlFor="detalle-rechazo" className="campo__etiqueta">
              {motivo === OTRO_MOTIVO ? 'Motivo (lo leerá el estudiante)' : 'Detalle para el estudiante (opcional)'}
            </label>
            <textarea
              id="detalle-rechazo"
              className="campo__control"
              rows={2}
              maxLength={MAX_DETALLE_MOTIVO}
              value={detalle}
              onChange={(e) => setDetalle(e.target.value)}
              aria-invalid={errorDetalle ? true : undefined}
              aria-describedby={`detalle-rechazo-ayuda${errorDetalle ? ' detalle-rechazo-error' : ''}`}
            />
            <p id="detalle-rechazo-ayuda" className="campo__ayuda">
              Hasta {MAX_DETALLE_MOTIVO} caracteres. Con «{OTRO_MOTIVO}», escriba aquí el motivo.
            </p>
            {errorDetalle ? (
              <p id="detalle-rechazo-error" className="campo__error">
                {errorDetalle}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            className="boton admin-revision__rechazar"
            disabled={ids.length === 0 || ocupado}
            aria-describedby="decision-seleccion"
          >
            Rechazar
          </button>
        </fieldset>
      </form>
      {aConfirmar ? (
        <DialogoConfirmarRechazo
          expediente={expediente}
          documentos={seleccion.filter((d) => d.archivo && aConfirmar.documentos.includes(d.archivo.id))}
          motivo={aConfirmar.motivo ? textoMotivoRechazo(aConfirmar.motivo, aConfirmar.detalle) : ''}
          enviando={decision.isPending}
          alConfirmar={() => {
            setResultado(null)
            decision.mutate(aConfirmar)
          }}
          alCancelar={() => setAConfirmar(null)}
        />
      ) : null}
    </section>
  )
}

/**
 * 'Deshacer' while the rejection's notice waits, with the seconds left (outside the live region,
 * so a screen reader is not told every second).
 */
function PlazoDeshacer({
  deshacible,
  ocupado,
  refBoton,
  alDeshacer,
  alVencer,
}: {
  deshacible: Deshacible
  ocupado: boolean
  refBoton: RefObject<HTMLButtonElement | null>
  alDeshacer: () => void
  alVencer: () => void
}) {
  const [ahora, setAhora] = useState(() => Date.now())
  const idAyuda = useId()
  const segundos = Math.max(0, Math.ceil((deshacible.hasta - ahora) / 1000))
  useEffect(() => {
    const reloj = setInterval(() => setAhora(Date.now()), 250)
    return () => clearInterval(reloj)
  }, [])
  useEffect(() => {
    if (segundos === 0 && !ocupado) alVencer()
  }, [segundos, ocupado, alVencer])
  return (
    <div className="admin-revision__deshacer">
      <p id={idAyuda}>
        El estudiante recibirá el aviso en {segundos} {segundos === 1 ? 'segundo' : 'segundos'}; hasta entonces puede
        deshacer el rechazo.
      </p>
      <button
        type="button"
        ref={refBoton}
        className="boton boton--secundario"
        onClick={alDeshacer}
        disabled={ocupado}
        aria-describedby={idAyuda}
      >
        Deshacer el rechazo<span className="sr-only"> de {deshacible.nombres}</span>
      </button>
    </div>
  )
}

/**
 * The last step of a rejection: who it goes to, which documents, the reason as the student will
 * read it, and that the student is told. Focus stays in the dialog and returns where it was.
 */
function DialogoConfirmarRechazo({
  expediente,
  documentos,
  motivo,
  enviando,
  alConfirmar,
  alCancelar,
}: {
  expediente: Expediente
  documentos: DocumentoDelExpediente[]
  motivo: string
  enviando: boolean
  alConfirmar: () => void
  alCancelar: () => void
}) {
  const varios = documentos.length > 1
  return (
    <Dialogo
      titulo={varios ? `Rechazar ${documentos.length} documentos` : 'Rechazar documento'}
      onCerrar={alCancelar}
      acciones={
        <AccionesDialogo
          texto={varios ? 'Rechazar los documentos' : 'Rechazar el documento'}
          enCurso="Rechazando…"
          ocupado={enviando}
          onAccion={alConfirmar}
          onCancelar={alCancelar}
        />
      }
    >
      <p>
        Va a rechazar {varios ? 'los documentos' : 'el documento'} <strong>{nombrar(documentos)}</strong> de{' '}
        <strong>{expediente.alumno.nombre}</strong> ({expediente.titulo}).
      </p>
      <p>
        Motivo que leerá el estudiante: <strong>«{motivo}»</strong>
      </p>
      <p>
        Se enviará al estudiante un aviso con este motivo, en el portal y por correo, para que{' '}
        {varios ? 'los reemplace' : 'lo reemplace'}. Después de rechazar tendrá unos segundos para deshacerlo, antes de
        que el aviso salga.
      </p>
    </Dialogo>
  )
}

/** 'Siguiente documento': the next one waiting in the queue this page was opened from. */
function Siguiente({ cola, actual }: { cola: BusquedaCola; actual: { origen: OrigenDocumento; id: string } | null }) {
  const navigate = useNavigate()
  const [mensaje, setMensaje] = useState<Resultado | null>(null)
  const conFiltros = !!(cola.programa || cola.tipo)
  const siguiente = useMutation({
    mutationFn: () => siguienteDocumento(cola, actual),
    onSuccess({ siguiente: proximo }) {
      if (!proximo) {
        setMensaje({
          tipo: 'exito',
          texto: `No quedan otros documentos esperando revisión${conFiltros ? ' con estos filtros' : ''}.`,
        })
        return
      }
      setMensaje(null)
      void navigate({
        to: '/admin/documentos/$origen/$dueno',
        params: { origen: proximo.origen, dueno: proximo.dueno },
        search: { ...cola, documento: proximo.id },
      })
    },
    onError(error) {
      setMensaje({ tipo: 'error', texto: mensajeDeError(error) })
    },
  })
  return (
    <div className="admin-revision__siguiente">
      <button
        type="button"
        className="boton boton--secundario boton--pequeno"
        onClick={() => siguiente.mutate()}
        disabled={siguiente.isPending}
      >
        Siguiente documento
      </button>
      <div role={mensaje?.tipo === 'error' ? 'alert' : 'status'}>
        {mensaje ? (
          mensaje.tipo === 'error' ? (
            <MensajeError rol={null}>{mensaje.texto}</MensajeError>
          ) : (
            <p className="mensaje mensaje--aviso">{mensaje.texto}</p>
          )
        ) : null}
      </div>
    </div>
  )
}

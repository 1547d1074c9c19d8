import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { erroresPorCampo } from '../../../domain/errores-por-campo.ts'
import {
  decisionDocumentosSchema,
  MAX_DETALLE_MOTIVO,
  OPCIONES_MOTIVO,
  OTRO_MOTIVO,
  type DecisionDocumentosEntrada,
} from '../../../domain/revision-documentos.ts'
import { estadoRevisionEnPalabras, type OrigenDocumento } from '../../../domain/estado-revision.ts'
import { Estado } from '../../../ui/spinner.tsx'
import { mensajeDeError } from '../mensaje-de-error.ts'
import { momentoLegible } from './fechas.ts'
import { decidirDocumentos, documentosQueries, type DocumentoDelExpediente, type Expediente } from './queries.ts'
import './documentos.css'
import { ErrorDeLectura } from '../error-de-lectura.tsx'

/**
 * The review of one owner's documents (an enrolment, a student's personal documents, a contest
 * application): the file chosen shown inline beside the checklist of what the owner requires,
 * and the decision on the documents the reviewer marks.
 */
export function RevisionDocumentos({
  origen,
  dueno,
  documentoId,
}: {
  origen: OrigenDocumento
  dueno: string
  documentoId: string | undefined
}) {
  const consulta = useQuery(documentosQueries.expediente(origen, dueno))
  if (consulta.data) return <Revision expediente={consulta.data} documentoId={documentoId} />
  return (
    <section className="admin-documentos">
      <p>
        <Link to="/admin/documentos">Volver a los documentos</Link>
      </p>
      <h1>Revisión de documentos</h1>
      {consulta.isError ? (
        <ErrorDeLectura error={consulta.error} onReintentar={() => void consulta.refetch()} />
      ) : (
        <Estado texto="Cargando los documentos…" />
      )}
    </section>
  )
}

function Revision({ expediente, documentoId }: { expediente: Expediente; documentoId: string | undefined }) {
  const conArchivo = expediente.documentos.filter((d) => d.archivo)
  // The file the queue opened, else the first one still in review, else the first with a file.
  const visto =
    conArchivo.find((d) => d.archivo?.id === documentoId) ??
    conArchivo.find((d) => d.archivo?.estadoRevision === 'en-revision') ??
    conArchivo[0]
  // What the reviewer decides on: what they mark, starting with the upload the queue opened
  // (once it shows in review: a list kept from before may not hold it yet). Nothing else is ever
  // marked for them, and documents decided meanwhile drop out.
  const [marcados, setMarcados] = useState<string[]>([])
  const [preseleccionado, setPreseleccionado] = useState(false)
  const abierto = conArchivo.find((d) => d.archivo?.id === documentoId && d.archivo?.estadoRevision === 'en-revision')
  if (abierto?.archivo && !preseleccionado) {
    const id = abierto.archivo.id
    setPreseleccionado(true)
    setMarcados((previos) => (previos.includes(id) ? previos : [...previos, id]))
  }
  const enRevision = conArchivo.filter((d) => d.archivo?.estadoRevision === 'en-revision')
  const seleccion = enRevision.filter((d) => d.archivo && marcados.includes(d.archivo.id))

  return (
    <section className="admin-documentos" aria-labelledby="revision-titulo">
      <p>
        <Link to="/admin/documentos">Volver a los documentos</Link>
      </p>
      <h1 id="revision-titulo">{expediente.titulo}</h1>
      <p className="admin-documentos__alumno">
        <span className="sr-only">Estudiante: </span>
        <strong>{expediente.alumno.nombre}</strong> · {expediente.alumno.identidad} · {expediente.alumno.email}
      </p>
      <div className="admin-revision">
        <Visor documento={visto} alumno={expediente.alumno.nombre} />
        <div className="admin-revision__lateral">
          <ListaDeDocumentos
            expediente={expediente}
            vistoId={visto?.archivo?.id}
            marcados={marcados}
            alMarcar={(id, marcado) =>
              setMarcados((previos) => (marcado ? [...previos, id] : previos.filter((m) => m !== id)))
            }
          />
          <Decision expediente={expediente} seleccion={seleccion} alDecidir={() => setMarcados([])} />
        </div>
      </div>
    </section>
  )
}

/** The chosen file, shown inline: a PDF in a frame, an image as itself. */
function Visor({ documento, alumno }: { documento: DocumentoDelExpediente | undefined; alumno: string }) {
  const archivo = documento?.archivo
  return (
    <section className="admin-revision__visor" aria-labelledby="visor-titulo">
      <h2 id="visor-titulo">{documento && archivo ? documento.documento : 'Documento'}</h2>
      {documento && archivo ? (
        <>
          <p className="admin-documentos__secundario">
            {archivo.nombre} · subido el {momentoLegible(archivo.subidoEn)} ·{' '}
            {estadoRevisionEnPalabras(archivo.estadoRevision, archivo.motivoRechazo)}
          </p>
          {archivo.contentType === 'application/pdf' ? (
            <iframe
              key={archivo.id}
              className="admin-revision__archivo"
              src={archivo.enlace}
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
          <p>
            <a href={archivo.enlace} target="_blank" rel="noopener">
              Abrir en una pestaña nueva<span className="sr-only"> ({documento.documento})</span>
            </a>
          </p>
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
  alMarcar,
}: {
  expediente: Expediente
  vistoId: string | undefined
  marcados: string[]
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
                <>
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
                          search: { documento: archivo.id },
                          replace: true,
                        })
                      }
                    >
                      Ver<span className="sr-only"> {d.documento}</span>
                    </button>
                  )}
                </>
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

/** Approve the marked documents, or reject them with one reason the student will read. */
function Decision({
  expediente,
  seleccion,
  alDecidir,
}: {
  expediente: Expediente
  seleccion: DocumentoDelExpediente[]
  alDecidir: () => void
}) {
  const queryClient = useQueryClient()
  const [motivo, setMotivo] = useState('')
  const [detalle, setDetalle] = useState('')
  const [intentoRechazo, setIntentoRechazo] = useState(false)
  const [resultado, setResultado] = useState<Resultado | null>(null)
  const ids = seleccion.flatMap((d) => (d.archivo ? [d.archivo.id] : []))
  const nombres = seleccion.map((d) => `«${d.documento}»`).join(', ')

  const decision = useMutation({
    mutationFn: (cuerpo: DecisionDocumentosEntrada) => decidirDocumentos(expediente.origen, expediente.id, cuerpo),
    onSuccess(respuesta, cuerpo) {
      const n = respuesta.documentos.length
      const decididos = respuesta.documentos.map((d) => `«${d.documento}»`).join(', ')
      const verbo = cuerpo.decision === 'aprobar' ? 'aprob' : 'rechaz'
      setResultado({
        tipo: 'exito',
        texto: n === 1 ? `Se ${verbo}ó ${decididos}.` : `Se ${verbo}aron ${n} documentos: ${decididos}.`,
      })
      setMotivo('')
      setDetalle('')
      setIntentoRechazo(false)
      alDecidir()
    },
    onError(error) {
      setResultado({ tipo: 'error', texto: mensajeDeError(error) })
    },
    // Decided or refused, the checklist and the queue show the state as it is now (another
    // reviewer's decision included).
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentosQueries.all() }),
  })

  const rechazo = { decision: 'rechazar' as const, documentos: ids, motivo: motivo || undefined, detalle }
  const validacion = v.safeParse(decisionDocumentosSchema, rechazo)
  const errores = validacion.success ? {} : erroresPorCampo(validacion.issues)
  const errorMotivo = intentoRechazo ? errores.motivo : undefined
  const errorDetalle = intentoRechazo ? errores.detalle : undefined

  function rechazar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setIntentoRechazo(true)
    if (!validacion.success || decision.isPending) {
      const primero = errores.motivo ? 'motivo-rechazo' : errores.detalle ? 'detalle-rechazo' : null
      if (primero) document.getElementById(primero)?.focus()
      return
    }
    setResultado(null)
    decision.mutate(validacion.output)
  }

  function aprobar() {
    if (decision.isPending || ids.length === 0) return
    setResultado(null)
    decision.mutate({ decision: 'aprobar', documentos: ids })
  }

  return (
    <section className="admin-revision__decision" aria-labelledby="decision-titulo">
      <h2 id="decision-titulo">Decisión</h2>
      <p id="decision-seleccion">
        {ids.length === 0
          ? 'Marque en la lista los documentos en revisión que desea aprobar o rechazar.'
          : ids.length === 1
            ? `Documento seleccionado: ${nombres}.`
            : `${ids.length} documentos seleccionados: ${nombres}.`}
      </p>
      <div role={resultado?.tipo === 'error' ? 'alert' : 'status'}>
        {resultado ? (
          <p className={`mensaje ${resultado.tipo === 'error' ? 'mensaje--error' : 'mensaje--exito'}`}>
            {resultado.texto}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className="boton"
        onClick={aprobar}
        disabled={ids.length === 0 || decision.isPending}
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
              rows={3}
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
            disabled={ids.length === 0 || decision.isPending}
            aria-describedby="decision-seleccion"
          >
            Rechazar
          </button>
        </fieldset>
      </form>
    </section>
  )
}

import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { MENSAJE_CERTIFICADO_VIGENTE } from '../../../domain/gestion-certificados.ts'
import { segunCantidad } from '../../../domain/textos.ts'
import { ApiError, ErrorDeRed } from '../../../lib/api-error.ts'
import { alerta } from '../../../ui/alertas.ts'
import { mensajeDeError } from '../../../lib/mensaje-de-error.ts'
import {
  actualizarTrasCambio,
  certificadosMutations,
  certificadosQueries,
  type FilaCertificado,
  type ProgramaTerminado,
} from './queries.ts'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

type Fallo = { codigoInscripcion: string; alumno: string; motivo: string }

type Avance = {
  estado: 'preparando' | 'emitiendo' | 'detenido' | 'terminado'
  total: number
  /** Enrolments done so far, issued or not. */
  hechas: number
  emitidos: number
  /** Issued meanwhile by someone else: nothing to do, nothing failed. */
  yaEmitidos: number
  fallos: Fallo[]
  /** Why the run stopped before its end, when it was not asked to. */
  interrupcion: string | null
}

/**
 * Issuing every certificate a program still lacks: one enrolment at a time, through the same
 * request as a single issue, with a progress bar. An enrolment that still lacks something is not
 * issued here (no confirmation covers a whole program): the server refuses it naming what it
 * lacks, and it is listed with the other failures, to be issued from its row if the school so
 * decides. The run can be stopped, and 'Continuar' takes up what is still to issue (the server
 * keeps no state of the run: what remains is what the list says has no valid certificate).
 */
export function EmisionPrograma({ programa }: { programa: ProgramaTerminado }) {
  const queryClient = useQueryClient()
  const [avance, setAvance] = useState<Avance | null>(null)
  const detener = useRef(false)
  const [deteniendo, setDeteniendo] = useState(false)
  const idProgreso = useId()
  const enCurso = avance?.estado === 'preparando' || avance?.estado === 'emitiendo'

  // Leaving the screen stops the run; it can be continued later from here.
  useEffect(
    () => () => {
      detener.current = true
    },
    [],
  )

  /** Every enrolment of the program without a valid certificate, page after page. */
  async function pendientes(): Promise<FilaCertificado[]> {
    const filas: FilaCertificado[] = []
    for (let pagina = 1; ; pagina++) {
      const lista = await queryClient.fetchQuery(
        certificadosQueries.lista({ programa: programa.curso, estado: 'por-emitir', pagina }),
      )
      filas.push(...lista.filas)
      if (lista.filas.length === 0 || filas.length >= lista.total) return filas
    }
  }

  async function emitirTodos() {
    detener.current = false
    setDeteniendo(false)
    let actual: Avance = {
      estado: 'preparando',
      total: 0,
      hechas: 0,
      emitidos: 0,
      yaEmitidos: 0,
      fallos: [],
      interrupcion: null,
    }
    const publicar = (cambio: Partial<Avance>) => {
      actual = { ...actual, ...cambio }
      setAvance(actual)
    }
    publicar({})
    let filas: FilaCertificado[]
    try {
      filas = await pendientes()
    } catch (error) {
      publicar({ estado: 'detenido', interrupcion: mensajeDeError(error) })
      return
    }
    publicar({ estado: 'emitiendo', total: filas.length })
    for (const fila of filas) {
      if (detener.current) break
      try {
        await certificadosMutations.emitir(fila.codigoInscripcion)
        publicar({ emitidos: actual.emitidos + 1 })
      } catch (error) {
        // Without a connection (or with the session over) the rest would fail the same way.
        if (error instanceof ErrorDeRed || (error instanceof ApiError && error.status === 401)) {
          publicar({ interrupcion: mensajeDeError(error) })
          break
        }
        if (error instanceof ApiError && error.message === MENSAJE_CERTIFICADO_VIGENTE)
          publicar({ yaEmitidos: actual.yaEmitidos + 1 })
        else
          publicar({
            fallos: [
              ...actual.fallos,
              { codigoInscripcion: fila.codigoInscripcion, alumno: fila.alumno.nombre, motivo: mensajeDeError(error) },
            ],
          })
      }
      publicar({ hechas: actual.hechas + 1 })
    }
    publicar({ estado: actual.hechas < actual.total ? 'detenido' : 'terminado' })
    await actualizarTrasCambio(queryClient)
  }

  async function confirmar() {
    const respuesta = await alerta({
      titulo: 'Emitir certificados del programa',
      mensaje: `Se emitirá el certificado de cada solicitud de «${programa.nombre}» que no tiene uno vigente (${programa.porEmitir} según la lista), de a una. Las que aún tengan cuotas, reglamento, documentos o encuesta pendientes no se emitirán: quedarán listadas con lo que les falta, para emitirlas una a una si corresponde. Puede detener la emisión y continuarla después.`,
      // The safe choice first: it has the focus when the dialog opens.
      acciones: [
        { valor: 'cancelar', etiqueta: 'Cancelar' },
        { valor: 'emitir', etiqueta: 'Emitir certificados' },
      ],
    })
    if (respuesta === 'emitir') await emitirTodos()
  }

  return (
    <section className="admin-emision" aria-labelledby={`${idProgreso}-titulo`}>
      <h2 id={`${idProgreso}-titulo`}>Emitir todos los de este programa</h2>
      <p>
        {programa.nombre}: {programa.porEmitir} de {programa.total}{' '}
        {programa.total === 1 ? 'solicitud está' : 'solicitudes están'} sin certificado vigente.
      </p>
      {avance ? <Progreso id={idProgreso} avance={avance} /> : null}
      <div className="acciones">
        {enCurso ? (
          <button
            type="button"
            className="boton boton--secundario"
            disabled={deteniendo}
            onClick={() => {
              // The enrolment under way finishes; the next one is not started.
              detener.current = true
              setDeteniendo(true)
            }}
          >
            {deteniendo ? 'Deteniendo…' : 'Detener'}
          </button>
        ) : programa.porEmitir > 0 ? (
          <button type="button" className="boton" onClick={() => void (avance ? emitirTodos() : confirmar())}>
            {avance ? 'Continuar la emisión' : 'Emitir todos los de este programa'}
          </button>
        ) : null}
      </div>
    </section>
  )
}

function Progreso({ id, avance }: { id: string; avance: Avance }) {
  const { estado, total, hechas, emitidos, yaEmitidos, fallos, interrupcion } = avance
  return (
    <div className="admin-emision__avance">
      {estado === 'preparando' ? (
        <p role="status">Buscando las solicitudes sin certificado…</p>
      ) : (
        <>
          <label htmlFor={id} className="admin-emision__etiqueta">
            Certificados del programa: {hechas} de {total}
          </label>
          <progress id={id} max={Math.max(total, 1)} value={hechas}>
            {hechas} de {total}
          </progress>
        </>
      )}
      <p role="status">
        {estado === 'emitiendo'
          ? null
          : estado === 'terminado'
            ? `Listo: ${segunCantidad(emitidos, 'se emitió', 'se emitieron')} ${emitidos} de ${total}.`
            : estado === 'detenido'
              ? `Emisión detenida: ${segunCantidad(emitidos, 'se emitió', 'se emitieron')} ${emitidos} de ${total}.`
              : null}
        {estado !== 'emitiendo' && estado !== 'preparando' && yaEmitidos > 0
          ? ` ${yaEmitidos} ${yaEmitidos === 1 ? 'ya tenía' : 'ya tenían'} un certificado vigente.`
          : null}
        {estado !== 'emitiendo' && estado !== 'preparando' && fallos.length > 0
          ? ` ${fallos.length} ${fallos.length === 1 ? 'no se pudo emitir' : 'no se pudieron emitir'}.`
          : null}
      </p>
      {interrupcion ? <MensajeError>{interrupcion}</MensajeError> : null}
      {fallos.length > 0 ? (
        <div className="admin-emision__fallos">
          <h3>No se pudieron emitir</h3>
          <ul>
            {fallos.map((f) => (
              <li key={f.codigoInscripcion}>
                {f.alumno} ({f.codigoInscripcion}): {f.motivo}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

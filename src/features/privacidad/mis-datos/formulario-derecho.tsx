import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import {
  CAMPO_OTRO,
  CAMPOS_RECTIFICABLES,
  DERECHO,
  DERECHOS,
  loQueSeSuprime,
  solicitudDerechoSchema,
  type Derecho,
} from '../../../domain/derechos.ts'
import { erroresPorCampo } from '../../../domain/errores-por-campo.ts'
import { CampoArea, CampoSelect, CampoTexto } from '../../../ui/campo.tsx'
import { enviarSolicitud } from './queries.ts'
import { mensajeDeError } from '../../../lib/mensaje-de-error.ts'

type Borrador = { campo: string; valorCorrecto: string; que: string; detalle: string; confirma: boolean }
const VACIO: Borrador = { campo: '', valorCorrecto: '', que: '', detalle: '', confirma: false }

/** The body the shared schema checks, from what the form holds for the chosen right. */
function cuerpo(derecho: Derecho, b: Borrador): unknown {
  switch (derecho) {
    case 'acceso':
    case 'portabilidad':
      return { derecho, detalle: b.detalle }
    case 'rectificacion':
      return { derecho, campo: b.campo, valorCorrecto: b.valorCorrecto, detalle: b.detalle }
    case 'supresion':
      return { derecho, confirmaLoQueSeConserva: b.confirma, detalle: b.detalle }
    case 'oposicion':
    case 'bloqueo':
      return { derecho, que: b.que, detalle: b.detalle }
  }
}

/**
 * One form per right: the right is chosen first, then its form asks what that right needs. The
 * shared schema checks it here and again on the server. Sent, the acknowledgment with the legal
 * deadline is shown at once.
 */
export function FormularioDerecho() {
  const queryClient = useQueryClient()
  const id = useId()
  const [derecho, setDerecho] = useState<Derecho | ''>('')
  const [borrador, setBorrador] = useState<Borrador>(VACIO)
  const [errores, setErrores] = useState<Record<string, string>>({})
  const [enviando, setEnviando] = useState(false)
  const [resultado, setResultado] = useState<{ tipo: 'exito' | 'error'; texto: string } | null>(null)
  const resultadoRef = useRef<HTMLDivElement>(null)
  const cambiar = (campo: keyof Borrador, valor: string | boolean) => setBorrador((b) => ({ ...b, [campo]: valor }))

  const enviar = async (e: FormEvent) => {
    e.preventDefault()
    setResultado(null)
    if (!derecho) {
      setErrores({ derecho: 'Elija el derecho que quiere ejercer.' })
      return
    }
    const valido = v.safeParse(solicitudDerechoSchema, cuerpo(derecho, borrador))
    if (!valido.success) {
      const porCampo = erroresPorCampo(valido.issues)
      setErrores({
        ...porCampo,
        ...(porCampo.confirmaLoQueSeConserva ? { confirma: porCampo.confirmaLoQueSeConserva } : {}),
      })
      return
    }
    setErrores({})
    setEnviando(true)
    try {
      const creada = await enviarSolicitud(queryClient, valido.output)
      setResultado({ tipo: 'exito', texto: creada.acuse })
      setBorrador(VACIO)
      setDerecho('')
    } catch (err) {
      setResultado({ tipo: 'error', texto: mensajeDeError(err) })
    } finally {
      setEnviando(false)
      resultadoRef.current?.focus()
    }
  }

  const supresion = derecho === 'supresion' ? loQueSeSuprime() : null
  return (
    <form onSubmit={(e) => void enviar(e)} noValidate className="mis-datos__formulario">
      <CampoSelect
        id={`${id}-derecho`}
        etiqueta="Derecho que quiere ejercer"
        obligatorio
        value={derecho}
        error={errores.derecho}
        ayuda={derecho ? DERECHO[derecho].explicacion : 'Cada derecho le pide lo necesario para atenderlo.'}
        onChange={(e) => {
          setDerecho(e.target.value as Derecho | '')
          setErrores({})
        }}
      >
        <option value="">Elija un derecho</option>
        {DERECHOS.map((d) => (
          <option key={d} value={d}>
            {DERECHO[d].nombre}
          </option>
        ))}
      </CampoSelect>

      {derecho === 'rectificacion' ? (
        <>
          <CampoSelect
            id={`${id}-campo`}
            etiqueta="Dato que quiere corregir"
            obligatorio
            value={borrador.campo}
            error={errores.campo}
            onChange={(e) => cambiar('campo', e.target.value)}
          >
            <option value="">Elija el dato</option>
            {Object.entries(CAMPOS_RECTIFICABLES).map(([campo, etiqueta]) => (
              <option key={campo} value={campo}>
                {etiqueta}
              </option>
            ))}
            <option value={CAMPO_OTRO}>Otro dato (descríbalo abajo)</option>
          </CampoSelect>
          <CampoTexto
            id={`${id}-valor`}
            etiqueta="Valor correcto"
            obligatorio
            value={borrador.valorCorrecto}
            error={errores.valorCorrecto}
            onChange={(e) => cambiar('valorCorrecto', e.target.value)}
          />
        </>
      ) : null}

      {derecho === 'oposicion' || derecho === 'bloqueo' ? (
        <CampoArea
          id={`${id}-que`}
          etiqueta={
            derecho === 'oposicion' ? '¿A qué uso de sus datos se opone?' : '¿Qué datos o qué uso quiere bloquear?'
          }
          obligatorio
          rows={3}
          value={borrador.que}
          error={errores.que}
          onChange={(e) => cambiar('que', e.target.value)}
        />
      ) : null}

      {supresion ? (
        <div className="mis-datos__supresion">
          <h3>Qué se eliminará</h3>
          <ul>
            {supresion.seElimina.map((c) => (
              <li key={c.id}>
                <strong>{c.nombre}</strong> ({c.como.toLowerCase()}): {c.contenido}
              </li>
            ))}
          </ul>
          <h3>Qué se conservará, y por qué</h3>
          <ul>
            {supresion.seConserva.map((c) => (
              <li key={c.id}>
                <strong>{c.nombre}</strong>: {c.porque} Plazo: {c.plazo}
              </li>
            ))}
          </ul>
          <div className={`campo${errores.confirma ? ' campo--error' : ''}`}>
            <label className="campo__casilla">
              <input
                type="checkbox"
                checked={borrador.confirma}
                aria-invalid={errores.confirma ? true : undefined}
                aria-describedby={errores.confirma ? `${id}-confirma-error` : undefined}
                onChange={(e) => cambiar('confirma', e.target.checked)}
              />{' '}
              Leí qué se eliminará y qué se conservará
            </label>
            {errores.confirma ? (
              <p id={`${id}-confirma-error`} className="campo__error">
                {errores.confirma}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}

      {derecho ? (
        <CampoArea
          id={`${id}-detalle`}
          etiqueta={
            derecho === 'rectificacion' && borrador.campo === CAMPO_OTRO
              ? 'Qué dato quiere corregir'
              : 'Detalle (opcional)'
          }
          obligatorio={derecho === 'rectificacion' && borrador.campo === CAMPO_OTRO}
          rows={3}
          value={borrador.detalle}
          error={errores.detalle}
          onChange={(e) => cambiar('detalle', e.target.value)}
        />
      ) : null}

      <button type="submit" className="boton" disabled={enviando}>
        {enviando ? 'Enviando…' : 'Enviar solicitud'}
      </button>
      <div ref={resultadoRef} tabIndex={-1} aria-live="polite" className="mis-datos__resultado">
        {resultado ? <p className={`mensaje mensaje--${resultado.tipo}`}>{resultado.texto}</p> : null}
      </div>
    </form>
  )
}

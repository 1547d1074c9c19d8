import { useQuery } from '@tanstack/react-query'
import { useMemo, useRef, useState, type FormEvent } from 'react'
import { MENSAJE_EDAD } from '../../domain/edad.ts'
import {
  crearPersonaSchema,
  MENSAJE_ACTUALIZACION_FALLIDA,
  MENSAJE_DATOS_ACTUALIZADOS,
  MENSAJE_FALTAN_DATOS,
  validarDocumentoIdentidad,
} from '../../domain/persona.ts'
import { claveBorrador } from '../../lib/offline/borradores.ts'
import { itemsDe } from '../../lib/offline/envios.ts'
import { useBorradorSobreServidor } from '../../lib/offline/use-borrador.ts'
import { useOutboxItems } from '../../lib/offline/use-outbox.ts'
import { enfocarPrimerInvalido, useFormulario } from '../../lib/use-formulario.ts'
import { alerta } from '../../ui/alertas.ts'
import { useAvisoCambiosSinGuardar } from '../offline/use-aviso-cambios-sin-guardar.ts'
import { lookupQueries } from '../lookups/queries.ts'
import { CamposDatosPersonales } from './campos-datos-personales.tsx'
import { CamposDatosProfesionales } from './campos-datos-profesionales.tsx'
import type { Lookups } from './campos.tsx'
import { envioPersona } from './envios.ts'
import { aFormulario, type PersonaServidor } from './queries.ts'
import { useGuardarPersona, type EnvioPersona } from './use-guardar-persona.ts'
import { MensajeError } from '../../ui/mensaje-error.tsx'

const MENSAJE_PENDIENTE = 'Cambios guardados en este dispositivo: pendiente de envío'

/**
 * 'Datos Personales' and 'Datos Profesionales'. Mount it once the person is loaded: the draft
 * starts from that data (or from a submission still waiting in the outbox) and every change is
 * kept in IndexedDB until it is saved.
 */
export function FormularioPersonal({
  persona,
  lookups,
  codigoAlumno,
}: {
  persona: PersonaServidor
  lookups: Lookups
  codigoAlumno: string
}) {
  const envio = itemsDe(envioPersona, useOutboxItems(codigoAlumno)).at(-1)
  const cuerpoEnEspera = envio && envio.estado !== 'rechazado' ? envio.cuerpo : undefined

  // What the server holds, or what this device already sent it and it has not confirmed yet
  // (after an offline save and a reload the form shows the student's own change, not the old data).
  const valorInicial = useMemo(() => ({ ...aFormulario(persona), ...cuerpoEnEspera }), [persona, cuerpoEnEspera])
  const borrador = useBorradorSobreServidor(claveBorrador(codigoAlumno, 'personal'), valorInicial)
  const schema = useMemo(() => crearPersonaSchema(), [])
  const form = useFormulario(schema, valorInicial, { valores: borrador.valor, cambiar: borrador.cambiar })
  const valores = borrador.valor
  const { guardando, guardar } = useGuardarPersona(codigoAlumno, envio, borrador)
  const formularioRef = useRef<HTMLFormElement>(null)
  // 'Datos Actualizados', beside the button, until the next change: no dialog to dismiss.
  const [guardado, setGuardado] = useState(false)
  const hayCambios = borrador.hayCambiosSinGuardar
  if (guardado && hayCambios) setGuardado(false)
  useAvisoCambiosSinGuardar(borrador.hayCambiosSinGuardar)

  const comunas = useQuery(lookupQueries.comunas(valores.codRegion))
  const errorDocumento = validarDocumentoIdentidad({
    rut: persona.rut,
    codPais: valores.codPais,
    tipoDocumento: valores.tipoDocumento,
    numeroDocumento: valores.numeroDocumento,
  })

  function focoEnPrimerInvalido() {
    // After the dialog has closed and given focus back.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => formularioRef.current && enfocarPrimerInvalido(formularioRef.current)),
    )
  }

  async function alGuardar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (guardando) return
    setGuardado(false)
    const datos = form.intentar(null)
    if (!datos || errorDocumento) {
      // A birth date under 18 is said once, by its own field, where the focus goes; anything
      // else missing is named by the 'Faltan datos requeridos' dialog.
      const soloEdad =
        !errorDocumento && Object.keys(form.errores).length === 1 && form.errores.fechaNac === MENSAJE_EDAD
      if (!soloEdad)
        await alerta({
          titulo: MENSAJE_FALTAN_DATOS,
          mensaje: 'Complete los campos marcados en rojo: cada uno indica qué falta o qué corregir.',
        })
      focoEnPrimerInvalido()
      return
    }
    const resultado = await guardar(datos)
    if (!resultado.rechazado && resultado.confirmado) setGuardado(true)
    if (resultado.rechazado) {
      form.erroresDelServidor(resultado.campos)
      focoEnPrimerInvalido()
    }
  }

  return (
    <form
      ref={formularioRef}
      className="formulario formulario--ancho"
      onSubmit={(e) => void alGuardar(e)}
      noValidate
      aria-describedby="personal-nota-obligatorios"
    >
      <p id="personal-nota-obligatorios" className="campo__ayuda">
        Los campos marcados con <span aria-hidden="true">*</span>
        <span className="sr-only">asterisco</span> son obligatorios.
      </p>

      {borrador.restaurado ? (
        <div className="mensaje mensaje--aviso" role="status">
          <p className="mensaje__titulo">Se recuperó un borrador sin enviar</p>
          <p>
            Sus últimos cambios
            {borrador.guardadoEn ? ` (del ${new Date(borrador.guardadoEn).toLocaleString('es-CL')})` : ''} aún no se han
            guardado. Revíselos y presione «Guardar», o descártelos.
          </p>
          <button type="button" className="boton boton--secundario" onClick={() => void borrador.descartar()}>
            Descartar borrador
          </button>
        </div>
      ) : null}

      <CamposDatosPersonales
        form={form}
        valores={valores}
        persona={persona}
        lookups={lookups}
        errorDocumento={errorDocumento}
        comunas={comunas}
      />
      <CamposDatosProfesionales form={form} valores={valores} lookups={lookups} />

      {/* 'Guardar' stays in reach at the bottom of the screen, however long the form; what the
          last save came to is said beside it. */}
      <div className="acciones acciones--guardar">
        <EstadoEnvio envio={envio} guardando={guardando} guardado={guardado} />
        <button type="submit" className="boton" disabled={guardando} aria-describedby="personal-estado-envio">
          {guardando ? 'Guardando…' : 'Guardar'}
        </button>
      </div>
    </form>
  )
}

/** Where the last save stands, derived from the outbox, so it survives a reload. */
function EstadoEnvio({
  envio,
  guardando,
  guardado,
}: {
  envio: EnvioPersona | undefined
  guardando: boolean
  guardado: boolean
}) {
  let texto: string | null = null
  let tono: 'aviso' | 'exito' | 'error' = 'aviso'
  if (guardado && !envio) {
    texto = `${MENSAJE_DATOS_ACTUALIZADOS}: sus datos fueron guardados.`
    tono = 'exito'
  } else if (envio?.estado === 'enviando' || (guardando && envio?.estado === 'pendiente' && envio.intentos === 0))
    texto = 'Enviando sus cambios…'
  else if (envio?.estado === 'pendiente') texto = MENSAJE_PENDIENTE
  else if (envio?.estado === 'en-pausa') texto = `${MENSAJE_PENDIENTE} (en pausa: inicie sesión para enviar)`
  else if (envio?.estado === 'rechazado') {
    texto = `El servidor rechazó los últimos cambios: ${envio.ultimoError ?? MENSAJE_ACTUALIZACION_FALLIDA} Corrija los datos y vuelva a guardar.`
    tono = 'error'
  }
  return (
    <div id="personal-estado-envio" role="status">
      {!texto ? null : tono === 'error' ? (
        <MensajeError rol={null}>{texto}</MensajeError>
      ) : (
        <p className={`mensaje mensaje--${tono}`}>{texto}</p>
      )}
    </div>
  )
}

import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  encuestaVacia,
  MENSAJE_ENCUESTA_INCOMPLETA,
  MENSAJE_SIN_ENCUESTA,
  mensajeConsultaFallida,
  type EncuestaFormulario,
} from '../../domain/encuesta.ts'
import { claveBorrador } from '../../lib/offline/borradores.ts'
import { itemsDe } from '../../lib/offline/envios.ts'
import { useBorradorSobreServidor } from '../../lib/offline/use-borrador.ts'
import { useOutboxItems } from '../../lib/offline/use-outbox.ts'
import { Dialogo } from '../../ui/dialogo.tsx'
import { Estado } from '../../ui/spinner.tsx'
import { estadoEnPalabras } from '../offline/estado-item.ts'
import { useAvisoCambiosSinGuardar } from '../offline/use-aviso-cambios-sin-guardar.ts'
import { envioEncuesta } from './envios.ts'
import { FormularioEncuesta } from './formulario-encuesta.tsx'
import { solicitudQueries, type Solicitud } from './queries.ts'
import { useEnviarEncuesta, type EnvioEncuesta } from './use-enviar-encuesta.ts'
import { EnlacePrivacidad } from '../../ui/enlace-privacidad.tsx'
import { MensajeError } from '../../ui/mensaje-error.tsx'

type Props = { solicitud: Solicitud; codigoAlumno: string; onCerrar: () => void }

/**
 * The general survey of one enrolment, in a large dialog. A sent survey shows read-only; one
 * waiting in the outbox shows as pending; otherwise the student answers it, every answer kept as
 * a draft on this device until it is sent. With no connection it still opens and can be sent:
 * the outbox sends it when the signal returns.
 */
export function DialogoEncuesta({ solicitud, codigoAlumno, onCerrar }: Props) {
  const codigo = solicitud.codigoInscripcion
  const consulta = useQuery(solicitudQueries.encuesta(codigo))
  const envio = itemsDe(envioEncuesta, useOutboxItems(codigoAlumno)).findLast((i) => i.parametros?.codigo === codigo)
  const titulo = `Encuesta general, solicitud ${codigo}`

  // Answers to show read-only: the sent survey, or the one waiting in the outbox.
  const respuestas = consulta.data?.respuestas ?? (envio && envio.estado !== 'rechazado' ? envio.cuerpo : undefined)
  if (respuestas) {
    return (
      <Dialogo titulo={titulo} onCerrar={onCerrar} grande>
        <p className="mensaje mensaje--aviso" role="status">
          {consulta.data?.enviadaEn
            ? `Encuesta enviada el ${new Date(consulta.data.enviadaEn).toLocaleString('es-CL')}.`
            : `Encuesta ${envio ? estadoEnPalabras(envio) : 'pendiente de envío'}.`}
        </p>
        <FormularioEncuesta
          valores={{ ...encuestaVacia(), ...(respuestas as EncuestaFormulario) }}
          onCambiar={() => {}}
          errores={{}}
          soloLectura
        />
      </Dialogo>
    )
  }
  if (consulta.isPending) {
    return (
      <Dialogo titulo={titulo} onCerrar={onCerrar} grande>
        <Estado texto="Consultando la encuesta…" />
      </Dialogo>
    )
  }
  if (solicitud.encuesta === 'enviada') {
    // The list says it was sent, but its answers could not be read (no connection).
    return (
      <Dialogo titulo={titulo} onCerrar={onCerrar}>
        <p role="alert">{mensajeConsultaFallida(consulta.error?.message ?? 'sin conexión')}</p>
        <p>La encuesta de esta solicitud ya fue enviada.</p>
      </Dialogo>
    )
  }
  return (
    <EncuestaEditable
      titulo={titulo}
      codigo={codigo}
      codigoAlumno={codigoAlumno}
      envio={envio}
      aviso={consulta.isError ? mensajeConsultaFallida(consulta.error.message) : MENSAJE_SIN_ENCUESTA}
      onCerrar={onCerrar}
    />
  )
}

function EncuestaEditable({
  titulo,
  codigo,
  codigoAlumno,
  envio,
  aviso,
  onCerrar,
}: {
  titulo: string
  codigo: string
  codigoAlumno: string
  envio: EnvioEncuesta | undefined
  aviso: string
  onCerrar: () => void
}) {
  // A refused send comes back as the starting point, to be corrected rather than retyped.
  const [inicial] = useState<EncuestaFormulario>(() => ({
    ...encuestaVacia(),
    ...(envio?.cuerpo as Partial<EncuestaFormulario> | undefined),
  }))
  const borrador = useBorradorSobreServidor(claveBorrador(codigoAlumno, 'encuesta', codigo), inicial)
  const { enviando, errores, finalizar } = useEnviarEncuesta(codigoAlumno, codigo, envio, borrador)
  useAvisoCambiosSinGuardar(borrador.hayCambiosSinGuardar)
  const hayErrores = Object.keys(errores).length > 0

  return (
    <Dialogo
      titulo={titulo}
      onCerrar={onCerrar}
      grande
      acciones={
        <>
          <button type="submit" form="formulario-encuesta" className="boton" disabled={enviando}>
            {enviando ? 'Enviando…' : 'Finalizar Encuesta'}
          </button>
          <button type="button" className="boton boton--secundario" onClick={onCerrar}>
            Cancelar
          </button>
        </>
      }
    >
      <p className="mensaje mensaje--aviso" role="status">
        {aviso}
      </p>
      {borrador.restaurado ? (
        <p className="mensaje mensaje--aviso" role="status">
          Se recuperaron sus respuestas guardadas en este dispositivo
          {borrador.guardadoEn ? ` el ${new Date(borrador.guardadoEn).toLocaleString('es-CL')}` : ''}.
        </p>
      ) : null}
      {envio?.estado === 'rechazado' ? (
        <MensajeError>
          El envío anterior fue rechazado: {envio.ultimoError} Corrija la encuesta y vuelva a enviarla.
        </MensajeError>
      ) : null}
      <form
        id="formulario-encuesta"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void finalizar()
        }}
      >
        <p className="campo__ayuda">
          Los campos marcados con <span aria-hidden="true">*</span>
          <span className="sr-only">asterisco</span> son obligatorios.
        </p>
        <EnlacePrivacidad nuevaPestana />
        <FormularioEncuesta
          valores={borrador.valor}
          onCambiar={borrador.cambiar}
          errores={errores}
          soloLectura={false}
        />
        {hayErrores ? <MensajeError>{MENSAJE_ENCUESTA_INCOMPLETA}</MensajeError> : null}
      </form>
    </Dialogo>
  )
}

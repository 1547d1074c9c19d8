import { useState } from 'react'
import {
  fechaCorta,
  MENSAJE_CONDICIONES_ACEPTADAS,
  MENSAJE_CONDICIONES_RECHAZADAS,
  TEXTO_CONDICIONES,
  type DecisionCondiciones,
} from '../../domain/solicitudes.ts'
import { useEnviar } from '../../lib/offline/envios.ts'
import { useOutbox } from '../../lib/offline/use-outbox.ts'
import { alerta } from '../../ui/alertas.ts'
import { Dialogo } from '../../ui/dialogo.tsx'
import { toast } from '../../ui/toasts.ts'
import { envioCondiciones } from './envios.ts'
import type { Solicitud } from './queries.ts'

/**
 * The enrolment conditions and the student's decision on them. A rejection is confirmed first;
 * it tells the commercial assistant, and can be reconsidered by accepting later. Offline, the
 * decision waits in the outbox like any other change.
 */
export function DialogoCondiciones({
  solicitud,
  codigoAlumno,
  onCerrar,
}: {
  solicitud: Solicitud
  codigoAlumno: string
  onCerrar: () => void
}) {
  const outbox = useOutbox()
  const enviar = useEnviar(envioCondiciones)
  const [enviando, setEnviando] = useState(false)
  const actual = solicitud.condiciones

  async function decidir(decision: DecisionCondiciones) {
    if (decision === 'rechazadas') {
      const respuesta = await alerta({
        titulo: 'Rechazar condiciones',
        mensaje:
          'Si rechaza las condiciones, su Asistente Comercial será informado para contactarle. ¿Desea rechazarlas?',
        // The safe choice first: it has the focus when the dialog opens.
        acciones: [
          { valor: 'cancelar', etiqueta: 'Cancelar' },
          { valor: 'rechazar', etiqueta: 'Rechazar condiciones' },
        ],
      })
      if (respuesta !== 'rechazar') return
    }
    setEnviando(true)
    try {
      const item = await enviar(codigoAlumno, { decision }, { parametros: { codigo: solicitud.codigoInscripcion } })
      const resultado = await outbox.esperar(item.id)
      if (resultado.estado === 'confirmado') {
        // A rejection is recorded, not celebrated: it is confirmed in neutral words.
        toast(
          decision === 'aceptadas'
            ? { tipo: 'success', mensaje: MENSAJE_CONDICIONES_ACEPTADAS }
            : { tipo: 'info', titulo: 'Decisión registrada', mensaje: MENSAJE_CONDICIONES_RECHAZADAS },
        )
      } else if (resultado.estado === 'rechazado') {
        await alerta({
          titulo: 'Condiciones',
          mensaje: resultado.item.ultimoError ?? 'No se pudo registrar su decisión.',
        })
        return
      } else if (resultado.estado !== 'retirado') {
        toast({
          tipo: 'info',
          mensaje: 'Su decisión quedó guardada en este dispositivo: se enviará cuando vuelva la conexión.',
        })
      }
      onCerrar()
    } finally {
      setEnviando(false)
    }
  }

  return (
    <Dialogo
      titulo={`Condiciones de la solicitud ${solicitud.codigoInscripcion}`}
      onCerrar={onCerrar}
      acciones={
        <>
          <button type="button" className="boton" disabled={enviando} onClick={() => void decidir('aceptadas')}>
            Aceptar condiciones
          </button>
          <button
            type="button"
            className="boton boton--secundario"
            disabled={enviando}
            onClick={() => void decidir('rechazadas')}
          >
            Rechazar condiciones
          </button>
          <button type="button" className="boton boton--secundario" onClick={onCerrar}>
            Cerrar
          </button>
        </>
      }
    >
      <p className="campo__ayuda">{solicitud.nombreCurso}</p>
      {TEXTO_CONDICIONES.map((parrafo) => (
        <p key={parrafo}>{parrafo}</p>
      ))}
      <p role="status">
        {actual
          ? `Usted ${actual.decision === 'aceptadas' ? 'aceptó' : 'rechazó'} estas condiciones el ${fechaCorta(actual.decididaEn)}.`
          : 'Aún no ha respondido estas condiciones.'}
      </p>
    </Dialogo>
  )
}

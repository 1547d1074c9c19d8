import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { useState } from 'react'
import { formatearClp } from '../../../domain/moneda.ts'
import {
  ETIQUETA_CAMPO_PAGO_FISICO,
  MAXIMO_CAMPO_PAGO_FISICO,
  pagoPresencialSchema,
  type PagoPresencial,
} from '../../../domain/pago-presencial.ts'
import type { EstadoCuota } from '../../../domain/pagos.ts'
import { CampoTexto } from '../../../ui/campo.tsx'
import { toast } from '../../../ui/toasts.ts'
import { DialogoFormulario } from '../dialogo-formulario.tsx'
import { fecha } from '../formato.ts'
import { personalQueries, tieneCapacidad } from '../queries.ts'
import { actualizarTrasPago, pagosMutations } from './queries.ts'
import { useDialogoFormulario } from '../use-dialogo-formulario.ts'

/** An installment as the student's page lists it. */
type Cuota = { numero: number; monto: number; vencimiento: string; estado: EstadoCuota; pagoId: string | null }

const CAMPOS = ['idPagoFlujo', 'codPagoFlujo', 'codFilaWpay', 'appName'] as const satisfies (keyof PagoPresencial)[]

/**
 * Recording a payment made in person for one unpaid installment: the physical payment record's
 * fields, typed from the payment flow's slip; the seller is the staff member signed in (shown,
 * never typed). Once recorded the installment reads paid for the student, who gets the receipt.
 */
export function DialogoPagoPresencial({
  codigoInscripcion,
  cuota,
  onCerrar,
}: {
  codigoInscripcion: string
  cuota: Cuota
  onCerrar: () => void
}) {
  const queryClient = useQueryClient()
  const { data: sesion } = useQuery(personalQueries.sesion())
  const {
    form,
    mutacion: registro,
    enviar,
  } = useDialogoFormulario({
    schema: pagoPresencialSchema,
    inicial: { idPagoFlujo: '', codPagoFlujo: '', codFilaWpay: '', appName: '' },
    enviarDatos: (datos) => pagosMutations.registrarPresencial({ codigoInscripcion, numero: cuota.numero, datos }),
    alEnviar: () => {
      toast({
        tipo: 'success',
        mensaje: `Pago presencial de la cuota ${cuota.numero} registrado. El alumno ya la ve pagada y tiene su comprobante.`,
      })
      onCerrar()
    },
    alTerminar: () => actualizarTrasPago(queryClient),
  })

  return (
    <DialogoFormulario
      titulo="Registrar pago presencial"
      accion="Registrar pago"
      enCurso="Registrando…"
      mutacion={registro}
      enviar={enviar}
      onCerrar={onCerrar}
      antes={
        <p>
          Cuota <strong>{cuota.numero}</strong> de la solicitud <strong>{codigoInscripcion}</strong>, por{' '}
          <strong>{formatearClp(cuota.monto)}</strong>, con vencimiento el {fecha(cuota.vencimiento)}. Al registrarla
          quedará pagada, el alumno recibirá su comprobante y no podrá pagarla de nuevo en línea.
        </p>
      }
    >
      {CAMPOS.map((campo) => (
        <CampoTexto
          key={campo}
          etiqueta={ETIQUETA_CAMPO_PAGO_FISICO[campo]}
          obligatorio
          autoComplete="off"
          spellCheck={false}
          maxLength={MAXIMO_CAMPO_PAGO_FISICO}
          {...form.campo(campo)}
        />
      ))}
      <p>
        Vendedor: <strong>{sesion?.personal.nombre}</strong> ({sesion?.personal.email}), quien registra el pago.
      </p>
    </DialogoFormulario>
  )
}

/** What the school can do with an installment on the student's page: record its payment, or see it. */
function AccionCuota({
  codigoInscripcion,
  cuota,
  bloqueado,
}: {
  codigoInscripcion: string
  cuota: Cuota
  bloqueado: { razon: string; idRazon: string } | null
}) {
  const { data: sesion } = useQuery(personalQueries.sesion())
  const [abierto, setAbierto] = useState(false)
  if (cuota.pagoId)
    return tieneCapacidad(sesion, 'pagos.ver') ? (
      <Link to="/admin/pagos/$id" params={{ id: cuota.pagoId }}>
        Ver pago<span className="sr-only"> de la cuota {cuota.numero}</span>
      </Link>
    ) : (
      '—'
    )
  if (!tieneCapacidad(sesion, 'pagos.registrar')) return '—'
  // The student's data is blocked: nothing of theirs is changed meanwhile; the reason is on the page.
  if (bloqueado)
    return (
      <button
        type="button"
        className="boton boton--secundario"
        disabled
        title={bloqueado.razon}
        aria-describedby={bloqueado.idRazon}
      >
        Registrar pago presencial<span className="sr-only"> de la cuota {cuota.numero}</span>
      </button>
    )
  return (
    <>
      <button type="button" className="boton boton--secundario" onClick={() => setAbierto(true)}>
        Registrar pago presencial<span className="sr-only"> de la cuota {cuota.numero}</span>
      </button>
      {abierto ? (
        <DialogoPagoPresencial codigoInscripcion={codigoInscripcion} cuota={cuota} onCerrar={() => setAbierto(false)} />
      ) : null}
    </>
  )
}

/** The installments table's column of actions, for one enrolment. */
export function columnaAccionCuota<T extends Cuota>(
  codigoInscripcion: string,
  bloqueado: { razon: string; idRazon: string } | null = null,
): ColumnDef<T, unknown> {
  return {
    id: 'acciones',
    header: 'Pago',
    cell: ({ row }) => <AccionCuota codigoInscripcion={codigoInscripcion} cuota={row.original} bloqueado={bloqueado} />,
  }
}

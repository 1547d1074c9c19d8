import * as v from 'valibot'
import { textoRequerido } from './validacion.ts'

// A payment made in person (at the school's office, through its own Webpay terminal or payment
// flow), recorded by staff so the installment reads paid and the student gets the receipt. The
// form asks for the physical payment record's fields (setPagoFisicoWpay): the flow's payment id
// and code, the Webpay row's code and the application that took it. The seller's name and e-mail
// are never typed: the server takes them from the staff member who records it.

export const MAXIMO_CAMPO_PAGO_FISICO = 60

export const MENSAJE_ID_PAGO_FLUJO = 'Indique el identificador del pago en el flujo (hasta 60 caracteres).'
export const MENSAJE_COD_PAGO_FLUJO = 'Indique el código del pago en el flujo (hasta 60 caracteres).'
export const MENSAJE_COD_FILA_WPAY = 'Indique el código de la fila de Webpay (hasta 60 caracteres).'
export const MENSAJE_APP_NAME = 'Indique la aplicación con que se cobró (hasta 60 caracteres).'

/** Answered to the second of two staff recording the same installment, and to any later one. */
export const MENSAJE_CUOTA_YA_PAGADA_PRESENCIAL =
  'Esta cuota ya está pagada: su pago quedó registrado antes (quizás por otra persona en este mismo momento). No se registró un segundo pago.'
/** The student is paying it online right now: the gateway holds it until it answers. */
export const MENSAJE_CUOTA_PAGO_EN_CURSO =
  'El alumno está pagando esta cuota en línea en este momento. Espere unos minutos y revise la cuota antes de registrar un pago presencial.'

export const pagoPresencialSchema = v.object({
  idPagoFlujo: textoRequerido(MAXIMO_CAMPO_PAGO_FISICO, MENSAJE_ID_PAGO_FLUJO),
  codPagoFlujo: textoRequerido(MAXIMO_CAMPO_PAGO_FISICO, MENSAJE_COD_PAGO_FLUJO),
  codFilaWpay: textoRequerido(MAXIMO_CAMPO_PAGO_FISICO, MENSAJE_COD_FILA_WPAY),
  appName: textoRequerido(MAXIMO_CAMPO_PAGO_FISICO, MENSAJE_APP_NAME),
})
export type PagoPresencial = v.InferOutput<typeof pagoPresencialSchema>

/** The form's labels, shared with the tests that find the fields by them. */
export const ETIQUETA_CAMPO_PAGO_FISICO: Record<keyof PagoPresencial, string> = {
  idPagoFlujo: 'Identificador del pago en el flujo',
  codPagoFlujo: 'Código del pago en el flujo',
  codFilaWpay: 'Código de la fila de Webpay',
  appName: 'Aplicación con que se cobró',
}

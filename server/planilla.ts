// The school's spreadsheets (exceljs): every export opens the same way, with its header row bold
// and frozen, and writes moments as the date and time the school reads in Chile. What goes in a
// text cell is src/domain/planilla.ts's rule (never a formula).
import ExcelJS from 'exceljs'
import { fechaEnChile, horaEnChile } from '../src/domain/fechas.ts'

/** The Content-Type of every spreadsheet the school downloads. */
export const TIPO_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export function nuevoLibro(): ExcelJS.Workbook {
  const libro = new ExcelJS.Workbook()
  libro.creator = 'Portal del Estudiante'
  return libro
}

/** A sheet whose first row is the columns' headers, in bold, kept in view while scrolling. */
export function hojaConEncabezado(
  libro: ExcelJS.Workbook,
  nombre: string,
  columnas: Partial<ExcelJS.Column>[],
): ExcelJS.Worksheet {
  const hoja = libro.addWorksheet(nombre, { views: [{ state: 'frozen', ySplit: 1 }] })
  hoja.columns = columnas
  hoja.getRow(1).font = { bold: true }
  return hoja
}

/** A day (YYYY-MM-DD) as a date cell. */
export function celdaFecha(dia: string): Date {
  return new Date(`${dia}T00:00:00.000Z`)
}

/**
 * A moment as a date-and-time cell: Excel's dates have no time zone, so the moment is written as
 * its date and time in Chile (what the school reads on a calendar), carried in a Date's UTC fields
 * as the library writes them.
 */
export function celdaFechaHora(momento: Date | string): Date {
  const m = typeof momento === 'string' ? new Date(momento) : momento
  return new Date(`${fechaEnChile(m)}T${horaEnChile(m)}:00.000Z`)
}

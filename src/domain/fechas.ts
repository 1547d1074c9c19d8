// Dates as the school writes them. Calendar dates are 'yyyy-mm-dd' strings; a moment becomes a
// date or a time in Chile's time zone, whatever the server's or the phone's own.

const ZONA_CHILE = 'America/Santiago'

const MESES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
]

/** '2025-01-17' -> '17 de enero de 2025'. */
export function fechaLarga(iso: string): string {
  const [anio, mes, dia] = iso.slice(0, 10).split('-').map(Number)
  return `${dia} de ${MESES[(mes ?? 1) - 1]} de ${anio}`
}

/**
 * One formatter per shape, made on first use and kept: making an Intl.DateTimeFormat costs tens of
 * microseconds, which the server paid on every request that asks what day it is in Chile.
 */
function formato(opciones: Intl.DateTimeFormatOptions & { locale: string }): () => Intl.DateTimeFormat {
  let hecho: Intl.DateTimeFormat | undefined
  const { locale, ...resto } = opciones
  return () => (hecho ??= new Intl.DateTimeFormat(locale, { timeZone: ZONA_CHILE, ...resto }))
}

// en-CA writes dates as yyyy-mm-dd.
const FECHA = formato({ locale: 'en-CA' })
const HORA = formato({ locale: 'es-CL', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
const MOMENTO = formato({
  locale: 'en-CA',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/** The calendar date in Chile at that moment, 'yyyy-mm-dd'. */
export function fechaEnChile(momento: Date): string {
  return FECHA().format(momento)
}

/** The time in Chile at that moment, 'hh:mm' (24 h). */
export function horaEnChile(momento: Date): string {
  return HORA().format(momento)
}

/** `fecha` ('yyyy-mm-dd') moved by `dias` calendar days (negative goes back). */
export function sumarDias(fecha: string, dias: number): string {
  const [anio, mes, dia] = fecha.split('-').map(Number)
  return new Date(Date.UTC(anio ?? 0, (mes ?? 1) - 1, (dia ?? 1) + dias)).toISOString().slice(0, 10)
}

/** How far Chile's clock is ahead of UTC at that moment, in milliseconds (negative: behind). */
function desfaseDeChile(momento: Date): number {
  const partes = MOMENTO().formatToParts(momento)
  const parte = (tipo: string) => Number(partes.find((p) => p.type === tipo)?.value)
  const comoUtc = Date.UTC(
    parte('year'),
    parte('month') - 1,
    parte('day'),
    parte('hour'),
    parte('minute'),
    parte('second'),
  )
  return comoUtc - Math.floor(momento.getTime() / 1000) * 1000
}

/**
 * The moment a calendar day ('yyyy-mm-dd') begins in Chile. Chile moves its clocks at midnight:
 * the offset at the day's noon gives the start, except on the day summer time begins, when that
 * guess still falls in the evening before and the day really begins at 01:00.
 */
export function inicioDelDiaEnChile(fecha: string): Date {
  const [anio, mes, dia] = fecha.split('-').map(Number)
  const medianocheUtc = Date.UTC(anio ?? 0, (mes ?? 1) - 1, dia ?? 1)
  const estimado = new Date(medianocheUtc - desfaseDeChile(new Date(medianocheUtc + 12 * 3_600_000)))
  if (fechaEnChile(estimado) === fecha) return estimado
  return new Date(medianocheUtc - desfaseDeChile(estimado))
}

/**
 * The week in Chile (Monday to Sunday) that holds that moment: its first and last days
 * ('yyyy-mm-dd') and the moments it starts and ends (the next Monday's start), for comparing
 * stored timestamps.
 */
export function semanaEnChile(momento: Date): { desde: string; hasta: string; inicio: Date; fin: Date } {
  const hoy = fechaEnChile(momento)
  const diaDeLaSemana = new Date(`${hoy}T00:00:00.000Z`).getUTCDay()
  const lunes = sumarDias(hoy, -((diaDeLaSemana + 6) % 7))
  return {
    desde: lunes,
    hasta: sumarDias(lunes, 6),
    inicio: inicioDelDiaEnChile(lunes),
    fin: inicioDelDiaEnChile(sumarDias(lunes, 7)),
  }
}

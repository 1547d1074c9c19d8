// Chile's public holidays (feriados legales), as data, for counting business days: the deadline of
// a blocking request (2 business days) and the 30 business days a person has to complain to the
// Agencia de Protección de Datos Personales. A business day is Monday to Friday except these
// (Ley 19.880, art. 25).
//
// Sources: Ley 2.977 and Ley 19.973 (the fixed holidays), Ley 19.668 (San Pedro y San Pablo and
// Encuentro de Dos Mundos move to a Monday: back when they fall on Tuesday to Thursday, forward when
// on Friday), Ley 20.148 (Virgen del Carmen), Ley 20.299 (Iglesias Evangélicas: a Tuesday moves to
// the Friday before, a Wednesday to the Friday after), Ley 21.357 (Pueblos Indígenas, the day of the
// winter solstice), Ley 20.215 and Ley 20.983 (17 and 20 September when they join a long weekend).
// Easter (Viernes and Sábado Santo) by the Gregorian computus. The government publishes each year's
// list (https://www.gob.cl/feriados): the dates below were worked out from the laws above, without
// access to that list here, and must be checked against it each year (an election day on a weekday
// or a new law adds days). A year not listed here counts weekends only, and `FERIADOS_HASTA` says
// until when the list is known.

export const FERIADOS_CHILE: Readonly<Record<string, string>> = {
  // 2026
  '2026-01-01': 'Año Nuevo',
  '2026-04-03': 'Viernes Santo',
  '2026-04-04': 'Sábado Santo',
  '2026-05-01': 'Día Nacional del Trabajo',
  '2026-05-21': 'Día de las Glorias Navales',
  '2026-06-21': 'Día Nacional de los Pueblos Indígenas',
  '2026-06-29': 'San Pedro y San Pablo',
  '2026-07-16': 'Día de la Virgen del Carmen',
  '2026-08-15': 'Asunción de la Virgen',
  '2026-09-18': 'Independencia Nacional',
  '2026-09-19': 'Día de las Glorias del Ejército',
  '2026-10-12': 'Encuentro de Dos Mundos',
  '2026-10-31': 'Día de las Iglesias Evangélicas y Protestantes',
  '2026-11-01': 'Día de Todos los Santos',
  '2026-12-08': 'Inmaculada Concepción',
  '2026-12-25': 'Navidad',
  // 2027
  '2027-01-01': 'Año Nuevo',
  '2027-03-26': 'Viernes Santo',
  '2027-03-27': 'Sábado Santo',
  '2027-05-01': 'Día Nacional del Trabajo',
  '2027-05-21': 'Día de las Glorias Navales',
  '2027-06-21': 'Día Nacional de los Pueblos Indígenas',
  '2027-06-28': 'San Pedro y San Pablo',
  '2027-07-16': 'Día de la Virgen del Carmen',
  '2027-08-15': 'Asunción de la Virgen',
  '2027-09-18': 'Independencia Nacional',
  '2027-09-19': 'Día de las Glorias del Ejército',
  '2027-10-11': 'Encuentro de Dos Mundos',
  '2027-10-31': 'Día de las Iglesias Evangélicas y Protestantes',
  '2027-11-01': 'Día de Todos los Santos',
  '2027-12-08': 'Inmaculada Concepción',
  '2027-12-25': 'Navidad',
  // 2028
  '2028-01-01': 'Año Nuevo',
  '2028-04-14': 'Viernes Santo',
  '2028-04-15': 'Sábado Santo',
  '2028-05-01': 'Día Nacional del Trabajo',
  '2028-05-21': 'Día de las Glorias Navales',
  '2028-06-20': 'Día Nacional de los Pueblos Indígenas',
  '2028-06-26': 'San Pedro y San Pablo',
  '2028-07-16': 'Día de la Virgen del Carmen',
  '2028-08-15': 'Asunción de la Virgen',
  '2028-09-18': 'Independencia Nacional',
  '2028-09-19': 'Día de las Glorias del Ejército',
  '2028-10-09': 'Encuentro de Dos Mundos',
  '2028-10-27': 'Día de las Iglesias Evangélicas y Protestantes',
  '2028-11-01': 'Día de Todos los Santos',
  '2028-12-08': 'Inmaculada Concepción',
  '2028-12-25': 'Navidad',
}

/** The last day the list above covers. */
export const FERIADOS_HASTA = '2028-12-31'

/** Easter Sunday of a year (Gregorian computus, the anonymous algorithm), 'yyyy-mm-dd'. */
export function domingoDePascua(anio: number): string {
  const a = anio % 19
  const b = Math.floor(anio / 100)
  const c = anio % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const mes = Math.floor((h + l - 7 * m + 114) / 31)
  const dia = ((h + l - 7 * m + 114) % 31) + 1
  return `${anio}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`
}

export function esFeriado(fecha: string): boolean {
  return Object.hasOwn(FERIADOS_CHILE, fecha)
}

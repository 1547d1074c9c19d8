// The portal's one name, as every screen, e-mail, page title and document says it.
export const NOMBRE_PORTAL = 'Portal del Estudiante'

/** The school, as its signed documents and its privacy policy name it. */
export const NOMBRE_ESCUELA = 'Escuela de Postgrado en Ciencias de la Salud'

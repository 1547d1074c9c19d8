// The portal's one name, as every screen, e-mail, page title and document says it.
export const NOMBRE_PORTAL = 'Portal del Estudiante'

import type { Capacidad } from '../../domain/personal.ts'

/**
 * The school's area, section by section: the navigation and the home page list each one the
 * staff member's role may use. A section joins with one line here and its route under
 * src/routes/admin/_personal/.
 */
export type Seccion = { ruta: string; titulo: string; descripcion: string; capacidad: Capacidad | null }

export const SECCIONES: Seccion[] = [
  { ruta: '/admin/home', titulo: 'Inicio', descripcion: '', capacidad: null },
  {
    ruta: '/admin/alumnos',
    titulo: 'Alumnos',
    descripcion: 'Buscar un alumno por nombre, RUT, pasaporte, correo o código, y ver su ficha e historial.',
    capacidad: 'alumnos.ver',
  },
  {
    ruta: '/admin/importacion',
    titulo: 'Importar',
    descripcion: 'Cargar alumnos e inscripciones desde el archivo del CRM (CSV o XLSX), con vista previa de cada fila.',
    capacidad: 'alumnos.importar',
  },
  {
    ruta: '/admin/documentos',
    titulo: 'Documentos',
    descripcion: 'Revise los documentos que suben los estudiantes: apruébelos o rechácelos con un motivo.',
    capacidad: 'documentos.revisar',
  },
  {
    ruta: '/admin/certificados',
    titulo: 'Certificados',
    descripcion: 'Emitir y revocar los certificados de los programas terminados.',
    capacidad: 'certificados.gestionar',
  },
  {
    ruta: '/admin/encuestas',
    titulo: 'Encuestas',
    descripcion: 'Resultados de la encuesta general por programa y año, en gráficos y en planilla.',
    capacidad: 'encuestas.ver',
  },
  {
    ruta: '/admin/concursos',
    titulo: 'Concursos',
    descripcion:
      'Crear, editar, abrir y cerrar concursos; sus postulaciones, pagos y documentos, y la planilla de postulantes.',
    capacidad: 'concursos.gestionar',
  },
  {
    ruta: '/admin/ofertas',
    titulo: 'Ofertas laborales',
    descripcion:
      'Publicar, editar y cerrar ofertas laborales, y mostrar u ocultar su mosaico en el inicio de los estudiantes.',
    capacidad: 'ofertas.gestionar',
  },
  {
    ruta: '/admin/pagos',
    titulo: 'Pagos',
    descripcion:
      'Todos los pagos con los datos de la pasarela y su comprobante, pagos presenciales y la conciliación diaria.',
    capacidad: 'pagos.ver',
  },
  {
    ruta: '/admin/privacidad',
    titulo: 'Privacidad',
    descripcion:
      'Las solicitudes de los estudiantes sobre sus datos (acceso, rectificación, supresión…), con su plazo legal: prorrogar, responder, aprobar o rechazar.',
    capacidad: 'privacidad.gestionar',
  },
  {
    ruta: '/admin/auditoria',
    titulo: 'Auditoría',
    descripcion: 'Todas las acciones del personal, por persona, acción y fecha.',
    capacidad: 'auditoria.ver',
  },
  {
    ruta: '/admin/personal',
    titulo: 'Personal',
    descripcion: 'Cuentas del personal: invitar, cambiar el rol, desactivar y reiniciar el segundo factor.',
    capacidad: 'personal.gestionar',
  },
  {
    ruta: '/admin/integracion',
    titulo: 'Integración',
    descripcion: 'Claves de la API con que el CRM carga alumnos e inscripciones y lee lo que ocurre en el portal.',
    capacidad: 'integracion.gestionar',
  },
  // Privacy.
  {
    ruta: '/admin/privacidad/retencion',
    titulo: 'Conservación de datos',
    descripcion: 'Revisar qué datos vencieron según el registro de datos personales y confirmar su eliminación.',
    capacidad: 'privacidad.retencion',
  },
  {
    ruta: '/admin/privacidad/brechas',
    titulo: 'Incidentes de seguridad',
    descripcion: 'Registrar un incidente que afecte datos personales y avisar a los alumnos afectados.',
    capacidad: 'privacidad.brechas',
  },
]

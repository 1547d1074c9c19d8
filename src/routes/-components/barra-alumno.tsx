import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useRouteContext, useRouter } from '@tanstack/react-router'
import { authMutations } from '../../features/auth/queries.ts'
import { mensajeSalida } from '../../features/offline/mensaje-salida.ts'
import { cerrarSesionLocal } from '../../lib/session.ts'
import { alerta } from '../../ui/alertas.ts'

export { CampanaAvisos } from '../../features/notificaciones/campana.tsx'

// The header's signed-in part: the top navigation and 'Salir'. Loaded once a student is signed
// in (encabezado.tsx), so a visitor's first screen does not download it.

const SECCIONES = [
  { to: '/home', etiqueta: 'Inicio' },
  { to: '/info/personal', etiqueta: 'Información Personal' },
  { to: '/info/solicitudes', etiqueta: 'Solicitudes' },
  { to: '/concurso/listado', etiqueta: 'Concursos' },
] as const

/** The top navigation of a signed-in student. */
export function NavegacionAlumno() {
  return (
    <nav className="navegacion" aria-label="Principal">
      <ul>
        {SECCIONES.map(({ to, etiqueta }) => (
          <li key={to}>
            <Link to={to} activeProps={{ 'aria-current': 'page' }}>
              {etiqueta}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** 'Salir' warns before it throws away anything the student has not sent. */
async function confirmarSalida(mensaje: string): Promise<boolean> {
  const respuesta = await alerta({
    titulo: 'Cambios sin enviar',
    mensaje,
    // The safe choice first: it has the focus when the dialog opens.
    acciones: [
      { valor: 'cancelar', etiqueta: 'Cancelar' },
      { valor: 'salir', etiqueta: 'Salir de todos modos' },
    ],
  })
  return respuesta === 'salir'
}

/**
 * 'Salir': warn about unsent items and unsaved drafts, stop sending, end the server
 * session (a network failure does not stop it), clear ALL local data (query cache, drafts,
 * outbox, storage), go to /login.
 */
export function BotonSalir({ codigoAlumno }: { codigoAlumno: string }) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const { cargarOffline } = useRouteContext({ from: '__root__' })
  const logout = useMutation(authMutations.logout())
  async function salir() {
    const { outbox, contarBorradores, borrarDatosLocales } = await cargarOffline()
    const mensaje = mensajeSalida(outbox.pendientes(codigoAlumno), await contarBorradores(codigoAlumno))
    if (mensaje && !(await confirmarSalida(mensaje))) return
    // Nothing more goes out in this student's name (the signed-in layout's cleanup says it again).
    outbox.cambiarAlumno(null)
    try {
      await logout.mutateAsync()
    } catch {
      // Offline or already expired: the local data is cleared anyway.
    }
    // Leave the signed-in screens before clearing the query cache: cleared under them, their
    // queries would fetch again, meet the ended session and raise 'Sesión expirada'.
    cerrarSesionLocal()
    await router.navigate({ to: '/login', replace: true })
    await borrarDatosLocales({ outbox, queryClient })
  }
  return (
    <button type="button" className="boton boton--claro" onClick={() => void salir()} disabled={logout.isPending}>
      Salir
    </button>
  )
}

import { useMutation } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { authMutations } from '../../features/auth/queries.ts'
import { cerrarSesionLocal } from '../../lib/session.ts'
import { useSesion } from '../../lib/use-sesion.ts'

/** Header; the top navigation appears only for a signed-in student (spec 2 'Top navigation'). */
export function Encabezado() {
  const sesion = useSesion()
  return (
    <header className="encabezado">
      <div className="encabezado__barra">
        <Link to="/" className="encabezado__marca">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Portal del Estudiante</span>
        </Link>
        {sesion ? <BotonSalir /> : null}
      </div>
      {sesion ? (
        <nav className="navegacion" aria-label="Principal">
          <ul>
            <li>
              <Link to="/home" activeProps={{ 'aria-current': 'page' }}>
                Inicio
              </Link>
            </li>
            <li>
              <Link to="/info/personal" activeProps={{ 'aria-current': 'page' }}>
                Información Personal
              </Link>
            </li>
            <li>
              <Link to="/info/solicitudes" activeProps={{ 'aria-current': 'page' }}>
                Solicitudes
              </Link>
            </li>
            <li>
              <Link to="/concurso/listado" activeProps={{ 'aria-current': 'page' }}>
                Concursos
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  )
}

/** 'Salir' (spec 4): end the server session (a network failure does not stop it), clear ALL local data, go to /login. */
function BotonSalir() {
  const router = useRouter()
  const logout = useMutation(authMutations.logout())
  async function salir() {
    try {
      await logout.mutateAsync()
    } catch {
      // Offline or already expired: the local data is cleared anyway.
    }
    await cerrarSesionLocal()
    await router.navigate({ to: '/login', replace: true })
  }
  return (
    <button type="button" className="boton boton--claro" onClick={() => void salir()} disabled={logout.isPending}>
      Salir
    </button>
  )
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, Outlet, useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useEnfocarAlNavegar } from '../../ui/use-enfocar-al-navegar.ts'
import { personalMutations, personalQueries, tieneCapacidad } from './queries.ts'
import { SECCIONES } from './secciones.ts'
import './admin.css'

/** The brand bar of every staff page. */
function Marca({ children }: { children?: ReactNode }) {
  return (
    <header className="admin-encabezado">
      <div className="admin-encabezado__barra">
        <Link to="/admin/home" className="admin-encabezado__marca">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Portal del Estudiante · Escuela</span>
        </Link>
        {children}
      </div>
    </header>
  )
}

/** The sign-in and invitation pages: the brand and the page. */
export function MarcoIngreso({ children }: { children: ReactNode }) {
  return (
    <>
      <Marca />
      <main id="contenido" tabIndex={-1} className="admin-contenido">
        {children}
      </main>
    </>
  )
}

/** A signed-in staff member's pages: who they are, the sections their role may use, and Salir. */
export function MarcoAdmin() {
  const { data: sesion } = useQuery(personalQueries.sesion())
  const principal = useEnfocarAlNavegar<HTMLElement>()

  const secciones = SECCIONES.filter((s) => s.capacidad === null || tieneCapacidad(sesion, s.capacidad))
  return (
    <>
      <Marca>
        {sesion ? (
          <div className="admin-encabezado__cuenta">
            <span>
              {sesion.personal.nombre} <span className="admin-encabezado__rol">({sesion.personal.etiquetaRol})</span>
            </span>
            <BotonSalir />
          </div>
        ) : null}
      </Marca>
      <nav className="admin-navegacion" aria-label="Secciones de la escuela">
        <ul>
          {secciones.map((s) => (
            <li key={s.ruta}>
              <Link to={s.ruta} activeProps={{ 'aria-current': 'page' }}>
                {s.titulo}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="contenido" ref={principal} tabIndex={-1} className="admin-contenido">
        <Outlet />
      </main>
    </>
  )
}

function BotonSalir() {
  const router = useRouter()
  const queryClient = useQueryClient()
  const salida = useMutation({
    mutationFn: personalMutations.salida,
    // Signed out whatever the server said: nothing of the session stays in this browser.
    async onSettled() {
      queryClient.removeQueries({ queryKey: personalQueries.all() })
      await router.navigate({ to: '/admin/login', replace: true })
    },
  })
  return (
    <button type="button" className="boton boton--claro" onClick={() => salida.mutate()} disabled={salida.isPending}>
      Salir
    </button>
  )
}

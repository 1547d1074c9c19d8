import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet, redirect, useRouterState } from '@tanstack/react-router'
import { destinoDeEntrada } from '../domain/guardia-entrada.ts'
import { AvisoSinConexion } from '../features/offline/aviso-sin-conexion.tsx'
import type { Offline } from '../lib/offline/iniciar-offline.ts'
import { haySesion, marcarFlujoConcurso } from '../lib/session.ts'
import { AlertasEnPantalla } from '../ui/alertas-en-pantalla.tsx'
import { IndicadorCarga } from '../ui/indicador-carga.tsx'
import { Notificaciones } from '../ui/notificaciones.tsx'
import { AvisoActualizacion } from '../ui/aviso-actualizacion.tsx'
import { useEnfocarAlNavegar } from '../ui/use-enfocar-al-navegar.ts'
import { VigilanciaVersion } from '../ui/vigilancia-version.tsx'
import { Encabezado } from './-components/encabezado.tsx'
import { esRutaDeLaEscuela } from '../domain/area-escuela.ts'

export type ContextoRouter = {
  queryClient: QueryClient
  /** The persisted cache and the outbox, loaded once, the first time a signed-in screen opens. */
  cargarOffline: () => Promise<Offline>
}

// The entry guard looks at the query parameters of the URL the app was opened with,
// whatever its path ('/?concurso=7', '/login?recoverpass=abc'). Rule 7 (no session → /login) is
// left to the index route and the signed-in layout, so public pages stay public.
let entradaRevisada = false

export const Route = createRootRouteWithContext<ContextoRouter>()({
  beforeLoad: ({ location, preload }) => {
    if (preload || entradaRevisada) return
    entradaRevisada = true
    const destino = destinoDeEntrada(location.search as Record<string, unknown>, haySesion())
    // A contest link starts the applicant's flow, signed in or not: every screen then says which
    // contest they are applying to.
    if (destino?.to === '/concurso/derechopostulacion/$id') marcarFlujoConcurso(destino.params.id)
    if (destino && destino.to !== '/login') throw redirect({ ...destino, replace: true })
  },
  component: RootLayout,
})

function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  // The school's area brings its own header, navigation and main region (and styles), in its
  // own chunks; none of the student's header is loaded or shown there.
  if (esRutaDeLaEscuela(pathname)) return <RaizAdmin />
  return <RaizAlumno />
}

function RaizAdmin() {
  return (
    <>
      <a href="#contenido" className="saltar">
        Saltar al contenido
      </a>
      <IndicadorCarga />
      <Outlet />
      <Notificaciones escuela />
      <AlertasEnPantalla />
      <VigilanciaVersion />
    </>
  )
}

function RaizAlumno() {
  const principal = useEnfocarAlNavegar<HTMLElement>()

  return (
    <>
      <a href="#contenido" className="saltar">
        Saltar al contenido
      </a>
      <Encabezado />
      <AvisoSinConexion />
      <IndicadorCarga />
      <main id="contenido" ref={principal} tabIndex={-1} className="contenido">
        <Outlet />
      </main>
      <Notificaciones />
      <AvisoActualizacion />
      <AlertasEnPantalla />
      <VigilanciaVersion />
    </>
  )
}

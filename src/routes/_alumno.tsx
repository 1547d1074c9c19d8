import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { lazy, Suspense, useEffect } from 'react'
import { PREFIJO_CONCURSO } from '../domain/urls.ts'
import { AvisoPostulacion } from '../features/concursos/aviso-postulacion.tsx'
import { CambiosPendientes } from '../features/offline/cambios-pendientes.tsx'
import { iniciarSincronizacion } from '../lib/offline/sincronizacion.ts'
import { OutboxProvider } from '../lib/offline/use-outbox.ts'
import { concursoDeRuta, guardarBackUrl, haySesion, marcarFlujoConcurso } from '../lib/session.ts'
import { useSesion } from '../lib/use-sesion.ts'
import { cargarBarraAlumno } from './-components/encabezado.tsx'

// A new privacy policy version, shown once below the screen: its own chunk, fetched after the page shows.
const AvisoPolitica = lazy(() =>
  import('../features/privacidad/aviso-politica.tsx').then((m) => ({ default: m.AvisoPolitica })),
)

// Signed-in pages. Without a session: remember where the student wanted to go (the back-url),
// remember a contest flow (it makes 'Regístrese' appear on the login page), sign in. With one:
// the persisted cache is restored before any of these screens loads its data, so they open
// offline with what was stored, and the header's navigation is there when they show.
export const Route = createFileRoute('/_alumno')({
  beforeLoad: async ({ context, location, preload }) => {
    if (!haySesion()) {
      if (!preload) {
        guardarBackUrl(location.href)
        if (location.pathname.startsWith(PREFIJO_CONCURSO)) marcarFlujoConcurso(concursoDeRuta(location.pathname))
      }
      throw redirect({ to: '/login', replace: true })
    }
    const [{ outbox }] = await Promise.all([context.cargarOffline(), cargarBarraAlumno()])
    return { outbox }
  },
  component: LayoutAlumno,
})

function LayoutAlumno() {
  const { outbox } = Route.useRouteContext()
  const codigo = useSesion()?.codigoAlumno

  // Replays this student's outbox while they are signed in (on start, online, focus, timer).
  useEffect(() => {
    if (!codigo) return
    const detener = iniciarSincronizacion(outbox, { alumno: codigo })
    // This layout mounts only with a session (a fresh sign-in, or a reload while signed in):
    // items paused by an expired session may go now.
    void outbox.reanudar()
    return detener
  }, [outbox, codigo])

  return (
    <OutboxProvider outbox={outbox}>
      {codigo ? <CambiosPendientes alumno={codigo} /> : null}
      <AvisoPostulacion />
      <Outlet />
      {/* After the screen, not above it: arriving late, it must not push down what the student is
          about to tap (on the fee page, 'Pagar' moved by the notice's height). */}
      <Suspense fallback={null}>
        <AvisoPolitica />
      </Suspense>
    </OutboxProvider>
  )
}

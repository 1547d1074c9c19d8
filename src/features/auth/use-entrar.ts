import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { guardarSesion, tomarBackUrl, type SesionLocal } from '../../lib/session.ts'

/**
 * Starting a student's session, after a sign-in or a new account alike: the cache emptied (another
 * student may have used this device), the session kept, and on to where the student was going
 * (the contest's fee, a notice's link) or Inicio.
 */
export function useEntrar() {
  const router = useRouter()
  const queryClient = useQueryClient()
  return (sesion: SesionLocal) => {
    queryClient.clear()
    guardarSesion(sesion)
    const destino = tomarBackUrl()
    void (destino ? router.navigate({ href: destino, replace: true }) : router.navigate({ to: '/home', replace: true }))
  }
}

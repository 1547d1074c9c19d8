import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'

/**
 * The page's main region, focused after each client-side navigation (not on the first load), so
 * a screen reader starts reading the new page instead of staying where the link was.
 */
export function useEnfocarAlNavegar<T extends HTMLElement>() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const principal = useRef<T>(null)
  const primeraVez = useRef(true)
  useEffect(() => {
    if (primeraVez.current) {
      primeraVez.current = false
      return
    }
    principal.current?.focus({ preventScroll: true })
  }, [pathname])
  return principal
}

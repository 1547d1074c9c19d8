import { useSyncExternalStore } from 'react'
import { leerSesion, suscribirSesion, type SesionLocal } from './session.ts'

/** The signed-in student's stored display data, re-rendering on sign-in and sign-out. */
export function useSesion(): SesionLocal | null {
  return useSyncExternalStore(suscribirSesion, leerSesion, leerSesion)
}

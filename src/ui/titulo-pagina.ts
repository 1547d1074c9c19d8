import { useEffect } from 'react'
import { NOMBRE_PORTAL } from '../domain/portal.ts'

/**
 * The browser tab's (and a screen reader's) title for the screen on view: 'Solicitudes · Portal
 * del Estudiante'. Every screen sets its own, so a tab or a history entry says where it leads.
 */
export function useTituloPagina(titulo: string): void {
  useEffect(() => {
    document.title = `${titulo} · ${NOMBRE_PORTAL}`
  }, [titulo])
}

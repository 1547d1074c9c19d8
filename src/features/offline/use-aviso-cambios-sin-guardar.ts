import { useBlocker } from '@tanstack/react-router'
import { URL_INGRESO } from '../../domain/urls.ts'
import { useAvisoAlSalir } from '../../lib/offline/use-borrador.ts'
import { haySesion } from '../../lib/session.ts'
import { alerta } from '../../ui/alertas.ts'

export const MENSAJE_CAMBIOS_SIN_GUARDAR = 'Tiene cambios sin guardar. ¿Desea salir de todos modos?'

/**
 * While a form holds unsaved edits, leaving asks first: closing or reloading the tab (the
 * browser's own prompt) and the app's links (a dialog). An expired session or 'Salir' goes to
 * login whatever the form holds: the draft stays in IndexedDB for the next sign-in (or is wiped
 * by 'Salir', which warns on its own).
 */
export function useAvisoCambiosSinGuardar(hayCambiosSinGuardar: boolean): void {
  useAvisoAlSalir(hayCambiosSinGuardar)
  useBlocker({
    enableBeforeUnload: false,
    disabled: !hayCambiosSinGuardar,
    shouldBlockFn: async ({ next }) => {
      if (next.pathname === URL_INGRESO && !haySesion()) return false
      const respuesta = await alerta({
        titulo: 'Cambios sin guardar',
        mensaje: MENSAJE_CAMBIOS_SIN_GUARDAR,
        acciones: [
          { valor: 'quedarse', etiqueta: 'Seguir editando' },
          { valor: 'salir', etiqueta: 'Salir de todos modos' },
        ],
      })
      return respuesta !== 'salir'
    },
  })
}

import { useSyncExternalStore } from 'react'
import { estaListaSinConexion, suscribirNuevaVersion } from '../../lib/sw.ts'
import { useEnLinea } from '../../lib/use-en-linea.ts'
import { useSesion } from '../../lib/use-sesion.ts'

/**
 * 'Sin conexión' banner. The live region is always in the page, so screen
 * readers announce the change when the connection drops and when it returns.
 */
export function AvisoSinConexion() {
  const enLinea = useEnLinea()
  const conSesion = useSesion() !== null
  const listaSinConexion = useSyncExternalStore(suscribirNuevaVersion, estaListaSinConexion, estaListaSinConexion)
  return (
    <div role="status" className="aviso-conexion-region">
      {enLinea ? (
        // Heard, not shown: a notification for it would cover the page (the header's 'Salir').
        listaSinConexion ? (
          <p className="sr-only">La aplicación está lista para usarse sin conexión.</p>
        ) : null
      ) : (
        <p className="aviso-conexion">
          <strong>Sin conexión.</strong>{' '}
          {conSesion
            ? 'Los cambios que guarde quedan en este dispositivo y se enviarán cuando vuelva la conexión.'
            : 'Algunas funciones no están disponibles hasta que vuelva la conexión.'}
        </p>
      )}
    </div>
  )
}

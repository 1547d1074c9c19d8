import { useSyncExternalStore } from 'react'
import { actualizarAplicacion, descartarAvisoNuevaVersion, hayNuevaVersion, suscribirNuevaVersion } from '../lib/sw.ts'

/** Shown when a new service worker is waiting (vite-plugin-pwa onNeedRefresh). */
export function AvisoActualizacion() {
  const visible = useSyncExternalStore(suscribirNuevaVersion, hayNuevaVersion, hayNuevaVersion)
  return (
    <div className="aviso-version" role="status" hidden={!visible}>
      {visible ? (
        <>
          <p>Hay una nueva versión disponible</p>
          <div className="aviso-version__acciones">
            <button type="button" className="boton boton--claro" onClick={() => void actualizarAplicacion()}>
              Actualizar
            </button>
            <button type="button" className="boton boton--secundario" onClick={descartarAvisoNuevaVersion}>
              Más tarde
            </button>
          </div>
        </>
      ) : null}
    </div>
  )
}

import { useEffect } from 'react'
import { actualizarAplicacion } from '../lib/sw.ts'
import { VERSION_APP, vigilarVersion } from '../lib/version.ts'
import { alerta } from './alertas.ts'

export const TITULO_VERSION_DISTINTA = 'VERSIÓN DISTINTA'

/** Watches /version.json and raises 'VERSIÓN DISTINTA' when the server runs another version. */
export function VigilanciaVersion() {
  useEffect(
    () =>
      vigilarVersion((remota) => {
        void alerta({
          titulo: TITULO_VERSION_DISTINTA,
          mensaje: `Existe una nueva versión del portal (${remota}); está usando la versión ${VERSION_APP}. Actualice para seguir con la versión más reciente.`,
          acciones: [
            { valor: 'actualizar', etiqueta: 'Actualizar' },
            { valor: 'despues', etiqueta: 'Más tarde' },
          ],
        }).then((valor) => {
          if (valor === 'actualizar') void actualizarAplicacion()
        })
      }),
    [],
  )
  return null
}

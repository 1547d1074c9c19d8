import { useEffect, useState } from 'react'
import { cliente, leer } from '../../lib/cliente-api.ts'
import { registroServiceWorker } from '../../lib/push.ts'

// Notifications on this device (Web Push). The browser's permission is asked only when the student
// taps 'Activar', never on load; the subscription belongs to this device, so each phone or
// computer is turned on by itself. On an iPhone or iPad, Safari offers push only to the portal
// installed on the home screen (iOS 16.4 or later): this says so and how.

type Estado = 'revisando' | 'sin-soporte' | 'iphone-sin-instalar' | 'bloqueadas' | 'inactivas' | 'activas'

function esIphoneOIpad(): boolean {
  const ua = navigator.userAgent
  // iPadOS presents itself as a Mac, one with a touch screen.
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)
}

function instalada(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  )
}

/**
 * The permission as the Permissions API reports it where the browser has it: some embedded and
 * headless browsers answer Notification.permission with 'denied' even once it is granted.
 */
async function permiso(): Promise<NotificationPermission> {
  try {
    const { state } = await navigator.permissions.query({ name: 'notifications' })
    return state === 'prompt' ? 'default' : state
  } catch {
    return Notification.permission
  }
}

/** The server's public VAPID key (base64url) as the bytes `subscribe` takes. */
function bytesDeClave(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=')
  const texto = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(texto.length))
  for (let i = 0; i < texto.length; i++) bytes[i] = texto.charCodeAt(i)
  return bytes
}

async function registrarEnServidor(suscripcion: PushSubscription): Promise<void> {
  const { endpoint, keys } = suscripcion.toJSON()
  await leer(
    cliente.notificaciones.suscripciones.$post({
      json: { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } },
    }),
  )
}

export function AvisosEnEsteDispositivo({ clavePublica }: { clavePublica: string }) {
  const [estado, setEstado] = useState<Estado>('revisando')
  const [ocupado, setOcupado] = useState(false)
  const [mensaje, setMensaje] = useState<{ tipo: 'exito' | 'aviso'; texto: string } | null>(null)

  useEffect(() => {
    let vigente = true
    void (async () => {
      const registro = await registroServiceWorker()
      let nuevo: Estado
      if (!registro || !('PushManager' in window) || !('Notification' in window))
        nuevo = esIphoneOIpad() && !instalada() ? 'iphone-sin-instalar' : 'sin-soporte'
      else if ((await permiso()) === 'denied') nuevo = 'bloqueadas'
      else {
        const suscripcion = await registro.pushManager.getSubscription()
        nuevo = suscripcion ? 'activas' : 'inactivas'
        // The server may have forgotten it (a push service's 410, another student's sign-in).
        if (suscripcion) void registrarEnServidor(suscripcion).catch(() => undefined)
      }
      if (vigente) setEstado(nuevo)
    })()
    return () => {
      vigente = false
    }
  }, [])

  async function activar() {
    setOcupado(true)
    setMensaje(null)
    try {
      await Notification.requestPermission()
      const respuesta = await permiso()
      if (respuesta === 'denied') return setEstado('bloqueadas')
      if (respuesta !== 'granted')
        return setMensaje({
          tipo: 'aviso',
          texto: 'No se activaron las notificaciones: su navegador no recibió el permiso. Puede intentarlo nuevamente.',
        })
      const registro = await registroServiceWorker()
      if (!registro) return setEstado('sin-soporte')
      const suscripcion = await registro.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: bytesDeClave(clavePublica),
      })
      await registrarEnServidor(suscripcion)
      setEstado('activas')
      setMensaje({ tipo: 'exito', texto: 'Listo: recibirá las notificaciones del portal en este dispositivo.' })
    } catch {
      setMensaje({
        tipo: 'aviso',
        texto: 'No fue posible activar las notificaciones. Revise su conexión e intente nuevamente.',
      })
    } finally {
      setOcupado(false)
    }
  }

  async function desactivar() {
    setOcupado(true)
    setMensaje(null)
    try {
      const registro = await registroServiceWorker()
      const suscripcion = await registro?.pushManager.getSubscription()
      if (suscripcion) {
        const { endpoint } = suscripcion
        // The browser first: once it forgets the subscription, nothing more arrives here, even
        // if the server hears of it only later.
        await suscripcion.unsubscribe()
        await leer(cliente.notificaciones.suscripciones.baja.$post({ json: { endpoint } })).catch(() => undefined)
      }
      setEstado('inactivas')
      setMensaje({ tipo: 'exito', texto: 'Las notificaciones quedaron desactivadas en este dispositivo.' })
    } catch {
      setMensaje({ tipo: 'aviso', texto: 'No fue posible desactivar las notificaciones. Intente nuevamente.' })
    } finally {
      setOcupado(false)
    }
  }

  return (
    <section className="tarjeta avisos-dispositivo" aria-labelledby="dispositivo-titulo">
      <h2 id="dispositivo-titulo">Notificaciones en este dispositivo</h2>
      <p>
        Reciba los avisos en este teléfono o computador aunque el portal esté cerrado. Se activan en cada dispositivo
        por separado; su navegador le pedirá permiso cuando toque el botón.
      </p>
      {estado === 'revisando' ? <p role="status">Revisando este dispositivo…</p> : null}
      {estado === 'sin-soporte' ? (
        <p className="mensaje mensaje--aviso">
          Este navegador no permite notificaciones. Seguirá recibiendo sus avisos en el portal y por correo.
        </p>
      ) : null}
      {estado === 'bloqueadas' ? (
        <p className="mensaje mensaje--aviso">
          Las notificaciones de este sitio están bloqueadas en su navegador. Para activarlas, permítalas en la
          configuración del sitio (el candado junto a la dirección) y vuelva a esta página.
        </p>
      ) : null}
      {estado === 'inactivas' ? (
        <button type="button" className="boton" disabled={ocupado} onClick={() => void activar()}>
          {ocupado ? 'Activando…' : 'Activar notificaciones en este dispositivo'}
        </button>
      ) : null}
      {estado === 'activas' ? (
        <>
          <p>
            <strong>Activadas en este dispositivo.</strong>
          </p>
          <button
            type="button"
            className="boton boton--secundario"
            disabled={ocupado}
            onClick={() => void desactivar()}
          >
            {ocupado ? 'Desactivando…' : 'Desactivar en este dispositivo'}
          </button>
        </>
      ) : null}
      {mensaje ? (
        <p className={`mensaje mensaje--${mensaje.tipo}`} role="status">
          {mensaje.texto}
        </p>
      ) : null}
      <details className="avisos-dispositivo__iphone" open={estado === 'iphone-sin-instalar'}>
        <summary>¿Usa iPhone o iPad?</summary>
        <p>
          En iPhone y iPad las notificaciones solo funcionan con el portal instalado en la pantalla de inicio, desde iOS
          16.4:
        </p>
        <ol>
          <li>Abra el portal en Safari.</li>
          <li>Toque el botón Compartir (el cuadrado con una flecha hacia arriba).</li>
          <li>Elija «Agregar a pantalla de inicio» y luego «Agregar».</li>
          <li>Abra el portal desde el nuevo ícono, ingrese y vuelva a esta página para activar las notificaciones.</li>
        </ol>
      </details>
    </section>
  )
}

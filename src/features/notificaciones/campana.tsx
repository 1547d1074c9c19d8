import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { fechaCorta } from '../../domain/solicitudes.ts'
import { fechaEnChile, horaEnChile } from '../../domain/fechas.ts'
import { etiquetaRetiro } from '../../domain/notificaciones.ts'
import { useEnLinea } from '../../lib/use-en-linea.ts'
import { Dialogo } from '../../ui/dialogo.tsx'
import { MensajeError } from '../../ui/mensaje-error.tsx'
import { Estado } from '../../ui/spinner.tsx'
import { toast } from '../../ui/toasts.ts'
import { marcarLeidas, notificacionQueries, type Aviso } from './queries.ts'

// The header's bell: how many notices are unread, and their list (newest first) in a dialog, where
// each opens the very thing it is about (a document, a payment, a certificate) and can be marked
// read. A notice that no longer applies (a certificate revoked, a reminder already done) stays
// listed, marked with why, with nothing to open. The list comes from the persisted query cache,
// so it reads offline.

const MENSAJE_NO_MARCADA = 'No fue posible marcar el aviso como leído. Revise su conexión e intente nuevamente.'

export function CampanaAvisos() {
  const queryClient = useQueryClient()
  const { data } = useQuery(notificacionQueries.lista())
  const [abierta, setAbierta] = useState(false)
  const noLeidas = data?.noLeidas ?? 0

  // A push that reaches this device while the app is open refreshes the list at once.
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    const alRecibir = (evento: MessageEvent) => {
      if ((evento.data as { tipo?: string } | null)?.tipo === 'aviso-nuevo')
        void queryClient.invalidateQueries({ queryKey: notificacionQueries.lista().queryKey })
    }
    navigator.serviceWorker.addEventListener('message', alRecibir)
    return () => navigator.serviceWorker.removeEventListener('message', alRecibir)
  }, [queryClient])

  return (
    <>
      <button
        type="button"
        className="campana"
        aria-haspopup="dialog"
        aria-label={noLeidas > 0 ? `Avisos: ${noLeidas} sin leer` : 'Avisos'}
        onClick={() => setAbierta(true)}
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="currentColor">
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
        </svg>
        <span className="campana__texto">Avisos</span>
        {noLeidas > 0 ? (
          <span className="campana__cuenta" aria-hidden="true">
            {noLeidas > 99 ? '99+' : noLeidas}
          </span>
        ) : null}
      </button>
      {abierta ? <ListaAvisos onCerrar={() => setAbierta(false)} /> : null}
    </>
  )
}

function cuando(iso: string): string {
  const momento = new Date(iso)
  return `${fechaCorta(fechaEnChile(momento))} ${horaEnChile(momento)}`
}

function ListaAvisos({ onCerrar }: { onCerrar: () => void }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const enLinea = useEnLinea()
  const consulta = useQuery(notificacionQueries.lista())

  async function marcar(ids: readonly string[] | 'todas') {
    try {
      await marcarLeidas(queryClient, ids)
    } catch {
      toast({ tipo: 'warning', mensaje: MENSAJE_NO_MARCADA })
    }
  }

  function abrir(aviso: Aviso) {
    if (!aviso.leidaEn) void marcar([aviso.id])
    onCerrar()
    // The address as the server wrote it: a screen with what to open of it (`?solicitud=…&abrir=…`)
    // or the place of one document on it (`#documento-…`).
    void navigate({ href: aviso.ruta })
  }

  let contenido
  if (consulta.data) {
    const { notificaciones, noLeidas } = consulta.data
    contenido =
      notificaciones.length === 0 ? (
        <p role="status">
          No tiene avisos por ahora. Aquí verá los documentos revisados, las cuotas por vencer y otros recordatorios.
        </p>
      ) : (
        <>
          <p id="avisos-resumen" role="status">
            {noLeidas === 0
              ? 'Todos sus avisos están leídos.'
              : noLeidas === 1
                ? '1 aviso sin leer.'
                : `${noLeidas} avisos sin leer.`}
          </p>
          {noLeidas > 0 ? (
            <p>
              <button
                type="button"
                className="boton boton--secundario boton--pequeno"
                onClick={() => void marcar('todas')}
              >
                Marcar todos como leídos
              </button>
            </p>
          ) : null}
          <ul className="avisos" aria-describedby="avisos-resumen">
            {notificaciones.map((aviso) =>
              aviso.retirada ? (
                <li key={aviso.id} className="aviso aviso--retirado">
                  <p className="aviso__titulo">
                    <span className="aviso__marca aviso__marca--retirado">{etiquetaRetiro(aviso.tipo)}</span>
                    <strong>{aviso.titulo}</strong>
                  </p>
                  <p className="aviso__retiro">{aviso.retirada.motivo}</p>
                  <p className="aviso__cuerpo">{aviso.cuerpo}</p>
                  <p className="aviso__pie">
                    <time dateTime={aviso.creadaEn}>{cuando(aviso.creadaEn)}</time>
                  </p>
                </li>
              ) : (
                <li key={aviso.id} className={`aviso${aviso.leidaEn ? '' : ' aviso--nuevo'}`}>
                  <p className="aviso__titulo">
                    {aviso.leidaEn ? null : <span className="aviso__marca">Nuevo</span>}
                    <strong>{aviso.titulo}</strong>
                  </p>
                  <p className="aviso__cuerpo">{aviso.cuerpo}</p>
                  <p className="aviso__pie">
                    <time dateTime={aviso.creadaEn}>{cuando(aviso.creadaEn)}</time>
                  </p>
                  <div className="acciones">
                    <a
                      href={aviso.ruta}
                      className="boton boton--pequeno"
                      aria-label={`Abrir: ${aviso.titulo}`}
                      onClick={(e) => {
                        e.preventDefault()
                        abrir(aviso)
                      }}
                    >
                      Abrir
                    </a>
                    {aviso.leidaEn ? null : (
                      <button
                        type="button"
                        className="boton boton--secundario boton--pequeno"
                        aria-label={`Marcar como leído: ${aviso.titulo}`}
                        onClick={() => void marcar([aviso.id])}
                      >
                        Marcar como leído
                      </button>
                    )}
                  </div>
                </li>
              ),
            )}
          </ul>
        </>
      )
  } else if (consulta.isError) {
    contenido = (
      <MensajeError boton="principal" onReintentar={() => void consulta.refetch()}>
        No fue posible cargar sus avisos. {enLinea ? 'Intente nuevamente.' : 'Revise su conexión.'}
      </MensajeError>
    )
  } else {
    contenido = <Estado texto="Cargando sus avisos…" />
  }

  return (
    <Dialogo titulo="Avisos" onCerrar={onCerrar} grande>
      {enLinea ? null : (
        <p className="mensaje mensaje--aviso">Sin conexión: se muestran los avisos guardados en este dispositivo.</p>
      )}
      {contenido}
      <p>
        <Link to="/notificaciones" onClick={onCerrar}>
          Elegir qué avisos recibir y por dónde
        </Link>
      </p>
    </Dialogo>
  )
}

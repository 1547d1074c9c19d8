import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { fechaLarga } from '../../domain/fechas.ts'
import { URL_INICIO_PERSONAL } from '../../domain/urls.ts'
import { personalQueries, tieneCapacidad, type ResumenPersonal, type SesionPersonal } from './queries.ts'
import { SECCIONES, type Seccion } from './secciones.ts'
import './inicio-admin.css'
import { MensajeError } from '../../ui/mensaje-error.tsx'

/** The staff's home: a greeting, what needs someone today, and the sections their role may use. */
export function InicioAdmin() {
  const { data: sesion } = useQuery(personalQueries.sesion())
  const secciones = seccionesDe(sesion).filter((s) => s.ruta !== URL_INICIO_PERSONAL)
  return (
    <section aria-labelledby="inicio-admin-titulo">
      <h1 id="inicio-admin-titulo">Hola{sesion ? `, ${sesion.personal.nombre.split(' ')[0]}` : ''}</h1>
      <Pendientes secciones={secciones} />
      <h2 className="inicio-admin__subtitulo">Secciones</h2>
      {secciones.length === 0 ? (
        <p>Su rol aún no tiene secciones disponibles en el área de la escuela.</p>
      ) : (
        <ul className="admin-tarjetas">
          {secciones.map((s) => (
            <li key={s.ruta} className="admin-tarjeta">
              <Link to={s.ruta} className="admin-tarjeta__enlace">
                {s.titulo}
              </Link>
              <p>{s.descripcion}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function seccionesDe(sesion: SesionPersonal | undefined): Seccion[] {
  return SECCIONES.filter((s) => s.capacidad === null || tieneCapacidad(sesion, s.capacidad))
}

type Conteo = {
  titulo: string
  cantidad: number | null
  /** The section where the work is done; the count links there only once it exists for the role. */
  ruta: string
  busqueda?: Record<string, string>
}

function conteos(resumen: ResumenPersonal): Conteo[] {
  return [
    { titulo: 'Documentos por revisar', cantidad: resumen.documentosEnRevision, ruta: '/admin/documentos' },
    {
      titulo: 'Solicitudes con condiciones rechazadas',
      cantidad: resumen.condicionesRechazadas,
      ruta: '/admin/alumnos',
    },
    {
      titulo: 'Reglamentos firmados esta semana',
      cantidad: resumen.reglamentosFirmadosSemana,
      ruta: '/admin/alumnos',
    },
    { titulo: 'Encuestas recibidas esta semana', cantidad: resumen.encuestasRecibidasSemana, ruta: '/admin/encuestas' },
    {
      titulo: 'Certificados por emitir',
      cantidad: resumen.certificadosPorEmitir,
      ruta: '/admin/certificados',
      busqueda: { estado: 'por-emitir' },
    },
    {
      // Documents still not issued past the configured time (6 hours by default; null without 'pagos.ver').
      titulo: 'Documentos tributarios atrasados',
      cantidad: resumen.documentosTributariosAtrasados,
      ruta: '/admin/pagos',
    },
    {
      titulo: 'Solicitudes de privacidad por responder',
      cantidad: resumen.solicitudesDerechosAbiertas,
      ruta: '/admin/privacidad',
    },
  ]
}

/** What needs someone today: each count the role may act on, linked to where the work is done. */
function Pendientes({ secciones }: { secciones: Seccion[] }) {
  const resumen = useQuery(personalQueries.resumen())
  return (
    <section className="inicio-admin__pendientes" aria-labelledby="pendientes-titulo">
      <h2 id="pendientes-titulo" className="inicio-admin__subtitulo">
        Para hoy
      </h2>
      {resumen.isPending ? (
        <p role="status">Cargando lo pendiente…</p>
      ) : resumen.isError ? (
        <MensajeError error={resumen.error} onReintentar={() => void resumen.refetch()} />
      ) : (
        <>
          <p className="inicio-admin__semana">
            La semana va del lunes {fechaLarga(resumen.data.semana.desde)} al domingo{' '}
            {fechaLarga(resumen.data.semana.hasta)}.
          </p>
          <ul className="inicio-admin__conteos">
            {conteos(resumen.data)
              .filter((c): c is Conteo & { cantidad: number } => c.cantidad !== null)
              .map((c) => {
                const seccion = secciones.find((s) => s.ruta === c.ruta)
                const contenido = (
                  <>
                    <span className="inicio-admin__cantidad">{c.cantidad}</span>{' '}
                    <span className="inicio-admin__titulo">{c.titulo}</span>
                  </>
                )
                return (
                  <li key={c.titulo} className="inicio-admin__conteo">
                    {seccion ? (
                      <Link to={seccion.ruta} search={c.busqueda} className="inicio-admin__enlace">
                        {contenido}
                      </Link>
                    ) : (
                      contenido
                    )}
                  </li>
                )
              })}
          </ul>
        </>
      )}
    </section>
  )
}

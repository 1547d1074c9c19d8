import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { asistenteVisible } from '../../domain/asistente.ts'
import { fechaCorta } from '../../domain/solicitudes.ts'
import { fechaEnChile, horaEnChile } from '../../domain/fechas.ts'
import { resumenPendientes, type SeccionPendiente } from '../../domain/pendientes.ts'
import { useEnLinea } from '../../lib/use-en-linea.ts'
import { useSesion } from '../../lib/use-sesion.ts'
import { useTituloPagina } from '../../ui/titulo-pagina.ts'
import { ListaPendientes } from './lista-pendientes.tsx'
import { alumnoQueries, type DatosPendientes } from './queries.ts'
import { SinDatos } from '../../ui/sin-datos.tsx'

/** How many pending actions the home page lists before 'Ver todos'. */
const PENDIENTES_A_LA_VISTA = 5

/**
 * Home: what the student has to do next, most urgent first, each with its one action; the tiles
 * with how many of those each section holds; the commercial assistant. Paints from stored data,
 * so it reads the same offline.
 */
export function PaginaInicio() {
  useTituloPagina('Inicio')
  // Refreshes the stored marker in the background; the page never waits for it.
  useQuery(alumnoQueries.detalle())
  const pendientes = useQuery(alumnoQueries.pendientes())
  // The 'Ofertas Laborales' tile shows only while the server says so; hidden until it answers.
  const ofertasVisibles = useQuery(alumnoQueries.mosaicoOfertas()).data?.visible === true
  const sesion = useSesion()
  if (!sesion) return null
  const asistente = sesion.asistente
  const conteo = pendientes.data?.conteo
  return (
    <section className="pagina">
      <h1>Bienvenido(a), {sesion.nombre}</h1>
      <Pendientes consulta={pendientes} />
      <nav aria-label="Accesos directos">
        <ul className="mosaico">
          <li>
            <Link to="/info/personal" className="mosaico__item">
              Información Personal
              <Conteo conteo={conteo} seccion="personal" />
            </Link>
          </li>
          <li>
            <Link to="/info/solicitudes" className="mosaico__item">
              Solicitudes
              <Conteo conteo={conteo} seccion="solicitudes" />
            </Link>
          </li>
          <li>
            <Link to="/concurso/listado" className="mosaico__item">
              Concursos
              <Conteo conteo={conteo} seccion="concursos" />
            </Link>
          </li>
          {ofertasVisibles ? (
            <li>
              <Link to="/laboral/listado" className="mosaico__item">
                Ofertas Laborales
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
      {asistenteVisible(asistente, sesion.cuentaServicio) ? (
        <section className="tarjeta" aria-labelledby="asistente-titulo">
          <h2 id="asistente-titulo">Su asistente comercial</h2>
          <p className="asistente__nombre">{asistente.Name}</p>
          <ul className="asistente__contacto">
            <li>
              Correo: <a href={`mailto:${asistente.Email}`}>{asistente.Email}</a>
            </li>
            {asistente.Phone ? (
              <li>
                Teléfono: <a href={`tel:${asistente.Phone.replace(/[^\d+]/g, '')}`}>{asistente.Phone}</a>
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}
    </section>
  )
}

/** A tile's count: what of the pending list is done in that section. */
function Conteo({ conteo, seccion }: { conteo: DatosPendientes['conteo'] | undefined; seccion: SeccionPendiente }) {
  const n = conteo?.[seccion] ?? 0
  if (n === 0) return null
  return <span className="mosaico__conteo">{resumenPendientes(n)}</span>
}

function Pendientes({ consulta }: { consulta: ReturnType<typeof useQuery<DatosPendientes>> }) {
  const [todos, setTodos] = useState(false)
  const enLinea = useEnLinea()
  const { data } = consulta
  let contenido
  if (data) {
    const visibles = todos ? data.pendientes : data.pendientes.slice(0, PENDIENTES_A_LA_VISTA)
    const ocultos = data.pendientes.length - PENDIENTES_A_LA_VISTA
    contenido =
      data.pendientes.length === 0 ? (
        <p className="mensaje mensaje--exito">Está al día: no tiene nada pendiente por ahora.</p>
      ) : (
        <>
          <ListaPendientes pendientes={visibles} id="inicio-pendientes" />
          {ocultos > 0 ? (
            <button
              type="button"
              className="boton boton--secundario"
              aria-expanded={todos}
              aria-controls="inicio-pendientes"
              onClick={() => setTodos((t) => !t)}
            >
              {todos ? 'Ver solo los más urgentes' : `Ver los ${data.pendientes.length} pendientes`}
            </button>
          ) : null}
        </>
      )
  } else {
    contenido = <SinDatos consulta={consulta} que="sus pendientes" />
  }
  const actualizado = consulta.dataUpdatedAt ? new Date(consulta.dataUpdatedAt) : null
  return (
    <section className="inicio-pendientes" aria-labelledby="pendientes-titulo">
      <h2 id="pendientes-titulo">Pendientes</h2>
      {!enLinea && data && actualizado ? (
        <p className="campo__ayuda">
          Sin conexión: lista del {fechaCorta(fechaEnChile(actualizado))} a las {horaEnChile(actualizado)}.
        </p>
      ) : null}
      {contenido}
    </section>
  )
}

import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import type { BusquedaEncuestas } from '../../../domain/busqueda-encuestas.ts'
import { MENOS_DE_CINCO, MENSAJE_SIN_ENCUESTAS, type Conteo } from '../../../domain/resultados-encuesta.ts'
import { opcionEnPalabras } from '../../../domain/encuesta.ts'
import { segunCantidad } from '../../../domain/textos.ts'
import { personalQueries, tieneCapacidad } from '../queries.ts'
import { GraficoBarras } from './grafico-barras.tsx'
import { encuestasQueries, enlacePlanilla, type ResultadoDePregunta, type ResultadosEncuesta } from './queries.ts'
import './encuestas.css'
import { FiltroSelect } from '../filtros.tsx'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

/**
 * The general survey's results: a program and a year (in the address), how many answered of how
 * many enrolments, every question's answers as a bar chart with its table, and the spreadsheet.
 */
export function PaginaEncuestas({ busqueda }: { busqueda: BusquedaEncuestas }) {
  const { data: sesion } = useQuery(personalQueries.sesion())
  return (
    <section className="admin-encuestas" aria-labelledby="encuestas-titulo">
      <h1 id="encuestas-titulo">Resultados de la encuesta general</h1>
      {tieneCapacidad(sesion, 'encuestas.ver') ? (
        <Resultados busqueda={busqueda} />
      ) : (
        <p className="mensaje mensaje--aviso" role="alert">
          Su rol no permite ver los resultados de la encuesta.
        </p>
      )}
    </section>
  )
}

function Resultados({ busqueda }: { busqueda: BusquedaEncuestas }) {
  const navigate = useNavigate()
  const resultados = useQuery({ ...encuestasQueries.resultados(busqueda), placeholderData: keepPreviousData })
  const idPrograma = useId()
  const idAnio = useId()

  function filtrar(cambio: Partial<BusquedaEncuestas>) {
    void navigate({
      from: '/admin/encuestas',
      to: '/admin/encuestas',
      // From the address as it is now, not as this screen last rendered it: a year chosen while
      // the program's results still load keeps the program.
      search: (previa) => {
        const siguiente = { ...previa, ...cambio }
        return { programa: siguiente.programa || undefined, anio: siguiente.anio || undefined }
      },
    })
  }

  if (resultados.isPending) {
    return (
      <p role="status" className="admin-suave">
        Cargando los resultados…
      </p>
    )
  }
  if (resultados.isError) {
    return <MensajeError error={resultados.error} onReintentar={() => void resultados.refetch()} />
  }

  const datos = resultados.data
  const programaElegido = datos.programas.find((p) => p.curso === busqueda.programa)
  return (
    <>
      <p className="admin-encuestas__intro">
        Las encuestas que respondieron los alumnos de los programas que la piden (grupos 1 y 5), por programa y año de
        la solicitud. {datos.sensibles ? TEXTO_SENSIBLES : TEXTO_SIN_SENSIBLES}
      </p>
      <form
        className="admin-filtros"
        role="search"
        aria-label="Filtrar resultados"
        onSubmit={(e) => e.preventDefault()}
      >
        <FiltroSelect
          id={idPrograma}
          etiqueta="Programa"
          todos="Todos los programas"
          valor={busqueda.programa ?? ''}
          opciones={datos.programas.map((p) => ({ valor: p.curso, texto: `${p.nombre} (${p.curso})` }))}
          alCambiar={(valor) => filtrar({ programa: valor || undefined })}
        />
        <FiltroSelect
          id={idAnio}
          etiqueta="Año de la solicitud"
          todos="Todos los años"
          valor={busqueda.anio ? String(busqueda.anio) : ''}
          opciones={datos.anios.map((a) => ({ valor: String(a), texto: String(a) }))}
          alCambiar={(valor) => filtrar({ anio: valor ? Number(valor) : undefined })}
        />
        <div className="admin-filtros__acciones">
          <a className="boton boton--secundario" href={enlacePlanilla(busqueda)} download>
            Descargar planilla Excel
          </a>
        </div>
      </form>

      <p role="status" className="admin-total">
        {resumen(datos, programaElegido?.nombre)}
      </p>

      {datos.respondidas === 0 ? (
        <p className="admin-suave">{MENSAJE_SIN_ENCUESTAS}</p>
      ) : (
        secciones(datos.preguntas).map(([seccion, preguntas]) => (
          <section key={seccion} className="admin-encuestas__seccion" aria-labelledby={`seccion-${claveDe(seccion)}`}>
            <h2 id={`seccion-${claveDe(seccion)}`}>{seccion}</h2>
            <div className="admin-encuestas__preguntas">
              {preguntas.map((p) => (
                <Pregunta key={p.clave} pregunta={p} />
              ))}
            </div>
          </section>
        ))
      )}
    </>
  )
}

const TEXTO_SENSIBLES =
  'Las respuestas sobre discapacidad y pueblos originarios son datos sensibles: cuando menos de 5 personas dieron una respuesta se muestra «< 5», y si el total de la pregunta permitiría deducir esa cifra, otra respuesta se muestra «≥ 5».'
const TEXTO_SIN_SENSIBLES =
  'Las respuestas sobre discapacidad y pueblos originarios son datos sensibles que su rol no muestra, ni aquí ni en la planilla.'

function resumen(datos: ResultadosEncuesta, programa: string | undefined): string {
  const donde = `${programa ?? 'todos los programas'}, ${datos.filtros.anio ?? 'todos los años'}`
  if (datos.solicitudes === 0) return `Ninguna solicitud que pida la encuesta (${donde}).`
  const porcentaje = Math.round((datos.respondidas / datos.solicitudes) * 100)
  const solicitudes = datos.solicitudes === 1 ? '1 solicitud' : `${datos.solicitudes} solicitudes`
  const verbo = segunCantidad(datos.respondidas, 'Respondió', 'Respondieron')
  return `${verbo} ${datos.respondidas} de ${solicitudes} (${porcentaje} %) · ${donde}.`
}

function secciones(preguntas: ResultadoDePregunta[]): [string, ResultadoDePregunta[]][] {
  const grupos = new Map<string, ResultadoDePregunta[]>()
  for (const p of preguntas) grupos.set(p.seccion, [...(grupos.get(p.seccion) ?? []), p])
  return [...grupos]
}

const claveDe = (texto: string) =>
  texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')

const respondieron = (n: Conteo) =>
  n === MENOS_DE_CINCO ? 'Respondieron menos de 5.' : `${segunCantidad(n, 'Respondió', 'Respondieron')} ${n}.`

function Pregunta({ pregunta }: { pregunta: ResultadoDePregunta }) {
  const idTitulo = `pregunta-${pregunta.clave}`
  return (
    <article className="admin-encuestas__pregunta" aria-labelledby={idTitulo}>
      <h3 id={idTitulo}>{pregunta.etiqueta}</h3>
      {pregunta.tipo === 'texto' ? (
        <p className="admin-suave">
          {pregunta.respondieron === MENOS_DE_CINCO
            ? 'Menos de 5 escribieron una respuesta.'
            : `${pregunta.respondieron} ${segunCantidad(pregunta.respondieron, 'escribió', 'escribieron')} una respuesta.`}{' '}
          Las respuestas escritas están en la planilla.
        </p>
      ) : (
        <>
          <p className="admin-suave">{respondieron(pregunta.respondieron)}</p>
          <GraficoBarras pregunta={pregunta} />
          <details className="admin-encuestas__tabla">
            <summary>Ver los datos en una tabla</summary>
            <TablaPregunta pregunta={pregunta} />
          </details>
        </>
      )}
    </article>
  )
}

function TablaPregunta({ pregunta }: { pregunta: Exclude<ResultadoDePregunta, { tipo: 'texto' }> }) {
  return (
    <div className="admin-tabla">
      <table>
        <caption className="sr-only">{pregunta.etiqueta}</caption>
        <thead>
          <tr>
            <th scope="col">{pregunta.tipo === 'prioridades' ? 'Razón' : 'Respuesta'}</th>
            {pregunta.tipo === 'prioridades' ? (
              <>
                <th scope="col">1ª prioridad</th>
                <th scope="col">2ª prioridad</th>
                <th scope="col">3ª prioridad</th>
              </>
            ) : (
              <th scope="col">Cantidad</th>
            )}
          </tr>
        </thead>
        <tbody>
          {pregunta.tipo === 'prioridades'
            ? pregunta.opciones.map((o) => (
                <tr key={o.opcion}>
                  <th scope="row">{opcionEnPalabras(o.opcion)}</th>
                  {o.prioridades.map((c, i) => (
                    <td key={i}>{c}</td>
                  ))}
                </tr>
              ))
            : pregunta.opciones.map((o) => (
                <tr key={o.opcion}>
                  <th scope="row">{opcionEnPalabras(o.opcion)}</th>
                  <td>{o.cantidad}</td>
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  )
}

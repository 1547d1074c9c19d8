import { useEffect, useRef, useState } from 'react'
import { opcionEnPalabras } from '../../../domain/encuesta.ts'
import { largoDeBarra, type Conteo } from '../../../domain/resultados-encuesta.ts'
import type { ResultadoDePregunta } from './queries.ts'

// A question's answers as horizontal bars, drawn with Observable Plot (SVG). The library is
// imported when a chart is first drawn, so only this screen ever downloads it. Every bar carries
// its count in words beside it ('< 5' for a small sensitive count, which has no bar), so colour
// is never the only signal; the chart as a whole is one image whose name says every count, and
// the same counts are in the table under it.

type Plot = typeof import('@observablehq/plot')
type PreguntaConOpciones = Exclude<ResultadoDePregunta, { tipo: 'texto' }>

const COLOR_BARRA = '#0b4f8a'
/** The three priorities of a ranked question, darkest first; each bar also says its priority. */
const COLORES_PRIORIDAD = ['#0b4f8a', '#4f83b8', '#8fb0d3']
const PRIORIDADES = ['1ª', '2ª', '3ª']

const texto = (cantidad: Conteo) => String(cantidad)

/** What the chart says, in words: its accessible name. */
export function descripcionGrafico(pregunta: PreguntaConOpciones): string {
  const partes =
    pregunta.tipo === 'prioridades'
      ? pregunta.opciones.map(
          (o) =>
            `${opcionEnPalabras(o.opcion)}: ${o.prioridades.map((c, i) => `${PRIORIDADES[i]} prioridad ${texto(c)}`).join(', ')}`,
        )
      : pregunta.opciones.map((o) => `${opcionEnPalabras(o.opcion)}: ${texto(o.cantidad)}`)
  return `Gráfico de barras de «${pregunta.etiqueta}». ${partes.join('; ')}.`
}

function dibujar(Plot: Plot, pregunta: PreguntaConOpciones, ancho: number) {
  const margenIzquierdo = Math.min(280, Math.max(120, ancho * 0.45))
  if (pregunta.tipo === 'prioridades') {
    const datos = pregunta.opciones.flatMap((o) =>
      o.prioridades.map((cantidad, i) => ({
        opcion: opcionEnPalabras(o.opcion),
        prioridad: PRIORIDADES[i]!,
        largo: largoDeBarra(cantidad),
        etiqueta: `${PRIORIDADES[i]}: ${texto(cantidad)}`,
      })),
    )
    return Plot.plot({
      width: ancho,
      height: pregunta.opciones.length * 48 + 20,
      marginLeft: margenIzquierdo,
      marginRight: 56,
      style: { fontSize: '13px' },
      x: { axis: null, domain: [0, Math.max(1, ...datos.map((d) => d.largo))] },
      y: { axis: null, domain: PRIORIDADES },
      fy: { domain: pregunta.opciones.map((o) => opcionEnPalabras(o.opcion)), label: null, axis: 'left', tickSize: 0 },
      color: { domain: PRIORIDADES, range: COLORES_PRIORIDAD },
      marks: [
        Plot.barX(datos, { fy: 'opcion', y: 'prioridad', x: 'largo', fill: 'prioridad', insetTop: 1, insetBottom: 1 }),
        Plot.text(datos, {
          fy: 'opcion',
          y: 'prioridad',
          x: 'largo',
          text: 'etiqueta',
          textAnchor: 'start',
          dx: 4,
          fill: 'currentColor',
        }),
        Plot.ruleX([0]),
      ],
    })
  }
  const datos = pregunta.opciones.map((o) => ({
    opcion: opcionEnPalabras(o.opcion),
    largo: largoDeBarra(o.cantidad),
    etiqueta: texto(o.cantidad),
  }))
  return Plot.plot({
    width: ancho,
    height: datos.length * 30 + 16,
    marginLeft: margenIzquierdo,
    marginRight: 48,
    style: { fontSize: '13px' },
    x: { axis: null, domain: [0, Math.max(1, ...datos.map((d) => d.largo))] },
    y: { domain: datos.map((d) => d.opcion), label: null, tickSize: 0 },
    marks: [
      Plot.barX(datos, { y: 'opcion', x: 'largo', fill: COLOR_BARRA, insetTop: 3, insetBottom: 3 }),
      Plot.text(datos, { y: 'opcion', x: 'largo', text: 'etiqueta', textAnchor: 'start', dx: 4, fill: 'currentColor' }),
      Plot.ruleX([0]),
    ],
  })
}

export function GraficoBarras({ pregunta }: { pregunta: PreguntaConOpciones }) {
  const contenedor = useRef<HTMLDivElement>(null)
  const [fallo, setFallo] = useState(false)

  useEffect(() => {
    const elemento = contenedor.current
    if (!elemento) return
    let vigente = true
    let plot: Plot | null = null
    let ancho = 0
    const redibujar = () => {
      const nuevoAncho = Math.floor(elemento.clientWidth)
      if (!plot || !vigente || nuevoAncho === 0 || nuevoAncho === ancho) return
      ancho = nuevoAncho
      const grafico = dibujar(plot, pregunta, ancho)
      // The wrapper is the image and its name says every count: the drawing's own labels (Plot
      // names each group of marks 'bar', 'text'…) would only repeat less.
      grafico.setAttribute('aria-hidden', 'true')
      for (const conNombre of grafico.querySelectorAll('[aria-label]')) conNombre.removeAttribute('aria-label')
      elemento.replaceChildren(grafico)
    }
    const observador = new ResizeObserver(redibujar)
    import('@observablehq/plot').then(
      (modulo) => {
        plot = modulo
        redibujar()
        observador.observe(elemento)
      },
      () => {
        if (vigente) setFallo(true)
      },
    )
    return () => {
      vigente = false
      observador.disconnect()
      elemento.replaceChildren()
    }
  }, [pregunta])

  if (fallo) return <p className="admin-suave">No fue posible dibujar el gráfico: los datos están en la tabla.</p>
  return <div ref={contenedor} className="admin-grafico" role="img" aria-label={descripcionGrafico(pregunta)} />
}

import { useEffect, useId, useRef, type ChangeEvent } from 'react'
import { ACCEPT_FOTOS, MAXIMO_PAGINAS } from '../../domain/fotos.ts'
import type { FotoPreparada } from '../../lib/imagen/preparar-foto.ts'
import './paginas.css'
import { tamanoLegible } from './tamano-legible.ts'

// The photos of a document chosen and not yet sent: each page's preview and its size before and
// after compression, buttons to move it up or down and to remove it, 'Agregar página', and
// 'Enviar documento' (one photo goes as a JPEG, several as one PDF) or 'Descartar'.

export type Pagina = {
  id: string
  /** What was chosen, kept in memory only to compress it again if the pages must share the limit. */
  fuente: File
  foto: FotoPreparada
  /** An object URL of foto.archivo, for the preview. */
  vista: string
}

/** Which button should hold the focus after the list changed (a moved page's, the next page's). */
export type Foco = { pagina: string; accion: 'arriba' | 'abajo' | 'quitar' } | 'agregar' | null

export function PaginasDelDocumento({
  nombreDocumento,
  paginas,
  ocupado,
  foco,
  onFocoAplicado,
  onAgregar,
  onMover,
  onQuitar,
  onEnviar,
  onDescartar,
}: {
  nombreDocumento: string
  paginas: readonly Pagina[]
  /** A photo being prepared or the PDF being made: the actions wait. */
  ocupado: boolean
  foco: Foco
  onFocoAplicado: () => void
  onAgregar: (archivo: File) => void
  onMover: (indice: number, paso: -1 | 1) => void
  onQuitar: (indice: number) => void
  onEnviar: () => void
  onDescartar: () => void
}) {
  const id = useId()
  const contenedor = useRef<HTMLDivElement>(null)
  const varias = paginas.length > 1

  useEffect(() => {
    if (!foco) return
    const selector =
      foco === 'agregar'
        ? `#${CSS.escape(`${id}-agregar`)}`
        : `[data-pagina="${foco.pagina}"][data-accion="${foco.accion}"]`
    contenedor.current?.querySelector<HTMLElement>(selector)?.focus()
    onFocoAplicado()
  }, [foco, id, onFocoAplicado])

  function alAgregar(e: ChangeEvent<HTMLInputElement>) {
    const archivo = e.currentTarget.files?.[0]
    e.currentTarget.value = ''
    if (archivo) onAgregar(archivo)
  }

  return (
    <div className="foto-paginas" role="group" aria-labelledby={`${id}-titulo`} ref={contenedor}>
      <p id={`${id}-titulo`} className="foto-paginas__titulo">
        {varias
          ? `${nombreDocumento}: ${paginas.length} páginas, se enviarán como un solo PDF`
          : `${nombreDocumento}: foto lista para enviar`}
      </p>
      <ol className="foto-paginas__lista">
        {paginas.map((pagina, i) => {
          const n = i + 1
          const { foto } = pagina
          return (
            <li key={pagina.id} className="foto-pagina">
              <img
                className="foto-pagina__vista"
                src={pagina.vista}
                alt={`Vista previa de la página ${n} de ${nombreDocumento}`}
                width={foto.ancho}
                height={foto.alto}
              />
              <div className="foto-pagina__datos">
                <p className="foto-pagina__nombre">
                  Página {n}: {foto.original.nombre}
                </p>
                <p className="foto-pagina__tamano">
                  {foto.comprimida
                    ? `${tamanoLegible(foto.original.tamanno)} → ${tamanoLegible(foto.archivo.size)}`
                    : `${tamanoLegible(foto.archivo.size)}, sin cambios`}{' '}
                  ({foto.ancho} × {foto.alto} px)
                </p>
                <div className="foto-pagina__acciones">
                  {varias ? (
                    <>
                      <button
                        type="button"
                        className="boton boton--secundario boton--pequeno"
                        data-pagina={pagina.id}
                        data-accion="arriba"
                        disabled={ocupado || i === 0}
                        onClick={() => onMover(i, -1)}
                      >
                        Mover arriba<span className="sr-only"> la página {n}</span>
                      </button>
                      <button
                        type="button"
                        className="boton boton--secundario boton--pequeno"
                        data-pagina={pagina.id}
                        data-accion="abajo"
                        disabled={ocupado || i === paginas.length - 1}
                        onClick={() => onMover(i, 1)}
                      >
                        Mover abajo<span className="sr-only"> la página {n}</span>
                      </button>
                    </>
                  ) : null}
                  <button
                    type="button"
                    className="boton boton--secundario boton--pequeno"
                    data-pagina={pagina.id}
                    data-accion="quitar"
                    disabled={ocupado}
                    onClick={() => onQuitar(i)}
                  >
                    Quitar<span className="sr-only"> la página {n}</span>
                  </button>
                </div>
              </div>
            </li>
          )
        })}
      </ol>
      {paginas.length < MAXIMO_PAGINAS ? (
        <div className="campo">
          <label htmlFor={`${id}-agregar`} className="campo__etiqueta">
            Agregar página<span className="sr-only"> a {nombreDocumento}</span>
          </label>
          <input
            id={`${id}-agregar`}
            className="campo__control campo__control--archivo"
            type="file"
            accept={ACCEPT_FOTOS}
            disabled={ocupado}
            onChange={alAgregar}
          />
        </div>
      ) : null}
      <div className="acciones">
        <button type="button" className="boton" disabled={ocupado} onClick={onEnviar}>
          Enviar documento<span className="sr-only"> {nombreDocumento}</span>
        </button>
        <button type="button" className="boton boton--secundario" disabled={ocupado} onClick={onDescartar}>
          Descartar<span className="sr-only"> las fotos de {nombreDocumento}</span>
        </button>
      </div>
    </div>
  )
}

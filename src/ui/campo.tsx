import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'

type Base = {
  /** The control's id; one is made when nothing else needs to find the field by it. */
  id?: string | undefined
  etiqueta: string
  /** The field's message, shown under it and tied with aria-describedby. */
  error?: string | undefined
  /** A permanent hint (format, policy), also read with the field. */
  ayuda?: ReactNode
  obligatorio?: boolean
}

type Control = {
  id: string
  required: boolean | undefined
  'aria-invalid': boolean | undefined
  'aria-describedby': string | undefined
}

/** A labelled form field: visible label, asterisk for required, hint and error tied to the control. */
export function Campo({
  id,
  etiqueta,
  error,
  ayuda,
  obligatorio,
  children,
}: Base & { children: (control: Control) => ReactNode }) {
  const propio = useId()
  id ??= propio
  const idAyuda = ayuda ? `${id}-ayuda` : undefined
  const idError = error ? `${id}-error` : undefined
  const describedBy = [idAyuda, idError].filter(Boolean).join(' ') || undefined
  return (
    <div className={`campo${error ? ' campo--error' : ''}`}>
      <label htmlFor={id} className="campo__etiqueta">
        {etiqueta}
        {obligatorio ? (
          <>
            <span className="campo__asterisco" aria-hidden="true">
              {' '}
              *
            </span>
            <span className="sr-only"> (obligatorio)</span>
          </>
        ) : null}
      </label>
      {children({
        id,
        required: obligatorio || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {ayuda ? (
        <div id={idAyuda} className="campo__ayuda">
          {ayuda}
        </div>
      ) : null}
      {error ? (
        <p id={idError} className="campo__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function CampoTexto({
  id,
  etiqueta,
  error,
  ayuda,
  obligatorio,
  ...input
}: Base & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <Campo id={id} etiqueta={etiqueta} error={error} ayuda={ayuda} obligatorio={obligatorio}>
      {(control) => <input className="campo__control" {...input} {...control} />}
    </Campo>
  )
}

/** One choice of a list: the value sent and the words shown. */
export type Opcion = { valor: string; texto: string }

/**
 * A labelled list. With `opciones`, a blank first choice (`vacia`'s words, 'Seleccione…' unless
 * said) and then each of them; `children` add choices of their own after them.
 */
export function CampoSelect({
  id,
  etiqueta,
  error,
  ayuda,
  obligatorio,
  opciones,
  vacia = 'Seleccione…',
  children,
  ...select
}: Base & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { opciones?: readonly Opcion[]; vacia?: string }) {
  return (
    <Campo id={id} etiqueta={etiqueta} error={error} ayuda={ayuda} obligatorio={obligatorio}>
      {(control) => (
        <select className="campo__control" {...select} {...control}>
          {opciones ? (
            <>
              <option value="">{vacia}</option>
              {opciones.map((o) => (
                <option key={o.valor} value={o.valor}>
                  {o.texto}
                </option>
              ))}
            </>
          ) : null}
          {children}
        </select>
      )}
    </Campo>
  )
}

/** A multi-line text field (a description, a reason), labelled like the others. */
export function CampoArea({
  id,
  etiqueta,
  error,
  ayuda,
  obligatorio,
  ...area
}: Base & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <Campo id={id} etiqueta={etiqueta} error={error} ayuda={ayuda} obligatorio={obligatorio}>
      {(control) => <textarea className="campo__control" {...area} {...control} />}
    </Campo>
  )
}

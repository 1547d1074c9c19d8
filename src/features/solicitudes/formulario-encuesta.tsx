import {
  CONSENTIMIENTOS,
  FINALIDADES_CONSENTIMIENTO,
  type FinalidadConsentimiento,
} from '../../domain/consentimiento.ts'
import {
  opcionEnPalabras,
  SI,
  MENSAJE_PRIORIDADES,
  SECCIONES_ENCUESTA,
  type EncuestaFormulario,
  type Pregunta,
} from '../../domain/encuesta.ts'
import { CampoPrioridades } from '../../ui/campo-prioridades.tsx'
import { CampoSelect, CampoTexto } from '../../ui/campo.tsx'

type Props = {
  valores: EncuestaFormulario
  onCambiar: (cambiar: (anterior: EncuestaFormulario) => EncuestaFormulario) => void
  /** Per-field messages, shown only once the student has tried to send. */
  errores: Record<string, string>
  soloLectura: boolean
}

/** Every question of the general survey, follow-ups shown only for the answers that ask them. */
export function FormularioEncuesta({ valores, onCambiar, errores, soloLectura }: Props) {
  return (
    <>
      {SECCIONES_ENCUESTA.map((seccion) => (
        <fieldset key={seccion.titulo} className="seccion" disabled={soloLectura}>
          <legend>
            <h3>{seccion.titulo}</h3>
          </legend>
          {FINALIDADES_CONSENTIMIENTO.filter((f) => CONSENTIMIENTOS[f].seccion === seccion.titulo).map((f) => (
            <Consentimiento key={f} finalidad={f} valores={valores} onCambiar={onCambiar} />
          ))}
          {seccion.preguntas.map((pregunta) =>
            'cuando' in pregunta && pregunta.cuando && !pregunta.cuando(valores) ? null : (
              <PreguntaEncuesta
                key={'campo' in pregunta ? pregunta.campo : pregunta.campos[0]}
                pregunta={pregunta}
                valores={valores}
                onCambiar={onCambiar}
                errores={errores}
                soloLectura={soloLectura}
              />
            ),
          )}
        </fieldset>
      ))}
    </>
  )
}

function PreguntaEncuesta({ pregunta, valores, onCambiar, errores, soloLectura }: Props & { pregunta: Pregunta }) {
  const id = (campo: string) => `encuesta-${campo}`
  switch (pregunta.tipo) {
    case 'opcion':
      return (
        <CampoSelect
          id={id(pregunta.campo)}
          etiqueta={pregunta.etiqueta}
          obligatorio={pregunta.obligatoria}
          error={errores[pregunta.campo]}
          value={String(valores[pregunta.campo])}
          onChange={(e) => {
            const valor = e.target.value
            onCambiar((anterior) => ({ ...anterior, [pregunta.campo]: valor }))
          }}
          opciones={pregunta.opciones.map((opcion) => ({ valor: opcion, texto: opcionEnPalabras(opcion) }))}
        />
      )
    case 'texto':
      return (
        <CampoTexto
          id={id(pregunta.campo)}
          etiqueta={pregunta.etiqueta}
          obligatorio={pregunta.obligatoria}
          error={errores[pregunta.campo]}
          maxLength={pregunta.max}
          ayuda={`Hasta ${pregunta.max} caracteres.`}
          value={String(valores[pregunta.campo])}
          onChange={(e) => {
            const valor = e.target.value
            onCambiar((anterior) => ({ ...anterior, [pregunta.campo]: valor }))
          }}
        />
      )
    case 'varias':
      return (
        <fieldset className="campo opciones-varias">
          <legend className="campo__etiqueta">{pregunta.etiqueta}</legend>
          {pregunta.opciones.map((opcion) => (
            <label key={opcion} className="opciones-varias__opcion">
              <input
                type="checkbox"
                checked={valores.otrosOrigenesDisca.includes(opcion)}
                onChange={(e) => {
                  const marcada = e.target.checked
                  onCambiar((anterior) => ({
                    ...anterior,
                    otrosOrigenesDisca: marcada
                      ? [...anterior.otrosOrigenesDisca, opcion]
                      : anterior.otrosOrigenesDisca.filter((o) => o !== opcion),
                  }))
                }}
              />{' '}
              {opcion}
            </label>
          ))}
        </fieldset>
      )
    case 'prioridades': {
      const [primera, segunda, tercera] = pregunta.campos
      return (
        <CampoPrioridades
          id={id(primera)}
          leyenda={pregunta.etiqueta}
          opciones={pregunta.opciones.map((o) => ({ valor: o, etiqueta: o }))}
          valores={pregunta.campos.map((c) => String(valores[c]))}
          deshabilitado={soloLectura}
          // The group's hint; the dialog after a send attempt names which first priority is missing.
          error={errores[primera] ? MENSAJE_PRIORIDADES : (errores[segunda] ?? errores[tercera])}
          onCambiar={(nuevos) =>
            onCambiar((anterior) => ({
              ...anterior,
              [primera]: nuevos[0] ?? '',
              [segunda]: nuevos[1] ?? '',
              [tercera]: nuevos[2] ?? '',
            }))
          }
        />
      )
    }
  }
}

/**
 * An express consent to sensitive questions, asked apart and before them, saying what for: the
 * questions appear only once it is ticked, and it is sent with the answers.
 */
function Consentimiento({
  finalidad,
  valores,
  onCambiar,
}: Pick<Props, 'valores' | 'onCambiar'> & { finalidad: FinalidadConsentimiento }) {
  const { campoEncuesta, texto, para } = CONSENTIMIENTOS[finalidad]
  const id = `encuesta-${campoEncuesta}`
  return (
    <div className="campo campo--consentimiento">
      <label className="opciones-varias__opcion" htmlFor={id}>
        <input
          type="checkbox"
          id={id}
          aria-describedby={`${id}-ayuda`}
          checked={valores[campoEncuesta] === SI}
          onChange={(e) => {
            const marcada = e.target.checked
            onCambiar((anterior) => ({ ...anterior, [campoEncuesta]: marcada ? SI : '' }))
          }}
        />{' '}
        {texto}
      </label>
      <p id={`${id}-ayuda`} className="campo__ayuda">
        {para}
      </p>
    </div>
  )
}

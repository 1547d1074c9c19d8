import {
  INSTITUCION_OTRA,
  NIVEL_OTRA,
  NIVELES_FORMACION,
  requiereOtraProfesion,
  requiereOtraUniversidad,
  requiereOtroNivelFormacion,
  requiereOtroTipoInstitucion,
  TIPOS_INSTITUCION,
  UNIVERSIDAD_OTRA,
} from '../../domain/persona.ts'
import { CampoSelect, CampoTexto } from '../../ui/campo.tsx'
import { OpcionesPais, type PropsCampos } from './campos.tsx'

/** 'Datos Profesionales': profession, university, highest degree and where it was studied. */
export function CamposDatosProfesionales({ form, valores, lookups }: Omit<PropsCampos, 'persona'>) {
  return (
    <fieldset className="seccion">
      <legend>
        <h2>Datos Profesionales</h2>
      </legend>
      <div className="rejilla">
        <CampoSelect id="personal-profesion" etiqueta="Profesión" obligatorio {...form.campo('codProfesion')}>
          <option value="">Seleccione…</option>
          {lookups.profesiones.map((p) => (
            <option key={p.codProfesion} value={p.codProfesion}>
              {p.profesion}
            </option>
          ))}
        </CampoSelect>
        {requiereOtraProfesion(valores.codProfesion) ? (
          <CampoTexto
            id="personal-otra-profesion"
            etiqueta="Indique su profesión"
            obligatorio
            {...form.campo('otraProfesion')}
          />
        ) : null}
        <CampoSelect id="personal-universidad" etiqueta="Universidad" obligatorio {...form.campo('universidad')}>
          <option value="">Seleccione…</option>
          {lookups.universidades.map((u) => (
            <option key={u.universidad} value={u.universidad}>
              {u.universidad === UNIVERSIDAD_OTRA ? 'Otra universidad' : u.universidad}
            </option>
          ))}
        </CampoSelect>
        {requiereOtraUniversidad(valores.universidad) ? (
          <CampoTexto
            id="personal-otra-universidad"
            etiqueta="Indique su universidad"
            obligatorio
            {...form.campo('otrauniversidad')}
          />
        ) : null}
        <CampoSelect
          id="personal-nivel"
          etiqueta="Nivel de formación más alto"
          obligatorio
          {...form.campo('maxnivelformacion')}
        >
          <option value="">Seleccione…</option>
          {NIVELES_FORMACION.map((n) => (
            <option key={n} value={n}>
              {n === NIVEL_OTRA ? 'Otro nivel' : n}
            </option>
          ))}
        </CampoSelect>
        {requiereOtroNivelFormacion(valores.maxnivelformacion) ? (
          <CampoTexto
            id="personal-otro-nivel"
            etiqueta="Indique su nivel de formación"
            obligatorio
            {...form.campo('otronivelformacion')}
          />
        ) : null}
        <CampoSelect
          id="personal-institucion"
          etiqueta="Tipo de institución de educación superior"
          obligatorio
          {...form.campo('tipoinstitucion')}
        >
          <option value="">Seleccione…</option>
          {TIPOS_INSTITUCION.map((t) => (
            <option key={t} value={t}>
              {t === INSTITUCION_OTRA ? 'Otro tipo de institución' : t}
            </option>
          ))}
        </CampoSelect>
        {requiereOtroTipoInstitucion(valores.tipoinstitucion) ? (
          <CampoTexto
            id="personal-otra-institucion"
            etiqueta="Indique el tipo de institución"
            obligatorio
            {...form.campo('otrotipoinstitucion')}
          />
        ) : null}
        <CampoSelect
          id="personal-pais-secundaria"
          etiqueta="País de estudios secundarios"
          obligatorio
          {...form.campo('paisEstSecund')}
        >
          <OpcionesPais paises={lookups.paises} />
        </CampoSelect>
      </div>
    </fieldset>
  )
}

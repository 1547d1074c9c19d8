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
import { opcionesPais, type PropsCampos } from './campos.tsx'

/** 'Datos Profesionales': profession, university, highest degree and where it was studied. */
export function CamposDatosProfesionales({ form, valores, lookups }: Omit<PropsCampos, 'persona'>) {
  return (
    <fieldset className="seccion">
      <legend>
        <h2>Datos Profesionales</h2>
      </legend>
      <div className="rejilla">
        <CampoSelect
          id="personal-profesion"
          etiqueta="Profesión"
          obligatorio
          {...form.campo('codProfesion')}
          opciones={lookups.profesiones.map((p) => ({ valor: p.codProfesion, texto: p.profesion }))}
        />
        {requiereOtraProfesion(valores.codProfesion) ? (
          <CampoTexto
            id="personal-otra-profesion"
            etiqueta="Indique su profesión"
            obligatorio
            {...form.campo('otraProfesion')}
          />
        ) : null}
        <CampoSelect
          id="personal-universidad"
          etiqueta="Universidad"
          obligatorio
          {...form.campo('universidad')}
          opciones={lookups.universidades.map((u) => ({
            valor: u.universidad,
            texto: u.universidad === UNIVERSIDAD_OTRA ? 'Otra universidad' : u.universidad,
          }))}
        />
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
          opciones={NIVELES_FORMACION.map((n) => ({ valor: n, texto: n === NIVEL_OTRA ? 'Otro nivel' : n }))}
        />
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
          opciones={TIPOS_INSTITUCION.map((t) => ({
            valor: t,
            texto: t === INSTITUCION_OTRA ? 'Otro tipo de institución' : t,
          }))}
        />
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
          opciones={opcionesPais(lookups.paises)}
        />
      </div>
    </fieldset>
  )
}

import { useMemo, useState } from 'react'
import {
  alCambiarComuna,
  alCambiarNacionalidad,
  alCambiarPais,
  alCambiarRegion,
  opcionesComuna,
  opcionesRegion,
  requiereDatosResidencia,
  rutVisible,
  SEXOS,
  TIPOS_RESIDENCIA,
} from '../../domain/persona.ts'
import { formatearRut } from '../../domain/rut.ts'
import { normalizarTelefono, PREFIJO_TELEFONO_CHILE } from '../../domain/telefono.ts'
import { CampoSelect, CampoTexto } from '../../ui/campo.tsx'
import type { Comuna } from '../lookups/queries.ts'
import { opcionesPais, porNombre, type PropsCampos } from './campos.tsx'

/** A phone field: written back in its one form when left ('912345678' -> '+56 9 1234 5678'). */
function conTelefono(form: PropsCampos['form'], campo: 'telefonoParticular' | 'celular') {
  const control = form.campo(campo)
  return {
    ...control,
    onBlur: () => {
      control.onBlur()
      const normalizado = normalizarTelefono(control.value) || PREFIJO_TELEFONO_CHILE
      if (normalizado !== control.value) form.cambiar(campo, normalizado)
    },
  }
}

/** 'Datos Personales' with the address: identity, contact, nationality and where the student lives. */
export function CamposDatosPersonales({
  form,
  valores,
  persona,
  lookups,
  errorDocumento,
  comunas,
}: PropsCampos & {
  errorDocumento: string | null
  comunas: { data?: Comuna[] | undefined; isPending: boolean; isError: boolean }
}) {
  // Today, read once: a birth date cannot be in the future.
  const [hoy] = useState(() => new Date().toISOString().slice(0, 10))
  const nacionalidades = useMemo(
    () => [...lookups.paises].sort((a, b) => porNombre(a.nacionalidad, b.nacionalidad)),
    [lookups.paises],
  )
  const regiones = opcionesRegion(lookups.regiones, valores.codPais)
  const opcionesDeComuna = opcionesComuna(comunas.data ?? [], valores.codPais)
  const comunaSinCargar = valores.codComuna !== '' && !opcionesDeComuna.some((c) => c.codComuna === valores.codComuna)
  const esRut = rutVisible(persona.rut)
  const etiquetaDocumento =
    valores.tipoDocumento === 'DNI' ? 'DNI' : valores.tipoDocumento === 'PASAPORTE' ? 'Pasaporte' : 'Pasaporte o DNI'

  return (
    <fieldset className="seccion">
      <legend>
        <h2>Datos Personales</h2>
      </legend>
      <div className="rejilla">
        <CampoTexto id="personal-email" etiqueta="Correo electrónico" type="email" value={persona.email} readOnly />
        {esRut ? (
          <CampoTexto
            id="personal-rut"
            etiqueta="RUT"
            value={formatearRut(persona.rut)}
            readOnly
            error={errorDocumento ?? undefined}
          />
        ) : (
          <CampoTexto
            id="personal-documento"
            etiqueta={etiquetaDocumento}
            value={valores.numeroDocumento}
            readOnly
            error={errorDocumento ?? undefined}
          />
        )}
        <CampoTexto
          id="personal-nombres"
          etiqueta="Nombres"
          obligatorio
          autoComplete="given-name"
          {...form.campo('nombres')}
        />
        <CampoTexto
          id="personal-apellidos"
          etiqueta="Apellidos"
          obligatorio
          autoComplete="family-name"
          {...form.campo('apPaterno')}
        />
        <CampoSelect
          id="personal-sexo"
          etiqueta="Sexo registral"
          obligatorio
          {...form.campo('sexoregistral')}
          opciones={SEXOS.map((s) => ({ valor: s, texto: s }))}
        />
        <CampoTexto
          id="personal-fecha-nac"
          etiqueta="Fecha de nacimiento"
          obligatorio
          type="date"
          autoComplete="bday"
          max={hoy}
          // The rule is said once: as a hint until the date breaks it, then by its message.
          ayuda={form.error('fechaNac') ? undefined : 'Debe tener más de 18 años.'}
          {...form.campo('fechaNac')}
        />
        <CampoTexto
          id="personal-telefono"
          etiqueta="Teléfono particular"
          obligatorio
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          ayuda="Con código de área, por ejemplo 2 2345 6789, o un celular de 9 dígitos. Otro país: con su código."
          {...conTelefono(form, 'telefonoParticular')}
        />
        <CampoTexto
          id="personal-celular"
          etiqueta="Teléfono celular"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          ayuda="Opcional. 9 dígitos, por ejemplo 9 1234 5678. Otro país: con su código."
          {...conTelefono(form, 'celular')}
        />
        <CampoSelect
          id="personal-nacionalidad"
          etiqueta="Nacionalidad"
          obligatorio
          {...form.campo('nacionalidad', (p, v) => alCambiarNacionalidad(p, v))}
          opciones={nacionalidades.map((p) => ({ valor: p.codPais, texto: p.nacionalidad }))}
        />
        {requiereDatosResidencia(valores.nacionalidad) ? (
          <>
            <CampoSelect
              id="personal-tipo-residencia"
              etiqueta="Tipo de residencia"
              obligatorio
              {...form.campo('tipoResidencia')}
              opciones={Object.entries(TIPOS_RESIDENCIA).map(([codigo, texto]) => ({ valor: codigo, texto }))}
            />
            <CampoSelect
              id="personal-pais-origen"
              etiqueta="País de origen"
              obligatorio
              {...form.campo('paisOrigen')}
              opciones={opcionesPais(lookups.paises)}
            />
          </>
        ) : null}
      </div>
      <fieldset className="subseccion">
        <legend>Domicilio</legend>
        <div className="rejilla">
          <CampoTexto
            id="personal-direccion"
            etiqueta="Dirección"
            obligatorio
            autoComplete="street-address"
            {...form.campo('direccion')}
          />
          <CampoSelect
            id="personal-pais"
            etiqueta="País de residencia"
            obligatorio
            {...form.campo('codPais', (p, v) => alCambiarPais(p, v))}
            opciones={opcionesPais(lookups.paises)}
          />
          <CampoSelect
            id="personal-region"
            etiqueta="Región"
            obligatorio
            {...form.campo('codRegion', (p, v) => alCambiarRegion(p, v))}
            opciones={regiones.map((r) => ({ valor: r.codRegion, texto: r.region }))}
          />
          <CampoSelect
            id="personal-comuna"
            etiqueta="Comuna"
            obligatorio
            disabled={valores.codRegion === ''}
            ayuda={
              valores.codRegion === ''
                ? 'Elija primero la región.'
                : comunas.isPending
                  ? 'Cargando comunas…'
                  : comunas.isError
                    ? 'No se pudieron cargar las comunas: revise su conexión.'
                    : undefined
            }
            {...form.campo('codComuna', (p, v) => alCambiarComuna(p, v, lookups.comunaCiudad))}
            opciones={opcionesDeComuna.map((c) => ({ valor: c.codComuna, texto: c.comuna }))}
          >
            {comunaSinCargar ? (
              <option value={valores.codComuna}>
                {comunas.isPending ? 'Cargando comunas…' : `Comuna ${valores.codComuna}`}
              </option>
            ) : null}
          </CampoSelect>
          <CampoTexto
            id="personal-ciudad"
            etiqueta="Ciudad"
            value={valores.ciudad}
            readOnly
            ayuda="Se completa según la comuna."
          />
        </div>
      </fieldset>
    </fieldset>
  )
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useId, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import {
  agenciaSchema,
  brechaSchema,
  CATEGORIAS_DATOS,
  exigeAvisarAfectados,
  type BrechaInput,
} from '../../../domain/brechas.ts'
import { erroresPorCampo } from '../../../domain/errores-por-campo.ts'
import { fechaEnChile } from '../../../domain/fechas.ts'
import { REGISTRO_DATOS, type IdCategoriaDatos } from '../../../domain/registro-datos.ts'
import { ApiError } from '../../../lib/api-error.ts'
import { enfocarPrimerInvalido } from '../../../lib/use-formulario.ts'
import { CampoArea, CampoTexto } from '../../../ui/campo.tsx'
import { Dialogo } from '../../../ui/dialogo.tsx'
import { AccionesDialogo } from '../acciones-dialogo.tsx'
import { MensajeError } from '../../../ui/mensaje-error.tsx'
import { diaEnChile, momentoEnChile } from '../formato.ts'
import { personalQueries, tieneCapacidad } from '../queries.ts'
import { Tabla } from '../tabla.tsx'
import { actualizarBrechas, brechasMutations, brechasQueries, type Brecha } from './brechas-queries.ts'

type Abierto = { tipo: 'registrar' } | { tipo: 'agencia'; brecha: Brecha } | null

/**
 * The breach register (art. 14 sexies): every security incident with what it
 * touched, the students told and when the Agencia was told; recording one tells the affected
 * students by notice and e-mail in the same act.
 */
export function PaginaBrechas() {
  const { data: sesion } = useQuery(personalQueries.sesion())
  const puede = tieneCapacidad(sesion, 'privacidad.brechas')
  return (
    <section className="admin-privacidad" aria-labelledby="brechas-titulo">
      <h1 id="brechas-titulo">Incidentes de seguridad</h1>
      {puede ? (
        <Brechas />
      ) : (
        <p className="mensaje mensaje--aviso" role="alert">
          Su rol no permite registrar incidentes de seguridad.
        </p>
      )}
    </section>
  )
}

function Brechas() {
  const lista = useQuery(brechasQueries.lista())
  const [abierto, setAbierto] = useState<Abierto>(null)
  const [aviso, setAviso] = useState<string | null>(null)
  const cerrar = () => setAbierto(null)
  if (lista.isPending) return <p role="status">Cargando los incidentes…</p>
  if (lista.isError) return <MensajeError error={lista.error} onReintentar={() => void lista.refetch()} />
  return (
    <>
      <p>
        Registre aquí cada incidente que afecte datos personales: cuándo se detectó, qué datos tocó, a quiénes y qué
        medidas se adoptaron. La ley pide informarlo a la Agencia de Protección de Datos Personales sin dilación y
        avisar a los afectados cuando se trata de datos sensibles o financieros. Al registrarlo, el portal avisa a cada
        alumno afectado en el portal y por correo.
      </p>
      <p>
        <button type="button" className="boton" onClick={() => setAbierto({ tipo: 'registrar' })}>
          Registrar un incidente
        </button>
      </p>
      <p role="status">{aviso}</p>
      <Tabla
        titulo="Incidentes registrados"
        columnas={columnas((brecha) => setAbierto({ tipo: 'agencia', brecha }))}
        filas={lista.data.brechas}
        idDeFila={(b) => b.id}
        vacia="No se ha registrado ningún incidente."
      />
      {abierto?.tipo === 'registrar' ? (
        <DialogoRegistrar
          onCerrar={cerrar}
          onHecho={(b) => {
            cerrar()
            setAviso(`Incidente registrado. Se avisó a ${b.avisados === 1 ? '1 alumno' : `${b.avisados} alumnos`}.`)
          }}
        />
      ) : null}
      {abierto?.tipo === 'agencia' ? (
        <DialogoAgencia
          brecha={abierto.brecha}
          onCerrar={cerrar}
          onHecho={() => {
            cerrar()
            setAviso('Se registró el aviso a la Agencia.')
          }}
        />
      ) : null}
    </>
  )
}

function columnas(agencia: (b: Brecha) => void): ColumnDef<Brecha, unknown>[] {
  return [
    { id: 'detectada', header: 'Detectado', cell: ({ row }) => diaEnChile(row.original.detectadaEn) },
    {
      id: 'que',
      header: 'Qué ocurrió',
      cell: ({ row }) => (
        <>
          {row.original.descripcion}
          <br />
          <span className="admin-privacidad__secundario">Medidas: {row.original.medidas}</span>
        </>
      ),
    },
    {
      id: 'datos',
      header: 'Datos afectados',
      cell: ({ row }) => (
        <ul>
          {row.original.categorias.map((c) => (
            <li key={c.id}>{c.nombre}</li>
          ))}
        </ul>
      ),
    },
    {
      id: 'alumnos',
      header: 'Alumnos avisados',
      cell: ({ row }) => `${row.original.avisados} de ${row.original.alumnos}`,
    },
    {
      id: 'agencia',
      header: 'Agencia informada',
      cell: ({ row }) =>
        row.original.agenciaInformadaEn ? (
          diaEnChile(row.original.agenciaInformadaEn)
        ) : (
          <button
            type="button"
            className="boton boton--secundario boton--pequeno"
            onClick={() => agencia(row.original)}
          >
            Registrar aviso a la Agencia
            <span className="sr-only"> del incidente del {diaEnChile(row.original.detectadaEn)}</span>
          </button>
        ),
    },
    {
      id: 'registro',
      header: 'Registrado',
      cell: ({ row }) => `${momentoEnChile(row.original.registradaEn)} por ${row.original.registradaPor}`,
    },
  ]
}

const VACIO: BrechaInput = {
  detectadaEl: '',
  descripcion: '',
  categorias: [],
  medidas: '',
  alumnos: '',
  todos: false,
  agenciaInformadaEl: '',
}

function DialogoRegistrar({ onCerrar, onHecho }: { onCerrar: () => void; onHecho: (b: Brecha) => void }) {
  const queryClient = useQueryClient()
  const id = useId()
  const [datos, setDatos] = useState<BrechaInput>(() => ({ ...VACIO, detectadaEl: fechaEnChile(new Date()) }))
  const [errores, setErrores] = useState<Record<string, string>>({})
  const registro = useMutation({
    mutationFn: brechasMutations.registrar,
    onSuccess: (r) => onHecho(r.brecha),
    onError: (error) => {
      if (error instanceof ApiError) setErrores(error.campos)
    },
    onSettled: () => actualizarBrechas(queryClient),
  })
  const cambiar = <K extends keyof BrechaInput>(campo: K, valor: BrechaInput[K]) => {
    setDatos((d) => ({ ...d, [campo]: valor }))
    setErrores(({ [campo]: _quitado, ...resto }) => resto)
  }
  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const resultado = v.safeParse(brechaSchema(fechaEnChile(new Date())), datos)
    if (!resultado.success) {
      setErrores(erroresPorCampo(resultado.issues))
      const formulario = e.currentTarget
      requestAnimationFrame(() => enfocarPrimerInvalido(formulario))
      return
    }
    setErrores({})
    if (!registro.isPending) registro.mutate(datos)
  }
  const categorias = (datos.categorias ?? []) as IdCategoriaDatos[]
  const errorCategorias = errores.categorias ?? Object.entries(errores).find(([c]) => c.startsWith('categorias.'))?.[1]
  return (
    <Dialogo
      titulo="Registrar un incidente de seguridad"
      grande
      onCerrar={onCerrar}
      acciones={
        <AccionesDialogo
          texto="Registrar y avisar"
          enCurso="Registrando…"
          ocupado={registro.isPending}
          formulario={`${id}-formulario`}
          onCancelar={onCerrar}
        />
      }
    >
      <form id={`${id}-formulario`} className="formulario" onSubmit={enviar} noValidate>
        <CampoTexto
          id={`${id}-detectada`}
          etiqueta="Fecha en que se detectó"
          type="date"
          obligatorio
          error={errores.detectadaEl}
          value={datos.detectadaEl}
          onChange={(e) => cambiar('detectadaEl', e.target.value)}
        />
        <CampoArea
          id={`${id}-descripcion`}
          etiqueta="Qué ocurrió"
          obligatorio
          rows={3}
          error={errores.descripcion}
          value={datos.descripcion}
          onChange={(e) => cambiar('descripcion', e.target.value)}
        />
        <fieldset
          className={`campo${errorCategorias ? ' campo--error' : ''}`}
          aria-describedby={errorCategorias ? `${id}-categorias-error` : undefined}
        >
          <legend className="campo__etiqueta">
            Datos afectados
            <span className="campo__asterisco" aria-hidden="true">
              {' '}
              *
            </span>
            <span className="sr-only"> (obligatorio)</span>
          </legend>
          {CATEGORIAS_DATOS.map((c) => (
            <div key={c}>
              <input
                type="checkbox"
                id={`${id}-categoria-${c}`}
                checked={categorias.includes(c)}
                aria-invalid={errorCategorias ? true : undefined}
                onChange={(e) =>
                  cambiar('categorias', e.target.checked ? [...categorias, c] : categorias.filter((x) => x !== c))
                }
              />{' '}
              <label htmlFor={`${id}-categoria-${c}`}>{REGISTRO_DATOS[c].nombre}</label>
            </div>
          ))}
          {errorCategorias ? (
            <p id={`${id}-categorias-error`} className="campo__error">
              {errorCategorias}
            </p>
          ) : null}
          {exigeAvisarAfectados(categorias) ? (
            <p className="campo__ayuda">
              Incluye datos sensibles o financieros: la ley exige avisar a los afectados, y el portal lo hará al
              registrar.
            </p>
          ) : null}
        </fieldset>
        <CampoArea
          id={`${id}-medidas`}
          etiqueta="Medidas adoptadas"
          obligatorio
          rows={3}
          error={errores.medidas}
          value={datos.medidas}
          onChange={(e) => cambiar('medidas', e.target.value)}
        />
        <CampoArea
          id={`${id}-alumnos`}
          etiqueta="Alumnos afectados"
          rows={4}
          ayuda="Un correo o RUT por línea."
          disabled={datos.todos}
          error={errores.alumnos}
          value={datos.alumnos}
          onChange={(e) => cambiar('alumnos', e.target.value)}
        />
        <div className="campo">
          <input
            type="checkbox"
            id={`${id}-todos`}
            checked={datos.todos}
            onChange={(e) => {
              cambiar('todos', e.target.checked)
              setErrores(({ alumnos: _quitado, ...resto }) => resto)
            }}
          />{' '}
          <label htmlFor={`${id}-todos`}>Todos los alumnos</label>
        </div>
        <CampoTexto
          id={`${id}-agencia`}
          etiqueta="Fecha en que se informó a la Agencia"
          type="date"
          ayuda="Déjela en blanco si aún no se le informa; puede registrarla después."
          error={errores.agenciaInformadaEl}
          value={datos.agenciaInformadaEl}
          onChange={(e) => cambiar('agenciaInformadaEl', e.target.value)}
        />
        {registro.isError ? <MensajeError error={registro.error} /> : null}
      </form>
    </Dialogo>
  )
}

function DialogoAgencia({ brecha, onCerrar, onHecho }: { brecha: Brecha; onCerrar: () => void; onHecho: () => void }) {
  const queryClient = useQueryClient()
  const id = useId()
  const [fecha, setFecha] = useState(() => fechaEnChile(new Date()))
  const [error, setError] = useState<string | undefined>()
  const aviso = useMutation({
    mutationFn: () => brechasMutations.agencia(brecha.id, fecha),
    onSuccess: onHecho,
    onSettled: () => actualizarBrechas(queryClient),
  })
  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const r = v.safeParse(agenciaSchema(fechaEnChile(new Date())), { agenciaInformadaEl: fecha })
    if (!r.success) return setError(erroresPorCampo(r.issues).agenciaInformadaEl)
    setError(undefined)
    if (!aviso.isPending) aviso.mutate()
  }
  return (
    <Dialogo
      titulo="Aviso a la Agencia de Protección de Datos"
      onCerrar={onCerrar}
      acciones={
        <AccionesDialogo
          texto="Registrar"
          enCurso="Registrando…"
          ocupado={aviso.isPending}
          formulario={`${id}-formulario`}
          onCancelar={onCerrar}
        />
      }
    >
      <form id={`${id}-formulario`} className="formulario" onSubmit={enviar} noValidate>
        <CampoTexto
          id={`${id}-fecha`}
          etiqueta="Fecha en que se informó a la Agencia"
          type="date"
          obligatorio
          error={error}
          value={fecha}
          onChange={(e) => setFecha(e.target.value)}
        />
        {aviso.isError ? <MensajeError error={aviso.error} /> : null}
      </form>
    </Dialogo>
  )
}

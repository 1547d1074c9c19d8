import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { erroresPorCampo } from '../../../domain/errores-por-campo.ts'
import {
  ALCANCES_INTEGRACION,
  crearClaveSchema,
  DESCRIPCION_ALCANCE,
  ETIQUETA_ALCANCE,
  MAXIMO_NOMBRE_CLAVE,
  RUTA_OPENAPI_INTEGRACION,
  type AlcanceIntegracion,
} from '../../../domain/integracion.ts'
import { ApiError } from '../../../lib/api-error.ts'
import { enfocarPrimerInvalido } from '../../../lib/use-formulario.ts'
import { CampoTexto } from '../../../ui/campo.tsx'
import { Dialogo } from '../../../ui/dialogo.tsx'
import { AccionesDialogo } from '../acciones-dialogo.tsx'
import { actualizarClaves, clavesMutations } from './queries.ts'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

/**
 * A new key: its name and what it may do; once created, the same dialog shows the key, the only
 * time it is ever shown, with a button to copy it.
 */
export function DialogoCrearClave({ onCerrar }: { onCerrar: () => void }) {
  const queryClient = useQueryClient()
  const idFormulario = useId()
  const idNombre = useId()
  const idPermisos = useId()
  const [nombre, setNombre] = useState('')
  const [alcances, setAlcances] = useState<AlcanceIntegracion[]>([])
  const [errores, setErrores] = useState<Record<string, string>>({})
  const creacion = useMutation({
    mutationFn: clavesMutations.crear,
    onError: (error) => {
      if (error instanceof ApiError) setErrores(error.campos)
    },
    onSettled: () => actualizarClaves(queryClient),
  })

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const resultado = v.safeParse(crearClaveSchema, { nombre, alcances })
    if (!resultado.success) {
      setErrores(erroresPorCampo(resultado.issues))
      const formulario = e.currentTarget
      requestAnimationFrame(() => enfocarPrimerInvalido(formulario))
      return
    }
    setErrores({})
    if (!creacion.isPending) creacion.mutate({ nombre, alcances })
  }

  function alternar(alcance: AlcanceIntegracion, elegido: boolean) {
    setAlcances((previos) => (elegido ? [...previos, alcance] : previos.filter((a) => a !== alcance)))
    setErrores(({ alcances: _quitado, ...resto }) => resto)
  }

  if (creacion.isSuccess) return <ClaveCreada {...creacion.data} onCerrar={onCerrar} />

  const errorPermisos =
    errores.alcances ?? Object.entries(errores).find(([campo]) => campo.startsWith('alcances.'))?.[1]
  return (
    <Dialogo
      titulo="Crear una clave de integración"
      onCerrar={onCerrar}
      acciones={
        <AccionesDialogo
          texto="Crear clave"
          enCurso="Creando…"
          ocupado={creacion.isPending}
          formulario={idFormulario}
          onCancelar={onCerrar}
        />
      }
    >
      <p>
        La clave se mostrará una sola vez, al crearla: cópiela entonces en la configuración del CRM. El portal guarda
        solo una huella de ella y no puede volver a mostrarla.
      </p>
      <form id={idFormulario} className="formulario" onSubmit={enviar} noValidate>
        <CampoTexto
          id={idNombre}
          etiqueta="Nombre de la clave"
          obligatorio
          autoComplete="off"
          maxLength={MAXIMO_NOMBRE_CLAVE}
          ayuda="Para reconocerla en la lista y en la auditoría, por ejemplo «CRM producción»."
          error={errores.nombre}
          value={nombre}
          onChange={(e) => {
            setNombre(e.target.value)
            setErrores(({ nombre: _quitado, ...resto }) => resto)
          }}
        />
        <fieldset
          className={`campo admin-integracion__permisos${errorPermisos ? ' campo--error' : ''}`}
          aria-describedby={errorPermisos ? `${idPermisos}-error` : undefined}
        >
          <legend className="campo__etiqueta">
            Permisos
            <span className="campo__asterisco" aria-hidden="true">
              {' '}
              *
            </span>
            <span className="sr-only"> (obligatorio)</span>
          </legend>
          {ALCANCES_INTEGRACION.map((alcance) => (
            <div key={alcance} className="admin-integracion__permiso">
              <input
                type="checkbox"
                id={`${idPermisos}-${alcance}`}
                checked={alcances.includes(alcance)}
                aria-invalid={errorPermisos ? true : undefined}
                aria-describedby={`${idPermisos}-${alcance}-ayuda`}
                onChange={(e) => alternar(alcance, e.target.checked)}
              />
              <label htmlFor={`${idPermisos}-${alcance}`}>{ETIQUETA_ALCANCE[alcance]}</label>
              <p id={`${idPermisos}-${alcance}-ayuda`} className="campo__ayuda">
                {DESCRIPCION_ALCANCE[alcance]}
              </p>
            </div>
          ))}
          {errorPermisos ? (
            <p id={`${idPermisos}-error`} className="campo__error">
              {errorPermisos}
            </p>
          ) : null}
        </fieldset>
        <MensajeError error={creacion.error} visible={creacion.isError} />
      </form>
    </Dialogo>
  )
}

/** The key, shown once: a read-only field to select it and a button to copy it. */
function ClaveCreada({ clave, token, onCerrar }: { clave: { nombre: string }; token: string; onCerrar: () => void }) {
  const idClave = useId()
  const [copia, setCopia] = useState<'copiada' | 'fallida' | null>(null)

  async function copiar() {
    try {
      await navigator.clipboard.writeText(token)
      setCopia('copiada')
    } catch {
      setCopia('fallida')
    }
  }

  return (
    <Dialogo
      titulo="Clave creada"
      onCerrar={onCerrar}
      acciones={
        <button type="button" className="boton" onClick={onCerrar}>
          Listo, ya la guardé
        </button>
      }
    >
      <p>
        Esta es la clave <strong>{clave.nombre}</strong>. <strong>Cópiela ahora: no se volverá a mostrar.</strong> Si la
        pierde, revóquela y cree otra.
      </p>
      <CampoTexto
        id={idClave}
        etiqueta="Clave de la API"
        readOnly
        value={token}
        spellCheck={false}
        className="campo__control admin-integracion__clave"
        onFocus={(e) => e.currentTarget.select()}
      />
      <p>
        <button type="button" className="boton boton--secundario" onClick={() => void copiar()}>
          Copiar clave
        </button>
      </p>
      <p role="status" className="admin-integracion__copia">
        {copia === 'copiada'
          ? 'Clave copiada al portapapeles.'
          : copia === 'fallida'
            ? 'No fue posible copiarla: selecciónela en el campo y cópiela a mano.'
            : null}
      </p>
      <p>
        El CRM la envía en cada llamada en la cabecera <code>Authorization: Bearer {'<clave>'}</code>. La documentación
        de la API está en <a href={RUTA_OPENAPI_INTEGRACION}>{RUTA_OPENAPI_INTEGRACION}</a>.
      </p>
    </Dialogo>
  )
}

import { useQuery } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useState } from 'react'
import { ETIQUETA_ALCANCE, RUTA_OPENAPI_INTEGRACION } from '../../../domain/integracion.ts'
import { MensajeError } from '../../../ui/mensaje-error.tsx'
import { momentoEnChile } from '../formato.ts'
import { personalQueries, tieneCapacidad } from '../queries.ts'
import { Tabla } from '../tabla.tsx'
import { DialogoCrearClave } from './dialogo-crear-clave.tsx'
import { DialogoRevocarClave } from './dialogo-revocar-clave.tsx'
import { clavesQueries, type ClaveIntegracion } from './queries.ts'
import './integracion.css'

type Abierto = { tipo: 'crear' } | { tipo: 'revocar'; clave: ClaveIntegracion } | null

/**
 * The CRM's API keys (admins only): each key's name, scopes, creation, last use and state; create
 * one (its value shown once) and revoke one.
 */
export function PaginaIntegracion() {
  const { data: sesion } = useQuery(personalQueries.sesion())
  const puede = tieneCapacidad(sesion, 'integracion.gestionar')
  return (
    <section className="admin-integracion" aria-labelledby="integracion-titulo">
      <h1 id="integracion-titulo">Integración</h1>
      {puede ? (
        <ListaClaves />
      ) : (
        <p className="mensaje mensaje--aviso" role="alert">
          Su rol no permite administrar las claves de integración.
        </p>
      )}
    </section>
  )
}

function ListaClaves() {
  const lista = useQuery(clavesQueries.lista())
  const [abierto, setAbierto] = useState<Abierto>(null)
  const cerrar = () => setAbierto(null)

  if (lista.isPending) return <p role="status">Cargando las claves de integración…</p>
  if (lista.isError) return <MensajeError error={lista.error} onReintentar={() => void lista.refetch()} />
  const { claves } = lista.data
  const activas = claves.filter((c) => !c.revocadaEn).length
  return (
    <>
      <p className="admin-intro">
        El CRM de la escuela carga alumnos e inscripciones y lee encuestas, reglamentos, documentos y pagos por la API
        de integración. Cada sistema usa su propia clave, con solo los permisos que necesita; cada llamada queda en la
        auditoría a nombre de la clave. La documentación de la API (OpenAPI) está en{' '}
        <a href={RUTA_OPENAPI_INTEGRACION}>{RUTA_OPENAPI_INTEGRACION}</a>.
      </p>
      <p>
        <button type="button" className="boton" onClick={() => setAbierto({ tipo: 'crear' })}>
          Crear una clave
        </button>
      </p>
      <p role="status" className="admin-total">
        {activas === 1 ? '1 clave activa' : `${activas} claves activas`}
        {claves.length > activas
          ? `, ${claves.length - activas} revocada${claves.length - activas === 1 ? '' : 's'}`
          : ''}
      </p>
      <Tabla
        titulo="Claves de integración"
        columnas={columnas((clave) => setAbierto({ tipo: 'revocar', clave }))}
        filas={claves}
        idDeFila={(c) => c.id}
        vacia="Aún no hay claves de integración."
      />
      {abierto?.tipo === 'crear' ? <DialogoCrearClave onCerrar={cerrar} /> : null}
      {abierto?.tipo === 'revocar' ? <DialogoRevocarClave clave={abierto.clave} onCerrar={cerrar} /> : null}
    </>
  )
}

function columnas(revocar: (clave: ClaveIntegracion) => void): ColumnDef<ClaveIntegracion, unknown>[] {
  return [
    {
      id: 'nombre',
      header: 'Nombre',
      cell: ({ row }) => (
        <>
          {row.original.nombre}
          <br />
          <code className="admin-secundario">{row.original.prefijo}…</code>
        </>
      ),
    },
    {
      id: 'permisos',
      header: 'Permisos',
      cell: ({ row }) => (
        <ul className="admin-integracion__lista-permisos">
          {row.original.alcances.map((a) => (
            <li key={a}>{ETIQUETA_ALCANCE[a]}</li>
          ))}
        </ul>
      ),
    },
    {
      id: 'creada',
      header: 'Creada',
      cell: ({ row }) => (
        <>
          {momentoEnChile(row.original.creadaEn)}
          {row.original.creadaPor ? (
            <>
              <br />
              <span className="admin-secundario">por {row.original.creadaPor}</span>
            </>
          ) : null}
        </>
      ),
    },
    {
      id: 'ultimo-uso',
      header: 'Último uso',
      cell: ({ row }) => (row.original.ultimoUsoEn ? momentoEnChile(row.original.ultimoUsoEn) : 'Nunca'),
    },
    {
      id: 'estado',
      header: 'Estado',
      cell: ({ row }) =>
        row.original.revocadaEn ? (
          <>
            <span className="admin-integracion__estado admin-integracion__estado--revocada">Revocada</span>
            <br />
            <span className="admin-secundario">
              el {momentoEnChile(row.original.revocadaEn)}
              {row.original.revocadaPor ? ` por ${row.original.revocadaPor}` : ''}
            </span>
          </>
        ) : (
          <span className="admin-integracion__estado admin-integracion__estado--activa">Activa</span>
        ),
    },
    {
      id: 'acciones',
      header: 'Acciones',
      cell: ({ row }) =>
        row.original.revocadaEn ? null : (
          <button
            type="button"
            className="boton boton--secundario boton--pequeno"
            onClick={() => revocar(row.original)}
          >
            Revocar<span className="sr-only"> la clave {row.original.nombre}</span>
          </button>
        ),
    },
  ]
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useState } from 'react'
import { ETIQUETA_ESTADO_CUENTA } from '../../../domain/gestion-personal.ts'
import { toast } from '../../../ui/toasts.ts'
import { momentoEnChile } from '../formato.ts'
import { mensajeDeError } from '../../../lib/mensaje-de-error.ts'
import { personalQueries, tieneCapacidad } from '../queries.ts'
import { Tabla } from '../tabla.tsx'
import { DialogoConfirmar, type AccionConfirmada } from './dialogo-confirmar.tsx'
import { DialogoInvitar } from './dialogo-invitar.tsx'
import { DialogoRol } from './dialogo-rol.tsx'
import { actualizarTrasCambio, cuentasMutations, cuentasQueries, type CuentaPersonal } from './queries.ts'
import './personal.css'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

/** What the screen has open: a dialog over the list, for one account or a new one. */
type Abierto =
  | { tipo: 'invitar' }
  | { tipo: 'rol'; cuenta: CuentaPersonal }
  | { tipo: 'confirmar'; accion: AccionConfirmada; cuenta: CuentaPersonal }
  | null

/**
 * The school's staff accounts (admins only): who they are, their role, whether they can sign in
 * and have their second factor, whether failed attempts locked their sign-in, when they last
 * signed in; invite a new member, change a role, disable or enable an account, reset its second
 * factor, send its invitation again, unlock its sign-in.
 */
export function PaginaPersonal() {
  const { data: sesion } = useQuery(personalQueries.sesion())
  const puede = tieneCapacidad(sesion, 'personal.gestionar')
  return (
    <section className="admin-personal" aria-labelledby="personal-titulo">
      <h1 id="personal-titulo">Personal</h1>
      {puede ? (
        <ListaCuentas yo={sesion?.personal.id ?? ''} />
      ) : (
        <p className="mensaje mensaje--aviso" role="alert">
          Su rol no permite administrar las cuentas del personal.
        </p>
      )}
    </section>
  )
}

function ListaCuentas({ yo }: { yo: string }) {
  const lista = useQuery(cuentasQueries.lista())
  const [abierto, setAbierto] = useState<Abierto>(null)
  const cerrar = () => setAbierto(null)

  if (lista.isPending) return <p role="status">Cargando las cuentas del personal…</p>
  if (lista.isError) {
    return <MensajeError error={lista.error} onReintentar={() => void lista.refetch()} />
  }
  const { cuentas, asistentes } = lista.data
  return (
    <>
      <p className="admin-intro">
        Cada cuenta ingresa con su contraseña y un código de su aplicación de autenticación. Una cuenta nueva recibe por
        correo un enlace para crear su contraseña; al ingresar por primera vez activa el segundo factor. Siempre debe
        quedar al menos una cuenta de administración activa.
      </p>
      <p>
        <button type="button" className="boton" onClick={() => setAbierto({ tipo: 'invitar' })}>
          Invitar a una persona
        </button>
      </p>
      <p role="status" className="admin-total">
        {cuentas.length === 1 ? '1 cuenta' : `${cuentas.length} cuentas`}
      </p>
      <Tabla
        titulo="Cuentas del personal"
        columnas={columnas(yo, setAbierto)}
        filas={cuentas}
        idDeFila={(c) => c.id}
        vacia="Aún no hay cuentas del personal."
      />
      {abierto?.tipo === 'invitar' ? <DialogoInvitar asistentes={asistentes} onCerrar={cerrar} /> : null}
      {abierto?.tipo === 'rol' ? (
        <DialogoRol
          cuenta={abierto.cuenta}
          esUsted={abierto.cuenta.id === yo}
          asistentes={asistentes}
          onCerrar={cerrar}
        />
      ) : null}
      {abierto?.tipo === 'confirmar' ? (
        <DialogoConfirmar
          accion={abierto.accion}
          cuenta={abierto.cuenta}
          esUsted={abierto.cuenta.id === yo}
          onCerrar={cerrar}
        />
      ) : null}
    </>
  )
}

function columnas(yo: string, abrir: (abierto: Abierto) => void): ColumnDef<CuentaPersonal, unknown>[] {
  return [
    {
      id: 'nombre',
      header: 'Nombre',
      cell: ({ row }) => (
        <>
          {row.original.nombre}
          {row.original.id === yo ? ' (usted)' : null}
          <br />
          <span className="admin-secundario">{row.original.email}</span>
        </>
      ),
    },
    {
      id: 'rol',
      header: 'Rol',
      cell: ({ row }) => (
        <>
          {row.original.etiquetaRol}
          {row.original.asistente ? (
            <>
              <br />
              <span className="admin-secundario">{row.original.asistente.nombre}</span>
            </>
          ) : null}
        </>
      ),
    },
    {
      id: 'estado',
      header: 'Estado',
      cell: ({ row }) => (
        <>
          <span className={`admin-personal__estado admin-personal__estado--${row.original.estado}`}>
            {ETIQUETA_ESTADO_CUENTA[row.original.estado]}
          </span>
          <br />
          <span className="admin-secundario">
            {row.original.segundoFactor ? 'Segundo factor activado' : 'Segundo factor sin activar'}
          </span>
          {row.original.bloqueadaHasta ? (
            <>
              <br />
              <span className="admin-personal__bloqueo">
                Ingreso bloqueado hasta el {momentoEnChile(row.original.bloqueadaHasta)} por intentos fallidos
              </span>
            </>
          ) : null}
        </>
      ),
    },
    {
      id: 'ultimo-ingreso',
      header: 'Último ingreso',
      cell: ({ row }) => (row.original.ultimoIngreso ? momentoEnChile(row.original.ultimoIngreso) : 'Nunca'),
    },
    { id: 'acciones', header: 'Acciones', cell: ({ row }) => <Acciones cuenta={row.original} abrir={abrir} /> },
  ]
}

/** An account's actions: those that change it for good are confirmed in a dialog first. */
function Acciones({ cuenta, abrir }: { cuenta: CuentaPersonal; abrir: (abierto: Abierto) => void }) {
  const queryClient = useQueryClient()
  const quien = <span className="sr-only"> de {cuenta.nombre}</span>
  // Enabling an account and sending its invitation again change nothing for good: no dialog.
  const activar = useMutation({
    mutationFn: () => cuentasMutations.activar(cuenta.id),
    onSuccess: () => toast({ tipo: 'success', mensaje: `La cuenta de ${cuenta.nombre} está activa de nuevo.` }),
    onError: (error) => toast({ tipo: 'error', mensaje: mensajeDeError(error) }),
    onSettled: () => actualizarTrasCambio(queryClient),
  })
  const reenviar = useMutation({
    mutationFn: () => cuentasMutations.reenviarInvitacion(cuenta.id),
    onSuccess: ({ correoEnviado }) =>
      correoEnviado
        ? toast({ tipo: 'success', mensaje: `Invitación enviada de nuevo a ${cuenta.email}.` })
        : toast({ tipo: 'warning', mensaje: `No fue posible enviar el correo a ${cuenta.email}. Intente nuevamente.` }),
    onError: (error) => toast({ tipo: 'error', mensaje: mensajeDeError(error) }),
    onSettled: () => actualizarTrasCambio(queryClient),
  })
  const boton = 'boton boton--secundario boton--pequeno'
  // A locked sign-in, whatever the account's state: lifted after a confirmation that says what it
  // may mean (someone else trying the account).
  const desbloquear = cuenta.bloqueadaHasta ? (
    <button type="button" className={boton} onClick={() => abrir({ tipo: 'confirmar', accion: 'desbloquear', cuenta })}>
      Desbloquear ingreso{quien}
    </button>
  ) : null
  if (cuenta.estado === 'desactivado') {
    return (
      <div className="admin-personal__acciones">
        <button type="button" className={boton} disabled={activar.isPending} onClick={() => activar.mutate()}>
          {activar.isPending ? 'Activando…' : 'Activar'}
          {quien}
        </button>
        {desbloquear}
      </div>
    )
  }
  return (
    <div className="admin-personal__acciones">
      {desbloquear}
      <button type="button" className={boton} onClick={() => abrir({ tipo: 'rol', cuenta })}>
        Cambiar rol{quien}
      </button>
      {cuenta.estado === 'invitacion-pendiente' ? (
        <button type="button" className={boton} disabled={reenviar.isPending} onClick={() => reenviar.mutate()}>
          {reenviar.isPending ? 'Enviando…' : 'Reenviar invitación'}
          {quien}
        </button>
      ) : (
        <button
          type="button"
          className={boton}
          onClick={() => abrir({ tipo: 'confirmar', accion: 'reiniciar', cuenta })}
        >
          Reiniciar segundo factor{quien}
        </button>
      )}
      <button
        type="button"
        className={boton}
        onClick={() => abrir({ tipo: 'confirmar', accion: 'desactivar', cuenta })}
      >
        Desactivar{quien}
      </button>
    </div>
  )
}

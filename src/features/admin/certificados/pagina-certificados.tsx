import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { useId, useMemo, useRef, useState } from 'react'
import {
  FILTROS_ESTADO_CERTIFICADO,
  type BusquedaCertificados,
  type FiltroEstadoCertificado,
} from '../../../domain/busqueda-certificados.ts'
import { ETIQUETA_FILTRO_ESTADO } from '../../../domain/gestion-certificados.ts'
import { fechaCorta } from '../../../domain/solicitudes.ts'
import { Paginador } from '../../../ui/paginador.tsx'
import { toast } from '../../../ui/toasts.ts'
import { mensajeDeError } from '../../../lib/mensaje-de-error.ts'
import { personalQueries, tieneCapacidad } from '../queries.ts'
import { Tabla } from '../tabla.tsx'
import { DialogoEmitir } from './dialogo-emitir.tsx'
import { DialogoRevocar } from './dialogo-revocar.tsx'
import { EmisionPrograma } from './emision-programa.tsx'
import {
  actualizarTrasCambio,
  certificadosMutations,
  certificadosQueries,
  faltantesDelRechazo,
  type FilaCertificado,
} from './queries.ts'
import './certificados.css'
import { FiltroSelect } from '../filtros.tsx'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

/**
 * The school's certificates: every enrolment whose program ended, with its certificate's state and
 * what it still lacks; filters (program, state) and page in the address; issue one (confirmed,
 * naming what it lacks, when it lacks something), issue a whole program, revoke one.
 */
export function PaginaCertificados({ busqueda }: { busqueda: BusquedaCertificados }) {
  const { data: sesion } = useQuery(personalQueries.sesion())
  const puede = tieneCapacidad(sesion, 'certificados.gestionar')
  return (
    <section className="admin-certificados" aria-labelledby="certificados-titulo">
      <h1 id="certificados-titulo">Certificados</h1>
      {puede ? (
        <ListaCertificados busqueda={busqueda} />
      ) : (
        <p className="mensaje mensaje--aviso" role="alert">
          Su rol no permite emitir ni revocar certificados.
        </p>
      )}
    </section>
  )
}

function ListaCertificados({ busqueda }: { busqueda: BusquedaCertificados }) {
  const navigate = useNavigate()
  // The rows shown stay while another page or filter loads (and a program's issue keeps running).
  const lista = useQuery({ ...certificadosQueries.lista(busqueda), placeholderData: keepPreviousData })
  // Each dialog keeps the row's button that opened it: the focus goes back to it once it is done.
  const [revocando, setRevocando] = useState<{ fila: FilaCertificado; disparador: HTMLElement | null } | null>(null)
  const [confirmando, setConfirmando] = useState<{
    fila: FilaCertificado
    faltantes: readonly string[]
    disparador: HTMLElement | null
  } | null>(null)
  const idPrograma = useId()
  const idEstado = useId()
  const idResumen = useId()

  // Made once: the table renders each cell as a component of its column, so columns made anew on
  // every render would remount every row's buttons (losing their state and the focus).
  const columnasTabla = useMemo(
    () =>
      columnas({
        revocar: (fila, disparador) => setRevocando({ fila, disparador }),
        confirmar: (fila, faltantes, disparador) => setConfirmando({ fila, faltantes, disparador }),
        alEmitir: (boton) => devolverFocoA(boton, idResumen),
      }),
    [idResumen],
  )

  function filtrar(cambio: Partial<BusquedaCertificados>) {
    void navigate({
      from: '/admin/certificados',
      to: '/admin/certificados',
      // From the address as it is now, not as this screen last rendered it: a second filter chosen
      // while the first one's list still loads keeps the first. A new filter starts from page 1.
      search: (previa) => {
        const siguiente = { ...previa, pagina: undefined, ...cambio }
        return {
          programa: siguiente.programa || undefined,
          estado: siguiente.estado,
          pagina: siguiente.pagina && siguiente.pagina > 1 ? siguiente.pagina : undefined,
        }
      },
    })
  }

  if (lista.isPending) {
    return (
      <p role="status" className="admin-certificados__cargando">
        Cargando los certificados…
      </p>
    )
  }
  if (lista.isError) {
    return <MensajeError error={lista.error} onReintentar={() => void lista.refetch()} />
  }

  const { filas, total, porPagina, pagina, programas } = lista.data
  const programa = programas.find((p) => p.curso === busqueda.programa)
  const paginas = Math.max(1, Math.ceil(total / porPagina))
  const filtrada = !!busqueda.programa || !!busqueda.estado

  return (
    <>
      <p className="admin-intro">
        Solicitudes cuyo programa ya terminó (el día siguiente a su fecha de término) y el estado de su certificado. Un
        certificado revocado deja de ser válido en el validador público y desaparece de las solicitudes del alumno; la
        solicitud puede recibir uno nuevo, con otro código.
      </p>
      <form
        className="admin-filtros"
        role="search"
        aria-label="Filtrar certificados"
        onSubmit={(e) => e.preventDefault()}
      >
        <FiltroSelect
          id={idPrograma}
          etiqueta="Programa"
          todos="Todos los programas terminados"
          valor={busqueda.programa ?? ''}
          opciones={programas.map((p) => ({
            valor: p.curso,
            texto: `${p.nombre} (${p.porEmitir} por emitir de ${p.total})`,
          }))}
          alCambiar={(valor) => filtrar({ programa: valor || undefined })}
        />
        <FiltroSelect
          id={idEstado}
          etiqueta="Estado del certificado"
          valor={busqueda.estado ?? ''}
          opciones={FILTROS_ESTADO_CERTIFICADO.map((estado) => ({
            valor: estado,
            texto: ETIQUETA_FILTRO_ESTADO[estado],
          }))}
          alCambiar={(valor) => filtrar({ estado: (valor || undefined) as FiltroEstadoCertificado | undefined })}
        />
      </form>

      {programa ? (
        <EmisionPrograma key={programa.curso} programa={programa} />
      ) : (
        <p className="admin-certificados__ayuda">
          Para emitir de una vez los certificados de un programa, elíjalo en el filtro «Programa».
        </p>
      )}

      <p role="status" className="admin-total" id={idResumen} tabIndex={-1}>
        {total === 0
          ? 'Ninguna solicitud'
          : `${total} ${total === 1 ? 'solicitud' : 'solicitudes'}${paginas > 1 ? `, página ${pagina} de ${paginas}` : ''}`}
      </p>
      <Tabla
        titulo="Solicitudes con programa terminado"
        columnas={columnasTabla}
        filas={filas}
        idDeFila={(f) => f.codigoInscripcion}
        vacia={
          filtrada
            ? 'No hay solicitudes con programa terminado que coincidan con estos filtros.'
            : 'Aún no hay solicitudes con programa terminado.'
        }
      />
      <Paginador
        pagina={pagina}
        paginas={paginas}
        etiqueta="Páginas de certificados"
        onCambiar={(p) => filtrar({ ...busqueda, pagina: p })}
      />
      {revocando && revocando.fila.certificado.estado === 'emitido' ? (
        <DialogoRevocar
          fila={revocando.fila}
          codigo={revocando.fila.certificado.codigo}
          onCerrar={() => setRevocando(null)}
          alTerminar={() => devolverFocoA(revocando.disparador, idResumen)}
        />
      ) : null}
      {confirmando ? (
        <DialogoEmitir
          fila={confirmando.fila}
          faltantes={confirmando.faltantes}
          onCerrar={() => setConfirmando(null)}
          alTerminar={() => devolverFocoA(confirmando.disparador, idResumen)}
        />
      ) : null}
    </>
  )
}

/**
 * After an issue or a revocation the list is read again: the focus goes back to the row's button,
 * or, when the row left the list (it no longer matches the filter), to the list's count (`idResumen`).
 */
function devolverFocoA(disparador: HTMLElement | null, idResumen: string) {
  requestAnimationFrame(() => {
    if (disparador?.isConnected) disparador.focus()
    else document.getElementById(idResumen)?.focus()
  })
}

/** What a row's buttons do; `disparador` is the button pressed, where the focus returns. */
type AccionesDeFila = {
  revocar: (fila: FilaCertificado, disparador: HTMLElement) => void
  /** Opens the confirmation that names what the enrolment lacks. */
  confirmar: (fila: FilaCertificado, faltantes: readonly string[], disparador: HTMLElement | null) => void
  /** After an issue made without a confirmation, once the list was read again: the row's button. */
  alEmitir: (boton: HTMLElement | null) => void
}

function columnas(acciones: AccionesDeFila): ColumnDef<FilaCertificado, unknown>[] {
  return [
    {
      id: 'alumno',
      header: 'Alumno',
      cell: ({ row }) => (
        <>
          {row.original.alumno.nombre}
          <br />
          <span className="admin-certificados__secundario">{row.original.alumno.email}</span>
        </>
      ),
    },
    {
      id: 'programa',
      header: 'Programa',
      cell: ({ row }) => (
        <>
          {row.original.programa.nombre}
          <br />
          <span className="admin-certificados__secundario">
            Solicitud <span className="admin-certificados__sin-corte">{row.original.codigoInscripcion}</span>, terminó
            el <span className="admin-certificados__sin-corte">{fechaCorta(row.original.fechaTermino)}</span>
          </span>
        </>
      ),
    },
    { id: 'certificado', header: 'Certificado', cell: ({ row }) => <EstadoCertificado fila={row.original} /> },
    { id: 'acciones', header: 'Acciones', cell: ({ row }) => <AccionesFila fila={row.original} acciones={acciones} /> },
  ]
}

function EstadoCertificado({ fila }: { fila: FilaCertificado }) {
  const c = fila.certificado
  switch (c.estado) {
    case 'sin-emitir':
      return (
        <>
          <span className="admin-certificados__estado">Sin emitir</span>
          <Faltantes faltantes={fila.faltantes} />
        </>
      )
    case 'emitido':
      return (
        <>
          <span className="admin-certificados__estado admin-certificados__estado--emitido">
            Emitido el <span className="admin-certificados__sin-corte">{fechaCorta(c.fechaEmision)}</span>
          </span>
          <br />
          <span className="admin-certificados__codigo">Código {c.codigo}</span>
          <br />
          <a href={c.enlace} download>
            PDF<span className="sr-only"> del certificado {c.codigo}</span>
          </a>
        </>
      )
    case 'revocado':
      return (
        <>
          <span className="admin-certificados__estado admin-certificados__estado--revocado">
            Revocado el <span className="admin-certificados__sin-corte">{fechaCorta(c.revocadoEn)}</span>
          </span>
          <br />
          <span className="admin-certificados__codigo">Código {c.codigo}</span>
          <br />
          Motivo: {c.motivo}
          <Faltantes faltantes={fila.faltantes} />
        </>
      )
  }
}

/** What an enrolment without a valid certificate still lacks, in words. */
function Faltantes({ faltantes }: { faltantes: readonly string[] }) {
  if (faltantes.length === 0) return null
  return <span className="admin-certificados__faltantes">Aún tiene: {faltantes.join(', ')}.</span>
}

/**
 * 'Emitir certificado' where there is no valid one, 'Revocar' where there is. An enrolment that
 * lacks something is issued only after the confirmation that names it: asked at once when the list
 * says so, or when the server refuses with what it lacks now.
 */
function AccionesFila({ fila, acciones }: { fila: FilaCertificado; acciones: AccionesDeFila }) {
  const queryClient = useQueryClient()
  // The button pressed: the same element reads 'Revocar' once the certificate exists.
  const boton = useRef<HTMLElement | null>(null)
  const emision = useMutation({
    mutationFn: (codigoInscripcion: string) => certificadosMutations.emitir(codigoInscripcion),
    onSuccess: ({ certificado }) =>
      toast({
        tipo: 'success',
        mensaje: `Certificado emitido para ${fila.alumno.nombre} (${fila.codigoInscripcion}), código ${certificado.codigo}.`,
      }),
    onError: (error) => {
      const faltantes = faltantesDelRechazo(error)
      if (faltantes) acciones.confirmar(fila, faltantes, boton.current)
      else toast({ tipo: 'error', mensaje: mensajeDeError(error) })
    },
    // Whatever happened (another staff member may have issued it first), the list says it now.
    onSettled: async (_datos, error) => {
      await actualizarTrasCambio(queryClient)
      if (!faltantesDelRechazo(error)) acciones.alEmitir(boton.current)
    },
  })
  const quien = (
    <span className="sr-only">
      {' '}
      de {fila.alumno.nombre} ({fila.codigoInscripcion})
    </span>
  )
  if (fila.certificado.estado === 'emitido') {
    return (
      <button
        type="button"
        className="boton boton--secundario boton--pequeno admin-certificados__accion"
        onClick={(e) => acciones.revocar(fila, e.currentTarget)}
      >
        Revocar{quien}
      </button>
    )
  }
  return (
    <button
      type="button"
      className="boton boton--pequeno admin-certificados__accion"
      // Not `disabled`: the button keeps the focus while the issue is under way.
      aria-disabled={emision.isPending || undefined}
      onClick={(e) => {
        if (emision.isPending) return
        boton.current = e.currentTarget
        if (fila.faltantes.length > 0) acciones.confirmar(fila, fila.faltantes, e.currentTarget)
        else emision.mutate(fila.codigoInscripcion)
      }}
    >
      {emision.isPending ? 'Emitiendo…' : 'Emitir certificado'}
      {quien}
    </button>
  )
}

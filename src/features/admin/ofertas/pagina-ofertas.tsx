import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useState } from 'react'
import { ESTADO_OFERTA_EN_PALABRAS } from '../../../domain/gestion-ofertas.ts'
import { Dialogo } from '../../../ui/dialogo.tsx'
import { toast } from '../../../ui/toasts.ts'
import { AccionesDialogo } from '../acciones-dialogo.tsx'
import { MensajeError } from '../../../ui/mensaje-error.tsx'
import { fecha, momentoEnChile } from '../formato.ts'
import { mensajeDeError } from '../../../lib/mensaje-de-error.ts'
import { personalQueries, tieneCapacidad } from '../queries.ts'
import { Tabla } from '../tabla.tsx'
import { DialogoOferta } from './dialogo-oferta.tsx'
import {
  actualizarOfertas,
  ofertasAdminMutations,
  ofertasAdminQueries,
  type ListaOfertasAdmin,
  type OfertaAdmin,
} from './queries.ts'
import '../concursos/concursos.css'

type Abierto = { tipo: 'nueva' } | { tipo: 'editar' | 'cerrar'; oferta: OfertaAdmin } | null

/** The job offers: publish, edit and close them; and whether students' home shows their tile. */
export function PaginaOfertasAdmin() {
  const { data: sesion } = useQuery(personalQueries.sesion())
  return (
    <section className="admin-concursos" aria-labelledby="ofertas-titulo">
      <h1 id="ofertas-titulo">Ofertas laborales</h1>
      {tieneCapacidad(sesion, 'ofertas.gestionar') ? (
        <ListaOfertas />
      ) : (
        <p className="mensaje mensaje--aviso" role="alert">
          Su rol no permite administrar las ofertas laborales.
        </p>
      )}
    </section>
  )
}

function ListaOfertas() {
  const lista = useQuery(ofertasAdminQueries.lista())
  const [abierto, setAbierto] = useState<Abierto>(null)
  const cerrar = () => setAbierto(null)

  if (lista.isPending) return <p role="status">Cargando las ofertas laborales…</p>
  if (lista.isError) return <MensajeError error={lista.error} onReintentar={() => void lista.refetch()} />
  const { ofertas, mosaico } = lista.data
  return (
    <>
      <Mosaico mosaico={mosaico} />
      <h2>Ofertas</h2>
      <p className="admin-intro">
        Cada oferta se muestra a los estudiantes desde el día en que se publica hasta el día en que deja de mostrarse,
        ambos incluidos. Al cerrarla deja de mostrarse de inmediato.
      </p>
      <p>
        <button type="button" className="boton" onClick={() => setAbierto({ tipo: 'nueva' })}>
          Nueva oferta
        </button>
      </p>
      <p role="status" className="admin-total">
        {ofertas.length === 1 ? '1 oferta' : `${ofertas.length} ofertas`}
      </p>
      <Tabla
        titulo="Ofertas laborales"
        columnas={columnas(setAbierto)}
        filas={ofertas}
        idDeFila={(o) => o.id}
        vacia="Aún no hay ofertas laborales. Publique la primera con «Nueva oferta»."
      />
      {abierto?.tipo === 'nueva' ? <DialogoOferta oferta={null} onCerrar={cerrar} /> : null}
      {abierto?.tipo === 'editar' ? <DialogoOferta oferta={abierto.oferta} onCerrar={cerrar} /> : null}
      {abierto?.tipo === 'cerrar' ? <DialogoCerrarOferta oferta={abierto.oferta} onCerrar={cerrar} /> : null}
    </>
  )
}

/** The students' home tile: where its value comes from, and one button to change it. */
function Mosaico({ mosaico }: { mosaico: ListaOfertasAdmin['mosaico'] }) {
  const queryClient = useQueryClient()
  const cambio = useMutation({
    mutationFn: () => ofertasAdminMutations.mosaico(!mosaico.visible),
    onSuccess: ({ mosaico: nuevo }) =>
      toast({
        tipo: 'success',
        mensaje: nuevo.visible
          ? 'El mosaico «Ofertas Laborales» ya se muestra en el inicio de los estudiantes.'
          : 'El mosaico «Ofertas Laborales» ya no se muestra en el inicio de los estudiantes.',
      }),
    onError: (error) => toast({ tipo: 'error', mensaje: mensajeDeError(error) }),
    onSettled: () => actualizarOfertas(queryClient),
  })
  return (
    <section aria-labelledby="mosaico-titulo">
      <h2 id="mosaico-titulo">Mosaico en el inicio de los estudiantes</h2>
      <div className="admin-concursos__mosaico">
        <p role="status">
          <strong>{mosaico.visible ? 'Visible' : 'Oculto'}</strong>:{' '}
          {mosaico.visible
            ? 'el inicio de los estudiantes muestra el mosaico «Ofertas Laborales».'
            : 'el inicio de los estudiantes no muestra el mosaico «Ofertas Laborales» (la lista sigue disponible en su dirección).'}{' '}
          <span className="admin-secundario">
            {mosaico.origen === 'entorno' || !mosaico.cambiadoEn
              ? 'Valor por omisión del servidor (OFERTAS_LABORALES_VISIBLES): aún no se ha cambiado aquí.'
              : `Cambiado aquí el ${momentoEnChile(mosaico.cambiadoEn)}.`}
          </span>
        </p>
        <button
          type="button"
          className="boton boton--secundario"
          disabled={cambio.isPending}
          onClick={() => cambio.mutate()}
        >
          {cambio.isPending ? 'Guardando…' : mosaico.visible ? 'Ocultar el mosaico' : 'Mostrar el mosaico'}
        </button>
      </div>
    </section>
  )
}

function columnas(abrir: (a: Abierto) => void): ColumnDef<OfertaAdmin, unknown>[] {
  return [
    {
      id: 'cargo',
      header: 'Oferta',
      cell: ({ row }) => (
        <>
          {row.original.cargo}
          <br />
          <span className="admin-secundario">
            {row.original.institucion}, {row.original.ciudad}
          </span>
        </>
      ),
    },
    {
      id: 'vigencia',
      header: 'Se muestra',
      cell: ({ row }) => `Del ${fecha(row.original.publicadaEl)} al ${fecha(row.original.cierraEl)}`,
    },
    {
      id: 'contacto',
      header: 'Contacto',
      cell: ({ row }) => (
        <>
          {row.original.contactoNombre}
          <br />
          <span className="admin-secundario">{row.original.contactoEmail}</span>
        </>
      ),
    },
    {
      id: 'estado',
      header: 'Estado',
      cell: ({ row }) => (
        <span className={`admin-concursos__estado admin-concursos__estado--${row.original.estado}`}>
          {ESTADO_OFERTA_EN_PALABRAS[row.original.estado]}
          {row.original.cerradaEn ? ` el ${momentoEnChile(row.original.cerradaEn)}` : ''}
        </span>
      ),
    },
    {
      id: 'acciones',
      header: 'Acciones',
      cell: ({ row }) => {
        const o = row.original
        const quien = <span className="sr-only"> la oferta {o.cargo}</span>
        const boton = 'boton boton--secundario boton--pequeno'
        return (
          <div className="admin-concursos__acciones">
            <button type="button" className={boton} onClick={() => abrir({ tipo: 'editar', oferta: o })}>
              Editar{quien}
            </button>
            {o.estado === 'cerrada' ? null : (
              <button type="button" className={boton} onClick={() => abrir({ tipo: 'cerrar', oferta: o })}>
                Cerrar{quien}
              </button>
            )}
          </div>
        )
      },
    },
  ]
}

function DialogoCerrarOferta({ oferta, onCerrar }: { oferta: OfertaAdmin; onCerrar: () => void }) {
  const queryClient = useQueryClient()
  const cierre = useMutation({
    mutationFn: () => ofertasAdminMutations.cerrar(oferta.id),
    onSuccess: () => {
      toast({ tipo: 'success', mensaje: `La oferta «${oferta.cargo}» está cerrada.` })
      onCerrar()
    },
    onSettled: () => actualizarOfertas(queryClient),
  })
  return (
    <Dialogo
      titulo="Cerrar oferta"
      onCerrar={onCerrar}
      acciones={
        <AccionesDialogo
          texto="Cerrar oferta"
          enCurso="Cerrando…"
          ocupado={cierre.isPending}
          onAccion={() => cierre.mutate()}
          onCancelar={onCerrar}
        />
      }
    >
      <p>
        Va a cerrar la oferta <strong>{oferta.cargo}</strong> de {oferta.institucion} ({oferta.ciudad}). Los estudiantes
        dejarán de verla de inmediato.
      </p>
      <MensajeError error={cierre.error} visible={cierre.isError} />
    </Dialogo>
  )
}

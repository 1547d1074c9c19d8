import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import {
  filtrosEnDireccion,
  leerFiltrosAuditoria,
  MENSAJE_RANGO_INVALIDO,
  MENSAJE_SIN_EVENTOS,
  type FiltrosAuditoria,
} from '../../../domain/auditoria.ts'
import { ApiError } from '../../../lib/api-error.ts'
import { Paginador } from '../../../ui/paginador.tsx'
import { Estado } from '../../../ui/spinner.tsx'
import { auditoriaQueries } from './queries.ts'
import { TablaEventos } from './tabla-eventos.tsx'
import { AccionesFiltros, RangoDeFechas, useBorradorDeFiltros, FiltroSelect } from '../filtros.tsx'
import { MensajeError } from '../../../ui/mensaje-error.tsx'

const SIN_FILTROS: FiltrosAuditoria = { personal: '', accion: '', desde: '', hasta: '', pagina: 1 }

/**
 * The whole audit log (admins only): every staff action, newest first, filtered by staff member,
 * action and a range of days. The filters live in the address, so a filtered view can be shared
 * or reloaded.
 */
export function PaginaAuditoria({ direccion }: { direccion: Record<string, string | undefined> }) {
  const filtros = leerFiltrosAuditoria(direccion)
  const navigate = useNavigate()
  const registro = useQuery(auditoriaQueries.registro(filtros))
  const { borrador, setBorrador, rangoInvalido } = useBorradorDeFiltros(filtros)
  const ir = (siguientes: FiltrosAuditoria) =>
    navigate({ to: '/admin/auditoria', search: filtrosEnDireccion(siguientes) })

  function filtrar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!rangoInvalido) void ir({ ...borrador, pagina: 1 })
  }

  const cambiar = (campo: keyof Omit<FiltrosAuditoria, 'pagina'>) => (valor: string) =>
    setBorrador((b) => ({ ...b, [campo]: valor }))
  const datos = registro.data
  if (registro.error instanceof ApiError && registro.error.status === 403)
    return (
      <section aria-labelledby="auditoria-titulo">
        <h1 id="auditoria-titulo">Auditoría</h1>
        <MensajeError>{registro.error.message}</MensajeError>
      </section>
    )
  return (
    <section aria-labelledby="auditoria-titulo">
      <h1 id="auditoria-titulo">Auditoría</h1>
      <p>Cada acción del personal queda registrada aquí y no se puede modificar ni borrar.</p>
      <form className="admin-filtros" onSubmit={filtrar} aria-label="Filtros de la auditoría" noValidate>
        <FiltroSelect
          id="auditoria-personal"
          etiqueta="Miembro del personal"
          valor={borrador.personal}
          opciones={datos?.filtros.personal.map((p) => ({ valor: p.id, texto: p.nombre }))}
          alCambiar={cambiar('personal')}
        />
        <FiltroSelect
          id="auditoria-accion"
          etiqueta="Acción"
          todos="Todas"
          valor={borrador.accion}
          opciones={datos?.filtros.acciones.map((a) => ({ valor: a.accion, texto: a.etiqueta }))}
          alCambiar={cambiar('accion')}
        />
        <RangoDeFechas
          prefijo="auditoria"
          desde={borrador.desde}
          hasta={borrador.hasta}
          alCambiar={(campo, valor) => cambiar(campo)(valor)}
          error={rangoInvalido ? MENSAJE_RANGO_INVALIDO : undefined}
        />
        <AccionesFiltros alLimpiar={() => void ir(SIN_FILTROS)} />
      </form>

      {registro.isError ? (
        <MensajeError error={registro.error} />
      ) : !datos ? (
        <Estado texto="Cargando la auditoría…" />
      ) : (
        <>
          <p className="admin-resumen" role="status">
            {registro.isPlaceholderData
              ? 'Cargando la auditoría…'
              : datos.total === 0
                ? MENSAJE_SIN_EVENTOS
                : `${datos.total.toLocaleString('es-CL')} ${datos.total === 1 ? 'acción registrada' : 'acciones registradas'}.`}
          </p>
          <TablaEventos
            titulo="Acciones del personal, de la más reciente a la más antigua"
            eventos={datos.eventos}
            conAlumno
            vacia={MENSAJE_SIN_EVENTOS}
          />
          <Paginador
            pagina={datos.pagina}
            paginas={datos.paginas}
            onCambiar={(pagina) => void ir({ ...filtros, pagina })}
            etiqueta="Páginas de la auditoría"
          />
        </>
      )}
    </section>
  )
}

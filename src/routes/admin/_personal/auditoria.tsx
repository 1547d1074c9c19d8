import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import * as v from 'valibot'
import { esFechaValida } from '../../../domain/auditoria.ts'
import { paginaEnDireccion } from '../../../domain/busqueda-alumnos.ts'
import { PaginaAuditoria } from '../../../features/admin/auditoria/pagina-auditoria.tsx'
import { cargarAuditoria } from '../../../features/admin/auditoria/queries.ts'

const texto = v.fallback(v.optional(v.string(), ''), '')
const dia = v.fallback(
  v.pipe(
    v.optional(v.string(), ''),
    v.check((f) => f === '' || esFechaValida(f)),
  ),
  '',
)

export const Route = createFileRoute('/admin/_personal/auditoria')({
  // The filters in the address; what cannot be read is left out.
  validateSearch: v.object({
    personal: texto,
    accion: texto,
    desde: dia,
    hasta: dia,
    pagina: paginaEnDireccion(),
  }),
  search: { middlewares: [stripSearchParams({ personal: '', accion: '', desde: '', hasta: '', pagina: 1 })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => cargarAuditoria(context.queryClient, deps),
  component: function RutaAuditoria() {
    return <PaginaAuditoria filtros={Route.useSearch()} />
  },
})

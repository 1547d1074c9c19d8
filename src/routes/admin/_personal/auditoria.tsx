import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PaginaAuditoria } from '../../../features/admin/auditoria/pagina-auditoria.tsx'
import { cargarAuditoria } from '../../../features/admin/auditoria/queries.ts'

const texto = v.fallback(v.optional(v.string()), undefined)

export const Route = createFileRoute('/admin/_personal/auditoria')({
  // The filters as the address has them; the screen reads them.
  validateSearch: v.object({ personal: texto, accion: texto, desde: texto, hasta: texto, pagina: texto }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => cargarAuditoria(context.queryClient, deps),
  component: function RutaAuditoria() {
    return <PaginaAuditoria direccion={Route.useSearch()} />
  },
})

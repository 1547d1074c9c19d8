import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PaginaConciliacion } from '../../../../features/admin/pagos/pagina-conciliacion.tsx'

const texto = v.fallback(v.optional(v.string()), undefined)

// The days reconciled, as the address has them; the screen reads them (the last week by default).
export const Route = createFileRoute('/admin/_personal/pagos/conciliacion')({
  validateSearch: v.object({ desde: texto, hasta: texto }),
  component: function RutaConciliacion() {
    return <PaginaConciliacion direccion={Route.useSearch()} />
  },
})

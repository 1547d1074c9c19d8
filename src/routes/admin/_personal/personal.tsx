import { createFileRoute } from '@tanstack/react-router'
import { PaginaPersonal } from '../../../features/admin/personal/pagina-personal.tsx'
import { cuentasQueries } from '../../../features/admin/personal/queries.ts'
import { personalQueries, tieneCapacidad } from '../../../features/admin/queries.ts'

// The staff accounts (admins only). No address parameters: the list is short and whole.
export const Route = createFileRoute('/admin/_personal/personal')({
  loader: async ({ context }) => {
    const sesion = await context.queryClient.ensureQueryData(personalQueries.sesion())
    if (tieneCapacidad(sesion, 'personal.gestionar')) await context.queryClient.prefetchQuery(cuentasQueries.lista())
  },
  component: PaginaPersonal,
})

import { createFileRoute, redirect } from '@tanstack/react-router'
import { ApiError } from '../../lib/api-error.ts'
import { personalQueries } from '../../features/admin/queries.ts'
import { MarcoAdmin } from '../../features/admin/marco-admin.tsx'

// A signed-in staff member's pages. Without a staff session (or once it ended), the sign-in page,
// which returns here afterwards.
export const Route = createFileRoute('/admin/_personal')({
  beforeLoad: async ({ context, location }) => {
    try {
      await context.queryClient.ensureQueryData(personalQueries.sesion())
    } catch (error) {
      if (error instanceof ApiError && error.status === 401)
        throw redirect({ to: '/admin/login', search: { volver: location.href }, replace: true })
      throw error
    }
  },
  component: MarcoAdmin,
})

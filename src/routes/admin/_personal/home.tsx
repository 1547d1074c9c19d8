import { createFileRoute } from '@tanstack/react-router'
import { InicioAdmin } from '../../../features/admin/inicio-admin.tsx'
import { personalQueries } from '../../../features/admin/queries.ts'

export const Route = createFileRoute('/admin/_personal/home')({
  // Today's counts before the home shows, as the other sections load their lists: arriving after,
  // they pushed the sections' cards down under the pointer. A failure is not thrown: the home
  // shows it with a retry.
  loader: ({ context }) =>
    Promise.allSettled([
      context.queryClient.ensureQueryData({ ...personalQueries.resumen(), revalidateIfStale: true }),
    ]),
  component: InicioAdmin,
})

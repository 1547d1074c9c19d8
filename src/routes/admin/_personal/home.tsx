import { createFileRoute } from '@tanstack/react-router'
import { InicioAdmin } from '../../../features/admin/inicio-admin.tsx'

export const Route = createFileRoute('/admin/_personal/home')({
  component: InicioAdmin,
})

import { createFileRoute, redirect } from '@tanstack/react-router'

// The school's area starts at its home; the guard there sends a visitor to sign in.
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/home', replace: true })
  },
})

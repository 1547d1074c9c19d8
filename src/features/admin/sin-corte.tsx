import type { ReactNode } from 'react'

/** A date, a time or a code, kept on one line in a narrow table column. */
export function SinCorte({ children }: { children: ReactNode }) {
  return <span className="admin-sin-corte">{children}</span>
}

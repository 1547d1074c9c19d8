// The commercial assistant shown on the home page comes from the most recent
// enrolment's owner when present, else the student's owner; it is hidden when its e-mail is the
// portal's own service account.

export type Owner = { Name: string; Phone: string; Email: string }

export function asistenteDe(
  data: { Owner?: Owner | null },
  inscReciente?: { Owner?: Owner | null } | null,
): Owner | null {
  return inscReciente?.Owner ?? data.Owner ?? null
}

export function asistenteVisible(asistente: Owner | null, cuentaServicio: string): asistente is Owner {
  if (!asistente?.Email) return false
  return asistente.Email.trim().toLowerCase() !== cuentaServicio.trim().toLowerCase()
}

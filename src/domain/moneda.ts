// Amounts are whole Chilean pesos (CLP has no cents).

/** 1250000 -> '$1.250.000' (the dot groups thousands, as Chile writes it). */
export function formatearClp(monto: number): string {
  const signo = monto < 0 ? '-' : ''
  const digitos = String(Math.abs(Math.round(monto)))
  return `${signo}$${digitos.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`
}

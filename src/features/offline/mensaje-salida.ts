// 'Salir' clears all local data; first it says what that would throw away (design
// 'Offline': nothing is lost without a warning).

/** What 'Salir' would throw away: submissions never sent and form edits never saved. */
export function mensajeSalida(pendientes: number, borradores: number): string | null {
  const partes: string[] = []
  if (pendientes === 1) partes.push('1 cambio sin enviar')
  else if (pendientes > 1) partes.push(`${pendientes} cambios sin enviar`)
  if (borradores > 0)
    partes.push(
      borradores === 1 ? '1 formulario con cambios sin guardar' : `${borradores} formularios con cambios sin guardar`,
    )
  if (partes.length === 0) return null
  const plural = pendientes + borradores > 1
  return `Hay ${partes.join(' y ')}. Si sale ahora se ${plural ? 'perderán' : 'perderá'}. ¿Desea salir de todos modos?`
}

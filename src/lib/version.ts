// The app compares the version built into it with /version.json on the server and
// raises 'VERSIÓN DISTINTA' when they differ. It is fetched with `cache: 'no-store'` on
// launch, on focus and on a timer; a failed fetch is normal offline and is ignored.

export const VERSION_APP: string = __APP_VERSION__
export const INTERVALO_REVISION_MS = 30 * 60 * 1000

/** The server's version, or null when it cannot be known (offline, missing, not JSON). */
export async function consultarVersionRemota(): Promise<string | null> {
  try {
    const res = await fetch('/version.json', { cache: 'no-store', headers: { Accept: 'application/json' } })
    if (!res.ok) return null
    const body = (await res.json()) as unknown
    const version = typeof body === 'object' && body !== null ? (body as { version?: unknown }).version : undefined
    return typeof version === 'string' && version.trim() !== '' ? version.trim() : null
  } catch {
    return null
  }
}

export function esVersionDistinta(remota: string | null, local: string = VERSION_APP): remota is string {
  return remota !== null && remota !== local
}

/**
 * Checks now, on every return to the window and every 30 minutes; calls `alDistinta` once per
 * differing remote version. Returns the function that stops watching.
 */
export function vigilarVersion(alDistinta: (remota: string) => void): () => void {
  let avisada: string | null = null
  let enCurso = false
  async function revisar(): Promise<void> {
    if (enCurso) return
    enCurso = true
    try {
      const remota = await consultarVersionRemota()
      if (esVersionDistinta(remota) && remota !== avisada) {
        avisada = remota
        alDistinta(remota)
      }
    } finally {
      enCurso = false
    }
  }
  const alVolver = () => {
    if (document.visibilityState === 'visible') void revisar()
  }
  void revisar()
  window.addEventListener('focus', alVolver)
  document.addEventListener('visibilitychange', alVolver)
  const intervalo = setInterval(() => void revisar(), INTERVALO_REVISION_MS)
  return () => {
    window.removeEventListener('focus', alVolver)
    document.removeEventListener('visibilitychange', alVolver)
    clearInterval(intervalo)
  }
}

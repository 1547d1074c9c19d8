/**
 * A screen's code that could not be loaded: no network, and the screen not yet stored on the
 * device (the second step of offline readiness stores it a few seconds after the app opens with
 * a connection). The browser keeps a failed module load for the page's life, so trying the same
 * import again fails again: only loading the page anew can bring the screen. The messages are
 * Chromium's, Firefox's and Safari's.
 */
export function esFalloDeCarga(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  )
}

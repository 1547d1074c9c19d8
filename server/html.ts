// Text put into the HTML the server writes (e-mails, the payment sandbox's pages) is escaped here,
// so a name or a link can never open a tag.
export function escaparHtml(texto: string | number): string {
  return String(texto).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A plain-text e-mail's body as HTML: each non-empty line a paragraph, escaped. */
export function parrafosHtml(texto: string): string {
  return texto
    .split('\n')
    .filter(Boolean)
    .map((p) => `<p>${escaparHtml(p)}</p>`)
    .join('')
}

// Text put into the HTML the server writes (e-mails, the payment sandbox's pages) is escaped here,
// so a name or a link can never open a tag.
export function escaparHtml(texto: string | number): string {
  return String(texto).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

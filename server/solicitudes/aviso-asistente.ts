// E-mails to an enrolment's commercial assistant: a rejected set of conditions to follow up, a
// signed regulations document to know of (the CRM's notify-upload step, done here by e-mail).
import type { Dependencias } from '../contexto.ts'
import { parrafosHtml } from '../html.ts'

export async function avisarAsistente(
  deps: Dependencias,
  asistenteId: string,
  asunto: string,
  /** The body after the greeting, paragraphs separated by blank lines. */
  cuerpo: (nombreAsistente: string) => string,
): Promise<void> {
  const asistente = await deps.db
    .selectFrom('asistentes')
    .select(['nombre', 'email'])
    .where('id', '=', asistenteId)
    .executeTakeFirst()
  if (!asistente) return
  const texto = `Hola ${asistente.nombre}:\n\n${cuerpo(asistente.nombre)}\n\nPortal del Estudiante`
  await deps.correo.enviar({
    to: asistente.email,
    subject: asunto,
    text: texto,
    html: parrafosHtml(texto),
  })
}

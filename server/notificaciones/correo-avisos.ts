// The e-mails of notices: one at once (a rejected document, an approved payment) or the daily
// digest of the rest. Every one ends with the link to the preferences, where the student turns
// e-mail off per kind.
import type { Aviso } from '../../src/domain/notificaciones.ts'
import type { Mensaje } from '../correo.ts'
import { URL_NOTIFICACIONES } from '../../src/domain/urls.ts'
import { escaparHtml } from '../html.ts'

function pie(urlBase: string): string {
  return `Para elegir qué avisos recibe y por qué medio (portal, notificaciones en sus dispositivos o correo), visite sus preferencias: ${urlBase}${URL_NOTIFICACIONES}`
}

function enlaceHtml(url: string, texto: string): string {
  return `<a href="${escaparHtml(url)}">${escaparHtml(texto)}</a>`
}

function piesHtml(urlBase: string): string {
  return `<p style="color:#555;font-size:90%">Para elegir qué avisos recibe y por qué medio (portal, notificaciones en sus dispositivos o correo), visite ${enlaceHtml(`${urlBase}${URL_NOTIFICACIONES}`, 'sus preferencias de avisos')}.</p>`
}

export function correoDeAviso(para: { email: string; nombre: string }, aviso: Aviso, urlBase: string): Mensaje {
  const url = `${urlBase}${aviso.ruta}`
  return {
    to: para.email,
    subject: `${aviso.titulo} — Portal del Estudiante`,
    text: `Hola ${para.nombre}:\n\n${aviso.cuerpo}\n\nAbrir en el portal: ${url}\n\n${pie(urlBase)}\n\nPortal del Estudiante`,
    html:
      `<p>Hola ${escaparHtml(para.nombre)}:</p><p>${escaparHtml(aviso.cuerpo)}</p>` +
      `<p>${enlaceHtml(url, 'Abrir en el portal')}</p>${piesHtml(urlBase)}<p>Portal del Estudiante</p>`,
  }
}

export function correoResumen(para: { email: string; nombre: string }, avisos: Aviso[], urlBase: string): Mensaje {
  const titulo = avisos.length === 1 ? 'Tiene 1 aviso nuevo' : `Tiene ${avisos.length} avisos nuevos`
  return {
    to: para.email,
    subject: `${titulo} — Portal del Estudiante`,
    text:
      `Hola ${para.nombre}:\n\n${titulo} en el portal:\n\n` +
      avisos.map((a) => `- ${a.titulo}: ${a.cuerpo}\n  ${urlBase}${a.ruta}`).join('\n\n') +
      `\n\n${pie(urlBase)}\n\nPortal del Estudiante`,
    html:
      `<p>Hola ${escaparHtml(para.nombre)}:</p><p>${escaparHtml(titulo)} en el portal:</p><ul>` +
      avisos
        .map(
          (a) =>
            `<li><strong>${escaparHtml(a.titulo)}</strong>: ${escaparHtml(a.cuerpo)} ${enlaceHtml(`${urlBase}${a.ruta}`, 'Abrir')}</li>`,
        )
        .join('') +
      `</ul>${piesHtml(urlBase)}<p>Portal del Estudiante</p>`,
  }
}

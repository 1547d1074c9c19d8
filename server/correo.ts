// Outgoing e-mail through nodemailer. With SMTP_URL it sends through that
// server; otherwise each message is written as JSON under DATA_DIR/mail/ so the reset flow works
// on a laptop with no mail server (and tests can read the link).
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import nodemailer from 'nodemailer'
import type { Log } from './bitacora.ts'

export type Mensaje = { to: string; subject: string; text: string; html: string }

export type Correo = { enviar(mensaje: Mensaje): Promise<void> }

export function carpetaCorreo(dataDir: string): string {
  return join(dataDir, 'mail')
}

export function crearCorreo(opciones: { smtpUrl: string | null; mailFrom: string; dataDir: string; log: Log }): Correo {
  const { smtpUrl, mailFrom, dataDir, log } = opciones
  if (smtpUrl) {
    const transporte = nodemailer.createTransport(smtpUrl)
    return {
      async enviar(mensaje) {
        await transporte.sendMail({ from: mailFrom, ...mensaje })
      },
    }
  }
  const transporte = nodemailer.createTransport({ jsonTransport: true })
  const carpeta = carpetaCorreo(dataDir)
  let secuencia = 0
  return {
    async enviar(mensaje) {
      const info = await transporte.sendMail({ from: mailFrom, ...mensaje })
      await mkdir(carpeta, { recursive: true })
      // Sortable by time; the sequence keeps two messages of the same millisecond apart. The
      // recipient stays inside the file, not in its name: the name is logged.
      const marca = new Date().toISOString().replace(/[:.]/g, '-')
      const archivo = join(carpeta, `${marca}-${String(++secuencia).padStart(4, '0')}.json`)
      // Written aside and renamed, so whoever reads the folder never sees half a message.
      await writeFile(`${archivo}.tmp`, `${JSON.stringify(JSON.parse(String(info.message)), null, 2)}\n`)
      await rename(`${archivo}.tmp`, archivo)
      const corta = relative(process.cwd(), archivo)
      log(`correo guardado en ${corta.startsWith('..') ? archivo : corta}`)
    },
  }
}

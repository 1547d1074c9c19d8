// Several photos of one document made into one PDF on the phone, an A4 page each (landscape for
// a landscape photo), the photo fitted inside a small margin. pdf-lib is imported here, on
// demand: only a student who adds a second page downloads it.

/** A4 in PDF points. */
const A4 = { ancho: 595.28, alto: 841.89 }
const MARGEN = 18

/** One PDF, a page per photo (JPEG, or a small PNG sent as it was) in the order given. */
export async function pdfDePaginas(paginas: readonly Blob[], titulo: string): Promise<Blob> {
  const { PDFDocument } = await import('pdf-lib')
  const pdf = await PDFDocument.create()
  pdf.setTitle(titulo)
  pdf.setProducer('Portal del Estudiante')
  pdf.setCreator('Portal del Estudiante')
  for (const pagina of paginas) {
    const bytes = new Uint8Array(await pagina.arrayBuffer())
    const imagen = bytes[0] === 0x89 ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes)
    const horizontal = imagen.width > imagen.height
    const ancho = horizontal ? A4.alto : A4.ancho
    const alto = horizontal ? A4.ancho : A4.alto
    const escala = Math.min((ancho - 2 * MARGEN) / imagen.width, (alto - 2 * MARGEN) / imagen.height)
    const w = imagen.width * escala
    const h = imagen.height * escala
    pdf.addPage([ancho, alto]).drawImage(imagen, { x: (ancho - w) / 2, y: (alto - h) / 2, width: w, height: h })
  }
  const salida = await pdf.save()
  return new Blob([salida as Uint8Array<ArrayBuffer>], { type: 'application/pdf' })
}

// 'Reglamento Firmado': the regulations the student accepted, with who accepted them, when, for
// which program, the assistant informed, and the SHA-256 of the exact text accepted.
import { createHash } from 'node:crypto'
import { fechaLarga, fechaEnChile, horaEnChile } from '../../../src/domain/fechas.ts'
import { DOC_REGLAMENTO } from '../../../src/domain/documentos-emitidos.ts'
import { reglamentoDe, textoReglamento, type Reglamento } from '../../../src/domain/reglamentos.ts'
import type { ContenidoDocumento } from '../documento-pdf.ts'
import { emitirDocumento, type DependenciasPapel, type DocumentoEmitido, type Titular } from '../emitir.ts'

export type DatosReglamento = {
  reglamento: Reglamento
  programa: string
  codigoInscripcion: string
  asistente: { nombre: string; email: string }
  aceptadoEn: Date
}

export function hashReglamento(reglamento: Reglamento): string {
  return createHash('sha256').update(textoReglamento(reglamento), 'utf8').digest('hex')
}

export function contenidoReglamento(d: DatosReglamento, titular: Titular): ContenidoDocumento {
  return {
    titulo: `${d.reglamento.titulo}: aceptación con firma electrónica`,
    bloques: [
      `Quien suscribe declara haber leído y aceptado el reglamento que sigue, aplicable al programa en que se inscribió, mediante su aceptación en el Portal del Estudiante con su cuenta personal.`,
      {
        datos: [
          ['Estudiante', titular.nombre],
          [titular.tipoDocumento === 'RUT' ? 'RUT' : 'Pasaporte', titular.documento],
          ['Correo electrónico', titular.email],
          ['Programa', d.programa],
          ['Inscripción', d.codigoInscripcion],
          ['Asistente Comercial', `${d.asistente.nombre} (${d.asistente.email})`],
          [
            'Aceptado el',
            `${fechaLarga(fechaEnChile(d.aceptadoEn))} a las ${horaEnChile(d.aceptadoEn)} (hora de Chile)`,
          ],
          ['Versión', d.reglamento.version],
          ['SHA-256 del texto', hashReglamento(d.reglamento)],
        ],
      },
      { subtitulo: d.reglamento.titulo },
      ...d.reglamento.articulos.flatMap((a, i) => [{ subtitulo: `Artículo ${i + 1}. ${a.titulo}` }, a.texto]),
    ],
  }
}

/**
 * Issues the enrolment's signed regulations, accepted now (`deps.ahora`), with the enrolment's
 * assistant; once: a second call returns the first.
 */
export async function emitirReglamento(deps: DependenciasPapel, codigoInscripcion: string): Promise<DocumentoEmitido> {
  const s = await deps.db
    .selectFrom('solicitudes')
    .innerJoin('asistentes', 'asistentes.id', 'solicitudes.asistente_id')
    .select([
      'solicitudes.alumno_id',
      'solicitudes.nombre_curso',
      'solicitudes.tipo_curso',
      'solicitudes.cod_prospecto',
      'asistentes.nombre',
      'asistentes.email',
    ])
    .where('solicitudes.codigo_inscripcion', '=', codigoInscripcion)
    .executeTakeFirstOrThrow()
  const datos: DatosReglamento = {
    reglamento: reglamentoDe(s.tipo_curso),
    programa: s.nombre_curso,
    codigoInscripcion,
    asistente: { nombre: s.nombre, email: s.email },
    aceptadoEn: deps.ahora,
  }
  return emitirDocumento(deps, {
    alumnoId: s.alumno_id,
    codTipoDocumento: DOC_REGLAMENTO,
    codigoInscripcion,
    programa: s.nombre_curso,
    codProspecto: s.cod_prospecto,
    fechaEmision: fechaEnChile(deps.ahora),
    nombreArchivo: `Reglamento-Firmado-${codigoInscripcion}.pdf`,
    contenido: (titular) => contenidoReglamento(datos, titular),
  })
}

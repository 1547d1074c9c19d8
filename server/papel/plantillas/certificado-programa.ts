// 'Certificado Programa': that the holder took and passed the program, with its hours and dates.
import { fechaLarga } from '../../../src/domain/fechas.ts'
import { aPeticionDe, DOC_CERTIFICADO_PROGRAMA } from '../../../src/domain/documentos-emitidos.ts'
import type { ContenidoDocumento } from '../documento-pdf.ts'
import {
  emitirDocumento,
  type AlRegistrar,
  type DependenciasPapel,
  type DocumentoEmitido,
  type Titular,
} from '../emitir.ts'

export type DatosCertificado = {
  programa: string
  horas: number
  fechaInicio: string
  fechaTermino: string
  fechaEmision: string
}

export function contenidoCertificado(d: DatosCertificado, titular: Titular): ContenidoDocumento {
  const documento = `${titular.tipoDocumento === 'RUT' ? 'RUT' : 'pasaporte'} ${titular.documento}`
  return {
    titulo: 'Certificado de Aprobación',
    bloques: [
      `La Escuela certifica que ${titular.nombre}, ${documento}, cursó y aprobó el programa «${d.programa}», con una duración de ${d.horas} horas cronológicas, realizado entre el ${fechaLarga(d.fechaInicio)} y el ${fechaLarga(d.fechaTermino)}.`,
      {
        datos: [
          ['Titular', titular.nombre],
          [titular.tipoDocumento === 'RUT' ? 'RUT' : 'Pasaporte', titular.documento],
          ['Programa', d.programa],
          ['Horas', `${d.horas} horas cronológicas`],
          ['Inicio', fechaLarga(d.fechaInicio)],
          ['Término', fechaLarga(d.fechaTermino)],
          ['Fecha de emisión', fechaLarga(d.fechaEmision)],
        ],
      },
      `Se extiende el presente certificado a petición ${aPeticionDe(titular.sexoRegistral)}, para los fines que estime convenientes. Su autenticidad puede verificarse con el código de verificación o el código QR al pie de cada página.`,
    ],
  }
}

/**
 * Issues the certificate of a finished enrolment (once while it is valid: a second call returns
 * the first; after a revocation, a new one with a new code).
 */
export async function emitirCertificadoPrograma(
  deps: DependenciasPapel,
  codigoInscripcion: string,
  fechaEmision: string,
  {
    codigo,
    alRegistrar,
  }: {
    /** Only the demo fixes its codes, so the README can print one. */
    codigo?: string
    /** Written with a new certificate, in its transaction (the staff's audit row). */
    alRegistrar?: AlRegistrar
  } = {},
): Promise<DocumentoEmitido> {
  const s = await deps.db
    .selectFrom('solicitudes')
    .selectAll()
    .where('codigo_inscripcion', '=', codigoInscripcion)
    .executeTakeFirstOrThrow()
  if (!s.fecha_termino) throw new Error(`la solicitud ${codigoInscripcion} no tiene fecha de término`)
  const datos: DatosCertificado = {
    programa: s.nombre_curso,
    horas: s.horas,
    fechaInicio: s.fecha_inicio,
    fechaTermino: s.fecha_termino,
    fechaEmision,
  }
  return emitirDocumento(
    deps,
    {
      alumnoId: s.alumno_id,
      codTipoDocumento: DOC_CERTIFICADO_PROGRAMA,
      codigoInscripcion,
      programa: s.nombre_curso,
      codProspecto: s.cod_prospecto,
      fechaEmision,
      nombreArchivo: `Certificado-${codigoInscripcion}.pdf`,
      codigo,
      contenido: (titular) => contenidoCertificado(datos, titular),
    },
    alRegistrar,
  )
}

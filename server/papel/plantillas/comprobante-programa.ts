// 'Comprobante de Pago del Programa': the school's signed receipt of the program's fee, made out to
// the company whose RUT is on the enrolment, or to the student when a company does not pay. Once
// per enrolment (the demo's finished programs have one). It is not a tax document and says so:
// the SII's documents are issued per payment by a certified provider (server/tributario/).
import { fechaLarga } from '../../../src/domain/fechas.ts'
import { formatearClp } from '../../../src/domain/moneda.ts'
import type { EmpresasTable } from '../../db/schema.ts'
import { AVISO_NO_TRIBUTARIO, DOC_COMPROBANTE_PROGRAMA } from '../../../src/domain/documentos-emitidos.ts'
import type { ContenidoDocumento } from '../documento-pdf.ts'
import { emitirDocumento, type DependenciasPapel, type DocumentoEmitido, type Titular } from '../emitir.ts'

export type DatosComprobantePrograma = {
  numero: string
  programa: string
  codigoInscripcion: string
  fechaInicio: string
  fechaEmision: string
  arancel: number
  empresa: EmpresasTable | null
}

export function contenidoComprobantePrograma(d: DatosComprobantePrograma, titular: Titular): ContenidoDocumento {
  const receptor: (readonly [string, string])[] = d.empresa
    ? [
        ['Razón social', d.empresa.nombre],
        ['RUT', d.empresa.rut],
        ['Giro', d.empresa.giro],
        ['Dirección', `${d.empresa.direccion_facturacion}, ${d.empresa.comuna}, ${d.empresa.ciudad}`],
        ['Región', `${d.empresa.region}, ${d.empresa.pais}`],
        ['Teléfono', d.empresa.telefono],
        [
          'Contacto',
          `${d.empresa.contacto_nombre}, ${d.empresa.contacto_email}, ${d.empresa.contacto_telefono}`,
        ],
      ]
    : [
        ['Nombre', titular.nombre],
        [titular.tipoDocumento === 'RUT' ? 'RUT' : 'Pasaporte', titular.documento],
        ['Correo electrónico', titular.email],
      ]
  return {
    titulo: `Comprobante de Pago del Programa N° ${d.numero}`,
    bloques: [
      { datos: [['Fecha de emisión', fechaLarga(d.fechaEmision)]] },
      { subtitulo: 'Pagador' },
      { datos: receptor },
      { subtitulo: 'Detalle' },
      {
        datos: [
          ['Programa', d.programa],
          ['Inscripción', d.codigoInscripcion],
          ['Estudiante', `${titular.nombre} (${titular.documento})`],
          ['Inicio', fechaLarga(d.fechaInicio)],
          ['Arancel', formatearClp(d.arancel)],
          ['Total', formatearClp(d.arancel)],
        ],
      },
      'Servicio educacional exento de IVA. Montos en pesos chilenos.',
      AVISO_NO_TRIBUTARIO,
    ],
  }
}

/** Issues the enrolment's program receipt (once; a second call returns the first). */
export async function emitirComprobantePrograma(
  deps: DependenciasPapel,
  codigoInscripcion: string,
  fechaEmision: string,
): Promise<DocumentoEmitido> {
  const s = await deps.db
    .selectFrom('solicitudes')
    .selectAll()
    .where('codigo_inscripcion', '=', codigoInscripcion)
    .executeTakeFirstOrThrow()
  const empresa = s.rut_empresa
    ? ((await deps.db.selectFrom('empresas').selectAll().where('rut', '=', s.rut_empresa).executeTakeFirst()) ?? null)
    : null
  const datos: DatosComprobantePrograma = {
    numero: `CP-${codigoInscripcion}`,
    programa: s.nombre_curso,
    codigoInscripcion,
    fechaInicio: s.fecha_inicio,
    fechaEmision,
    arancel: s.arancel,
    empresa,
  }
  return emitirDocumento(deps, {
    alumnoId: s.alumno_id,
    codTipoDocumento: DOC_COMPROBANTE_PROGRAMA,
    codigoInscripcion,
    programa: s.nombre_curso,
    codProspecto: s.cod_prospecto,
    fechaEmision,
    nombreArchivo: `Comprobante-Programa-${codigoInscripcion}.pdf`,
    contenido: (titular) => contenidoComprobantePrograma(datos, titular),
  })
}

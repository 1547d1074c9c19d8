import { useQuery } from '@tanstack/react-query'
import { TAMANO_MAXIMO_MB } from '../../domain/documentos.ts'
import { itemsDe, useEnviar } from '../../lib/offline/envios.ts'
import { useOutboxItems } from '../../lib/offline/use-outbox.ts'
import { Dialogo } from '../../ui/dialogo.tsx'
import { Estado } from '../../ui/spinner.tsx'
import { DocumentoConSubida } from '../documentos/documento-con-subida.tsx'
import { envioDocumentoSolicitud } from './envios.ts'
import { solicitudQueries, type Solicitud } from './queries.ts'
import { ayudaArchivos } from '../../domain/fotos.ts'
import { anclaDocumento } from '../../domain/urls.ts'
import { EnlacePrivacidad } from '../../ui/enlace-privacidad.tsx'
import { MensajeError } from '../../ui/mensaje-error.tsx'

/**
 * The documents an enrolment requires, each with its file, its upload and its state;
 * `documentoPedido` (a type code) is brought into view with its file input focused.
 */
export function DialogoDocumentos({
  solicitud,
  codigoAlumno,
  documentoPedido,
  onCerrar,
}: {
  solicitud: Solicitud
  codigoAlumno: string
  documentoPedido?: string | undefined
  onCerrar: () => void
}) {
  const codigo = solicitud.codigoInscripcion
  const documentos = useQuery(solicitudQueries.documentos(codigo))
  const envios = itemsDe(envioDocumentoSolicitud, useOutboxItems(codigoAlumno)).filter(
    (i) => i.parametros?.codigo === codigo,
  )
  const enviar = useEnviar(envioDocumentoSolicitud)
  const maximoMb = documentos.data?.tamanoMaximoMb ?? TAMANO_MAXIMO_MB

  return (
    <Dialogo titulo={`Documentos de la solicitud ${codigo}`} onCerrar={onCerrar} grande>
      <p className="campo__ayuda">
        {solicitud.nombreCurso}. {ayudaArchivos(maximoMb)}
      </p>
      <EnlacePrivacidad nuevaPestana />
      {documentos.data ? (
        documentos.data.requeridos.length === 0 ? (
          <p>Esta solicitud no requiere documentos.</p>
        ) : (
          <ul className="documentos">
            {documentos.data.requeridos.map((requerido) => (
              <DocumentoConSubida
                key={requerido.Cod_Documento__c}
                id={anclaDocumento(requerido.Cod_Documento__c)}
                pedido={requerido.Cod_Documento__c === documentoPedido}
                nombreDocumento={requerido.Documento__c}
                info={requerido.Info__c}
                archivo={documentos.data.archivos.find((a) => a.codDocumento === requerido.Cod_Documento__c)}
                envio={envios.findLast((i) => i.cuerpo.campos.codTipoDocumento === requerido.Cod_Documento__c)}
                maximoMb={maximoMb}
                enviar={(archivo) =>
                  enviar(
                    codigoAlumno,
                    { campos: { codTipoDocumento: requerido.Cod_Documento__c }, archivo, nombre: archivo.name },
                    { parametros: { codigo }, etiqueta: `${requerido.Documento__c}: ${archivo.name}` },
                  )
                }
              />
            ))}
          </ul>
        )
      ) : documentos.isError ? (
        <MensajeError onReintentar={() => void documentos.refetch()}>
          No fue posible cargar los documentos de esta solicitud. Revise su conexión e intente nuevamente.
        </MensajeError>
      ) : (
        <Estado texto="Cargando los documentos…" />
      )}
    </Dialogo>
  )
}

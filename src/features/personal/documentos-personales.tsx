import { useQuery } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { TAMANO_MAXIMO_MB } from '../../domain/documentos.ts'
import { itemsDe, useEnviar } from '../../lib/offline/envios.ts'
import { useOutboxItems } from '../../lib/offline/use-outbox.ts'
import { DocumentoConSubida } from '../documentos/documento-con-subida.tsx'
import { envioDocumentoPersonal } from './envios.ts'
import { personalQueries } from './queries.ts'
import { ayudaArchivos } from '../../domain/fotos.ts'
import { anclaDocumento } from '../../domain/urls.ts'
import { SinDatos } from '../../ui/sin-datos.tsx'

/**
 * 'Documentos Personales': each personal document, required or optional
 * by the student's programs, with its file (download) and an upload that goes through the outbox,
 * so an upload made offline waits like any other submission. The address may point to one
 * (`#documento-<code>`, where a rejected document's pending action and notice lead).
 */
export function DocumentosPersonales({ codigoAlumno }: { codigoAlumno: string }) {
  const documentos = useQuery(personalQueries.documentos())
  const ancla = useLocation({ select: (l) => l.hash })
  const envios = itemsDe(envioDocumentoPersonal, useOutboxItems(codigoAlumno))
  const enviar = useEnviar(envioDocumentoPersonal)

  return (
    <section
      id="documentos-personales"
      className="seccion seccion--documentos"
      aria-labelledby="documentos-personales-titulo"
    >
      <h2 id="documentos-personales-titulo">Documentos Personales</h2>
      <p className="campo__ayuda">{ayudaArchivos(documentos.data?.tamanoMaximoMb ?? TAMANO_MAXIMO_MB)}</p>
      {documentos.data ? (
        <ul className="documentos">
          {documentos.data.requeridos.map((requerido) => (
            <DocumentoConSubida
              key={requerido.Cod_Documento__c}
              id={anclaDocumento(requerido.Cod_Documento__c)}
              pedido={ancla === anclaDocumento(requerido.Cod_Documento__c)}
              nombreDocumento={requerido.Documento__c}
              info={requerido.Info__c}
              obligatorio={requerido.obligatorio}
              archivo={documentos.data.archivos.find((a) => a.codDocumento === requerido.Cod_Documento__c)}
              envio={envios.findLast((i) => i.cuerpo.campos.codTipoDocumento === requerido.Cod_Documento__c)}
              maximoMb={documentos.data.tamanoMaximoMb ?? TAMANO_MAXIMO_MB}
              enviar={(archivo) =>
                enviar(
                  codigoAlumno,
                  { campos: { codTipoDocumento: requerido.Cod_Documento__c }, archivo, nombre: archivo.name },
                  { etiqueta: `${requerido.Documento__c}: ${archivo.name}` },
                )
              }
            />
          ))}
        </ul>
      ) : (
        <SinDatos consulta={documentos} que="sus documentos" />
      )}
    </section>
  )
}

import { createFileRoute, notFound } from '@tanstack/react-router'
import { esOrigenDocumento } from '../../../../../domain/estado-revision.ts'
import { busquedaRevisionSchema, colaDe } from '../../../../../features/admin/documentos/busqueda-cola.ts'
import { documentosQueries } from '../../../../../features/admin/documentos/queries.ts'
import { RevisionDocumentos } from '../../../../../features/admin/documentos/revision-documentos.tsx'

// One owner's documents under review: `origen` is solicitud, personal or postulacion; `dueno` the
// enrolment code, the student or the application; ?documento= the upload shown, and the queue's
// filters and order it was opened from.
export const Route = createFileRoute('/admin/_personal/documentos/$origen/$dueno')({
  validateSearch: busquedaRevisionSchema,
  beforeLoad: ({ params }) => {
    if (!esOrigenDocumento(params.origen)) throw notFound()
  },
  loader: ({ context, params }) =>
    esOrigenDocumento(params.origen)
      ? Promise.allSettled([
          context.queryClient.ensureQueryData({
            ...documentosQueries.expediente(params.origen, params.dueno),
            revalidateIfStale: true,
          }),
        ])
      : undefined,
  component: RutaRevisionDocumentos,
})

function RutaRevisionDocumentos() {
  const { origen, dueno } = Route.useParams()
  const busqueda = Route.useSearch()
  if (!esOrigenDocumento(origen)) return null
  return (
    <RevisionDocumentos
      key={`${origen}:${dueno}`}
      origen={origen}
      dueno={dueno}
      documentoId={busqueda.documento}
      cola={colaDe(busqueda)}
    />
  )
}

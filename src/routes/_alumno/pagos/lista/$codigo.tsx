import { createFileRoute } from '@tanstack/react-router'
import { PaginaListaPagos } from '../../../../features/pagos/pagina-lista-pagos.tsx'
import { cargarCuotas } from '../../../../features/pagos/queries.ts'

export const Route = createFileRoute('/_alumno/pagos/lista/$a')({
  loader: ({ context, params }) => cargarCuotas(context.queryClient, params.a),
  component: function ListaPagos() {
    const { a } = Route.useParams()
    return <PaginaListaPagos codigo={a} />
  },
})

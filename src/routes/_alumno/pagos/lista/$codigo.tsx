import { createFileRoute } from '@tanstack/react-router'
import { PaginaListaPagos } from '../../../../features/pagos/pagina-lista-pagos.tsx'
import { cargarCuotas } from '../../../../features/pagos/queries.ts'

// The installments of enrolment `codigo`.
export const Route = createFileRoute('/_alumno/pagos/lista/$codigo')({
  loader: ({ context, params }) => cargarCuotas(context.queryClient, params.codigo),
  component: function ListaPagos() {
    const { codigo } = Route.useParams()
    return <PaginaListaPagos codigo={codigo} />
  },
})

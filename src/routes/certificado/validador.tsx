import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PaginaValidador } from '../../features/certificados/pagina-validador.tsx'

export const Route = createFileRoute('/certificado/validador')({
  validateSearch: v.object({ codcertificado: v.fallback(v.optional(v.string()), undefined) }),
  component: RutaValidador,
})

function RutaValidador() {
  const { codcertificado } = Route.useSearch()
  return <PaginaValidador key={codcertificado ?? ''} codigoInicial={codcertificado} />
}

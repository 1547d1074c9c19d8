import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { LecturasDatos } from '../../../../features/admin/privacidad/lecturas.tsx'

// The read log on its own page; the school's privacy queue (/admin/privacidad) mounts the same section.
export const Route = createFileRoute('/admin/_personal/privacidad/lecturas')({
  validateSearch: v.object({ alumno: v.fallback(v.optional(v.string()), undefined) }),
  component: function RutaLecturas() {
    const { alumno } = Route.useSearch()
    return (
      <article aria-labelledby="privacidad-lecturas-titulo">
        <h1 id="privacidad-lecturas-titulo">Privacidad: lecturas de datos sensibles</h1>
        <LecturasDatos alumnoInicial={alumno ?? ''} />
      </article>
    )
  },
})

import { Link } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { useSesion } from '../../lib/use-sesion.ts'

// The header's signed-in part (navigation and 'Salir') loads with the session, not with a
// visitor's first screen: the signed-in layout waits for it, so it never appears late.

let barraAlumno: typeof import('./barra-alumno.tsx') | undefined
const oyentes = new Set<() => void>()

/** Loads the navigation and 'Salir' (once; later calls share the first). */
export function cargarBarraAlumno(): Promise<void> {
  return import('./barra-alumno.tsx').then((modulo) => {
    barraAlumno = modulo
    for (const oyente of oyentes) oyente()
  })
}

function suscribir(oyente: () => void): () => void {
  oyentes.add(oyente)
  return () => oyentes.delete(oyente)
}

const leerBarra = () => barraAlumno

/** Header; the top navigation and 'Salir' appear only for a signed-in student. */
export function Encabezado() {
  const sesion = useSesion()
  const barra = useSyncExternalStore(suscribir, leerBarra, leerBarra)
  const conBarra = sesion && barra ? barra : undefined
  return (
    <header className="encabezado">
      <div className="encabezado__barra">
        <Link to="/" className="encabezado__marca">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Portal del Estudiante</span>
        </Link>
        {conBarra ? <conBarra.CampanaAvisos /> : null}
        {sesion && conBarra ? <conBarra.BotonSalir codigoAlumno={sesion.codigoAlumno} /> : null}
      </div>
      {conBarra ? <conBarra.NavegacionAlumno /> : null}
    </header>
  )
}

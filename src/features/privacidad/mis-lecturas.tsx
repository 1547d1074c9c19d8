import { queryOptions, useQuery } from '@tanstack/react-query'
import { ETIQUETA_LECTOR, ETIQUETA_LECTURA, MENSAJE_SIN_LECTURAS_PROPIAS } from '../../domain/lecturas.ts'
import { ETIQUETA_ROL, esRolPersonal } from '../../domain/personal.ts'
import { fechaEnChile, horaEnChile } from '../../domain/fechas.ts'
import { cliente, leer } from '../../lib/cliente-api.ts'
import { Estado } from '../../ui/spinner.tsx'
import { privacidadQueries } from './queries.ts'
import { MensajeError } from '../../ui/mensaje-error.tsx'

// 'Mis datos': who at the school or which integration read my sensitive data (a health document,
// the survey's sensitive answers) or my data through the CRM, and when. A section the student's
// privacy page mounts; newest first.

export const misLecturasQueries = {
  lista: () =>
    queryOptions({
      queryKey: [...privacidadQueries.all(), 'mis-lecturas'],
      // Never restored from the device: it must say who read the data up to now.
      meta: { persistir: false },
      queryFn: ({ signal }) => leer(cliente.privacidad.lecturas.$get({}, { init: { signal } })),
    }),
}

function quien(l: { tipo: 'personal' | 'integracion'; nombre: string; rol: string | null }): string {
  if (l.tipo === 'integracion') return `${ETIQUETA_LECTOR.integracion}: ${l.nombre}`
  return l.rol && esRolPersonal(l.rol) ? `${l.nombre}, ${ETIQUETA_ROL[l.rol]}` : l.nombre
}

export function MisLecturas() {
  const lista = useQuery(misLecturasQueries.lista())
  return (
    <section className="tarjeta" aria-labelledby="mis-lecturas-titulo">
      <h2 id="mis-lecturas-titulo">Quién leyó mis datos sensibles</h2>
      <p>
        Cada vez que alguien de la escuela abre uno de sus documentos de salud o las respuestas sensibles de su
        encuesta, y cada vez que el sistema de gestión de la escuela (CRM) lee sus datos, queda registrado aquí.
      </p>
      {lista.isError ? (
        <MensajeError>No fue posible cargar las lecturas de sus datos. Intente nuevamente.</MensajeError>
      ) : !lista.data ? (
        <Estado texto="Cargando…" />
      ) : lista.data.lecturas.length === 0 ? (
        <p>{MENSAJE_SIN_LECTURAS_PROPIAS}</p>
      ) : (
        <ul className="lista-lecturas">
          {lista.data.lecturas.map((l, i) => (
            <li key={`${l.en}-${i}`}>
              <strong>{ETIQUETA_LECTURA[l.que]}</strong>: {l.detalle}
              <br />
              {quien(l.lector)}, el {fechaEnChile(new Date(l.en)).split('-').reverse().join('-')} a las{' '}
              {horaEnChile(new Date(l.en))}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

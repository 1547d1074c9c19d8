// The job offers the students see (/api/ofertas): those listed today, newest first, not those the
// school closed. The school's own list, with every offer's state, is gestion.ts.
import type { Db } from '../db/connection.ts'

/** The offers listed on `hoy` (a date in Chile), as the students' list shows them. */
export async function ofertasVigentes(db: Db, hoy: string) {
  // The same rule as ofertaVigente in src/domain/ofertas-laborales.ts, applied by the query.
  const ofertas = await db
    .selectFrom('ofertas_laborales')
    .selectAll()
    .where('publicada_el', '<=', hoy)
    .where('cierra_el', '>=', hoy)
    .where('cerrada_en', 'is', null)
    .orderBy('publicada_el', 'desc')
    .orderBy('id')
    .execute()
  return ofertas.map((o) => ({
    id: o.id,
    institucion: o.institucion,
    cargo: o.cargo,
    ciudad: o.ciudad,
    descripcion: o.descripcion,
    publicadaEl: o.publicada_el,
    cierraEl: o.cierra_el,
    contacto: { nombre: o.contacto_nombre, email: o.contacto_email },
  }))
}

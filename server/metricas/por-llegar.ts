// The gauges of work being built in parallel, added here once their tables are merged (and only
// then: a gauge that queries a missing table would fail every scrape). Each is a MedidaDeTabla
// (tablas.ts), read when Prometheus scrapes, never on a request. Planned:
//
// - portal_documentos_tributarios_pendientes{tipo}: tax documents (table `documentos_tributarios`,
//   server/tributario/) waiting to be issued or sent to the tax service, and
//   portal_documentos_tributarios_pendientes_antiguedad_segundos: the oldest one's age; alert when
//   it passes the legal deadline for issuing (see /work/shared/chile.md).
// - portal_solicitudes_derechos_pendientes{tipo}: data-subject rights requests (the privacy
//   requests' table, server/privacidad/) not yet answered, and
//   portal_solicitudes_derechos_antiguedad_segundos: the oldest open one's age; alert some days
//   before the legal term to answer (Ley 21.719) runs out.
//
// deploy/prometheus/alertas.yml and deploy/grafana/portal.json have room for both.
import type { MedidaDeTabla } from './tablas.ts'

export const MEDIDAS_POR_LLEGAR: MedidaDeTabla[] = []

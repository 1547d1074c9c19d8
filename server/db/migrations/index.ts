// Ordered migrations, applied at start by Kysely's Migrator. Add a new file for every change
// (never edit an applied one) and list it here; the names sort in the order they run.
import type { Migration, MigrationProvider } from 'kysely'
import * as m0001 from './0001-inicial.ts'
import * as m0002 from './0002-persona-idempotencia-archivos.ts'
import * as m0003 from './0003-encuestas-condiciones.ts'
import * as m0004 from './0004-certificados-emitidos.ts'
import * as m0005 from './0005-archivos-solicitud.ts'
import * as m0006 from './0006-certificados-prospecto.ts'
import * as m0007 from './0007-documentos-emitidos.ts'
import * as m0008 from './0008-pagos.ts'
import * as m0009 from './0009-concursos-ofertas.ts'
import * as m0010 from './0010-reclamo-pagos.ts'
import * as m0011 from './0011-indices-por-alumno.ts'
import * as m0013 from './0013-personal-y-auditoria.ts'
import * as m0014 from './0014-busqueda-alumnos.ts'
import * as m0015 from './0015-revision-documentos.ts'
import * as m0016 from './0016-certificados-revocables.ts'
import * as m0017 from './0017-notificaciones.ts'
import * as m0018 from './0018-reembolsos.ts'
import * as m0019 from './0019-pagos-presenciales.ts'
import * as m0020 from './0020-gestion-concursos-ofertas.ts'
import * as m0022 from './0022-claves-integracion.ts'
import * as m0023 from './0023-subidas-reanudables.ts'
import * as m0024 from './0024-bloqueos-ingreso.ts'
import * as m0025 from './0025-idempotencia-sin-secretos.ts'
import * as m0027 from './0027-conciliacion-reembolsos.ts'
import * as m0028 from './0028-avisos-vigencia.ts'
import * as m0031 from './0031-politica-privacidad.ts'
import * as m0032 from './0032-restablecer-personal.ts'
import * as m0033 from './0033-documentos-tributarios.ts'
import * as m0034 from './0034-consentimiento-bloqueo-lecturas.ts'
import * as m0035 from './0035-derechos.ts'
import * as m0036 from './0036-supresion-retencion-brechas.ts'
import * as m0037 from './0037-comprobante-no-tributario.ts'
import * as m0038 from './0038-respuesta-por-correo.ts'

const migraciones: Record<string, Migration> = {
  '0001-inicial': m0001,
  '0002-persona-idempotencia-archivos': m0002,
  '0003-encuestas-condiciones': m0003,
  '0004-certificados-emitidos': m0004,
  '0005-archivos-solicitud': m0005,
  '0006-certificados-prospecto': m0006,
  '0007-documentos-emitidos': m0007,
  '0008-pagos': m0008,
  '0009-concursos-ofertas': m0009,
  '0010-reclamo-pagos': m0010,
  '0011-indices-por-alumno': m0011,
  '0013-personal-y-auditoria': m0013,
  '0014-busqueda-alumnos': m0014,
  '0015-revision-documentos': m0015,
  '0016-certificados-revocables': m0016,
  '0017-notificaciones': m0017,
  '0018-reembolsos': m0018,
  '0019-pagos-presenciales': m0019,
  '0020-gestion-concursos-ofertas': m0020,
  '0022-claves-integracion': m0022,
  '0023-subidas-reanudables': m0023,
  '0024-bloqueos-ingreso': m0024,
  '0025-idempotencia-sin-secretos': m0025,
  '0027-conciliacion-reembolsos': m0027,
  '0028-avisos-vigencia': m0028,
  '0031-politica-privacidad': m0031,
  '0032-restablecer-personal': m0032,
  '0033-documentos-tributarios': m0033,
  '0034-consentimiento-bloqueo-lecturas': m0034,
  '0035-derechos': m0035,
  '0036-supresion-retencion-brechas': m0036,
  '0037-comprobante-no-tributario': m0037,
  '0038-respuesta-por-correo': m0038,
}

export const proveedorMigraciones: MigrationProvider = {
  getMigrations: async () => migraciones,
}

import { defineConfig } from 'vitest/config'
import LosLargosPrimero from './tests/support/secuencia.ts'

// The projects, run together by `npm test` in one pool of workers:
// - dominio:        pure rules (src/domain) and the seed's reference data.
// - cliente:        client logic and components, beside their code.
// - server:         integration tests against the real portal server on a temporary DATA_DIR (SQLite).
// - server-aislado: the server files that need a module graph of their own (below).
// - server-pg:      the server tests that reach SQL again on PostgreSQL (started by the setup, or
//                   DATABASE_URL), plus the several-servers tests (*.pg.test.ts) that need a
//                   database shared by processes.
// - e2e:            user journeys in headless Chromium against the built app and the real server.
//
// Every server and browser test server starts from a copy of the run's seeded database, built
// once per engine by the global setups (tests/support/plantilla.ts).

/**
 * Server test files that reach no SQL, so a second engine would only run them again. Anything
 * that reads or writes the database stays on both.
 */
const SIN_SQL = [
  // Clients of other services, files and configuration, with no database at all.
  'server/blobs-s3.test.ts',
  'server/cabecera-respuesta.test.ts',
  'server/config.test.ts',
  'server/declaracion.test.ts',
  'server/respuestas.test.ts',
  // Reads the route files' sources: no query is built or written in one.
  'server/rutas-delgadas.test.ts',
  'server/personal/rol.test.ts',
  'server/segundo-plano.test.ts',
  'server/importacion-leer.test.ts',
  'server/pagos/pasarela-webpay.test.ts',
  'server/papel/documento-pdf.test.ts',
  'server/tributario/impreso.test.ts',
  'server/postgres-de-pruebas.test.ts',
  'server/seguridad/password.test.ts',
  // The HTTP layer: requests refused or answered before a handler reads the database (body
  // limits, keep-alive, static files, XSRF, content types). What of the security tables reaches
  // the data is in seguridad-datos.test.ts, on both engines.
  'server/seguridad.test.ts',
  'server/cuerpos.test.ts',
  'server/conexion.test.ts',
  'server/estaticos.test.ts',
]

/** Server files that replace a module with vi.mock: they need a module graph of their own. */
const CON_MODULOS_SIMULADOS = ['server/seguridad-hash.test.ts']

export default defineConfig({
  test: {
    // After every run: each project's wall time, the slowest files, the total against the budget.
    reporters: ['default', './tests/support/tiempos.ts'],
    // Four files at a time on two cores: most of a server or browser test's time is spent
    // waiting (on PostgreSQL, on Chromium, on a gateway double's latency), not computing. With
    // three, the two cores were busy 1.4 of the time; four took 5 min 11 s to 5 min 41 s a run
    // against three's 5 min 37 s to 6 min 23 s.
    maxWorkers: 4,
    // The longest files first, whatever their project (tests/support/secuencia.ts).
    sequence: { sequencer: LosLargosPrimero },
    projects: [
      {
        test: {
          name: 'dominio',
          include: ['src/domain/**/*.test.ts', 'server/db/seed/**/*.test.ts'],
          environment: 'node',
          // Pure rules: no module keeps state, so the files share one module graph per worker.
          isolate: false,
        },
      },
      {
        // The version built into the app (vite.config.ts defines it for the real build).
        define: { __APP_VERSION__: JSON.stringify('1.0.0-test') },
        test: {
          name: 'cliente',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/domain/**'],
          // jsdom costs about a second a file to build: only the files that render or need a
          // window ask for it, with `// @vitest-environment jsdom` on their first line. Isolated:
          // the client's modules keep state (the session's cache, toasts, IndexedDB).
          environment: 'node',
          // A file's first render transforms the routes it loads lazily: beside the server and
          // browser files running at once, that alone can pass the default 5 s.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          exclude: ['server/db/seed/**', 'server/**/*.pg.test.ts', ...CON_MODULOS_SIMULADOS],
          environment: 'node',
          globalSetup: ['tests/support/plantilla-global.ts'],
          // The server's modules keep no state of their own between apps (what they keep is per
          // app, in WeakMaps), so the files share one module graph per worker: each file no
          // longer imports the whole server again.
          isolate: false,
          testTimeout: 20_000,
          // A test server that seeds its own database signs the demo's documents: on a loaded
          // machine that takes more than the default 10 s.
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server-aislado',
          include: CON_MODULOS_SIMULADOS,
          environment: 'node',
          globalSetup: ['tests/support/plantilla-global.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server-pg',
          include: ['server/**/*.test.ts'],
          exclude: ['server/db/seed/**', ...SIN_SQL, ...CON_MODULOS_SIMULADOS],
          environment: 'node',
          env: { PORTAL_TEST_MOTOR: 'postgres' },
          globalSetup: ['tests/support/postgres-global.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // The run's seeded template, and one Chromium for the whole run, which every file
          // connects to; each file still has its own portal server, and each test its own browser
          // context, so files run in parallel.
          globalSetup: ['tests/support/plantilla-global.ts', 'tests/support/navegador-global.ts'],
          // As the server's: the files share one module graph per worker (the portal server's
          // modules and the test helpers keep no state between files).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})

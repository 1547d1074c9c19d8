import { defineConfig } from 'vitest/config'

// Four projects, run together by `npm test`:
// - unit:      pure rules (src/domain), client logic and components; beside their code.
// - server:    integration tests against the real portal server on a temporary DATA_DIR (SQLite).
// - server-pg: the same tests again on PostgreSQL (started by the setup, or DATABASE_URL), plus
//              the several-servers tests (*.pg.test.ts) that need a database shared by processes.
// - e2e:       user journeys in headless Chromium against the built app and the real server.
export default defineConfig({
  test: {
    // After every run: each project's wall time, the slowest files, the total against the budget.
    reporters: ['default', './tests/support/tiempos.ts'],
    projects: [
      {
        // The version built into the app (vite.config.ts defines it for the real build).
        define: { __APP_VERSION__: JSON.stringify('1.0.0-test') },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'server/db/seed/**/*.test.ts'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          exclude: ['server/db/seed/**', 'server/**/*.pg.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          // A test server migrates, seeds and signs the demo's documents: on a loaded machine
          // that takes more than the default 10 s.
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server-pg',
          include: ['server/**/*.test.ts'],
          exclude: ['server/db/seed/**'],
          environment: 'node',
          env: { PORTAL_TEST_MOTOR: 'postgres' },
          globalSetup: ['tests/support/postgres-global.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One Chromium for the whole run, which every file connects to; each file still has its
          // own portal server, and each test its own browser context, so files run in parallel.
          globalSetup: ['tests/support/navegador-global.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})

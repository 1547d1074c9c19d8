import { createMemoryHistory } from '@tanstack/react-router'
import { describe, expect, test } from 'vitest'
import * as urls from './domain/urls.ts'
import { routeTree } from './routeTree.gen.ts'
import { crearRouter } from './router.ts'

// Every address of src/domain/urls.ts, the ones the server writes into redirects, e-mails,
// notices and QR codes, matched against the router's real tree: a route renamed or moved
// without its address fails here.

const router = crearRouter({
  routeTree,
  cargarOffline: () => new Promise(() => {}),
  history: createMemoryHistory(),
})

function destino(url: string) {
  const { pathname, searchParams } = new URL(url, 'https://portal.example')
  const ultima = router.matchRoutes(pathname, Object.fromEntries(searchParams)).at(-1)
  return { ruta: ultima?.routeId, params: ultima?.params, error: ultima?.paramsError }
}

describe('each address opens its page', () => {
  test.each([
    [urls.URL_INICIO, '/_alumno/home'],
    [urls.URL_INGRESO, '/login'],
    [urls.URL_INICIO_PERSONAL, '/admin/_personal/home'],
    [urls.URL_INFO_PERSONAL, '/_alumno/info/personal'],
    [urls.URL_SOLICITUDES, '/_alumno/info/solicitudes'],
    [urls.URL_NOTIFICACIONES, '/_alumno/notificaciones'],
    [urls.urlValidador('', 'CERT-1'), '/certificado/validador'],
    [urls.urlListaPagos('INS-2024/1'), '/_alumno/pagos/lista/$codigo'],
    [urls.urlPagarCuota('INS-1', 2), '/_alumno/pagos/$codigo/$numero'],
    [urls.urlResultadoPago('p-9', 'INS-1'), '/_alumno/pagos/respuesta/$codigo/$pagoId'],
    [urls.urlResultadoPago('p-9', null), '/_alumno/pagos/respuesta/$pagoId'],
    [urls.urlDerechoPostulacion('7'), '/_alumno/concurso/derechopostulacion/$id'],
    [urls.urlPostulacion('7'), '/_alumno/concurso/derechopostulacion/detalle/$id'],
    [urls.urlSolicitud('INS-26-40018'), '/_alumno/info/solicitudes'],
    [urls.urlSolicitud('INS-26-40018', 'documentos', '41'), '/_alumno/info/solicitudes'],
    [urls.urlDocumentoPersonal('21'), '/_alumno/info/personal'],
    [urls.urlDocumentoPostulacion('7', '48'), '/_alumno/concurso/derechopostulacion/detalle/$id'],
    [urls.urlRecuperarPassword('abc'), '/'],
    [urls.urlPostularConcurso('', '7'), '/'],
    [urls.urlInvitacionPersonal('abc'), '/admin/invitacion'],
    [urls.URL_RECUPERAR_PASSWORD_PERSONAL, '/admin/recuperar'],
    [urls.urlRestablecerPasswordPersonal('abc'), '/admin/restablecer'],
  ])('%s', (url, ruta) => {
    expect(destino(url).ruta).toBe(ruta)
  })
})

test('the parameters come back as the route names and types them', () => {
  expect(destino(urls.urlPagarCuota('INS-1', 2)).params).toEqual({ codigo: 'INS-1', numero: 2 })
  expect(destino(urls.urlResultadoPago('p-9', 'INS-1')).params).toEqual({ codigo: 'INS-1', pagoId: 'p-9' })
  expect(destino(urls.urlResultadoPago('p-9', null)).params).toEqual({ pagoId: 'p-9' })
  expect(destino(urls.urlListaPagos('INS-2024/1')).params).toEqual({ codigo: 'INS-2024/1' })
})

test("an enrolment's address names what to open of it, as the list's search schema reads it", () => {
  const busqueda = (url: string) => {
    const { pathname, searchParams } = new URL(url, 'https://portal.example')
    return router.matchRoutes(pathname, Object.fromEntries(searchParams)).at(-1)?.search
  }
  expect(busqueda(urls.urlSolicitud('INS-26-40018', 'documentos', '41'))).toEqual({
    solicitud: 'INS-26-40018',
    abrir: 'documentos',
    documento: '41',
  })
  expect(busqueda(urls.urlSolicitud('INS-24-20117', 'certificado'))).toEqual({
    solicitud: 'INS-24-20117',
    abrir: 'certificado',
  })
  expect(urls.urlDocumentoPostulacion('7', '48')).toBe('/concurso/derechopostulacion/detalle/7#documento-48')
})

test('an installment number that is not one is refused by the route', () => {
  expect(destino('/pagos/INS-1/dos').error).toBeTruthy()
  expect(destino('/pagos/INS-1/2').error).toBeFalsy()
})

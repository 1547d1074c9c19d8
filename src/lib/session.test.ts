// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from 'vitest'
import {
  CLAVES,
  cerrarSesionLocal,
  esBackUrlSegura,
  guardarBackUrl,
  guardarSesion,
  haySesion,
  leerSesion,
  concursoDeRuta,
  concursoDelFlujo,
  marcarFlujoConcurso,
  terminarFlujoConcurso,
  sesionDesdeRespuesta,
  tomarBackUrl,
  vieneDeConcurso,
  type RespuestaAlumno,
} from './session.ts'

const ownerAlumno = { Name: 'Ana Pérez', Phone: '+56 2 2345 6789', Email: 'ana@escuela.cl' }
const ownerReciente = { Name: 'Luis Soto', Phone: '+56 9 8765 4321', Email: 'luis@escuela.cl' }

const respuesta: RespuestaAlumno = {
  codRetorno: 0,
  mensajeError: '',
  data: {
    Name: 'Camila',
    hed__Former_Middle_Name__c: 'Rojas',
    RUT__c: '12345678-5',
    Codigo_Alumno__c: 'ALU-1',
    Owner: ownerAlumno,
  },
  inscReciente: { Owner: ownerReciente },
  cuentaServicio: 'portal@escuela.cl',
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('sesionDesdeRespuesta', () => {
  test('keeps name, surname (hed__Former_Middle_Name__c), rut, student code, assistant and service account', () => {
    expect(sesionDesdeRespuesta(respuesta)).toEqual({
      nombre: 'Camila',
      apellido: 'Rojas',
      rut: '12345678-5',
      codigoAlumno: 'ALU-1',
      asistente: ownerReciente,
      cuentaServicio: 'portal@escuela.cl',
    })
  })

  test('falls back to the student owner when there is no recent enrolment', () => {
    expect(sesionDesdeRespuesta({ ...respuesta, inscReciente: undefined })?.asistente).toEqual(ownerAlumno)
  })

  test('a refused login gives no session', () => {
    expect(sesionDesdeRespuesta({ codRetorno: 1, mensajeError: 'Correo o contraseña incorrectos' })).toBeNull()
  })
})

test('the marker is stored under portal.sesion and read back', () => {
  expect(haySesion()).toBe(false)
  const sesion = sesionDesdeRespuesta(respuesta)
  if (!sesion) throw new Error('sin sesión')
  guardarSesion(sesion)
  expect(JSON.parse(localStorage.getItem(CLAVES.sesion) ?? '{}')).toMatchObject({ codigoAlumno: 'ALU-1' })
  expect(leerSesion()).toEqual(sesion)
  expect(leerSesion()).toBe(leerSesion())
})

test('a corrupt marker counts as no session', () => {
  localStorage.setItem(CLAVES.sesion, '{no es json')
  expect(haySesion()).toBe(false)
})

describe('back-url', () => {
  test('is returned once, then cleared', () => {
    guardarBackUrl('/concurso/detalle/7?x=1')
    expect(tomarBackUrl()).toBe('/concurso/detalle/7?x=1')
    expect(tomarBackUrl()).toBeNull()
  })

  test('only same-origin paths other than the login page are kept', () => {
    expect(esBackUrlSegura('/home')).toBe(true)
    expect(esBackUrlSegura('//evil.example/x')).toBe(false)
    expect(esBackUrlSegura('/\\evil.example')).toBe(false)
    expect(esBackUrlSegura('https://evil.example')).toBe(false)
    expect(esBackUrlSegura('/login?x=1')).toBe(false)
    guardarBackUrl('https://evil.example')
    expect(tomarBackUrl()).toBeNull()
  })
})

test('the contest flag remembers which contest, when the link named one', () => {
  expect(vieneDeConcurso()).toBe(false)
  marcarFlujoConcurso(concursoDeRuta('/concurso/listado'))
  expect(vieneDeConcurso()).toBe(true)
  expect(concursoDelFlujo()).toBeNull()
  marcarFlujoConcurso(concursoDeRuta('/concurso/derechopostulacion/7'))
  expect(concursoDelFlujo()).toBe('7')
  // A later page without a contest keeps the one already named.
  marcarFlujoConcurso(concursoDeRuta('/concurso/listado'))
  expect(concursoDelFlujo()).toBe('7')
  expect(concursoDeRuta('/concurso/derechopostulacion/detalle/9')).toBe('9')
  expect(concursoDeRuta('/concurso/detalle/11')).toBe('11')
  terminarFlujoConcurso()
  expect(vieneDeConcurso()).toBe(false)
})

test('cerrarSesionLocal clears localStorage and sessionStorage, and the device is no longer signed in', () => {
  const sesion = sesionDesdeRespuesta(respuesta)
  if (!sesion) throw new Error('sin sesión')
  guardarSesion(sesion)
  marcarFlujoConcurso()
  sessionStorage.setItem('algo', '1')

  cerrarSesionLocal()

  expect(localStorage.length).toBe(0)
  expect(sessionStorage.length).toBe(0)
  expect(haySesion()).toBe(false)
})

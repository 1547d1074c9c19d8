import { expect, test } from 'vitest'
import {
  MENSAJE_ARANCEL_INVALIDO,
  MENSAJE_CELDA_OBLIGATORIA,
  MENSAJE_DOS_DOCUMENTOS,
  MENSAJE_SIN_DOCUMENTO,
  MENSAJE_TERMINO_ANTES_DE_INICIO,
  columnaDeEncabezado,
  contarResultados,
  filasConCambioDeCorreo,
  leerFilasConfirmadas,
  leerEncabezados,
  leerFecha,
  leerMonto,
  letrasDeColumna,
  mensajeAlumnoDistinto,
  mensajeCodigoRepetido,
  mensajeFaltaColumna,
  mensajeFechaInvalida,
  mensajeGrupoDesconocido,
  tipoResultado,
  validarFila,
  validarFilas,
  type FilaCruda,
} from './importacion.ts'
import { MENSAJE_RUT_INVALIDO } from './rut.ts'
import { MENSAJE_CARACTERES_INVISIBLES } from './validacion.ts'
import { NOMBRES_ORDINARIOS, TEXTOS_INVISIBLES } from '../../tests/support/textos-invisibles.ts'

const fila = (cambios: Record<string, string | number | Date | null> = {}): FilaCruda => ({
  codigo_inscripcion: 'ins-26-50001',
  email: ' Nueva.Alumna@Demo.cl ',
  rut: '12.345.678-5',
  pasaporte: '',
  nombres: 'Ana María',
  apellidos: 'Pérez Soto',
  telefono: '912345678',
  celular: '',
  cod_grupo: '1',
  curso: 'DMIA',
  nombre_curso: 'Diplomado en Medicina Intensiva',
  tipo_curso: 'Diplomado',
  fecha_inicio: '09-03-2026',
  fecha_termino: '2026-12-18',
  anio_curso: '',
  horas: '240',
  arancel: '1.900.000',
  habilita_pago: 'Sí',
  cod_prospecto: 'PRO-1',
  asistente_email: 'Francisca.Herrera@postgrado-demo.cl',
  rut_empresa: '',
  ...cambios,
})

test('a good row comes out typed and normalised as the portal stores it', () => {
  const r = validarFila(fila())
  expect(r).toEqual({
    ok: true,
    fila: {
      alumno: {
        email: 'nueva.alumna@demo.cl',
        rut: '12345678-5',
        pasaporte: null,
        nombres: 'Ana María',
        apellidos: 'Pérez Soto',
        telefono: '+56 9 1234 5678',
        celular: null,
      },
      inscripcion: {
        codigoInscripcion: 'INS-26-50001',
        codGrupo: '1',
        curso: 'DMIA',
        nombreCurso: 'Diplomado en Medicina Intensiva',
        tipoCurso: 'Diplomado',
        fechaInicio: '2026-03-09',
        fechaTermino: '2026-12-18',
        anioCurso: 2026,
        horas: 240,
        arancel: 1_900_000,
        habilitaPago: true,
        codProspecto: 'PRO-1',
        asistenteEmail: 'francisca.herrera@postgrado-demo.cl',
        rutEmpresa: null,
      },
    },
  })
})

test('cells from a spreadsheet (numbers, dates) read like their text', () => {
  const r = validarFila(
    fila({ fecha_inicio: new Date(Date.UTC(2026, 2, 9)), horas: 240, arancel: 1900000, cod_grupo: 5 }),
  )
  expect(r.ok && r.fila.inscripcion).toMatchObject({
    fechaInicio: '2026-03-09',
    horas: 240,
    arancel: 1_900_000,
    codGrupo: '5',
  })
})

test('each bad cell gives its column and a Spanish message', () => {
  const r = validarFila(
    fila({ rut: '12.345.678-9', cod_grupo: '7', fecha_inicio: '31-02-2026', arancel: '1900,5', nombres: '' }),
  )
  expect(r.ok).toBe(false)
  expect(!r.ok && r.errores).toEqual(
    expect.arrayContaining([
      { columna: 'rut', mensaje: MENSAJE_RUT_INVALIDO },
      { columna: 'cod_grupo', mensaje: mensajeGrupoDesconocido('7') },
      { columna: 'fecha_inicio', mensaje: mensajeFechaInvalida('31-02-2026') },
      { columna: 'arancel', mensaje: MENSAJE_ARANCEL_INVALIDO },
      { columna: 'nombres', mensaje: MENSAJE_CELDA_OBLIGATORIA },
    ]),
  )
})

test.each(TEXTOS_INVISIBLES)(
  'names, codes and titles refuse %s with the message of the student’s own form',
  (_caso, texto) => {
    for (const columna of [
      'nombres',
      'apellidos',
      'nombre_curso',
      'tipo_curso',
      'curso',
      'cod_prospecto',
      'codigo_inscripcion',
    ] as const) {
      const r = validarFila(fila({ [columna]: texto }))
      expect(!r.ok && r.errores, columna).toEqual([{ columna, mensaje: MENSAJE_CARACTERES_INVISIBLES }])
    }
    // An e-mail with it inside is refused too: it would read like another student's.
    const correo = validarFila(fila({ email: `${texto}@demo.cl` }))
    expect(!correo.ok && correo.errores.map((e) => e.columna)).toEqual(['email'])
  },
)

test.each(NOMBRES_ORDINARIOS)('%s is imported as written', (nombre) => {
  const r = validarFila(fila({ nombres: nombre, apellidos: nombre }))
  expect(r.ok && r.fila.alumno).toMatchObject({ nombres: nombre, apellidos: nombre })
})

test('a student needs exactly one of RUT or passport', () => {
  const sin = validarFila(fila({ rut: '' }))
  expect(!sin.ok && sin.errores).toContainEqual({ columna: 'rut', mensaje: MENSAJE_SIN_DOCUMENTO })
  const ambos = validarFila(fila({ pasaporte: 'AB12345' }))
  expect(!ambos.ok && ambos.errores).toContainEqual({ columna: 'pasaporte', mensaje: MENSAJE_DOS_DOCUMENTOS })
  const pasaporte = validarFila(fila({ rut: '', pasaporte: 'ab12345' }))
  expect(pasaporte.ok && pasaporte.fila.alumno).toMatchObject({ rut: null, pasaporte: 'AB12345' })
})

test('the program cannot end before it starts', () => {
  const r = validarFila(fila({ fecha_termino: '01-03-2026' }))
  expect(!r.ok && r.errores).toEqual([{ columna: 'fecha_termino', mensaje: MENSAJE_TERMINO_ANTES_DE_INICIO }])
})

test('dates in the forms the CRM writes, and only real ones', () => {
  expect(leerFecha('09-03-2026')).toBe('2026-03-09')
  expect(leerFecha('9/3/2026')).toBe('2026-03-09')
  expect(leerFecha('2026-03-09')).toBe('2026-03-09')
  expect(leerFecha('2026-03-09T00:00:00')).toBe('2026-03-09')
  expect(leerFecha('29-02-2025')).toBeNull()
  expect(leerFecha('marzo')).toBeNull()
  expect(leerFecha('03-2026')).toBeNull()
})

test('amounts in whole pesos, with thousands dots or without', () => {
  expect(leerMonto('1.900.000')).toBe(1_900_000)
  expect(leerMonto('$ 450000')).toBe(450_000)
  expect(leerMonto('1900,50')).toBeNull()
  expect(leerMonto('19.00')).toBeNull()
})

test('an enrolment code repeated in a file is an error of the later row, naming the first', () => {
  const r = validarFilas([fila(), fila()], 2)
  expect(r[0]!.ok).toBe(true)
  expect(r[1]).toEqual({
    ok: false,
    errores: [{ columna: 'codigo_inscripcion', mensaje: mensajeCodigoRepetido('INS-26-50001', 2) }],
  })
})

test('a repeated enrolment code is reported whatever other errors its rows have', () => {
  const r = validarFilas(
    [
      fila({ email: 'no es un correo' }),
      fila({ codigo_inscripcion: ' ins-26-50001 ' }),
      fila({ codigo_inscripcion: 'INS-26-50001', nombres: '' }),
    ],
    2,
  )
  expect(r[0]!.ok).toBe(false)
  expect(r[1]).toEqual({
    ok: false,
    errores: [{ columna: 'codigo_inscripcion', mensaje: mensajeCodigoRepetido('INS-26-50001', 2) }],
  })
  expect(r[2]!.ok).toBe(false)
  expect(!r[2]!.ok && r[2]!.errores.map((e) => e.mensaje)).toContain(mensajeCodigoRepetido('INS-26-50001', 2))
})

test('rows of the same student must agree on the student, whichever key they share', () => {
  const r = validarFilas(
    [
      fila(),
      fila({ codigo_inscripcion: 'INS-2', nombres: 'Ana' }),
      fila({ codigo_inscripcion: 'INS-3', email: 'otra@demo.cl' }),
      fila({ codigo_inscripcion: 'INS-4' }),
    ],
    2,
  )
  expect(r.map((x) => x.ok)).toEqual([true, false, false, true])
  expect(!r[1]!.ok && r[1]!.errores).toEqual([{ columna: null, mensaje: mensajeAlumnoDistinto(2) }])
})

test('headers are matched without accents or case, with the CRM aliases; missing ones are reported', () => {
  expect(columnaDeEncabezado('Código Inscripción')).toBe('codigo_inscripcion')
  expect(columnaDeEncabezado('Correo Electrónico')).toBe('email')
  expect(columnaDeEncabezado('Otra cosa')).toBeNull()
  const r = leerEncabezados(['codigo_inscripcion', 'email'])
  expect(!r.ok && r.errores).toContain(mensajeFaltaColumna('nombres'))
})

test('outcomes: a new enrolment is created, any change is an update, else nothing changes', () => {
  expect(tipoResultado('nuevo', 'nuevo')).toBe('se creará')
  expect(tipoResultado('sin cambios', 'nuevo')).toBe('se creará')
  expect(tipoResultado('actualizado', 'sin cambios')).toBe('se actualizará')
  expect(tipoResultado('sin cambios', 'sin cambios')).toBe('sin cambios')
  expect(contarResultados([{ resultado: 'error' }, { resultado: 'sin cambios' }, { resultado: 'error' }])).toEqual({
    'se creará': 0,
    'se actualizará': 0,
    'sin cambios': 1,
    error: 2,
  })
})

test('the rows that change a sign-in e-mail, and the rows a confirmation names', () => {
  const cambio = { antes: 'ana@demo.cl', despues: 'ana.perez@demo.cl' }
  expect(
    filasConCambioDeCorreo([
      {
        fila: 2,
        codigoInscripcion: 'A',
        resultado: 'se creará',
        alumno: 'actualizado',
        inscripcion: 'nuevo',
        campos: ['email'],
        cambioCorreo: cambio,
      },
      {
        fila: 3,
        codigoInscripcion: 'B',
        resultado: 'sin cambios',
        alumno: 'sin cambios',
        inscripcion: 'sin cambios',
        campos: [],
      },
      { fila: 4, codigoInscripcion: 'C', resultado: 'error', errores: [] },
    ]),
  ).toEqual([2])
  expect([...leerFilasConfirmadas('2, 7,x,,-1,3.5,12')]).toEqual([2, 7, 12])
  expect(leerFilasConfirmadas(null).size).toBe(0)
})

test('a column is named by its letters as Excel shows them', () => {
  expect([1, 26, 27, 52, 256, 702, 703, 16_384].map(letrasDeColumna)).toEqual([
    'A',
    'Z',
    'AA',
    'AZ',
    'IV',
    'ZZ',
    'AAA',
    'XFD',
  ])
})

import { describe, expect, test } from 'vitest'
import * as v from 'valibot'
import { comunaCiudad, comunas, regiones } from '../../server/db/seed/geografia.ts'
import { paises } from '../../server/db/seed/paises.ts'
import { profesiones } from '../../server/db/seed/profesiones.ts'
import { universidades } from '../../server/db/seed/universidades.ts'
import { MENSAJE_RUT_INVALIDO } from './rut.ts'
import { MENSAJE_TELEFONO } from './telefono.ts'
import { erroresPorCampo } from './errores-por-campo.ts'
import { MENSAJE_CAMPO_OBLIGATORIO, MENSAJE_CARACTERES_INVISIBLES } from './validacion.ts'
import { TEXTOS_INVISIBLES } from '../../tests/support/textos-invisibles.ts'
import { MENSAJE_EDAD } from './edad.ts'
import {
  CIUDAD_OTRA,
  COD_PAIS_CHILE,
  COMUNA_OTRA,
  INSTITUCION_OTRA,
  NACIONALIDAD_CHILENA,
  NIVELES_FORMACION,
  NIVEL_OTRA,
  PROFESIONES_CON_OTRA,
  REGION_INTERNACIONAL,
  SEXOS,
  TIPOS_DOCUMENTO,
  TIPOS_INSTITUCION,
  TIPOS_RESIDENCIA,
  UNIVERSIDAD_OTRA,
  alCambiarComuna,
  alCambiarNacionalidad,
  alCambiarPais,
  alCambiarRegion,
  crearPersonaSchema,
  limpiarOtrasSinUso,
  opcionesComuna,
  opcionesRegion,
  personaSchema,
  requiereDatosResidencia,
  requiereOtraProfesion,
  requiereOtraUniversidad,
  requiereOtroNivelFormacion,
  requiereOtroTipoInstitucion,
  rutVisible,
  validarDocumentoIdentidad,
  type PersonaFormulario,
} from './persona.ts'

const HOY = new Date(2025, 5, 15)
const schema = crearPersonaSchema(HOY)
const ARGENTINA = '3'

/** A Chilean living in Providencia, every required field filled. */
function personaValida(): PersonaFormulario {
  return {
    tipoDocumento: '',
    numeroDocumento: '',
    nombres: 'María José',
    apPaterno: 'González Pérez',
    sexoregistral: 'Femenino',
    fechaNac: '1990-04-12',
    telefonoParticular: '+56 2 2345 6789',
    celular: '',
    nacionalidad: NACIONALIDAD_CHILENA,
    tipoResidencia: '',
    paisOrigen: '',
    direccion: 'Av. Providencia 1234, depto 56',
    codPais: COD_PAIS_CHILE,
    codRegion: '13',
    codComuna: '13123',
    ciudad: 'Santiago',
    codProfesion: '1',
    otraProfesion: '',
    universidad: 'Universidad de Chile',
    otrauniversidad: '',
    maxnivelformacion: 'Universitaria Completa',
    otronivelformacion: '',
    tipoinstitucion: 'Universidad',
    otrotipoinstitucion: '',
    paisEstSecund: COD_PAIS_CHILE,
  }
}

function con(cambios: Partial<Record<keyof PersonaFormulario, unknown>>): Record<string, unknown> {
  return { ...personaValida(), ...cambios }
}

function errores(input: unknown, s: v.GenericSchema = schema): Record<string, string> {
  const resultado = v.safeParse(s, input)
  return resultado.success ? {} : erroresPorCampo(resultado.issues)
}

function parse(input: unknown) {
  const resultado = v.safeParse(schema, input)
  if (!resultado.success) throw new Error(JSON.stringify(erroresPorCampo(resultado.issues)))
  return resultado.output
}

/** A local calendar date, as the student's device would give it. */
function dia(anio: number, mes: number, diaDelMes: number): Date {
  return new Date(anio, mes - 1, diaDelMes)
}

describe('constantes', () => {
  test('los datos de referencia que siembra el servidor contienen cada código de regla', () => {
    expect(paises.find((p) => p.codPais === COD_PAIS_CHILE)?.nacionalidad).toBe('Chilena')
    expect(NACIONALIDAD_CHILENA).toBe(COD_PAIS_CHILE)
    expect(regiones.some((r) => r.codRegion === REGION_INTERNACIONAL)).toBe(true)
    expect(comunas.find((c) => c.codComuna === COMUNA_OTRA)?.codRegion).toBe(REGION_INTERNACIONAL)
    expect(comunaCiudad[COMUNA_OTRA]).toBe(CIUDAD_OTRA)
    expect(universidades).toContain(UNIVERSIDAD_OTRA)
    for (const cod of PROFESIONES_CON_OTRA) {
      expect(
        profesiones.some((p) => p.codProfesion === cod),
        cod,
      ).toBe(true)
    }
  })

  test('listas de opciones del spec, con OTRA en nivel y tipo de institución', () => {
    expect(SEXOS).toEqual(['Masculino', 'Femenino', 'No Binario'])
    expect(TIPOS_DOCUMENTO).toEqual(['PASAPORTE', 'DNI'])
    expect(Object.keys(TIPOS_RESIDENCIA)).toEqual(['1', '2', '3'])
    expect(TIPOS_RESIDENCIA[3]).toBe('No reside en Chile')
    expect(NIVELES_FORMACION).toEqual([
      'Básica Completa',
      'Media Completa',
      'Universitaria Completa',
      'Técnico de Nivel Superior',
      'Profesional IP',
      'Magister',
      'Doctorado',
      'OTRA',
    ])
    expect(TIPOS_INSTITUCION).toEqual(['Centro de Formación Técnica', 'Instituto Profesional', 'Universidad', 'OTRA'])
  })
})

describe('personaSchema: campos', () => {
  test('una persona completa es válida y sale recortada', () => {
    const salida = parse(con({ nombres: '  María José ', direccion: ' Av. Providencia 1234 ' }))
    expect(salida.nombres).toBe('María José')
    expect(salida.direccion).toBe('Av. Providencia 1234')
  })

  test('todos los errores llegan a la vez, cada uno en su campo', () => {
    expect(
      errores(con({ nombres: '', codProfesion: '29', codRegion: REGION_INTERNACIONAL, fechaNac: '2010-01-01' })),
    ).toEqual({
      nombres: MENSAJE_CAMPO_OBLIGATORIO,
      otraProfesion: MENSAJE_CAMPO_OBLIGATORIO,
      codRegion: MENSAJE_CAMPO_OBLIGATORIO,
      fechaNac: MENSAJE_EDAD,
    })
  })

  test('e-mail y RUT no forman parte de lo editable', () => {
    const salida = parse(con({ email: 'otro@ejemplo.cl', rut: '11111111-1' } as never))
    expect(salida).not.toHaveProperty('email')
    expect(salida).not.toHaveProperty('rut')
  })

  test.each([
    'nombres',
    'apPaterno',
    'sexoregistral',
    'fechaNac',
    'telefonoParticular',
    'nacionalidad',
    'direccion',
    'codPais',
    'codRegion',
    'codComuna',
    'codProfesion',
    'universidad',
    'maxnivelformacion',
    'tipoinstitucion',
    'paisEstSecund',
  ] as const)('%s es obligatorio', (campo) => {
    expect(errores(con({ [campo]: '' }))[campo]).toBe(MENSAJE_CAMPO_OBLIGATORIO)
    expect(errores(con({ [campo]: '   ' }))[campo]).toBe(MENSAJE_CAMPO_OBLIGATORIO)
    const sinCampo: Record<string, unknown> = personaValida()
    delete sinCampo[campo]
    expect(errores(sinCampo)[campo]).toBe(MENSAJE_CAMPO_OBLIGATORIO)
  })

  test('los opcionales pueden faltar y salen vacíos', () => {
    const entrada: Record<string, unknown> = personaValida()
    for (const campo of [
      'tipoDocumento',
      'numeroDocumento',
      'celular',
      'tipoResidencia',
      'paisOrigen',
      'ciudad',
      'otraProfesion',
    ]) {
      delete entrada[campo]
    }
    const salida = parse(entrada)
    expect(salida.celular).toBe('')
    expect(salida.numeroDocumento).toBe('')
    expect(salida.ciudad).toBe('')
  })

  test.each([
    ['nombres', 80],
    ['apPaterno', 80],
    ['direccion', 200],
  ] as const)('%s admite hasta %i caracteres', (campo, max) => {
    expect(errores(con({ [campo]: 'a'.repeat(max) }))).toEqual({})
    expect(errores(con({ [campo]: 'a'.repeat(max + 1) }))[campo]).toBe(MENSAJE_CAMPO_OBLIGATORIO)
  })

  test('sexo registral solo entre las opciones del spec', () => {
    for (const sexo of SEXOS) expect(errores(con({ sexoregistral: sexo }))).toEqual({})
    expect(errores(con({ sexoregistral: 'Otro' })).sexoregistral).toBe(MENSAJE_CAMPO_OBLIGATORIO)
  })

  test('nivel de formación y tipo de institución solo entre sus opciones', () => {
    expect(errores(con({ maxnivelformacion: 'Postdoctorado' })).maxnivelformacion).toBe(MENSAJE_CAMPO_OBLIGATORIO)
    expect(errores(con({ tipoinstitucion: 'Colegio' })).tipoinstitucion).toBe(MENSAJE_CAMPO_OBLIGATORIO)
  })

  test('número de documento: hasta 20, en mayúsculas, y con su tipo', () => {
    expect(parse(con({ tipoDocumento: 'PASAPORTE', numeroDocumento: ' ab123456 ' })).numeroDocumento).toBe('AB123456')
    expect(errores(con({ tipoDocumento: 'DNI', numeroDocumento: '1'.repeat(20) }))).toEqual({})
    expect(errores(con({ tipoDocumento: 'DNI', numeroDocumento: '1'.repeat(21) })).numeroDocumento).toBe(
      MENSAJE_CAMPO_OBLIGATORIO,
    )
    expect(errores(con({ tipoDocumento: 'DNI', numeroDocumento: 'AB 12/34' })).numeroDocumento).toBe(
      MENSAJE_CAMPO_OBLIGATORIO,
    )
    expect(errores(con({ tipoDocumento: '', numeroDocumento: 'AB123456' })).tipoDocumento).toBe(
      MENSAJE_CAMPO_OBLIGATORIO,
    )
    expect(errores(con({ tipoDocumento: 'CEDULA', numeroDocumento: 'AB123456' })).tipoDocumento).toBe(
      MENSAJE_CAMPO_OBLIGATORIO,
    )
  })
})

describe('personaSchema: fecha de nacimiento y mayoría de edad (365,25 días por año)', () => {
  test('fecha inexistente o con otro formato no es válida', () => {
    expect(errores(con({ fechaNac: '2001-02-29' })).fechaNac).toBe(MENSAJE_CAMPO_OBLIGATORIO)
    expect(errores(con({ fechaNac: '12/04/1990' })).fechaNac).toBe(MENSAJE_CAMPO_OBLIGATORIO)
    expect(errores(con({ fechaNac: '1990-13-01' })).fechaNac).toBe(MENSAJE_CAMPO_OBLIGATORIO)
  })

  test('cumple 18 el 1 de enero de 2018 quien nació el 1 de enero de 2000 (5 bisiestos de por medio)', () => {
    const entrada = con({ fechaNac: '2000-01-01' })
    expect(errores(entrada, crearPersonaSchema(dia(2017, 12, 31))).fechaNac).toBe(MENSAJE_EDAD)
    expect(errores(entrada, crearPersonaSchema(dia(2018, 1, 1)))).toEqual({})
  })

  test('con solo 4 bisiestos de por medio, el cumpleaños 18 del calendario aún no alcanza: un día después sí', () => {
    const entrada = con({ fechaNac: '2001-03-01' })
    expect(errores(entrada, crearPersonaSchema(dia(2019, 3, 1))).fechaNac).toBe(MENSAJE_EDAD)
    expect(errores(entrada, crearPersonaSchema(dia(2019, 3, 2)))).toEqual({})
  })

  test('nacido un 29 de febrero: 17 el 28 de febrero de 2022, 18 el 1 de marzo', () => {
    const entrada = con({ fechaNac: '2004-02-29' })
    expect(errores(entrada, crearPersonaSchema(dia(2022, 2, 28))).fechaNac).toBe(MENSAJE_EDAD)
    expect(errores(entrada, crearPersonaSchema(dia(2022, 3, 1)))).toEqual({})
  })

  test('una fecha futura no corresponde', () => {
    expect(errores(con({ fechaNac: '2030-01-01' })).fechaNac).toBe(MENSAJE_EDAD)
  })

  test('personaSchema mide la edad con la fecha de hoy', () => {
    const anio = new Date().getFullYear()
    expect(errores(con({ fechaNac: `${anio - 30}-06-15` }), personaSchema)).toEqual({})
    expect(errores(con({ fechaNac: `${anio - 10}-06-15` }), personaSchema).fechaNac).toBe(MENSAJE_EDAD)
  })
})

describe('personaSchema: teléfonos', () => {
  test('el teléfono particular es obligatorio', () => {
    expect(errores(con({ telefonoParticular: '' })).telefonoParticular).toBe(MENSAJE_CAMPO_OBLIGATORIO)
    expect(errores(con({ telefonoParticular: undefined })).telefonoParticular).toBe(MENSAJE_CAMPO_OBLIGATORIO)
  })

  test('el teléfono particular lleva código de país', () => {
    expect(errores(con({ telefonoParticular: '22345678' })).telefonoParticular).toBe(MENSAJE_TELEFONO)
    expect(errores(con({ telefonoParticular: '+56 2 2345 abcd' })).telefonoParticular).toBe(MENSAJE_TELEFONO)
    expect(errores(con({ telefonoParticular: '+56912345678' }))).toEqual({})
  })

  test('el celular es opcional, pero si se da lleva el mismo formato', () => {
    expect(errores(con({ celular: '' }))).toEqual({})
    expect(errores(con({ celular: undefined }))).toEqual({})
    expect(parse(con({ celular: ' +56 9 1234 5678 ' })).celular).toBe('+56 9 1234 5678')
    expect(errores(con({ celular: '12345' })).celular).toBe(MENSAJE_TELEFONO)
  })

  test('a Chilean 9-digit number is taken without +56 and stored with it; the prefix alone counts as empty', () => {
    expect(parse(con({ celular: '912345678' })).celular).toBe('+56 9 1234 5678')
    expect(parse(con({ telefonoParticular: '223456789' })).telefonoParticular).toBe('+56 2 2345 6789')
    expect(parse(con({ celular: '+56 ' })).celular).toBe('')
    expect(errores(con({ telefonoParticular: '+56 ' })).telefonoParticular).toBe(MENSAJE_CAMPO_OBLIGATORIO)
  })
})

describe('personaSchema: nacionalidad y residencia', () => {
  const extranjera = { nacionalidad: ARGENTINA, tipoResidencia: '1', paisOrigen: ARGENTINA }

  test('un extranjero indica tipo de residencia y país de origen', () => {
    expect(errores(con(extranjera))).toEqual({})
    expect(errores(con({ ...extranjera, tipoResidencia: '' })).tipoResidencia).toBe(MENSAJE_CAMPO_OBLIGATORIO)
    expect(errores(con({ ...extranjera, paisOrigen: '' })).paisOrigen).toBe(MENSAJE_CAMPO_OBLIGATORIO)
  })

  test('el tipo de residencia es 1, 2 o 3', () => {
    for (const tipo of ['1', '2', '3']) expect(errores(con({ ...extranjera, tipoResidencia: tipo }))).toEqual({})
    expect(errores(con({ ...extranjera, tipoResidencia: '4' })).tipoResidencia).toBe(MENSAJE_CAMPO_OBLIGATORIO)
  })

  test('un chileno no los necesita, y si quedaron se borran al guardar', () => {
    const salida = parse(con({ tipoResidencia: '2', paisOrigen: ARGENTINA }))
    expect(salida.tipoResidencia).toBe('')
    expect(salida.paisOrigen).toBe('')
  })
})

describe('personaSchema: país, región y comuna', () => {
  const enArgentina = {
    codPais: ARGENTINA,
    codRegion: REGION_INTERNACIONAL,
    codComuna: COMUNA_OTRA,
    ciudad: CIUDAD_OTRA,
  }

  test('fuera de Chile: región INTERNACIONAL y comuna OTRA', () => {
    expect(errores(con(enArgentina))).toEqual({})
  })

  test('fuera de Chile se rechaza una región o comuna chilena', () => {
    expect(errores(con({ ...enArgentina, codRegion: '13' })).codRegion).toBe(MENSAJE_CAMPO_OBLIGATORIO)
    expect(errores(con({ ...enArgentina, codComuna: '13123' })).codComuna).toBe(MENSAJE_CAMPO_OBLIGATORIO)
  })

  test('en Chile se rechazan INTERNACIONAL y OTRA', () => {
    expect(errores(con({ codRegion: REGION_INTERNACIONAL })).codRegion).toBe(MENSAJE_CAMPO_OBLIGATORIO)
    expect(errores(con({ codComuna: COMUNA_OTRA })).codComuna).toBe(MENSAJE_CAMPO_OBLIGATORIO)
  })
})

describe("personaSchema: textos 'Otra'", () => {
  test.each(['29', '43', '54', '68', 'Otra profesión'])('la profesión %s exige indicar cuál', (codProfesion) => {
    expect(errores(con({ codProfesion })).otraProfesion).toBe(MENSAJE_CAMPO_OBLIGATORIO)
    expect(errores(con({ codProfesion, otraProfesion: '   ' })).otraProfesion).toBe(MENSAJE_CAMPO_OBLIGATORIO)
    expect(parse(con({ codProfesion, otraProfesion: 'Perfusionista' })).otraProfesion).toBe('Perfusionista')
  })

  test('una profesión de la lista no la exige, y el texto que quedó se borra', () => {
    expect(errores(con({ codProfesion: '1' }))).toEqual({})
    expect(parse(con({ codProfesion: '1', otraProfesion: 'Perfusionista' })).otraProfesion).toBe('')
  })

  test.each([
    ['universidad', UNIVERSIDAD_OTRA, 'otrauniversidad'],
    ['maxnivelformacion', NIVEL_OTRA, 'otronivelformacion'],
    ['tipoinstitucion', INSTITUCION_OTRA, 'otrotipoinstitucion'],
  ] as const)('%s %s exige %s', (campo, otra, texto) => {
    expect(errores(con({ [campo]: otra })), texto).toEqual({ [texto]: MENSAJE_CAMPO_OBLIGATORIO })
    expect(parse(con({ [campo]: otra, [texto]: 'Universidad de Buenos Aires' }))[texto]).toBe(
      'Universidad de Buenos Aires',
    )
    expect(parse(con({ [texto]: 'Universidad de Buenos Aires' }))[texto]).toBe('')
  })

  test('los textos Otra admiten hasta 100 caracteres', () => {
    expect(errores(con({ codProfesion: '29', otraProfesion: 'a'.repeat(100) }))).toEqual({})
    expect(errores(con({ codProfesion: '29', otraProfesion: 'a'.repeat(101) })).otraProfesion).toBe(
      MENSAJE_CAMPO_OBLIGATORIO,
    )
    expect(errores(con({ universidad: 'OTRA', otrauniversidad: 'a'.repeat(101) })).otrauniversidad).toBe(
      MENSAJE_CAMPO_OBLIGATORIO,
    )
  })

  test('requiereOtra… reconoce sus disparadores', () => {
    expect(PROFESIONES_CON_OTRA.every(requiereOtraProfesion)).toBe(true)
    expect(requiereOtraProfesion('1')).toBe(false)
    expect(requiereOtraProfesion('290')).toBe(false)
    expect(requiereOtraProfesion(undefined)).toBe(false)
    expect(requiereOtraUniversidad('OTRA')).toBe(true)
    expect(requiereOtraUniversidad('Universidad de Chile')).toBe(false)
    expect(requiereOtroNivelFormacion('OTRA')).toBe(true)
    expect(requiereOtroNivelFormacion('Magister')).toBe(false)
    expect(requiereOtroTipoInstitucion('OTRA')).toBe(true)
    expect(requiereOtroTipoInstitucion('Universidad')).toBe(false)
  })
})

describe('validarDocumentoIdentidad', () => {
  const base = { rut: '12.345.678-5', codPais: COD_PAIS_CHILE, tipoDocumento: '', numeroDocumento: '' }

  test('el RUT se muestra solo cuando no es el de reemplazo', () => {
    expect(rutVisible('12345678-5')).toBe(true)
    expect(rutVisible('0-0')).toBe(false)
    expect(rutVisible('0.-0')).toBe(false)
    expect(rutVisible(null)).toBe(false)
    expect(rutVisible('')).toBe(false)
  })

  test('un RUT válido, con puntos o con k minúscula, pasa', () => {
    expect(validarDocumentoIdentidad(base)).toBeNull()
    expect(validarDocumentoIdentidad({ ...base, rut: '10.000.013-k' })).toBeNull()
  })

  test('con país 40, un RUT con dígito verificador errado se rechaza', () => {
    expect(validarDocumentoIdentidad({ ...base, rut: '12.345.678-9' })).toBe(MENSAJE_RUT_INVALIDO)
    expect(validarDocumentoIdentidad({ ...base, rut: '12345678' })).toBe(MENSAJE_RUT_INVALIDO)
  })

  test('con otro país no se exige que el RUT sea válido', () => {
    expect(validarDocumentoIdentidad({ ...base, rut: '12.345.678-9', codPais: ARGENTINA })).toBeNull()
  })

  test('un extranjero sin pasaporte: Campo obligatorio, al ser extranjero', () => {
    const extranjero = { ...base, rut: '0-0' }
    expect(validarDocumentoIdentidad(extranjero)).toBe('Campo obligatorio, al ser extranjero')
    expect(validarDocumentoIdentidad({ ...extranjero, tipoDocumento: 'PASAPORTE', numeroDocumento: '  ' })).toBe(
      'Campo obligatorio, al ser extranjero',
    )
    expect(validarDocumentoIdentidad({ ...extranjero, numeroDocumento: 'AB123456' })).toBe(
      'Campo obligatorio, al ser extranjero',
    )
    expect(validarDocumentoIdentidad({ ...extranjero, rut: null, codPais: ARGENTINA })).toBe(
      'Campo obligatorio, al ser extranjero',
    )
  })

  test('un extranjero con pasaporte o DNI pasa, viva o no en Chile', () => {
    expect(
      validarDocumentoIdentidad({ ...base, rut: '0-0', tipoDocumento: 'PASAPORTE', numeroDocumento: 'AB123456' }),
    ).toBeNull()
    expect(
      validarDocumentoIdentidad({
        ...base,
        rut: '0-0',
        codPais: ARGENTINA,
        tipoDocumento: 'DNI',
        numeroDocumento: '30123456',
      }),
    ).toBeNull()
  })
})

describe('cascadas del formulario', () => {
  test('elegir nacionalidad chilena borra tipo de residencia y país de origen', () => {
    const extranjera = { ...personaValida(), nacionalidad: ARGENTINA, tipoResidencia: '1', paisOrigen: ARGENTINA }
    const chilena = alCambiarNacionalidad(extranjera, NACIONALIDAD_CHILENA)
    expect(chilena).toEqual({ ...extranjera, nacionalidad: '40', tipoResidencia: '', paisOrigen: '' })
    expect(extranjera.tipoResidencia).toBe('1')
  })

  test('elegir otra nacionalidad extranjera conserva residencia y origen', () => {
    const extranjera = { ...personaValida(), nacionalidad: ARGENTINA, tipoResidencia: '3', paisOrigen: ARGENTINA }
    expect(alCambiarNacionalidad(extranjera, '10')).toEqual({ ...extranjera, nacionalidad: '10' })
  })

  test('residencia y origen se muestran solo a un extranjero', () => {
    expect(requiereDatosResidencia(NACIONALIDAD_CHILENA)).toBe(false)
    expect(requiereDatosResidencia('')).toBe(false)
    expect(requiereDatosResidencia(ARGENTINA)).toBe(true)
  })

  test('un país distinto de Chile fija INTERNACIONAL, OTRA y ciudad OTRA', () => {
    const enArgentina = alCambiarPais(personaValida(), ARGENTINA)
    expect(enArgentina).toMatchObject({ codPais: ARGENTINA, codRegion: '99', codComuna: '99999', ciudad: 'OTRA' })
    expect(errores(enArgentina)).toEqual({})
  })

  test('volver a Chile borra región, comuna y ciudad', () => {
    const enArgentina = alCambiarPais(personaValida(), ARGENTINA)
    expect(alCambiarPais(enArgentina, COD_PAIS_CHILE)).toMatchObject({
      codPais: '40',
      codRegion: '',
      codComuna: '',
      ciudad: '',
    })
  })

  test('elegir de nuevo el mismo país no cambia nada', () => {
    const persona = personaValida()
    expect(alCambiarPais(persona, COD_PAIS_CHILE)).toEqual(persona)
  })

  test('elegir una región borra comuna y ciudad', () => {
    expect(alCambiarRegion(personaValida(), '05')).toMatchObject({ codRegion: '05', codComuna: '', ciudad: '' })
    const persona = personaValida()
    expect(alCambiarRegion(persona, persona.codRegion)).toEqual(persona)
  })

  test('elegir una comuna fija la ciudad según el mapa comuna-ciudad', () => {
    const mapa = { '13123': 'Santiago', '05101': 'Valparaíso' }
    expect(alCambiarComuna(alCambiarRegion(personaValida(), '05'), '05101', mapa)).toMatchObject({
      codRegion: '05',
      codComuna: '05101',
      ciudad: 'Valparaíso',
    })
    expect(alCambiarComuna(personaValida(), '99998', mapa).ciudad).toBe('')
    expect(alCambiarComuna(personaValida(), '13201', comunaCiudad).ciudad).toBe('Santiago')
  })

  test('fuera de Chile solo se ofrecen INTERNACIONAL y OTRA; en Chile, todo lo demás', () => {
    expect(opcionesRegion(regiones, ARGENTINA).map((r) => r.codRegion)).toEqual(['99'])
    expect(opcionesComuna(comunas, ARGENTINA).map((c) => c.codComuna)).toEqual(['99999'])
    const regionesChile = opcionesRegion(regiones, COD_PAIS_CHILE)
    expect(regionesChile).toHaveLength(16)
    expect(regionesChile.some((r) => r.codRegion === '99')).toBe(false)
    const comunasChile = opcionesComuna(comunas, COD_PAIS_CHILE)
    expect(comunasChile).toHaveLength(346)
    expect(comunasChile.some((c) => c.codComuna === '99999')).toBe(false)
  })

  test('limpiarOtrasSinUso borra solo los textos cuyo disparador no está elegido', () => {
    const persona = {
      ...personaValida(),
      codProfesion: '43',
      otraProfesion: 'Técnico en perfusión',
      universidad: 'Universidad de Chile',
      otrauniversidad: 'Universidad de Buenos Aires',
      maxnivelformacion: 'OTRA',
      otronivelformacion: 'Especialidad médica',
      tipoinstitucion: 'Universidad',
      otrotipoinstitucion: 'Hospital docente',
    }
    expect(limpiarOtrasSinUso(persona)).toEqual({ ...persona, otrauniversidad: '', otrotipoinstitucion: '' })
    const todasEnUso = { ...persona, universidad: 'OTRA', tipoinstitucion: 'OTRA' }
    expect(limpiarOtrasSinUso(todasEnUso)).toEqual(todasEnUso)
    const ningunaEnUso = { ...persona, codProfesion: '1', maxnivelformacion: 'Magister' }
    expect(limpiarOtrasSinUso(ningunaEnUso)).toMatchObject({
      otraProfesion: '',
      otrauniversidad: '',
      otronivelformacion: '',
      otrotipoinstitucion: '',
    })
  })
})

test.each(TEXTOS_INVISIBLES)('names, surnames and the address refuse %s', (_caso, texto) => {
  for (const campo of ['nombres', 'apPaterno', 'direccion'] as const) {
    const r = v.safeParse(schema, { ...personaValida(), [campo]: texto })
    expect(r.success ? {} : erroresPorCampo(r.issues)).toEqual({ [campo]: MENSAJE_CARACTERES_INVISIBLES })
  }
})

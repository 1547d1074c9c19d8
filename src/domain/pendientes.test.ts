import { describe, expect, test } from 'vitest'
import {
  calcularPendientes,
  conteoPorSeccion,
  documentoPorEntregar,
  pendienteEnPalabras,
  pendientesDeSolicitud,
  resumenPendientes,
  type DatosPendientes,
  type Pendiente,
  type SolicitudParaPendientes,
} from './pendientes.ts'

const HOY = '2026-11-25'

function solicitud(cambios: Partial<SolicitudParaPendientes> = {}): SolicitudParaPendientes {
  return {
    codigoInscripcion: 'INS-26-40018',
    nombreCurso: 'Diplomado en Cuidados Paliativos',
    encuesta: 'enviada',
    reglamento: 'firmado',
    certificadoEmitido: false,
    documentos: [],
    cuotas: [],
    ...cambios,
  }
}

function datos(cambios: Partial<DatosPendientes> = {}): DatosPendientes {
  return { hoy: HOY, solicitudes: [], documentosPersonales: [], postulaciones: [], ...cambios }
}

const tipos = (items: readonly Pendiente[]) => items.map((p) => p.tipo)

describe('documents to deliver', () => {
  test('a missing document and a rejected one are to deliver; one delivered or under review is not', () => {
    expect(documentoPorEntregar({ documento: 'RNPI', archivo: null })).toBe(true)
    expect(documentoPorEntregar({ documento: 'RNPI', archivo: { revision: 'rechazado' } })).toBe(true)
    expect(documentoPorEntregar({ documento: 'RNPI', archivo: {} })).toBe(false)
    expect(documentoPorEntregar({ documento: 'RNPI', archivo: { revision: 'en-revision' } })).toBe(false)
    expect(documentoPorEntregar({ documento: 'RNPI', archivo: { revision: 'aprobado' } })).toBe(false)
  })

  test("an enrolment's missing and rejected documents make one item that names them apart", () => {
    const [item] = pendientesDeSolicitud(
      solicitud({
        documentos: [
          { documento: 'Carta de Intención', archivo: {} },
          { documento: 'Seguro de Salud', archivo: null },
          { documento: 'Certificado RNPI', archivo: { revision: 'rechazado' } },
        ],
      }),
      HOY,
    )
    expect(item).toMatchObject({
      tipo: 'documentos-solicitud',
      faltantes: ['Seguro de Salud'],
      rechazados: ['Certificado RNPI'],
    })
    expect(pendienteEnPalabras(item!)).toEqual({
      titulo: 'Subir 2 documentos de la solicitud',
      detalle:
        'Diplomado en Cuidados Paliativos (solicitud INS-26-40018). Falta Seguro de Salud; fue rechazado Certificado RNPI.',
      accion: 'Subir documentos',
    })
  })

  test('all documents delivered: nothing to do for them', () => {
    expect(pendientesDeSolicitud(solicitud({ documentos: [{ documento: 'RNPI', archivo: {} }] }), HOY)).toEqual([])
  })
})

describe('installments', () => {
  test('an overdue installment is asked with its amount; one due within 7 days too; later ones are not', () => {
    const items = pendientesDeSolicitud(
      solicitud({
        cuotas: [
          { numero: 1, monto: 450_000, vencimiento: '2026-09-01', estado: 'pagada' },
          { numero: 2, monto: 450_000, vencimiento: '2026-11-15', estado: 'vencida' },
          { numero: 3, monto: 450_000, vencimiento: '2026-12-02', estado: 'pendiente' },
          { numero: 4, monto: 450_000, vencimiento: '2026-12-03', estado: 'pendiente' },
        ],
      }),
      HOY,
    )
    expect(items.map((p) => (p.tipo === 'cuota' ? [p.numero, p.vencida] : null))).toEqual([
      [2, true],
      [3, false],
    ])
    expect(pendienteEnPalabras(items[0]!).titulo).toBe('Cuota 2 vencida, $450.000')
    expect(pendienteEnPalabras(items[0]!).accion).toBe('Pagar')
    expect(pendienteEnPalabras(items[1]!).titulo).toBe('Cuota 3 vence el 02-12-2026, $450.000')
  })
})

describe('what a program asks', () => {
  test('the survey, then the regulations that wait for it', () => {
    const items = pendientesDeSolicitud(solicitud({ encuesta: 'pendiente', reglamento: 'pendiente' }), HOY)
    expect(tipos(items)).toEqual(['encuesta', 'reglamento'])
    expect(items[1]).toMatchObject({ despuesDeEncuesta: true })
    expect(pendienteEnPalabras(items[1]!).detalle).toMatch(/Primero debe enviar la encuesta general/)
  })

  test('regulations already signed, a survey already sent or not asked: nothing', () => {
    expect(pendientesDeSolicitud(solicitud({ encuesta: 'no-aplica', reglamento: 'no-aplica' }), HOY)).toEqual([])
    expect(pendientesDeSolicitud(solicitud({ encuesta: 'enviada', reglamento: 'firmado' }), HOY)).toEqual([])
  })

  test('a program whose certificate was issued asks for nothing but money still owed', () => {
    const items = pendientesDeSolicitud(
      solicitud({
        certificadoEmitido: true,
        encuesta: 'pendiente',
        reglamento: 'pendiente',
        documentos: [{ documento: 'Certificado RNPI', archivo: null }],
        cuotas: [{ numero: 2, monto: 160_000, vencimiento: '2026-10-01', estado: 'vencida' }],
      }),
      HOY,
    )
    expect(tipos(items)).toEqual(['cuota'])
  })
})

describe('contest applications', () => {
  const postulacion = {
    concursoId: '7',
    especialidad: 'Medicina Interna',
    estadoConcurso: 'abierto' as const,
    postulacionHasta: '2026-12-10',
    pagada: false,
    documentos: [{ documento: 'Certificado de Notas', archivo: null }],
  }

  test('an unpaid application asks for its fee first, a paid one for its documents', () => {
    expect(tipos(calcularPendientes(datos({ postulaciones: [postulacion] })))).toEqual(['postulacion-pago'])
    const pagada = calcularPendientes(datos({ postulaciones: [{ ...postulacion, pagada: true }] }))
    expect(tipos(pagada)).toEqual(['postulacion-documentos'])
    expect(pendienteEnPalabras(pagada[0]!)).toEqual({
      titulo: 'Subir 1 documento de su postulación a Medicina Interna',
      detalle: 'Falta Certificado de Notas. La postulación cierra el 10-12-2026.',
      accion: 'Subir documentos',
    })
  })

  test('nothing is asked of an application whose contest is closed or not yet open', () => {
    for (const estadoConcurso of ['cerrado', 'proximo'] as const)
      expect(calcularPendientes(datos({ postulaciones: [{ ...postulacion, estadoConcurso }] }))).toEqual([])
  })
})

describe('calcularPendientes', () => {
  test('most urgent first: late money (the oldest first), money due soon, contests, then what programs ask, then personal documents', () => {
    const items = calcularPendientes(
      datos({
        documentosPersonales: [{ documento: 'Certificado de Licenciatura o Título', archivo: null }],
        postulaciones: [
          {
            concursoId: '9',
            especialidad: 'Anestesiología',
            estadoConcurso: 'abierto',
            postulacionHasta: '2026-12-01',
            pagada: true,
            documentos: [{ documento: 'Certificado de Notas', archivo: null }],
          },
        ],
        solicitudes: [
          solicitud({
            codigoInscripcion: 'INS-26-40018',
            reglamento: 'pendiente',
            documentos: [{ documento: 'Seguro de Salud', archivo: null }],
            cuotas: [
              { numero: 2, monto: 450_000, vencimiento: '2026-11-15', estado: 'vencida' },
              { numero: 3, monto: 450_000, vencimiento: '2026-11-30', estado: 'pendiente' },
            ],
          }),
          solicitud({
            codigoInscripcion: 'INS-25-30290',
            encuesta: 'pendiente',
            cuotas: [{ numero: 3, monto: 380_000, vencimiento: '2026-11-20', estado: 'vencida' }],
          }),
        ],
      }),
    )
    expect(items.map((p) => p.clave)).toEqual([
      'cuota:INS-26-40018/2',
      'cuota:INS-25-30290/3',
      'cuota:INS-26-40018/3',
      'postulacion-documentos:9',
      'encuesta:INS-25-30290',
      'reglamento:INS-26-40018',
      'documentos:INS-26-40018',
      'documentos-personales',
    ])
    expect(conteoPorSeccion(items)).toEqual({ solicitudes: 6, concursos: 1, personal: 1 })
  })

  test('a student with nothing to do gets an empty list', () => {
    expect(calcularPendientes(datos({ solicitudes: [solicitud()] }))).toEqual([])
    expect(conteoPorSeccion([])).toEqual({ solicitudes: 0, concursos: 0, personal: 0 })
  })
})

test('an enrolment card reads its count: Al día, 1 pendiente, N pendientes', () => {
  expect(resumenPendientes(0)).toBe('Al día')
  expect(resumenPendientes(1)).toBe('1 pendiente')
  expect(resumenPendientes(3)).toBe('3 pendientes')
})

import { describe, expect, test } from 'vitest'
import {
  calcularPendientes,
  conteoPorSeccion,
  documentoPorEntregar,
  pendienteEnPalabras,
  pendientesDeSolicitud,
  resumenPendientes,
  type DatosPendientes,
  type DocumentoExigido,
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

const doc = (codDocumento: string, documento: string, archivo: DocumentoExigido['archivo']): DocumentoExigido => ({
  codDocumento,
  documento,
  archivo,
})

describe('documents to deliver', () => {
  test('a missing document and a rejected one are to deliver; one delivered or under review is not', () => {
    expect(documentoPorEntregar(doc('44', 'RNPI', null))).toBe(true)
    expect(documentoPorEntregar(doc('44', 'RNPI', { revision: 'rechazado' }))).toBe(true)
    expect(documentoPorEntregar(doc('44', 'RNPI', {}))).toBe(false)
    expect(documentoPorEntregar(doc('44', 'RNPI', { revision: 'en-revision' }))).toBe(false)
    expect(documentoPorEntregar(doc('44', 'RNPI', { revision: 'aprobado' }))).toBe(false)
  })

  test('a rejected document is an item of its own, with its reason, before the missing ones', () => {
    const items = pendientesDeSolicitud(
      solicitud({
        documentos: [
          doc('41', 'Carta de Intención', {}),
          doc('43', 'Seguro de Salud', null),
          doc('44', 'Certificado RNPI', { revision: 'rechazado', motivo: 'La carta no tiene firma' }),
        ],
      }),
      HOY,
    )
    expect(items).toEqual([
      {
        clave: 'rechazado:INS-26-40018/44',
        tipo: 'documento-rechazado',
        seccion: 'solicitudes',
        codigoInscripcion: 'INS-26-40018',
        programa: 'Diplomado en Cuidados Paliativos',
        codDocumento: '44',
        documento: 'Certificado RNPI',
        motivo: 'La carta no tiene firma',
      },
      {
        clave: 'documentos:INS-26-40018',
        tipo: 'documentos-solicitud',
        seccion: 'solicitudes',
        codigoInscripcion: 'INS-26-40018',
        programa: 'Diplomado en Cuidados Paliativos',
        faltantes: ['Seguro de Salud'],
      },
    ])
    expect(pendienteEnPalabras(items[0]!)).toEqual({
      titulo: 'Documento rechazado: Certificado RNPI',
      motivo: 'Motivo: La carta no tiene firma.',
      detalle: 'Diplomado en Cuidados Paliativos (solicitud INS-26-40018).',
      accion: 'Reemplazar',
    })
    expect(pendienteEnPalabras(items[1]!)).toEqual({
      titulo: 'Subir 1 documento de la solicitud',
      detalle: 'Diplomado en Cuidados Paliativos (solicitud INS-26-40018). Falta Seguro de Salud.',
      accion: 'Subir documentos',
    })
  })

  test('a rejection without a reason says so; a reason that ends a sentence keeps its own stop', () => {
    const [sinMotivo] = pendientesDeSolicitud(
      solicitud({ documentos: [doc('44', 'Certificado RNPI', { revision: 'rechazado', motivo: '  ' })] }),
      HOY,
    )
    expect(sinMotivo).toMatchObject({ motivo: null })
    expect(pendienteEnPalabras(sinMotivo!).motivo).toBe('La escuela no indicó el motivo.')
    const [conPunto] = pendientesDeSolicitud(
      solicitud({ documentos: [doc('44', 'Certificado RNPI', { revision: 'rechazado', motivo: '¿Es el vigente?' })] }),
      HOY,
    )
    expect(pendienteEnPalabras(conPunto!).motivo).toBe('Motivo: ¿Es el vigente?')
  })

  test('all documents delivered: nothing to do for them', () => {
    expect(pendientesDeSolicitud(solicitud({ documentos: [doc('44', 'RNPI', {})] }), HOY)).toEqual([])
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
        documentos: [doc('44', 'Certificado RNPI', null), doc('43', 'Seguro de Salud', { revision: 'rechazado' })],
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
    documentos: [doc('48', 'Certificado de Notas', null)],
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

  test('a rejected document of a paid application is its own item, replaced on the application', () => {
    const items = calcularPendientes(
      datos({
        postulaciones: [
          {
            ...postulacion,
            pagada: true,
            documentos: [
              doc('48', 'Certificado de Notas', { revision: 'rechazado', motivo: 'Falta el timbre' }),
              doc('49', 'Ranking de Egreso', null),
            ],
          },
        ],
      }),
    )
    expect(items.map((p) => p.clave)).toEqual(['rechazado:concurso-7/48', 'postulacion-documentos:7'])
    expect(items[0]).toMatchObject({ seccion: 'concursos', concursoId: '7', codDocumento: '48' })
    expect(pendienteEnPalabras(items[0]!)).toEqual({
      titulo: 'Documento rechazado: Certificado de Notas',
      motivo: 'Motivo: Falta el timbre.',
      detalle: 'Postulación a Medicina Interna. La postulación cierra el 10-12-2026.',
      accion: 'Reemplazar',
    })
  })

  test('nothing is asked of an application whose contest is closed or not yet open', () => {
    for (const estadoConcurso of ['cerrado', 'proximo'] as const)
      expect(calcularPendientes(datos({ postulaciones: [{ ...postulacion, estadoConcurso }] }))).toEqual([])
  })
})

describe('calcularPendientes', () => {
  test('most urgent first: late money (the oldest first), money due soon, rejected documents, contests, then what programs ask, then personal documents', () => {
    const items = calcularPendientes(
      datos({
        documentosPersonales: [
          doc('20', 'Certificado de Licenciatura o Título', null),
          doc('21', 'Certificado de Trabajo', { revision: 'rechazado', motivo: 'Está vencido' }),
        ],
        postulaciones: [
          {
            concursoId: '9',
            especialidad: 'Anestesiología',
            estadoConcurso: 'abierto',
            postulacionHasta: '2026-12-01',
            pagada: true,
            documentos: [doc('48', 'Certificado de Notas', null)],
          },
        ],
        solicitudes: [
          solicitud({
            codigoInscripcion: 'INS-26-40018',
            reglamento: 'pendiente',
            documentos: [
              doc('43', 'Seguro de Salud', null),
              doc('41', 'Carta de Intención', { revision: 'rechazado', motivo: 'Sin firma' }),
            ],
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
      'rechazado:INS-26-40018/41',
      'rechazado:personal/21',
      'postulacion-documentos:9',
      'encuesta:INS-25-30290',
      'reglamento:INS-26-40018',
      'documentos:INS-26-40018',
      'documentos-personales',
    ])
    expect(conteoPorSeccion(items)).toEqual({ solicitudes: 7, concursos: 1, personal: 2 })
    expect(pendienteEnPalabras(items[4]!).detalle).toBe('Documento personal, en Información Personal.')
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

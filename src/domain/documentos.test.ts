import { describe, expect, test } from 'vitest'
import {
  BYTES_FIRMA,
  DOC_CERTIFICADO_TRABAJO,
  DOC_LICENCIATURA,
  MENSAJE_ARCHIVO_MUY_GRANDE,
  MENSAJE_TIPO_ARCHIVO,
  TAMANO_MAXIMO_MB,
  detectarTipoArchivo,
  documentosPersonalesRequeridos,
  esTipoDocumentoPersonal,
  extensionDe,
  mensajeArchivoMuyGrande,
  tipoPorExtension,
  tipoVerificado,
  validarArchivo,
} from './documentos.ts'

const bytes = (...b: number[]) => new Uint8Array(b)
const texto = (s: string) => new TextEncoder().encode(s)
const PDF = texto('%PDF-1.4\n%\u00e2\u00e3\n')
const JPG = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46)
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00)

function obligatorios(solicitudes: { codGrupo: string; tipoCurso: string }[]) {
  return documentosPersonalesRequeridos(solicitudes)
    .filter((d) => d.obligatorio)
    .map((d) => d.codDocumento)
}

describe('documentosPersonalesRequeridos', () => {
  test('always lists both personal documents, licenciatura first', () => {
    expect(documentosPersonalesRequeridos([]).map((d) => [d.codDocumento, d.documento, d.obligatorio])).toEqual([
      [DOC_LICENCIATURA, 'Certificado de Licenciatura o Título', false],
      [DOC_CERTIFICADO_TRABAJO, 'Certificado de Trabajo', false],
    ])
  })

  test('groups 1, 5 and 85 require the licenciatura', () => {
    for (const codGrupo of ['1', '5', '85'])
      expect(obligatorios([{ codGrupo, tipoCurso: 'Diplomado' }])).toEqual([DOC_LICENCIATURA])
  })

  test('clinical stays (86) require the work certificate', () => {
    expect(obligatorios([{ codGrupo: '86', tipoCurso: 'Estadía Clínica' }])).toEqual([DOC_CERTIFICADO_TRABAJO])
    expect(
      obligatorios([
        { codGrupo: '86', tipoCurso: 'Estadía Clínica' },
        { codGrupo: '85', tipoCurso: 'Magíster' },
      ]),
    ).toEqual([DOC_LICENCIATURA, DOC_CERTIFICADO_TRABAJO])
  })

  test('Derivada and Primaria enrolments require nothing', () => {
    expect(
      obligatorios([
        { codGrupo: '1', tipoCurso: 'Derivada' },
        { codGrupo: '86', tipoCurso: 'Primaria' },
      ]),
    ).toEqual([])
  })

  test('other groups require nothing', () => {
    expect(obligatorios([{ codGrupo: '7', tipoCurso: 'Curso' }])).toEqual([])
  })

  test('only 20 and 21 are personal document types', () => {
    expect(esTipoDocumentoPersonal('20')).toBe(true)
    expect(esTipoDocumentoPersonal('21')).toBe(true)
    expect(esTipoDocumentoPersonal('6')).toBe(false)
    expect(esTipoDocumentoPersonal('')).toBe(false)
  })
})

describe('detectarTipoArchivo', () => {
  test('recognises PDF, JPEG and PNG by their first bytes', () => {
    expect(detectarTipoArchivo(PDF)).toBe('pdf')
    expect(detectarTipoArchivo(JPG)).toBe('jpg')
    expect(detectarTipoArchivo(PNG)).toBe('png')
  })

  test('anything else, a truncated signature or no bytes is null', () => {
    expect(detectarTipoArchivo(texto('<!doctype html><script>'))).toBeNull()
    expect(detectarTipoArchivo(texto('MZ\x90\x00'))).toBeNull()
    expect(detectarTipoArchivo(texto('%PDF'))).toBeNull()
    expect(detectarTipoArchivo(bytes(0xff, 0xd8))).toBeNull()
    expect(detectarTipoArchivo(PNG.slice(0, 7))).toBeNull()
    expect(detectarTipoArchivo(new Uint8Array())).toBeNull()
    expect(detectarTipoArchivo(texto(' %PDF-1.4'))).toBeNull()
  })

  test('needs no more than BYTES_FIRMA bytes', () => {
    for (const archivo of [PDF, JPG, PNG])
      expect(detectarTipoArchivo(archivo.slice(0, BYTES_FIRMA))).toBe(detectarTipoArchivo(archivo))
  })
})

describe('extensions', () => {
  test('extensionDe lower-cases and needs a name before the dot', () => {
    expect(extensionDe('Título.PDF')).toBe('pdf')
    expect(extensionDe('foto.final.JpEg')).toBe('jpeg')
    expect(extensionDe('sin-extension')).toBe('')
    expect(extensionDe('.pdf')).toBe('')
    expect(extensionDe('archivo.')).toBe('')
  })

  test('tipoPorExtension accepts pdf, jpg, jpeg and png only', () => {
    expect(tipoPorExtension('pdf')).toBe('pdf')
    expect(tipoPorExtension('jpeg')).toBe('jpg')
    expect(tipoPorExtension('jpg')).toBe('jpg')
    expect(tipoPorExtension('png')).toBe('png')
    expect(tipoPorExtension('exe')).toBeNull()
    expect(tipoPorExtension('html')).toBeNull()
    expect(tipoPorExtension('constructor')).toBeNull()
    expect(tipoPorExtension('')).toBeNull()
  })
})

describe('validarArchivo', () => {
  test('a PDF named .pdf within the limit is accepted', () => {
    expect(validarArchivo({ nombre: 'titulo.pdf', tamanno: 1000, primerosBytes: PDF })).toBeNull()
    expect(validarArchivo({ nombre: 'foto.JPEG', tamanno: 1000, primerosBytes: JPG })).toBeNull()
    expect(
      validarArchivo({ nombre: 'scan.png', tamanno: TAMANO_MAXIMO_MB * 1024 * 1024, primerosBytes: PNG }),
    ).toBeNull()
  })

  test('content that is not what the extension says is refused', () => {
    expect(validarArchivo({ nombre: 'titulo.pdf', tamanno: 1000, primerosBytes: PNG })).toBe(MENSAJE_TIPO_ARCHIVO)
    expect(validarArchivo({ nombre: 'foto.png', tamanno: 1000, primerosBytes: JPG })).toBe(MENSAJE_TIPO_ARCHIVO)
  })

  test('other extensions are refused whatever the content', () => {
    expect(validarArchivo({ nombre: 'programa.exe', tamanno: 1000, primerosBytes: PDF })).toBe(MENSAJE_TIPO_ARCHIVO)
    expect(validarArchivo({ nombre: 'pagina.html', tamanno: 1000, primerosBytes: texto('<html>') })).toBe(
      MENSAJE_TIPO_ARCHIVO,
    )
  })

  test('one byte over the limit is too big, with the limit in the message', () => {
    expect(
      validarArchivo({ nombre: 'titulo.pdf', tamanno: TAMANO_MAXIMO_MB * 1024 * 1024 + 1, primerosBytes: PDF }),
    ).toBe(MENSAJE_ARCHIVO_MUY_GRANDE)
    expect(validarArchivo({ nombre: 'titulo.pdf', tamanno: 2 * 1024 * 1024, primerosBytes: PDF }, 1)).toBe(
      mensajeArchivoMuyGrande(1),
    )
    expect(MENSAJE_ARCHIVO_MUY_GRANDE).toBe('El archivo supera el tamaño máximo permitido de 5 MB.')
  })
})

describe('tipoVerificado', () => {
  test('the type when the content is what the name says, whatever the extension’s case', () => {
    expect(tipoVerificado(PDF, 'titulo.pdf')).toBe('pdf')
    expect(tipoVerificado(JPG, 'foto.JPEG')).toBe('jpg')
    expect(tipoVerificado(PNG, 'carnet.png')).toBe('png')
  })

  test('null for content that is not what the name says, or not a document at all', () => {
    expect(tipoVerificado(PNG, 'titulo.pdf')).toBeNull()
    expect(tipoVerificado(PDF, 'sin-extension')).toBeNull()
    expect(tipoVerificado(texto('<!doctype html>'), 'pagina.pdf')).toBeNull()
  })
})
